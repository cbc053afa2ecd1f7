// npm run screenshots -- [path ...]: Chromium screenshots of pages of the running portal (npm start),
// at 1280 px and 360 px, into screenshots/. Optional sign-in with --as family|admin|instructor (the demo accounts).
import { mkdirSync } from 'node:fs';
import { launchBrowser, newPage, signInAs } from '../test/e2e/support/browser';
import { DEMO_ADMIN, DEMO_FAMILY, DEMO_INSTRUCTOR } from './demo/demoData';

const args = process.argv.slice(2);
const asIndex = args.indexOf('--as');
const who = asIndex >= 0 ? args[asIndex + 1] : null;
const openMenu = args.includes('--menu');
const paths = args.filter((a, i) => !a.startsWith('--') && (asIndex < 0 || i !== asIndex + 1));
const accounts: Record<string, { email: string; password: string }> = { family: DEMO_FAMILY, admin: DEMO_ADMIN, instructor: DEMO_INSTRUCTOR };
mkdirSync('screenshots', { recursive: true });
const browser = await launchBrowser();
for (const width of [1280, 360]) {
  const { context, page } = await newPage(browser, width, width === 360 ? 740 : 900);
  if (who) {
    await signInAs(page, accounts[who].email, accounts[who].password);
  }
  for (const path of paths.length ? paths : ['/classes/enrollment']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    if (openMenu) {
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
      await page.waitForTimeout(400);
    }
    const name = (who ? `${who}-` : '') + (openMenu ? 'menu-' : '') + (path.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'root');
    const file = `screenshots/${name}-${width}.png`;
    await page.screenshot({ path: file, fullPage: !args.includes('--top') });
    console.log(file);
  }
  await context.close();
}
await browser.close();
