// In Chromium: a family joins the waitlist of a full class on a phone; the office cancels
// another family's seat; the family gets the offer email, claims the seat, pays on the test checkout
// page and is enrolled; the office sees its list change.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Enrollment, WaitlistEntry } from '../../contract/domain';
import { formatDate } from '../../contract/format';
import { addDaysIso, schoolToday } from '../../contract/schedule';
import { addMonthsIso } from '../../functions/src/domain/instalments';
import { formatMoment } from '../../contract/wording';
import { DEFAULT_RELEASES } from '../../functions/src/domain/releases';
import { adminDb } from '../../scripts/demo/adminApp';
import { addClassesLikeWildArt, AVA, enrollAtQuotedPrice, familyWithStudent } from '../support/samples';
import { axeViolations, seededBrowser, signedIn } from './support/browser';
import { DEMO } from '../support/fixtures';
import { searchEnrollments } from './support/office';

const db = () => adminDb();
const TODAY = schoolToday();

/** From the class list to the review, joining the waitlist of `title` for Ava. */
async function joinToReview(page: Page, title: string) {
  await page.goto('/classes/enrollment');
  await page.getByRole('button', { name: `Join the waitlist ${title}`, exact: true }).click();
  await page.getByRole('link', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Who is enrolling?' }).waitFor();
  await page.getByRole('radio', { name: /Ava Rivera/ }).check();
  for (const heading of ['Student info', 'Health and safety', 'Releases']) {
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: heading }).waitFor();
  }
  for (const release of ['Medical Release', 'Liability Release']) await page.getByLabel(`Type your full name to sign the ${release}`).fill('Sam Rivera');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Review and join the waitlist' }).waitFor();
}

describe('the waitlist in Chromium', () => {
  const browser = seededBrowser();
  beforeAll(async () => {
    await addClassesLikeWildArt([{ id: 'owl-prowl', title: 'Owl Prowl', capacity: 1, weekday: 1 }]);
    const holder = await familyWithStudent('holder@example.com', 'Hollis', 'Holder');
    const held = await enrollAtQuotedPrice(holder.user.idToken, { studentId: holder.studentId, lines: [{ classId: 'owl-prowl', addOnIds: [] }], idempotencyKey: 'holder-owl-1', typedName: AVA.guardians[0].name });
    expect(held.status).toBe(200);
    // Owl Prowl starts in four months, in a term offering a deposit and three monthly payments: a claim may pay part now.
    await db().doc('classes/owl-prowl').update({ startDate: addDaysIso(TODAY, 120), endDate: addDaysIso(TODAY, 160) });
    await db().doc('semesters/open-term').update({ instalments: 3, depositPerClass: 10000, balanceDueDate: addDaysIso(TODAY, 90) });
  });

  it('joins on a phone, gets the seat the office frees, claims and pays by card; the office sees the list change', async () => {
    const { context, page } = await signedIn(browser(), DEMO.family.email, DEMO.family.password, 360, 740);
    await joinToReview(page, 'Owl Prowl');
    await page.getByText(/Nothing is charged now\. When a seat frees up, we hold it for Ava/).waitFor();
    expect(await page.getByRole('radio', { name: /Pay .* by card now/ }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    await page.getByRole('heading', { name: 'Ava Rivera is on the waitlist' }).waitFor();
    await page.getByText('Ava Rivera is 1st in line for').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'My Enrollments' }).click();
    await page.getByText('1st on the waitlist').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Leaving is asked once more: one tap gives up nothing.
    await page.getByRole('button', { name: 'Leave the waitlist for Owl Prowl' }).click();
    const asked = page.getByRole('group', { name: 'Leave the waitlist for Owl Prowl?' });
    await asked.getByText('Ava Rivera gives up the 1st place in line; joining again later starts at the end.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await asked.getByRole('button', { name: 'Stay on the list' }).click();
    await page.getByText('1st on the waitlist').waitFor();
    await page.getByRole('button', { name: 'Leave the waitlist for Owl Prowl' }).waitFor();
    // The class card says so too, and how many wait.
    await page.goto('/classes/enrollment');
    const card = page.getByRole('article', { name: 'Owl Prowl' });
    await card.getByText('Ava Rivera: 1st on the waitlist').waitFor();
    await card.getByText('Full · 1 waiting').waitFor();
    await page.goto('/account/enrollments');

    // The office's list: no seat is free yet, so offering one says why instead of failing (1280 px).
    const office = await signedIn(browser(), DEMO.admin.email, DEMO.admin.password);
    await office.page.goto('/admin/classes/management/waitlist/owl-prowl');
    await office.page.getByRole('heading', { name: 'Waitlist: Owl Prowl' }).waitFor();
    const offerButton = office.page.getByRole('button', { name: 'Offer a seat to Ava Rivera' });
    expect(await offerButton.isDisabled()).toBe(true);
    expect(await offerButton.getAttribute('aria-describedby')).toBe('no-seat');
    await office.page.getByText('No seat is free in Owl Prowl: raise its capacity, or wait for a seat to free up, to offer one.').waitFor();
    expect(await axeViolations(office.page)).toEqual([]);
    // A class that does not exist (a mistyped or old link) says so.
    await office.page.goto('/admin/classes/management/waitlist/no-such-class');
    await office.page.getByRole('main').getByText('This class does not exist.').waitFor();

    // The office cancels the other family's seat.
    await office.page.goto('/admin/enrollments');
    await searchEnrollments(office.page, 'Hollis Holder');
    await office.page.getByRole('button', { name: 'Payments & changes for Hollis Holder' }).click();
    const dialog = office.page.getByRole('dialog');
    await dialog.getByLabel('Owl Prowl').check();
    await dialog.getByRole('button', { name: 'Cancel selected classes' }).click();
    await office.page.getByRole('alertdialog').getByRole('button', { name: 'Cancel the classes' }).click();
    await office.page.getByText(/^Cancelled Owl Prowl/).waitFor();
    // The family's offer email is written.
    const offers = (await db().collection('mail').where('kind', '==', 'offer').get()).docs.map((d) => d.data());
    expect(offers.map((m) => m.to)).toEqual([['family@example.com']]);
    expect(offers[0].message.text).toContain('A seat in Owl Prowl is held for Ava Rivera until');
    await office.page.goto('/admin/classes/management/waitlist/owl-prowl');
    await office.page.getByRole('heading', { name: 'Waitlist: Owl Prowl' }).waitFor();
    await office.page.getByRole('cell', { name: /^Offered until/ }).waitFor();
    expect(await axeViolations(office.page)).toEqual([]);

    // The family claims the seat and pays by card on the test checkout page. The liability release
    // changed while it waited: it is asked to sign it again, right there.
    const changed = DEFAULT_RELEASES.map((r) => (r.id === 'liability' ? { ...r, version: `${r.version}-b` } : r));
    await db().doc('config/releases').set({ releases: changed });
    await page.reload();
    await page.getByText('A seat is held for Ava Rivera').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Declining asks first (the seat would go to the next family for good); keeping it changes nothing.
    await page.getByRole('button', { name: 'Decline the seat in Owl Prowl' }).click();
    await page.getByText(/^Give up the seat held for Ava Rivera in Owl Prowl\?/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Keep it' }).click();
    await page.getByText(/^Give up the seat held for/).waitFor({ state: 'detached' });
    await page.getByRole('radio', { name: 'Pay by card now' }).check();
    // The page knows the release changed before Claim is pressed: it asks for the signatures at once.
    await page.getByText('A release changed since you joined the waitlist: read it and sign again to claim the seat.').waitFor();
    for (const release of ['Medical Release', 'Liability Release']) await page.getByLabel(`Type your full name to sign the ${release}`).fill('Sam Rivera');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Claim the seat in Owl Prowl' }).click();
    await page.getByRole('heading', { name: 'Test checkout' }).waitFor();
    // Stripe's page says how long the offer lasts, not only how long the page stays open.
    const offerEnds = formatMoment(((await db().collection('waitlist').where('classIds', 'array-contains', 'owl-prowl').where('status', '==', 'offered').get()).docs[0].data() as WaitlistEntry).offer!.expiresAt);
    await page.getByText(new RegExp(`^This page stays open until \\d{1,2}:\\d\\d [AP]M P[SD]T\\. The seat offered stays yours until ${offerEnds}: if you leave without paying, claim it again from My Enrollments\\.$`)).waitFor();
    // Cancel on Stripe's page: back to the offer on My Enrollments (no cart to return to), which still holds the seat.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/account/enrollments');
    await page.getByText('Nothing was charged. The seat offered is still yours until the offer ends: claim it from My Enrollments.').waitFor();
    await page.getByText('A seat is held for Ava Rivera').waitFor();
    await page.getByText('A card payment for this seat was started and not finished: the seat stays yours until then. Claim it again to pay.').waitFor();
    await page.getByRole('radio', { name: 'Pay by card now' }).check();
    // The releases signed for the payment left unfinished went with it: asked again at once, then signed.
    await page.getByLabel('Type your full name to sign the Medical Release').waitFor();
    for (const release of ['Medical Release', 'Liability Release']) await page.getByLabel(`Type your full name to sign the ${release}`).fill('Sam Rivera');
    // By card, the family may pay a deposit or in monthly payments, as at a checkout: it takes the monthly payments.
    await page.getByRole('radio', { name: `Pay a deposit of $100 now and $160 by ${formatDate(addDaysIso(TODAY, 90), true)}` }).waitFor();
    await page.getByRole('radio', { name: `Pay in 3 monthly payments: $86.68 today, $86.66 on ${formatDate(addMonthsIso(TODAY, 1), true)}, $86.66 on ${formatDate(addMonthsIso(TODAY, 2), true)}` }).check();
    await page.getByText('The card you pay with on Stripe’s page is saved and charged on each date.', { exact: false }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Claim the seat in Owl Prowl' }).click();
    await page.getByRole('heading', { name: 'Test checkout' }).waitFor();
    await page.getByRole('button', { name: 'Pay $86.68' }).click();
    await page.getByRole('heading', { name: 'Payment received — Ava is enrolled' }).waitFor();
    const claimed = (await db().collection('enrollments').where('classIds', 'array-contains', 'owl-prowl').where('status', '==', 'confirmed').where('studentName', '==', 'Ava Rivera').get()).docs.map((d) => d.data() as Enrollment);
    expect(claimed.map((e) => [e.balance, e.instalments?.paid, e.instalments?.dates.length])).toEqual([[17332, 1, 3]]);
    expect((await db().doc('classes/owl-prowl').get()).data()).toMatchObject({ enrolledCount: 1, capacity: 1, waiting: 0 });

    // The office's list shows the change.
    await office.page.reload();
    await office.page.getByRole('cell', { name: 'Enrolled', exact: true }).waitFor();
    expect(await axeViolations(office.page)).toEqual([]);
    await office.context.close();
    await context.close();
  });
});
