// The admin guide's pictures: the real pages with the demo data, at 1280 × 900 (the
// viewport unless a whole page is needed). Run by `npm run docs:screenshots` inside an emulator run; writes docs/images/.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { resetEmulators } from '../../test/support/emulators';
import { launchBrowser, newPage, signInAs } from '../../test/e2e/support/browser';
import { seedDemo } from '../demo/seedDemo';

const OUT = 'docs/images';
interface Shot {
  name: string;
  path: string;
  /** Waits for the page, or acts on it, before the picture. */
  ready: (page: Page) => Promise<unknown>;
  fullPage?: boolean;
}

const SHOTS: Shot[] = [
  { name: 'dashboard', path: '/admin', ready: (p) => p.getByRole('heading', { name: 'Seats filled per class' }).waitFor() },
  {
    name: 'menu',
    path: '/admin',
    ready: async (p) => {
      await p.getByRole('button', { name: 'Menu', exact: true }).click();
      await p.getByRole('navigation', { name: 'Main menu' }).waitFor();
      await p.waitForTimeout(400);
    },
  },
  { name: 'class-management', path: '/admin/classes/management', ready: (p) => p.getByRole('heading', { name: /^Classes in/ }).waitFor() },
  { name: 'semester-form', path: '/admin/classes/management/semester/open-term', ready: (p) => p.getByLabel('Name *').waitFor() },
  { name: 'class-form', path: '/admin/classes/management/class/forest-explorers?semester=open-term', ready: (p) => p.getByLabel('Title').waitFor(), fullPage: true },
  { name: 'bundle-form', path: '/admin/classes/management/group/little-naturalists-bundle?semester=open-term', ready: (p) => p.getByText(/Families save/).waitFor() },
  { name: 'discount-codes', path: '/admin/classes/management/discounts', ready: (p) => p.getByText('SIBLING10').first().waitFor() },
  { name: 'discount-form', path: '/admin/classes/management/discounts/camps3', ready: (p) => p.getByLabel('Code', { exact: true }).waitFor() },
  { name: 'class-forms-list', path: '/admin/report', ready: (p) => p.getByRole('rowheader', { name: 'Wild Art' }).waitFor() },
  {
    name: 'class-forms-roster',
    path: '/admin/report?semester=open-term&classes=creek-critters',
    ready: (p) => p.getByRole('table', { name: 'Roster and contacts' }).waitFor(),
    fullPage: true,
  },
  {
    name: 'class-forms-print',
    path: '/admin/report?semester=open-term&classes=creek-critters&sheet=sign-in',
    ready: async (p) => {
      await p.getByRole('table', { name: /Sign-in/ }).waitFor();
      await p.emulateMedia({ media: 'print' });
    },
  },
  { name: 'students', path: '/admin/students', ready: (p) => p.getByRole('navigation', { name: 'Students pages' }).waitFor() },
  { name: 'student-sheet', path: '/admin/students/demo-ava', ready: (p) => p.getByRole('heading', { name: 'Ava Rivera' }).waitFor(), fullPage: true },
  { name: 't-shirts', path: '/admin/t-shirts', ready: (p) => p.getByText(/students with a confirmed class/).waitFor() },
  { name: 'enrollments', path: '/admin/enrollments', ready: (p) => p.getByRole('heading', { name: /\d+ enrollments/ }).waitFor() },
  {
    name: 'enrollment-payment',
    path: '/admin/enrollments',
    ready: async (p) => {
      await p.getByLabel('Balance due only').check();
      await p.getByRole('button', { name: /Payments & changes for/ }).first().click();
      await p.getByRole('dialog').getByLabel('Amount ($)').waitFor();
      await p.waitForTimeout(400);
    },
  },
  {
    name: 'enrollment-cancel',
    path: '/admin/enrollments',
    ready: async (p) => {
      await p.getByLabel('Balance due only').check();
      await p.getByRole('button', { name: /Payments & changes for/ }).first().click();
      const dialog = p.getByRole('dialog');
      await dialog.getByRole('group', { name: 'Classes to cancel' }).getByRole('checkbox').first().check();
      await dialog.getByText('Suggested refund').waitFor();
      await dialog.getByRole('button', { name: 'Cancel selected classes' }).scrollIntoViewIfNeeded();
      await p.waitForTimeout(400);
    },
  },
  {
    name: 'cancel-whole-class',
    path: '/admin/enrollments',
    ready: async (p) => {
      await p.getByLabel('Class', { exact: true }).selectOption({ label: 'Creek Critters' });
      const card = p.getByRole('region', { name: 'Cancel Creek Critters for everyone' });
      await card.getByLabel(/^Why/).fill('The creek is flooded all term');
      await card.getByRole('button', { name: 'Cancel Creek Critters for everyone…' }).click();
      await card.getByText('It cannot be undone.').waitFor();
      await card.scrollIntoViewIfNeeded();
    },
  },
  { name: 'household', path: '/admin/families/demo-family', ready: (p) => p.getByRole('heading', { name: 'Emails sent' }).waitFor(), fullPage: true },
  {
    name: 'new-family',
    path: '/admin/families/new',
    ready: async (p) => {
      await p.getByLabel('The family’s email').fill('wren.walker@example.com');
      await p.getByLabel('Account holder’s name').fill('Wren Walker');
      await p.getByLabel('Account holder’s phone').fill('(555) 010-4545');
    },
  },
  {
    name: 'cancel-term',
    path: '/admin/enrollments',
    ready: async (p) => {
      // A family of the term: the first row's family page.
      await p.getByRole('link', { name: 'The family’s page' }).first().click();
      const card = p.getByRole('region', { name: 'Cancel a child’s term' });
      await card.getByLabel(/^Why/).fill('The family is moving away');
      await card.getByRole('button', { name: /…$/ }).click();
      await card.getByText('It cannot be undone.', { exact: false }).waitFor();
      await card.scrollIntoViewIfNeeded();
    },
  },
  { name: 'abandoned-drafts', path: '/admin/students', ready: (p) => p.getByRole('heading', { name: 'Enrollments started and left' }).scrollIntoViewIfNeeded() },
  { name: 'financial-aid', path: '/admin/aid', ready: (p) => p.getByRole('row', { name: /General aid fund/ }).waitFor(), fullPage: true },
  {
    name: 'money-reports',
    path: '/admin/reports',
    ready: async (p) => {
      await p.getByLabel('From').fill('2025-01-01');
      await p.getByRole('heading', { name: 'The term’s billing' }).waitFor();
    },
    fullPage: true,
  },
];

await resetEmulators();
await seedDemo();
mkdirSync(OUT, { recursive: true });
const browser = await launchBrowser();
const { context, page } = await newPage(browser, 1280, 900);
await signInAs(page, 'admin@example.com', 'admin-demo-1');
for (const shot of SHOTS) {
  await page.emulateMedia({ media: 'screen' });
  await page.goto(shot.path);
  await shot.ready(page);
  await page.screenshot({ path: `${OUT}/${shot.name}.png`, fullPage: shot.fullPage ?? false });
  console.log(`${OUT}/${shot.name}.png`);
}
await context.close();
await browser.close();
