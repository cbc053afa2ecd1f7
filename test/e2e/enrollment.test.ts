import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminDb } from '../../scripts/demo/adminApp';
import { axeViolations, newPage, seededBrowser, signInAs, signedIn } from './support/browser';
import { enrollPayingLater } from './support/enrollment';
import { DEMO } from '../support/fixtures';
import { functionsCalled, logOffset } from '../support/emulators';

const path = (page: Page) => new URL(page.url()).pathname;
const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();
const select = (page: Page, title: string) => page.getByRole('button', { name: `Select ${title}`, exact: true }).click();

async function signReleases(page: Page, name: string) {
  await page.getByRole('heading', { name: 'Releases' }).waitFor();
  for (const title of ['Medical Release', 'Liability Release']) await page.getByLabel(`Type your full name to sign the ${title}`).fill(name);
  await next(page);
}

/** Saved drafts holding an enrollment (a checkout leaves only a marker that its flow ended). */
const savedDrafts = async () => (await adminDb().collection('enrollmentDrafts').get()).docs.filter((d) => d.get('json') !== undefined);
const draftCount = async () => (await savedDrafts()).length;

/** The demo family signed in, Orienteering selected, on to the student step with Leo chosen. */
async function leoChosenForOrienteering(page: Page) {
  await signInAs(page, DEMO.family.email, DEMO.family.password);
  await page.goto('/classes/enrollment');
  await select(page, 'Orienteering');
  await page.getByRole('button', { name: 'Selected (1)' }).waitFor();
  await page.getByRole('link', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Who is enrolling?' }).waitFor();
  await page.getByRole('radio', { name: /Leo Rivera/ }).check();
}

describe('a family enrolls end to end', () => {
  const browser = seededBrowser();
  // Every test starts without a saved draft: one that stopped half-way never decides where the next one's Continue goes.
  beforeEach(async () => {
    const left = await adminDb().collection('enrollmentDrafts').get();
    await Promise.all(left.docs.map((d) => d.ref.delete()));
  });

  it('enrolls a saved student, signing in along the way; the draft, the email and the account page follow', async () => {
    const logged = logOffset();
    const { context, page } = await newPage(browser());
    await page.goto('/classes/enrollment');
    await select(page, 'Wild Art');
    await page.getByRole('link', { name: 'Continue' }).click();
    // Step 2: sign in in place.
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await page.getByRole('button', { name: 'Already have an account? Sign in.' }).click();
    await page.getByLabel('Email').fill('family@example.com');
    await page.getByLabel('Password').fill(DEMO.family.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // Step 3: the saved students.
    await page.getByRole('heading', { name: 'Who is enrolling?' }).waitFor();
    await next(page);
    await page.getByText('Choose a student, or add a new one.').waitFor();
    await page.getByRole('radio', { name: /Ava Rivera/ }).check();
    await next(page);
    // Step 4 and 5 are prefilled.
    await page.getByRole('heading', { name: 'Student info' }).waitFor();
    expect(await page.getByLabel('First name').inputValue()).toBe('Ava');
    expect(await axeViolations(page)).toEqual([]);
    await next(page);
    await page.getByRole('heading', { name: 'Health and safety' }).waitFor();
    await next(page);
    // Review is not reachable without the signatures (a draft restored from before them goes back).
    await page.getByRole('heading', { name: 'Releases' }).waitFor();
    await page.goto('/classes/enrollment/review');
    await page.getByRole('heading', { name: 'Releases' }).waitFor();
    expect(path(page)).toBe('/classes/enrollment/releases');
    await signReleases(page, 'Sam Rivera');
    // Step 7: review; a reload stays there; a wrong code says so; submit.
    await page.getByRole('heading', { name: 'Review and submit' }).waitFor();
    // Once the draft holds the review step and the signatures (its save is debounced), a reload stays.
    const savedDraft = async () => {
      return (await savedDrafts()).map((d) => JSON.parse(d.get('json') as string) as { step?: string; signatures: Record<string, string> });
    };
    await expect.poll(async () => (await savedDraft()).map((d) => [d.step, Object.values(d.signatures)])).toEqual([['review', ['Sam Rivera', 'Sam Rivera']]]);
    await page.reload();
    await page.getByRole('heading', { name: 'Review and submit' }).waitFor();
    expect(path(page)).toBe('/classes/enrollment/review');
    await page.getByRole('cell', { name: '$260' }).first().waitFor();
    await page.getByLabel('Discount code').fill('nope');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('NOPE is not a valid code.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Card is the first way to pay; this family pays the office later (card payments: cardCheckout.test.ts).
    await page.getByRole('button', { name: 'Pay $260 by card' }).waitFor();
    await enrollPayingLater(page, 'Ava', 'Ava Rivera is enrolled');
    expect(path(page)).toBe('/classes/enrollment/done');

    await page.getByRole('link', { name: 'See my enrollments' }).click();
    await page.getByRole('heading', { name: 'My Enrollments' }).waitFor();
    const first = page.locator('.enrollment-card').first();
    // The class in the card's price table (its Cancel button names it too, for screen readers).
    await first.getByRole('table', { name: 'Classes and prices for Ava Rivera' }).getByText('Wild Art').waitFor();
    await first.getByText('$260').first().waitFor();
    await first.getByText(/Wednesdays 3:15 pm – 5:00 pm/).waitFor();
    const mail = await adminDb().collection('mail').where('message.subject', '==', 'Enrollment confirmed — Wildwood Outdoor School').get();
    expect(mail.docs.filter((d) => (d.get('message.text') as string).startsWith('Ava Rivera is enrolled.')).map((d) => d.get('to'))).toEqual([['family@example.com']]);
    expect(await draftCount()).toBe(0);
    // The whole visit (the class list, sign-in, prices, the draft, the enrollment, My Enrollments) is
    // served by one function: in production, one pool of instances, at most one cold start.
    expect(functionsCalled(logged)).toEqual(['api']);
    await context.close();
  });

  it('adds a new student at 360 px: the ineligible class is flagged once the grade is known, consents are asked, the sibling rule applies', async () => {
    const { context, page } = await signedIn(browser(), DEMO.family.email, DEMO.family.password, 360, 740);
    await page.goto('/classes/enrollment');
    await page.getByRole('button', { name: /^Select all in Little Naturalists Bundle/ }).click();
    await select(page, 'Survival Skills');
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.getByRole('radio', { name: 'A new student' }).check();
    await next(page);
    // Required fields are named next to the fields.
    await page.getByRole('heading', { name: 'Student info' }).waitFor();
    await next(page);
    await page.getByText(/Please fix the \d+ fields marked below/).waitFor();
    expect(await page.getByLabel('First name').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('First name').fill('Theo');
    await page.getByLabel('Last name').fill('Rivera');
    await page.getByLabel('Birth date').fill('2020-03-04');
    await page.getByLabel('Grade this school year').selectOption({ label: 'Kindergarten' });
    const guardian = page.getByRole('group', { name: 'Guardian 1' });
    await guardian.getByLabel('Name').fill('Sam Rivera');
    await guardian.getByLabel('Phone').fill('(555) 123-4567');
    await guardian.getByLabel('Email').fill('family@example.com');
    for (const [i, name] of [[1, 'Pat Rivera'], [2, 'Jordan Lee']] as const) {
      const contact = page.getByRole('group', { name: `Emergency contact ${i}` });
      await contact.getByLabel('Name').fill(name);
      await contact.getByLabel('Relationship').fill('Family friend');
      await contact.getByLabel('Phone').fill(`(555) 010-000${i}`);
    }
    await page.getByLabel('Birth date').fill('2031-05-05');
    await next(page);
    await page.getByText('Birth date cannot be in the future').waitFor();
    await page.getByLabel('Birth date').fill('2020-03-04');
    await next(page);
    await page.getByRole('heading', { name: 'Health and safety' }).waitFor();
    // Once the grade is known the class Theo cannot take is flagged, long before the end.
    const flagged = page.getByRole('region', { name: 'Theo cannot take every class chosen' });
    await flagged.getByText('Survival Skills is not for grade K (grades 5–8).').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Nothing is chosen for the family; a medication needs an explicit answer.
    for (const question of ['Photos', 'May staff apply sunscreen?', 'May staff apply bug spray?']) {
      expect(await page.getByRole('group', { name: question }).getByRole('radio', { checked: true }).count()).toBe(0);
    }
    await page.getByRole('button', { name: 'Add allergy' }).click();
    await page.getByLabel('Allergic to').fill('Peanuts');
    await page.getByLabel('Life-threatening').check();
    await page.getByRole('button', { name: 'Add medication' }).click();
    await page.getByRole('textbox', { name: /^Medication( \*)?$/ }).fill('EpiPen');
    await next(page);
    await page.getByText('Please answer: May staff give the medications listed?').waitFor();
    await page.getByText('Please answer: Photos').waitFor();
    expect(path(page)).toBe('/classes/enrollment/health');
    await page.getByRole('radio', { name: 'No photos' }).check();
    await page.getByRole('group', { name: 'May staff apply sunscreen?' }).getByRole('radio', { name: 'Yes' }).check();
    await page.getByRole('group', { name: 'May staff apply bug spray?' }).getByRole('radio', { name: 'No' }).check();
    await page.getByRole('radio', { name: /Yes, I authorize staff to give them/ }).check();
    await next(page);
    // "x" is not a signature.
    await page.getByRole('heading', { name: 'Releases' }).waitFor();
    await page.getByLabel('Type your full name to sign the Medical Release').fill('x');
    await page.getByLabel('Type your full name to sign the Liability Release').fill('x');
    await next(page);
    await page.getByText('Type your full name, first and last, to sign the Medical Release.').waitFor();
    await signReleases(page, 'sam rivera');
    await page.getByRole('heading', { name: 'Review and submit' }).waitFor();
    await page.getByText('Little Naturalists Bundle (Forest Explorers + Creek Critters)').waitFor();
    await page.getByRole('radio', { name: 'Pay the office later (check, cash or Venmo)' }).check();
    await page.getByRole('button', { name: 'Enroll Theo' }).click();
    await page.locator('p.form-failure[role=alert]', { hasText: 'Please remove the classes flagged above first.' }).waitFor();
    await flagged.getByRole('button', { name: 'Remove this class' }).click();
    await flagged.waitFor({ state: 'detached' });
    // The sibling discount is not a code; Ava is enrolled this semester, so it applies by rule.
    await page.getByLabel('Discount code').fill('sibling10');
    await page.getByLabel('Discount code').press('Enter');
    await page.getByText('SIBLING10 is not a code to type: Sibling discount (10%) applies by itself when brothers or sisters enroll.').waitFor();
    await page.getByRole('rowheader', { name: 'Sibling discount (10%) (SIBLING10)' }).waitFor();
    await page.getByText('Bundle price $440 (separately $480)').waitFor();
    await page.getByRole('cell', { name: '$396' }).waitFor();
    // Scrolled down to the button; the success page opens at the top, on its heading.
    await page.getByRole('button', { name: 'Enroll Theo' }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Enroll Theo' }).click();
    const done = page.getByRole('heading', { name: 'Theo Rivera is enrolled' });
    await done.waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(await done.evaluate((el) => el === document.activeElement)).toBe(true);
    // The itemised lines the receipt has.
    await page.getByRole('rowheader', { name: 'Sibling discount (10%) (SIBLING10)' }).waitFor();
    await page.getByRole('row', { name: /Balance due now \$396/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto('/account/enrollments');
    const card = page.locator('.enrollment-card').first();
    await card.getByRole('heading', { name: 'Theo Rivera' }).waitFor();
    // The same itemised lines as the receipt, and one definition of each money word.
    await card.getByRole('rowheader', { name: 'Sibling discount (10%) (SIBLING10)' }).waitFor();
    await card.getByText('Bundle price $440 (separately $480)').waitFor();
    expect(await card.locator('.money-summary dt').allTextContents()).toEqual(['Total', 'Paid', 'Refunded', 'Net paid', 'Balance']);
    expect(await card.locator('.money-summary dd').allTextContents()).toEqual(['$396', '$0', '$0', '$0', '$396']);
    const mail = await adminDb().collection('mail').where('message.subject', '==', 'Enrollment confirmed — Wildwood Outdoor School').get();
    expect(mail.docs.filter((d) => (d.get('message.text') as string).startsWith('Theo Rivera is enrolled.')).length).toBe(1);
    const theo = await adminDb().collection('students').where('firstName', '==', 'Theo').where('lastName', '==', 'Rivera').get();
    expect(theo.docs[0].get('health.allergies')).toEqual([{ allergen: 'Peanuts', reaction: '', lifeThreatening: true }]);
    await context.close();
  });

  it('restores a draft on the next visit, and Start over clears it', async () => {
    const { context, page } = await newPage(browser());
    await leoChosenForOrienteering(page);
    await expect.poll(draftCount).toBe(1);
    await context.close();

    const second = await newPage(browser());
    await signInAs(second.page, DEMO.family.email, DEMO.family.password);
    await second.page.getByText('Continued from your last visit.').waitFor();
    await second.page.getByRole('button', { name: 'Selected (1)' }).waitFor();
    // Start over asks first: keeping them changes nothing.
    await second.page.getByRole('button', { name: 'Start over' }).click();
    await second.page.getByRole('button', { name: 'Keep them' }).click();
    await second.page.getByRole('button', { name: 'Selected (1)' }).waitFor();
    await second.page.getByRole('button', { name: 'Start over' }).click();
    await second.page.getByText('Clear the classes and answers saved from your last visit?').waitFor();
    expect(await axeViolations(second.page)).toEqual([]);
    await second.page.getByRole('button', { name: 'Yes, start over' }).click();
    expect(await second.page.getByRole('button', { name: /Selected \(/ }).count()).toBe(0);
    await expect.poll(draftCount).toBe(0);
    await second.context.close();
  });

  it('a slow draft never loses the saved child: a reload on a step and the next visit come back to the child and the step', async () => {
    const { context, page } = await newPage(browser());
    await leoChosenForOrienteering(page);
    await next(page);
    await page.getByRole('heading', { name: 'Student info' }).waitFor();
    const saved = async () => {
      return (await savedDrafts()).map((d) => JSON.parse(d.get('json') as string) as { step?: string; studentChoice: string | null });
    };
    await expect.poll(async () => (await saved()).map((d) => [d.step, d.studentChoice])).toEqual([['info', 'demo-leo']]);
    // The saved draft takes 3 s to arrive (a slow network): nothing is saved over it meanwhile.
    const slowDraft = (p: Page) => p.route('**/api/loadDraft', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    });
    await slowDraft(page);
    await page.reload();
    await page.getByRole('heading', { name: 'Student info' }).waitFor();
    expect(await page.getByLabel('First name').inputValue()).toBe('Leo');
    expect((await saved()).map((d) => [d.step, d.studentChoice])).toEqual([['info', 'demo-leo']]);
    await context.close();

    // The next visit, in another browser: Continue goes back to the step the family was on, with the child.
    const second = await newPage(browser());
    await slowDraft(second.page);
    await signInAs(second.page, DEMO.family.email, DEMO.family.password);
    await second.page.goto('/classes/enrollment');
    await second.page.getByText('Continued from your last visit.').waitFor();
    await second.page.getByRole('link', { name: 'Continue' }).click();
    await second.page.getByRole('heading', { name: 'Student info' }).waitFor();
    expect(await second.page.getByLabel('First name').inputValue()).toBe('Leo');
    expect((await saved()).map((d) => d.studentChoice)).toEqual(['demo-leo']);
    await second.context.close();
  });

  it('a class removed just before a reload stays removed, though the saved draft still had it', async () => {
    const { context, page } = await signedIn(browser(), DEMO.family.email, DEMO.family.password);
    await page.goto('/classes/enrollment');
    await select(page, 'Tide Pool Discovery');
    await select(page, 'Mushroom Foraging');
    const draftSize = async () => {
      const drafts = await savedDrafts();
      return drafts.length ? Object.keys((JSON.parse(drafts[0].get('json') as string) as { selection: object }).selection).length : 0;
    };
    await expect.poll(draftSize).toBe(2);
    await page.getByRole('button', { name: 'Selected Mushroom Foraging' }).click();
    await page.reload(); // within the draft's one-second debounce
    await page.getByText('Continued from your last visit.').waitFor();
    await page.getByRole('button', { name: 'Selected (1)' }).waitFor();
    await page.getByRole('button', { name: 'Select Mushroom Foraging', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Start over' }).click();
    await page.getByRole('button', { name: 'Yes, start over' }).click();
    await expect.poll(draftSize).toBe(0);
    // Nothing chosen before stays chosen: a new Select is the only one.
    await page.getByRole('button', { name: 'Select Tide Pool Discovery', exact: true }).waitFor();
    await select(page, 'Mushroom Foraging');
    await page.getByRole('button', { name: 'Selected (1)' }).waitFor();
    // Its save lands before the next test clears the drafts (sent as the page closed, it could land after).
    await expect.poll(draftSize).toBe(1);
    await context.close();
  });

  it('signing out on a shared device leaves no selection behind', async () => {
    const { context, page } = await signedIn(browser(), DEMO.family.email, DEMO.family.password);
    await page.goto('/classes/enrollment');
    await select(page, 'Tide Pool Discovery');
    await page.getByRole('button', { name: 'Selected (1)' }).waitFor();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // Resizing with the account menu open throws nothing.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).waitFor();
    await page.setViewportSize({ width: 900, height: 700 });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.waitForTimeout(300);
    expect(errors).toEqual([]);
    if (!(await page.getByRole('menuitem', { name: 'Sign Out' }).isVisible())) await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect.poll(() => path(page)).toBe('/user/login');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('portal.selection.v1'))) ?? '{}')).toEqual({});
    await page.goto('/classes/enrollment');
    await page.getByRole('button', { name: 'Select Tide Pool Discovery', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /Selected \(/ }).count()).toBe(0);
    await context.close();
  });

  it('edits a student from /account/students', async () => {
    const { context, page } = await signedIn(browser(), DEMO.family.email, DEMO.family.password, 360, 740);
    await page.goto('/account/students');
    await page.getByRole('heading', { name: 'Ava Rivera' }).waitFor();
    await page.getByText(/Classes: .*Wild Art/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Edit info for Ava' }).click();
    await page.getByLabel('School', { exact: true }).fill('Hilltop Elementary');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText("Ava's info is saved.").waitFor();
    expect((await adminDb().doc('students/demo-ava').get()).get('school')).toBe('Hilltop Elementary');
    await page.goto('/account/manage');
    await page.getByText('family@example.com').waitFor();
    await page.getByRole('button', { name: 'Send password reset email' }).click();
    await page.getByText('Sent reset email!').waitFor();
    // Enrolled seconds ago: no draft came back after the enrollment deleted it.
    expect(await draftCount()).toBe(0);
    await context.close();
  });
});
