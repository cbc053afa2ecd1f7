import type { Page } from 'playwright-core';
import { callFunction, createUser } from '../test/support/emulators';
import { AVA } from '../test/support/samples';
import { launchBrowser, newPage, signInAs } from '../test/e2e/support/browser';

const pick = (page: Page, label: string) => page.getByLabel('Who is this for?').selectOption({ label });
async function steps(page: Page, child: string, classes: string[], heading: string) {
  await pick(page, child);
  for (const t of classes) { await page.getByRole('button', { name: `Select ${t}`, exact: true }).click(); await page.getByRole('button', { name: `Selected ${t}` }).waitFor(); }
  await page.getByRole('link', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: heading }).waitFor();
  await page.waitForTimeout(800);
  for (const s of ['Student info', 'Health and safety', 'Releases']) { await page.getByRole('button', { name: 'Next' }).click(); await page.getByRole('heading', { name: s }).waitFor(); }
  for (const r of ['Medical Release', 'Liability Release']) await page.getByLabel(`Type your full name to sign the ${r}`).fill(AVA.guardians[0].name);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Review and submit' }).waitFor();
}
const browser = await launchBrowser();
for (const width of [360, 1280]) {
  const email = `shot${width}.${Date.now()}@example.com`;
  const user = await createUser(email);
  for (const [firstName, grade] of [['Pia', 2], ['Quinn', 5]] as const) await callFunction('saveStudent', { profile: { ...AVA, firstName, lastName: 'Cart', grade, guardians: [{ ...AVA.guardians[0], email }] }, reviewed: true }, user.idToken);
  const { page } = await newPage(browser, width, width === 360 ? 740 : 900);
  await signInAs(page, email, 'secret-pass-1');
  await page.goto('/classes/enrollment?for=all');
  await steps(page, 'Pia', ['Wild Art', 'Creek Critters'], 'Who is enrolling?');
  await page.getByRole('button', { name: 'Add another child to this checkout' }).click();
  await page.getByText('Pia is in this checkout').waitFor();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shots/banner-${width}.png` });
  await steps(page, 'Quinn', ['Orienteering'], 'Who else is enrolling?');
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `/tmp/shots/review-${width}.png`, fullPage: true });
  await page.getByRole('radio', { name: 'Pay the office later (check, cash or Venmo)' }).check();
  await page.getByRole('button', { name: 'Enroll Pia and Quinn' }).click();
  await page.getByRole('heading', { name: 'Pia Cart and Quinn Cart are enrolled' }).waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shots/done-${width}.png`, fullPage: true });
}
await browser.close();
