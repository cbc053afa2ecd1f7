import { describe, expect, it } from 'vitest';
import { AUTH, oobLinks, PROJECT } from '../support/emulators';
import { axeViolations, newPage, seededBrowser, signInThroughForm, signedIn } from './support/browser';
import { DEMO } from '../support/fixtures';

const path = (url: string) => new URL(url).pathname;

describe('sign-in, accounts, guards and menus in Chromium', () => {
  const browser = seededBrowser();

  it('opened directly, the sign-in page fetches its screen with the app, not after it', async () => {
    const { context, page } = await newPage(browser(), 360, 740);
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.goto('/user/login');
    await page.getByLabel('Password').waitFor();
    const preloaded = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')].map((l) => new URL(l.href).pathname));
    const screen = preloaded.find((p) => p.includes('/LoginPage-'));
    expect(screen).toBeDefined();
    expect(scripts.filter((s) => s === screen)).toHaveLength(1); // fetched once, by the preload
    // Other paths do not fetch it.
    const other = await newPage(browser(), 360, 740);
    await other.page.goto('/help');
    await other.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await other.page.locator('link[rel=modulepreload][href*="LoginPage"]').count()).toBe(0);
    await other.context.close();
    await context.close();
  });

  it('a protected page sends a visitor to sign in, then back to that page; sign out goes to /user/login', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/account/manage');
    await expect.poll(() => path(page.url())).toBe('/user/login');
    await page.getByLabel('Email').fill('family@example.com');
    await page.getByLabel('Password').fill(DEMO.family.password);
    await page.getByLabel('Password').press('Enter');
    await page.getByRole('heading', { name: 'Manage Account' }).waitFor();
    expect(path(page.url())).toBe('/account/manage');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect.poll(() => path(page.url())).toBe('/user/login');
    await page.getByRole('link', { name: 'Register / Sign In' }).waitFor();
    await context.close();
  });

  it('a wrong password says so, suggests a reset, and the reset email is sent', async () => {
    const { context, page } = await newPage(browser());
    // Hold the sign-in request for a moment to see the Pending state.
    await page.route('**/accounts:signInWithPassword*', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await signInThroughForm(page, 'family@example.com', 'wrong-password');
    const submit = page.getByRole('button', { name: 'Sign In' });
    await expect.poll(() => submit.getAttribute('class')).toContain('p-button-loading');
    expect(await submit.isDisabled()).toBe(true);
    // The toast keeps the specified text with the code; the form says it once, in words.
    await page.locator('.p-toast', { hasText: /Failed to log in: auth\/[a-z-]+/ }).waitFor();
    await page.locator('p.form-failure[role=alert]', { hasText: 'The email or password is wrong.' }).waitFor();
    expect(await page.getByText('The email or password is wrong.').count()).toBe(1);
    expect(await page.locator('p.form-failure').textContent()).not.toContain('auth/');
    const suggestion = page.getByText('Forgot your password? Send a password reset email.');
    await suggestion.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Send a password reset email.' }).click();
    await page.getByText('Sent reset email!').waitFor();
    const codes = (await (await fetch(`${AUTH}/emulator/v1/projects/${PROJECT}/oobCodes`)).json()) as {
      oobCodes: { email: string; requestType: string }[];
    };
    expect(codes.oobCodes).toContainEqual(expect.objectContaining({ email: 'family@example.com', requestType: 'PASSWORD_RESET' }));
    await context.close();
  });

  it('creates an account with email: "Created account!", then a weak password is refused in words', async () => {
    const { context, page } = await newPage(browser(), 360, 740);
    await page.goto('/classes/enrollment');
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Create With Email' }).click();
    await page.getByLabel('Email').fill('new.parent@example.com');
    await page.getByLabel('Password').fill('good-pass-1');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Created account!').waitFor();
    // The new account is sent the link that proves its email (paying the office later needs it).
    await expect.poll(async () => (await oobLinks('new.parent@example.com')).length).toBe(1);
    // On a phone the toast sits below the header, never over it.
    const header = (await page.locator('.shell-header').boundingBox())!;
    const toast = (await page.locator('.p-toast-message').first().boundingBox())!;
    expect(toast.y).toBeGreaterThanOrEqual(header.y + header.height);
    await expect.poll(() => path(page.url())).toBe('/classes/enrollment');
    await context.close();

    const second = await newPage(browser());
    await second.page.goto('/user/create');
    await second.page.getByRole('button', { name: 'Create With Email' }).click();
    await second.page.getByLabel('Email').fill('weak@example.com');
    await second.page.getByLabel('Password').fill('123');
    await second.page.getByRole('button', { name: 'Create Account' }).click();
    await second.page.locator('p.form-failure[role=alert]', { hasText: 'That password is too short: use at least 6 characters.' }).waitFor();
    await second.page.locator('.p-toast', { hasText: 'Failed to create account: auth/weak-password' }).waitFor();
    expect(await second.page.getByText('That password is too short').count()).toBe(1);
    await second.context.close();
  });

  it('the admin sees Menu, opens the side menu, and choosing Dashboard opens it and closes the menu', async () => {
    const { context, page } = await newPage(browser());
    await signInThroughForm(page, DEMO.admin.email, DEMO.admin.password);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await nav.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect.poll(() => path(page.url())).toBe('/admin');
    await nav.waitFor({ state: 'detached' });
    // The dashboard: figures of the first open semester, seats per class, recent enrollments.
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('row', { name: /Fire & Shelter Skills .*10 \/ 10 \(full\)/ }).waitFor();
    await page.getByRole('heading', { name: 'Recent enrollments' }).waitFor();
    expect(await page.getByLabel('Semester').inputValue()).toBe('open-term');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Semester').selectOption('camps');
    await page.getByRole('row', { name: /River Adventure Camp .*1 \/ 14/ }).waitFor();
    await context.close();
  });

  it('an admin whose menus and toasts cannot be downloaded keeps the page: each says so where it shows, and Try again reloads (360 px)', async () => {
    const { context, page } = await newPage(browser(), 360, 740);
    // As when the signal drops, or a newer version of the portal has replaced these files.
    const blocked = /\/assets\/(SideMenu|UserMenu|ToastHost)-[\w-]+\.js$/;
    await page.route(blocked, (route) => route.abort('internetdisconnected'));
    await signInThroughForm(page, DEMO.admin.email, DEMO.admin.password);
    // The sign-in's toast, in plain words; the page goes on.
    const toast = page.getByRole('alert').filter({ hasText: 'Success: Logged in!' });
    await toast.waitFor();
    await expect.poll(() => path(page.url())).toBe('/classes/enrollment');
    await page.getByRole('tab', { name: /Summer Camps/ }).waitFor();
    await toast.getByRole('button', { name: 'Close' }).click();
    await toast.waitFor({ state: 'detached' });
    const menuSays = page.getByRole('alert').filter({ hasText: 'The menu could not be downloaded. Check the connection, then try again: the page reloads.' });
    await page.getByRole('button', { name: 'Account menu' }).click();
    await menuSays.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await menuSays.getByRole('button', { name: 'Close' }).click();
    await menuSays.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await menuSays.waitFor();
    // With the signal back, Try again reloads the page, and the menus open.
    await page.unroute(blocked);
    await menuSays.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await context.close();
  });

  it('a family opening an admin page lands on the enrollment page, told why, and has no Menu button', async () => {
    const { context, page } = await signedIn(browser(), DEMO.family.email, DEMO.family.password);
    await page.goto('/admin/students');
    await expect.poll(() => path(page.url())).toBe('/classes/enrollment');
    await page.getByText('This page is for school staff only.').waitFor();
    expect(await page.getByRole('button', { name: 'Menu', exact: true }).count()).toBe(0);
    await context.close();
  });
});
