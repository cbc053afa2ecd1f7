// Axe (WCAG 2.2 AA, touch targets ≥ 24 px included) and reflow (no sideways scrolling on a
// phone) on every page of the portal, at phone and desktop widths, for the visitor who can open it; and
// the whole enrollment stepper by keyboard alone, with a visible focus on everything reached.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchPath } from 'react-router-dom';
import { DEMO_ADMIN, DEMO_FAMILY } from '../../scripts/demo/demoData';
import { PAGES as TABLE } from '../../src/app/pages';
import { STEPS as FLOW } from '../../src/features/enrollment/flowState';
import { axeViolations, newPage, seededBrowser, signedIn } from './support/browser';

const PAGES: Record<'anonymous' | 'family' | 'admin', string[]> = {
  anonymous: ['/classes/enrollment', '/user/login', '/user/create', '/calendar/classes', '/donate-venmo', '/help', '/unsubscribe?token=sample-unsubscribe-token-0123456', '/rounds/past-term'],
  family: ['/account/enrollments', '/account/students', '/account/students/demo-ava', '/account/manage', '/account/aid', '/rounds/past-term/entry'],
  admin: [
    '/admin',
    '/admin/report?semester=open-term&classes=wild-art',
    '/admin/students',
    '/admin/students/demo-ava',
    '/admin/students/demo-ava/correct',
    '/admin/families/demo-family',
    '/admin/families/new',
    '/admin/families/demo-family/child',
    '/admin/field',
    '/admin/t-shirts',
    '/admin/enrollments',
    '/admin/requests',
    '/admin/credits',
    '/admin/aid',
    '/admin/reports',
    '/admin/classes/management',
    '/admin/classes/management/semester/open-term',
    '/admin/classes/management/class/wild-art?semester=open-term',
    '/admin/classes/management/group/little-naturalists-bundle?semester=open-term',
    '/admin/classes/management/discounts',
    '/admin/classes/management/discounts/new',
    '/admin/classes/management/discounts/sibling10',
    '/admin/classes/management/waitlist/fire-and-shelter',
    '/admin/staff',
    '/admin/staff/new',
    '/admin/staff/demo-admin',
    '/admin/audit',
    '/admin/messages',
    '/admin/messages/new',
    // The instructor's view: the admin has no class assigned, and may open any class's roster.
    '/staff/classes',
    '/staff/classes/fire-and-shelter',
  ],
};
/** The steps of /classes/enrollment/*, checked by the keyboard test below. */
const STEPS = ['account', 'student', 'info', 'health', 'releases', 'review', 'done'];
/** Pages reached only through another site (Stripe's return), checked with axe at 360 and 1280 px in cardCheckout.test.ts. */
const CHECKED_ELSEWHERE = ['/classes/enrollment/checkout'];

/**
 * Loaded: nothing on the way, no loading notice left. The sweep runs first on its emulator stack, so
 * a page's first visit starts the workers of every function it calls: on a loaded machine that took
 * 27 s for My Enrollments (its calls one after another), past Playwright's default 30 s with the page
 * itself. The wait catches a page that never settles; it is not a speed limit.
 */
async function pageReady(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 120_000 });
  await expect.poll(() => page.getByText(/^\s*Loading/).count()).toBe(0);
}

/**
 * Requests under way on the page: `quiet()` once none has been for half a second since the last one
 * ended or since `navigated()` (as Playwright's `networkidle`, which only a load waits for).
 */
function requestsOf(page: Page) {
  let open = 0;
  let since = Date.now();
  page.on('request', () => void open++);
  const ended = () => {
    open = Math.max(0, open - 1);
    if (!open) since = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return { quiet: () => open === 0 && Date.now() - since >= 500, navigated: () => void (since = Date.now()) };
}

/**
 * Opens `path` as the app's own links do once the app is loaded (its history, no reload: loading the
 * app again for each of ninety pages was most of the sweep's time), and waits until it is loaded as
 * `pageReady` does. A visitor's first page is loaded from its address.
 */
async function visit(page: Page, path: string, requests: ReturnType<typeof requestsOf>) {
  // A page new to the test has not loaded the app (it may wait on a page of the portal that is not the app).
  if (!(await page.evaluate(() => !!document.getElementById('root')))) {
    await page.goto(path);
    return pageReady(page);
  }
  requests.navigated();
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect.poll(requests.quiet, { timeout: 120_000, interval: 100 }).toBe(true);
  await expect.poll(() => page.getByText(/^\s*Loading/).count()).toBe(0);
}

/**
 * The focus ring `el` shows, as its best contrast against what is behind it: an outline or a box
 * shadow of at least 2 px. WCAG 2.4.11 asks for 3:1; the theme's mint ring is 1.2:1 on white and
 * counts as none.
 */
function ringContrast(el: Element): number {
  const rgba = (text: string) => [...text.matchAll(/rgba?\(([^)]+)\)/g)].map((m) => m[1].split(/[ ,/]+/).filter(Boolean).map(Number));
  const luminance = ([r, g, b]: number[]) => {
    const c = [r, g, b].map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const contrast = (a: number[], b: number[]) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  const behind = (node: Element) => {
    for (let at: Element | null = node.parentElement; at; at = at.parentElement) {
      const [color] = rgba(getComputedStyle(at).backgroundColor);
      if (color && (color[3] ?? 1) > 0.5) return color;
    }
    return [255, 255, 255];
  };
  const s = getComputedStyle(el);
  const colors: number[][] = [];
  if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) colors.push(...rgba(s.outlineColor));
  // A shadow counts by its spread (the 4th length); blurred glows do not.
  for (const shadow of s.boxShadow === 'none' ? [] : s.boxShadow.split(/,(?![^(]*\))/)) {
    const lengths = shadow.replace(/rgba?\([^)]*\)/, '').trim().split(/\s+/).map(parseFloat);
    if ((lengths[3] ?? 0) >= 2) colors.push(...rgba(shadow));
  }
  return Math.max(0, ...colors.filter((c) => (c[3] ?? 1) > 0.5).map((c) => contrast(c, behind(el))));
}

/** Presses Tab until `target` has focus; what has it must show a focus ring of 3:1 or more. */
async function tabTo(page: Page, target: Locator, max = 150, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  const element = await target.elementHandle();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    if (await element!.evaluate((el) => el === document.activeElement)) {
      const ring = await element!.evaluate(ringContrast);
      expect(ring, `a visible focus on ${target}`).toBeGreaterThanOrEqual(3);
      return;
    }
  }
  throw new Error(`Tab never reached ${target}`);
}

describe('accessibility of every page', () => {
  const browser = seededBrowser();

  it('checks every page of the table the router is made from, and every step of the enrollment', () => {
    const visited = [...Object.values(PAGES).flat(), ...STEPS.map((s) => `/classes/enrollment/${s}`), ...CHECKED_ELSEWHERE].map((p) => p.split('?')[0]);
    expect(TABLE.length).toBeGreaterThan(25);
    const page = (path: string) => path.replace(/\/\*$/, '');
    expect(TABLE.filter((p) => !visited.some((v) => matchPath(page(p.path), v))).map((p) => p.path)).toEqual([]);
    expect(FLOW.filter((s) => s.path && !STEPS.includes(s.path)).map((s) => s.id)).toEqual([]);
  });

  // One test per page (each with its own time), one signed-in browser context per visitor and width.
  for (const width of [360, 1280]) {
    for (const [who, paths] of Object.entries(PAGES)) {
      describe(`at ${width} px, as ${who}`, () => {
        let page: Page;
        let requests: ReturnType<typeof requestsOf>;
        let close: () => Promise<void>;
        beforeAll(async () => {
          const height = width === 360 ? 740 : 900;
          const person = { family: DEMO_FAMILY, admin: DEMO_ADMIN }[who as 'family' | 'admin'];
          const opened = person ? await signedIn(browser(), person.email, person.password, width, height) : await newPage(browser(), width, height);
          page = opened.page;
          requests = requestsOf(page);
          close = () => opened.context.close();
        });
        afterAll(() => close?.());

        it.each(paths)('no axe violation on %s, and one h1 naming it', async (path) => {
          await visit(page, path, requests);
          const violations = await axeViolations(page);
          if ((await page.locator('main h1').count()) !== 1) violations.push('one h1 per page, naming it');
          // WCAG 1.4.10 (reflow): nothing on a phone's width makes the page scroll sideways.
          const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          if (width === 360 && wide > 0) violations.push(`reflow: the page scrolls sideways by ${wide} px at 360 px`);
          expect(violations).toEqual([]);
        });
      });
    }
  }

  it('finds what it looks for: a missing alt text, low contrast and a small touch target, on the page and inside a frame', async () => {
    const { context, page } = await newPage(browser(), 1280, 900);
    const faults = '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><p style="color:#bbb;background:#fff">Faint words</p><button style="width:12px;height:12px;padding:0;border:0">x</button><button style="width:12px;height:12px;padding:0;border:0">y</button>';
    const doc = (body: string) => `<!doctype html><html lang="en"><head><title>Faults</title></head><body><main><h1>Faults</h1>${body}</main></body></html>`;
    const found = async () => (await axeViolations(page)).map((v) => v.split(':')[0]).sort();
    await page.setContent(doc(faults));
    expect(await found()).toEqual(['color-contrast', 'image-alt', 'target-size']);
    // axe stays in a document once put there: run there again after the page changed (as the app
    // moves to another route), it reads the page as it is now, not as it was.
    await page.setContent(doc('<p>Nothing wrong</p>'));
    expect(await found()).toEqual([]);
    await page.evaluate((html) => document.querySelector('main')!.insertAdjacentHTML('beforeend', html), faults);
    expect(await found()).toEqual(['color-contrast', 'image-alt', 'target-size']);
    // A frame on a busy machine: the page's CPU six times slower, so that the frame takes axe's source
    // in more than a second (AxeBuilder gave up on it then, and its findings went missing).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.setContent(doc(`<iframe title="Inner" srcdoc='${doc(faults)}'></iframe>`));
    await page.frames()[1].waitForLoadState();
    expect(page.frames()).toHaveLength(2);
    // The frame's faults, and its main landmark beside the page's.
    expect(await found()).toEqual(['color-contrast', 'image-alt', 'landmark-unique', 'target-size']);
    await context.close();
  });

  it("shows a visible focus ring on the class list's controls: sign in, search, grade and a bundle's Select all", async () => {
    const { context, page } = await newPage(browser(), 1280, 900);
    await page.goto('/classes/enrollment');
    await pageReady(page);
    await tabTo(page, page.getByRole('link', { name: 'Register / Sign In' }));
    await tabTo(page, page.getByRole('searchbox', { name: 'Search classes' }));
    await tabTo(page, page.getByLabel('Grade'));
    await tabTo(page, page.getByRole('button', { name: /^Select all in / }).first());
    await context.close();
  });

  it('enrolls by keyboard alone through every step, with axe on each', async () => {
    const { context, page } = await newPage(browser(), 1280, 900);
    const step = async (heading: string) => {
      await page.getByRole('heading', { name: heading }).waitFor();
      await pageReady(page);
      expect(await axeViolations(page), heading).toEqual([]);
    };
    const press = async (target: Locator, key = 'Enter') => {
      await tabTo(page, target);
      await page.keyboard.press(key);
    };
    await page.goto('/classes/enrollment');
    await pageReady(page);
    await press(page.getByRole('button', { name: 'Select Nature Journaling', exact: true }));
    await page.getByRole('button', { name: 'Selected Nature Journaling' }).waitFor();
    // The "Selected" bar comes before the cards: Continue is reached going back, not
    // after every card.
    await tabTo(page, page.getByRole('link', { name: 'Continue' }), 40, 'Shift+Tab');
    await page.keyboard.press('Enter');

    await step('Your account');
    await press(page.getByRole('button', { name: 'Already have an account? Sign in.' }));
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(DEMO_FAMILY.email);
    await tabTo(page, page.getByLabel('Password'));
    await page.keyboard.type(DEMO_FAMILY.password);
    await page.keyboard.press('Enter');

    await step('Who is enrolling?');
    await press(page.getByRole('radio', { name: /Ava Rivera/ }), 'Space');
    expect(await page.getByRole('radio', { name: /Ava Rivera/ }).isChecked()).toBe(true);
    await press(page.getByRole('button', { name: 'Next' }));
    await step('Student info');
    await press(page.getByRole('button', { name: 'Next' }));
    await step('Health and safety');
    await press(page.getByRole('button', { name: 'Next' }));
    await step('Releases');
    for (const title of ['Medical Release', 'Liability Release']) {
      await tabTo(page, page.getByLabel(`Type your full name to sign the ${title}`));
      await page.keyboard.type('Sam Rivera');
    }
    await press(page.getByRole('button', { name: 'Next' }));
    await step('Review and submit');
    // The ways to pay are one radio group: Tab reaches the chosen one (card), an arrow key picks the next.
    await tabTo(page, page.getByRole('radio', { name: /by card now/ }));
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('radio', { name: 'Pay the office later (check, cash or Venmo)' }).isChecked()).toBe(true);
    await press(page.getByRole('button', { name: 'Enroll Ava' }));
    await step('Ava Rivera is enrolled');
    expect(new URL(page.url()).pathname).toBe('/classes/enrollment/done');
    await context.close();
  });
});
