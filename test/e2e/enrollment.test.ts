import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminDb } from '../../scripts/demo/adminApp';
import { axeViolations, newPage, seededBrowser, signInAs } from './support/browser';

const path = (page: Page) => new URL(page.url()).pathname;
const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();
const select = (page: Page, title: string) => page.getByRole('button', { name: `Select ${title}`, exact: true }).click();

async function signReleases(page: Page, name: string) {
  await page.getByRole('heading', { name: 'Releases' }).waitFor();
  for (const title of ['Medical Release', 'Liability Release']) await page.getByLabel(`Type your full name to sign the ${title}`).fill(name);
  await next(page);
}

describe('a family enrolls end to end (issue 5)', () => {
  const browser = seededBrowser();

  it('enrolls a saved student, signing in along the way; the draft, the email and the account page follow', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/classes/enrollment');
    await select(page, 'Wild Art');
    await page.getByRole('link', { name: 'Continue' }).click();
    // Step 2: sign in in place.
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    await page.getByRole('button', { name: 'Already have an account? Sign in.' }).click();
    await page.getByLabel('Email').fill('family@example.com');
    await page.getByLabel('Password').fill('family-demo-1');
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
    await signReleases(page, 'Sam Rivera');
    // Step 7: review; a wrong code says so; submit.
    await page.getByRole('heading', { name: 'Review and submit' }).waitFor();
    await page.getByRole('cell', { name: '$260' }).first().waitFor();
    await page.getByLabel('Discount code').fill('nope');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('NOPE is not a valid code.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Enroll Ava' }).click();
    await page.getByRole('heading', { name: 'Ava Rivera is enrolled' }).waitFor();
    expect(path(page)).toBe('/classes/enrollment/done');

    await page.getByRole('link', { name: 'See my enrollments' }).click();
    await page.getByRole('heading', { name: 'My Enrollments' }).waitFor();
    const first = page.locator('.enrollment-card').first();
    await first.getByText('Wild Art').waitFor();
    await first.getByText('$260').first().waitFor();
    await first.getByText(/Wednesdays 3:15 pm – 5:00 pm/).waitFor();
    const mail = await adminDb().collection('mail').where('message.subject', '==', 'Enrollment confirmed: Ava Rivera').get();
    expect(mail.size).toBe(1);
    expect((await adminDb().collection('enrollmentDrafts').get()).size).toBe(0);
    await context.close();
  });

  it('adds a new student at 360 px with a bundle and a code; an ineligible class is refused with the reason', async () => {
    const { context, page } = await newPage(browser(), 360, 740);
    await signInAs(page, 'family@example.com', 'family-demo-1');
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
    await next(page);
    await page.getByRole('heading', { name: 'Health and safety' }).waitFor();
    await page.getByRole('button', { name: 'Add allergy' }).click();
    await page.getByLabel('Allergic to').fill('Peanuts');
    await page.getByLabel('Life-threatening').check();
    await next(page);
    await signReleases(page, 'Sam Rivera');
    await page.getByRole('heading', { name: 'Review and submit' }).waitFor();
    await page.getByText('Little Naturalists Bundle (Forest Explorers + Creek Critters)').waitFor();
    await page.getByLabel('Discount code').fill('sibling10');
    await page.getByLabel('Discount code').press('Enter');
    await page.getByRole('list', { name: 'Applied codes' }).getByText('SIBLING10 −$76').waitFor();
    await page.getByRole('button', { name: 'Enroll Theo' }).click();
    await page.locator('p.form-failure[role=alert]', { hasText: 'Theo is in grade K; Survival Skills is for grades 5–8.' }).waitFor();

    // Take the ineligible class out and submit again.
    await page.getByRole('link', { name: 'Back' }).click();
    await page.getByRole('link', { name: 'Back' }).click();
    await page.getByRole('link', { name: 'Back' }).click();
    await page.getByRole('link', { name: 'Back' }).click();
    await page.getByRole('link', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Selected Survival Skills' }).click();
    await page.getByRole('link', { name: 'Continue' }).click();
    for (const step of ['Who is enrolling?', 'Student info', 'Health and safety', 'Releases']) {
      await page.getByRole('heading', { name: step }).waitFor();
      await next(page);
    }
    await page.getByRole('heading', { name: 'Review and submit' }).waitFor();
    await page.getByRole('cell', { name: '$396' }).waitFor();
    await page.getByRole('button', { name: 'Enroll Theo' }).click();
    await page.getByRole('heading', { name: 'Theo Rivera is enrolled' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto('/account/enrollments');
    await page.locator('.enrollment-card').first().getByText('Theo Rivera').waitFor();
    expect((await adminDb().collection('mail').where('message.subject', '==', 'Enrollment confirmed: Theo Rivera').get()).size).toBe(1);
    const theo = await adminDb().collection('students').where('firstName', '==', 'Theo').where('lastName', '==', 'Rivera').get();
    expect(theo.docs[0].get('health.allergies')).toEqual([{ allergen: 'Peanuts', reaction: '', lifeThreatening: true }]);
    await context.close();
  });

  it('restores a draft on the next visit, and Start over clears it', async () => {
    const { context, page } = await newPage(browser());
    await signInAs(page, 'family@example.com', 'family-demo-1');
    await page.goto('/classes/enrollment');
    await select(page, 'Orienteering');
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.getByRole('radio', { name: /Leo Rivera/ }).check();
    await expect.poll(async () => (await adminDb().collection('enrollmentDrafts').get()).size, { timeout: 5000 }).toBe(1);
    await context.close();

    const second = await newPage(browser());
    await signInAs(second.page, 'family@example.com', 'family-demo-1');
    await second.page.getByText('Continued from your last visit.').waitFor();
    await second.page.getByRole('button', { name: 'Selected (1)' }).waitFor();
    await second.page.getByRole('button', { name: 'Start over' }).click();
    expect(await second.page.getByRole('button', { name: /Selected \(/ }).count()).toBe(0);
    await expect.poll(async () => (await adminDb().collection('enrollmentDrafts').get()).size, { timeout: 10_000 }).toBe(0);
    await second.context.close();
  });

  it('edits a student from /account/students', async () => {
    const { context, page } = await newPage(browser(), 360, 740);
    await signInAs(page, 'family@example.com', 'family-demo-1');
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
    await context.close();
  });
});
