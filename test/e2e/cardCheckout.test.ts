// In Chromium: a family pays by card on the Stripe stand-in's test page and lands on the
// confirmation; a family that cancels there comes back to its cart; a hold that lapses gives its seat back.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { FieldValue } from 'firebase-admin/firestore';
import type { Enrollment, Semester } from '../../contract/domain';
import { formatCents, formatDate } from '../../contract/format';
import { addDaysIso, schoolToday } from '../../contract/schedule';
import { addMonthsIso } from '../../functions/src/domain/instalments';
import { TOO_LONG } from '../../functions/src/lib/callable';
import { SETTINGS_DEFAULTS } from '../../src/lib/settings';
import { adminDb } from '../../scripts/demo/adminApp';
import { STANDIN } from '../../scripts/stripe/config';
import { createUnverifiedUser, HOSTING, oobLinks, type TestUser } from '../support/emulators';
import { DEMO, callAs, signInDemo } from '../support/fixtures';
import { addClassesLikeWildArt, AVA, enrollAtQuotedPrice, familyWithStudent, lapseHold, signedReleases } from '../support/samples';
import { standIn } from '../support/ledger';
import { axeViolations, downloadedPdf, newPage, seededBrowser, signInAs, signedIn } from './support/browser';
import { searchEnrollments } from './support/office';

const db = () => adminDb();
const path = (page: Page) => new URL(page.url()).pathname;
const seats = async (id: string) => (await db().doc(`classes/${id}`).get()).get('enrolledCount') as number;
const CLASSES = [
  { id: 'pond-painters', title: 'Pond Painters', weekday: 1 },
  { id: 'moss-makers', title: 'Moss Makers', weekday: 3 },
  { id: 'bark-builders', title: 'Bark Builders', weekday: 5 },
  { id: 'fern-finders', title: 'Fern Finders', weekday: 2 },
];

/**
 * Signed in: chooses a class for a saved student (Ava of the demo family unless told) and walks to the
 * review step. `kept`: the student has a confirmed enrollment this semester, whose releases are kept.
 */
async function toReview(page: Page, title: string, tab?: RegExp, student = /Ava Rivera/, kept = false) {
  await page.goto('/classes/enrollment');
  if (tab) await page.getByRole('tab', { name: tab }).click();
  await page.getByRole('button', { name: `Select ${title}`, exact: true }).click();
  await page.getByRole('link', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Who is enrolling?' }).waitFor();
  await page.getByRole('radio', { name: student }).check();
  for (const heading of ['Student info', 'Health and safety']) {
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: heading }).waitFor();
  }
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Releases' }).waitFor();
  for (const release of ['Medical Release', 'Liability Release']) {
    if (kept) await page.getByRole('region', { name: release, exact: true }).getByText(/Signed by Sam Rivera on .+ nothing to sign again\./).waitFor();
    else await page.getByLabel(`Type your full name to sign the ${release}`).fill('Sam Rivera');
  }
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Review and submit' }).waitFor();
}

/**
 * Ava's seat in a class held for payment by card, made by the family's callables as the review step's
 * Pay does (the checkout's pages are the first tests' own): the address of Stripe's page, to pay.
 * `key`: the checkout's idempotency key; `total`: what the checkout comes to.
 */
async function heldByCard(classId: string, key: string, total: number): Promise<string> {
  const family = await signInDemo('family');
  const lines = [{ classId, addOnIds: [] }];
  const quote = await callAs(family, 'priceBasket', { lines, codes: [], studentId: 'demo-ava' });
  const held = await callAs(family, 'enroll', { studentId: 'demo-ava', lines, codes: [], expectedTotal: quote.result!.total, infoConfirmed: true, releases: signedReleases('Sam Rivera'), idempotencyKey: key, payWith: 'card' });
  expect(held.result?.enrollment.total).toBe(total);
  return held.result!.checkoutUrl!;
}

/**
 * Ava in the Art in the Wild camp, paid in full by card on the Stripe stand-in; on My Enrollments,
 * what cancelling it gives opened. `key`: the checkout's idempotency key.
 */
async function cancellingPaidCamp(page: Page, key: string) {
  // Stripe's page, paid (its address ends with the Checkout Session's id).
  const sessionId = new URL(await heldByCard('art-in-the-wild', key, 43000)).pathname.split('/').pop();
  const paid = await standIn<{ webhookStatus: number }>(`/__standin/sessions/${sessionId}/pay`);
  expect(paid.webhookStatus).toBe(200);
  await page.goto('/account/enrollments');
  // Everything the page asks for has come (on a loaded machine, the list renders again as each answer
  // arrives, and a click in between can land on a button that is being replaced).
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Cancel this class (Art in the Wild Camp for Ava)' }).click();
  return page.getByRole('group', { name: 'Cancel Art in the Wild Camp for Ava' });
}

/**
 * Pays an office enrollment's balance by card through Hosting while Stripe answers this family's
 * requests only after 65 s (the SDK gives up and tries again meanwhile): what Hosting answered, and
 * after how long.
 */
async function payWhileStripeIsSlow(family: { user: TestUser }, id: string) {
  await standIn('/__standin/slow', { containing: id, ms: 65_000 });
  const started = Date.now();
  try {
    const res = await fetch(`${HOSTING}/api/payBalance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${family.user.idToken}` },
      body: JSON.stringify({ data: { enrollmentId: id } }),
    });
    const answer = { status: res.status, body: (await res.json()) as { error?: { status: string; message: string } } };
    return { family, id, answer, waited: Date.now() - started };
  } finally {
    await standIn('/__standin/slow', { containing: id, ms: 0 });
  }
}

describe('paying by card at checkout', () => {
  const browser = seededBrowser();
  /**
   * A balance paid while Stripe is slow, begun before the other tests and answered 50 s later while
   * they run (the last test reads it): the wait costs the run no time of its own.
   */
  let slowPayment: ReturnType<typeof payWhileStripeIsSlow>;
  beforeAll(async () => {
    await addClassesLikeWildArt([...CLASSES.map((c) => ({ ...c, capacity: 6 })), { id: 'card-slow', title: 'Card Slow', capacity: 5, weekday: 6 }]);
    const slow = await familyWithStudent('card.slow@example.com', 'Slow', 'Stripe');
    const office = await enrollAtQuotedPrice(slow.user.idToken, { studentId: slow.studentId, lines: [{ classId: 'card-slow', addOnIds: [] }], idempotencyKey: 'card-slow-1', infoConfirmed: true });
    expect(office.status, JSON.stringify(office.error)).toBe(200);
    slowPayment = payWhileStripeIsSlow(slow, office.result!.enrollment.id);
    // Held here until the last test reads it (a failure is reported there).
    slowPayment.catch(() => undefined);
  });

  it('pays on the test checkout page and lands on the confirmation (1280 px)', async () => {
    const { context, page } = await signedIn(browser(), DEMO.family.email, DEMO.family.password);
    await toReview(page, 'Pond Painters');
    expect(await page.getByRole('radio', { name: 'Pay $260 by card now' }).isChecked()).toBe(true);
    await page.getByText('Your seats are held for 30 minutes while you pay').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Pay $260 by card' }).click();

    await page.getByRole('heading', { name: 'Test checkout' }).waitFor();
    expect(page.url()).toMatch(new RegExp(`^${STANDIN.api}/pay/cs_test_`));
    // Stripe's page says until when the seats are held, on the school's clock with its zone.
    await page.getByText(/^Your seats are held until \d{1,2}:\d\d [AP]M P[SD]T: pay before then, or they go back to other families\.$/).waitFor();
    expect(await seats('pond-painters')).toBe(1);
    await page.getByRole('button', { name: 'Pay $260.00' }).click();

    const done = page.getByRole('heading', { name: 'Payment received — Ava is enrolled' });
    await done.waitFor();
    expect(path(page)).toBe('/classes/enrollment/checkout');
    await page.getByText('We charged $260 to your Visa card ending 4242.').waitFor();
    expect(await done.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'See my enrollments' }).click();
    await page.getByRole('heading', { name: 'My Enrollments' }).waitFor();
    await page.getByText(/Paid \$260 on .* by Visa card ending 4242/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('pays a camp deposit now and sees the rest due by the balance due date (1280 px)', async () => {
    const due = formatDate(((await db().doc('semesters/camps').get()).data() as Semester).balanceDueDate!, true);
    const { context, page } = await signedIn(browser(), DEMO.family.email, DEMO.family.password);
    await toReview(page, 'Art in the Wild Camp', /Summer Camps/);
    expect(await page.getByRole('radio', { name: 'Pay by card now' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Pay $430 in full' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Pay $430 by card' }).waitFor();
    await page.getByRole('radio', { name: `Pay a deposit of $100 now and $330 by ${due}` }).check();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Pay $100 by card' }).click();

    await page.getByRole('heading', { name: 'Test checkout' }).waitFor();
    await page.getByRole('button', { name: 'Pay $100.00' }).click();
    await page.getByRole('heading', { name: 'Payment received — Ava is enrolled' }).waitFor();
    await page.getByText('We charged $100 to your Visa card ending 4242.').waitFor();
    await page.getByRole('row', { name: `Balance due by ${due} $330` }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto('/account/enrollments');
    const card = page.getByRole('listitem').filter({ hasText: 'Art in the Wild Camp' });
    await card.getByText(`Balance due by ${due}`).waitFor();
    await card.getByRole('button', { name: 'Pay balance $330 by card' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // A receipt to keep, as a PDF: the checkout's, and the deposit's.
    const pdf = await downloadedPdf(page, () => card.getByRole('button', { name: /^Receipt \(PDF\) for Ava Rivera, enrolled / }).click());
    const year = schoolToday().slice(0, 4);
    for (const words of ['Wildwood Outdoor School', SETTINGS_DEFAULTS.school_address, `Tax ID (EIN): ${SETTINGS_DEFAULTS.school_tax_id}`, 'Art in the Wild Camp', 'Paid on ', 'by Visa card ending 4242', '$100', 'Balance due by ', '$330', `© ${year} Wildwood Outdoor School · Page 1 of 1`]) expect(pdf, words).toContain(words);
    const deposit = await downloadedPdf(page, () => card.getByRole('button', { name: /^Payment receipt \(PDF\) of \$100 on / }).click());
    for (const words of ['Payment receipt', 'by Visa card ending 4242', 'For Ava Rivera: Art in the Wild Camp', 'This payment $100', 'Balance after this payment $330']) expect(deposit, words).toContain(words);
    // The year's statement: every payment of the year, per child.
    const statement = await downloadedPdf(page, () => page.getByRole('button', { name: `${year} statement (PDF) of the family’s payments` }).click());
    for (const words of [`Statement of payments, ${year}`, 'Ava Rivera', 'by Visa card ending 4242 · Art in the Wild Camp $100', `Paid for Ava Rivera in ${year}, less refunds`]) expect(statement, words).toContain(words);

    // The office takes the rest in cash, then cancels the camp: the refund goes back the ways the family paid.
    const office = await signedIn(browser(), DEMO.admin.email, DEMO.admin.password);
    await office.page.goto('/admin/enrollments?semester=camps');
    await searchEnrollments(office.page, 'Art in the Wild Camp');
    await office.page.getByRole('button', { name: 'Payments & changes for Ava Rivera' }).click();
    const dialog = office.page.getByRole('dialog');
    await dialog.getByLabel('Amount ($)').fill('330');
    await dialog.getByLabel('Method').selectOption('cash');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await office.page.getByText('Payment of $330 recorded. Balance: $0.').waitFor();
    await dialog.getByLabel('Art in the Wild Camp').check();
    await dialog.getByText('Can go back to the card').waitFor();
    expect(await dialog.getByLabel('Refund ($)').inputValue()).toBe('430.00');
    expect(await dialog.getByLabel('Of which back to the card ($)').inputValue()).toBe('100.00');
    expect(await dialog.getByLabel('The rest given back by').inputValue()).toBe('cash');
    await office.page.locator('.p-toast-message').waitFor({ state: 'detached' });
    expect(await axeViolations(office.page)).toEqual([]);
    // More than the card paid is refused before anything is sent.
    await dialog.getByLabel('Of which back to the card ($)').fill('200');
    await dialog.getByRole('button', { name: 'Cancel selected classes' }).click();
    await dialog.getByText('At most $100 can go back to the card.').waitFor();
    await dialog.getByLabel('Of which back to the card ($)').fill('100');
    await dialog.getByRole('button', { name: 'Cancel selected classes' }).click();
    const sure = office.page.getByRole('alertdialog');
    await sure.getByText('Cancel Art in the Wild Camp for Ava Rivera with a refund of $430 ($100 to the card, $330 in cash)?').waitFor();
    await sure.getByRole('button', { name: 'Cancel the classes' }).click();
    await office.page.getByText('Cancelled Art in the Wild Camp. Refund: $430 ($100 to the card, $330 in cash). Seats are free again.').waitFor();
    await office.context.close();
    // The family sees where its money went, and owes nothing.
    await page.goto('/account/enrollments');
    const cancelled = page.getByRole('listitem').filter({ hasText: 'Cancelled' }).filter({ hasText: 'Art in the Wild Camp' });
    await cancelled.getByText(/refund \$430 · \$100 back to card ending 4242 · \$330 in cash/).waitFor();
    expect(await cancelled.locator('.money-summary dd').last().textContent()).toBe('$0');
    await context.close();
  });

  it('cancels a camp week itself from My Enrollments: sees what the policy gives first, then gets its card payment back (360 px)', async () => {
    const { context, page } = await signedIn(browser(), DEMO.family.email, DEMO.family.password, 360, 740);
    const ask = await cancellingPaidCamp(page, 'e2e-camp-cancelled');
    // The camps' policy: all of it back a month or more ahead, to the card it was paid with.
    await ask.getByText('If you cancel Art in the Wild Camp for Ava today: You will get $430 back to the card ending 4242 within 5–10 days.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await ask.getByLabel('Why (optional, for the office)').fill('Grandma is visiting that week');
    await ask.getByRole('button', { name: 'Cancel Art in the Wild Camp' }).click();
    await page.getByText('Art in the Wild Camp is cancelled for Ava. You will get $430 back to the card ending 4242 within 5–10 days.').waitFor();
    // The enrollment now says where the money went.
    await page.getByText(/refund \$430 · \$430 back to card ending 4242$/).waitFor();
    const enrollment = (await db().collection('enrollments').where('studentId', '==', 'demo-ava').where('classIds', '==', []).get()).docs.map((d) => d.data() as Enrollment).find((e) => e.cancellations?.[0]?.note === 'Cancelled by the family: Grandma is visiting that week');
    expect(enrollment?.cancellations?.[0]).toMatchObject({ refund: 43000, refundMethod: 'card', by: DEMO.family.email });
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('asks the office to cancel when the school decides cancellations; the office approves with the refund (1280 px) and the family sees it (360 px)', async () => {
    await db().doc('semesters/camps').update({ 'cancellationPolicy.selfService': false });
    try {
      const { context, page } = await signedIn(browser(), DEMO.family.email, DEMO.family.password, 360, 740);
      const ask = await cancellingPaidCamp(page, 'e2e-camp-asked');
      await ask.getByText('The office decides cancellations of this class: send it your request, and it answers by email.').waitFor();
      await ask.getByLabel('Why (optional, for the office)').fill('A broken arm');
      expect(await axeViolations(page)).toEqual([]);
      await ask.getByRole('button', { name: 'Send the request' }).click();
      await page.getByText(/^You asked the office on .+ to cancel Art in the Wild Camp for Ava: it answers by email\.$/).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      // The office finds it from the dashboard, with the family's words and what the policy gives, and approves.
      const office = await signedIn(browser(), DEMO.admin.email, DEMO.admin.password);
      await office.page.goto('/admin');
      await office.page.getByRole('link', { name: 'Requests from families' }).click();
      const request = office.page.getByRole('region', { name: 'Art in the Wild Camp for Ava Rivera' });
      await request.getByText('A broken arm').waitFor();
      await request.getByText('You will get $430 back to the card ending 4242 within 5–10 days.').waitFor();
      expect(await request.getByLabel('Refund if approved ($)').inputValue()).toBe('430.00');
      expect(await axeViolations(office.page)).toEqual([]);
      await request.getByRole('button', { name: /^Approve and cancel/ }).click();
      await office.page.getByText('No request is waiting.').waitFor();
      await office.context.close();

      // The family sees the class cancelled and its money on the way back to the card; the email says so.
      await page.reload();
      await expect.poll(() => page.getByText(/refund \$430 · \$430 back to card ending 4242$/).count()).toBe(2);
      const decided = (await db().collection('mail').where('kind', '==', 'change-decided').get()).docs.map((d) => d.get('message.subject') as string);
      expect(decided).toEqual(['Your request is approved — Wildwood Outdoor School']);
      await context.close();
    } finally {
      await db().doc('semesters/camps').update({ 'cancellationPolicy.selfService': true });
    }
  });

  it('moves a camp week itself from My Enrollments, owing the difference (360 px); asks to move back when the office decides, and the office approves (1280 px)', async () => {
    const { context, page } = await signedIn(browser(), DEMO.family.email, DEMO.family.password, 360, 740);
    await cancellingPaidCamp(page, 'e2e-camp-moved');
    await page.getByRole('button', { name: 'Keep it' }).click();
    await page.getByRole('button', { name: 'Move to another class… (Art in the Wild Camp for Ava)' }).click();
    const move = page.getByRole('group', { name: 'Move Ava from Art in the Wild Camp' });
    await move.getByLabel('Move Ava from Art in the Wild Camp to').selectOption('wilderness-week-1-3');
    await move.getByRole('button', { name: 'See what moving does' }).click();
    // The camps' policy: families move a week themselves, paying the difference.
    await move.getByText('If Ava moves to Wilderness Week (grades 1–3): Wilderness Week (grades 1–3) costs $20 more. You will owe $20, to pay from My Enrollments.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await move.getByRole('button', { name: 'Move Ava to Wilderness Week (grades 1–3)' }).click();
    await page.getByText('Ava is now enrolled in Wilderness Week (grades 1–3) instead of Art in the Wild Camp. Wilderness Week (grades 1–3) costs $20 more. You will owe $20, to pay from My Enrollments.').waitFor();
    await page.getByText(/^Moved .+: from Art in the Wild Camp to Wilderness Week \(grades 1–3\)$/).waitFor();
    const moved = (await db().collection('enrollments').where('studentId', '==', 'demo-ava').where('classIds', '==', ['wilderness-week-1-3']).get()).docs.map((d) => d.data() as Enrollment);
    expect(moved.map((e) => [e.total, e.balance])).toEqual([[45000, 2000]]);
    const subjects = (await db().collection('mail').where('enrollmentId', '==', moved[0].id).where('kind', '==', 'class-moved').get()).docs.map((d) => d.get('message.subject') as string);
    expect(subjects).toEqual(['Moved to another class — Wildwood Outdoor School']);

    // The school now decides moves itself: the family asks to move back, and a seat is kept meanwhile.
    await db().doc('semesters/camps').update({ 'cancellationPolicy.transfers': FieldValue.delete() });
    try {
      await page.reload();
      await page.waitForLoadState('networkidle');
      await page.getByRole('button', { name: 'Move to another class… (Wilderness Week (grades 1–3) for Ava)' }).click();
      const back = page.getByRole('group', { name: 'Move Ava from Wilderness Week (grades 1–3)' });
      await back.getByLabel('Move Ava from Wilderness Week (grades 1–3) to').selectOption('art-in-the-wild');
      await back.getByRole('button', { name: 'See what moving does' }).click();
      await back.getByText('The office decides moves between classes: send it your request, and it answers by email. A seat in the new class is kept for your child meanwhile.').waitFor();
      await back.getByLabel('Why (optional, for the office)').fill('Art suits her better after all');
      expect(await axeViolations(page)).toEqual([]);
      await back.getByRole('button', { name: 'Send the request' }).click();
      await page.getByText(/^You asked the office on .+ to move from Wilderness Week \(grades 1–3\) to Art in the Wild Camp for Ava: it answers by email\.$/).waitFor();

      const office = await signedIn(browser(), DEMO.admin.email, DEMO.admin.password);
      await office.page.goto('/admin/requests');
      const request = office.page.getByRole('region', { name: 'Ava Rivera: move from Wilderness Week (grades 1–3) to Art in the Wild Camp' });
      await request.getByText('Art suits her better after all').waitFor();
      await request.getByText('Art in the Wild Camp costs $20 less.').waitFor();
      expect(await request.getByLabel('Refund if approved ($)').count()).toBe(0);
      expect(await axeViolations(office.page)).toEqual([]);
      await request.getByRole('button', { name: /^Approve and move/ }).click();
      await office.page.getByText('No request is waiting.').waitFor();
      await office.context.close();

      // The family sees Ava back in Art in the Wild, owing nothing.
      await page.reload();
      await page.getByText(/^Moved .+: from Wilderness Week \(grades 1–3\) to Art in the Wild Camp$/).waitFor();
      const back2 = (await db().collection('enrollments').doc(moved[0].id).get()).data() as Enrollment;
      expect([back2.classIds, back2.total, back2.balance]).toEqual([['art-in-the-wild'], 43000, 0]);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await db().doc('semesters/camps').update({ 'cancellationPolicy.transfers': 'difference' });
    }
    await context.close();
  });

  it('cancels on the checkout page and comes back to the cart with the seat released (360 px)', async () => {
    const { context, page } = await signedIn(browser(), DEMO.family.email, DEMO.family.password, 360, 780);
    // Ava is enrolled in this term since the first test: the releases she signed then are kept.
    await toReview(page, 'Moss Makers', undefined, /Ava Rivera/, true);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Pay $260 by card' }).click();
    await page.getByRole('heading', { name: 'Test checkout' }).waitFor();
    expect(await seats('moss-makers')).toBe(1);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('heading', { name: 'Review and submit' }).waitFor();
    await page.getByText('Nothing was charged. Your classes are still in your cart.').waitFor();
    await page.getByRole('cell', { name: 'Moss Makers' }).waitFor();
    // The same visit goes on: nothing says it continues "from your last visit".
    expect(await page.getByText('Continued from your last visit.').count()).toBe(0);
    expect(await seats('moss-makers')).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // Trying again from the same cart pays and confirms.
    await page.getByRole('button', { name: 'Pay $260 by card' }).click();
    await page.getByRole('heading', { name: 'Test checkout' }).waitFor();
    await page.getByRole('button', { name: 'Pay $260.00' }).click();
    await page.getByRole('heading', { name: 'Payment received — Ava is enrolled' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await seats('moss-makers')).toBe(1);
    await context.close();
  });

  it('a hold that lapses gives its seat back; the late page cannot be paid and nothing is charged', async () => {
    const { context, page } = await signedIn(browser(), DEMO.family.email, DEMO.family.password, 360, 780);
    await page.goto(await heldByCard('bark-builders', 'e2e-lapsing', 26000));
    await page.getByRole('heading', { name: 'Test checkout' }).waitFor();
    expect(await seats('bark-builders')).toBe(1);
    // Meanwhile My Enrollments counts the held time down, with the way back to Stripe's page.
    const mine = await context.newPage();
    await mine.goto('/account/enrollments');
    const held = mine.getByRole('listitem').filter({ hasText: 'Bark Builders' });
    const timer = held.getByRole('timer');
    const first = await timer.textContent();
    expect(first).toMatch(/^(30|29):\d\d$/);
    await expect.poll(() => timer.textContent(), { timeout: 5000 }).not.toBe(first);
    expect(await held.getByRole('link', { name: 'Finish paying by card' }).getAttribute('href')).toBe(page.url());
    expect(await axeViolations(mine)).toEqual([]);
    await mine.close();

    // Half an hour passes (the hold's end moved into the past), and the sweep runs.
    const holds = (await db().collection('enrollments').where('status', '==', 'pending_payment').get()).docs.map((d) => d.data() as Enrollment);
    expect(holds.map((e) => e.classIds)).toEqual([['bark-builders']]);
    await lapseHold(holds[0].id);
    process.env.FUNCTIONS_EMULATOR = 'true';
    process.env.STRIPE_SECRET_KEY = STANDIN.secretKey;
    const { releaseLapsedHolds } = await import('../../functions/src/usecases/cardPayments');
    const { lapsedHolds } = await import('../../functions/src/data/holds');
    expect(await releaseLapsedHolds(new Date(), await lapsedHolds(new Date()))).toBe(1);
    // Closing the page makes Stripe send "expired", whose webhook may end the hold first: the class's
    // count follows just after that transaction, in the webhook's own call.
    await expect.poll(() => seats('bark-builders')).toBe(0);

    await page.reload();
    await page.getByText('This checkout is expired.').waitFor();
    expect(await page.getByRole('button', { name: /^Pay/ }).count()).toBe(0);
    await page.goto('/account/enrollments');
    // An attempt left unpaid is folded last, saying nothing was charged.
    await page.getByText(/^Not completed: \d+ checkouts? left unpaid — nothing was charged$/).click();
    await page.getByRole('listitem').filter({ hasText: 'Bark Builders' }).getByText('Not completed (unpaid)').waitFor();
    expect(await page.getByRole('listitem').filter({ hasText: 'Bark Builders' }).getByText('Balance').locator('..').textContent()).toBe('Balance$0');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('pays the family’s balance of two office enrollments in one card payment from My Enrollments (360 px)', async () => {
    // Ava and Leo enrolled to pay the office later (through the callable, as the review step does).
    const family = await signInDemo('family');
    const enrolled = [];
    for (const [studentId, classId] of [['demo-ava', 'fern-finders'], ['demo-leo', 'pond-painters']]) {
      const office = await enrollAtQuotedPrice(family.idToken, { studentId, lines: [{ classId, addOnIds: [] }], idempotencyKey: `e2e-office-${classId}`, infoConfirmed: true });
      expect(office.status, JSON.stringify(office.error)).toBe(200);
      enrolled.push(office.result!.enrollment);
    }
    const [ava, leo] = enrolled;
    const total = formatCents(ava.total + leo.total);
    const { context, page } = await signedIn(browser(), DEMO.family.email, DEMO.family.password, 360, 780);
    await page.goto('/account/enrollments');
    const fern = page.getByRole('listitem').filter({ hasText: 'Fern Finders' });
    await fern.getByRole('button', { name: `Pay balance ${formatCents(ava.total)} by card` }).waitFor();
    const whole = page.getByRole('region', { name: `The family’s balance: ${total}` });
    await whole.getByText(`Ava Rivera ${formatCents(ava.total)} · Leo Rivera ${formatCents(leo.total)}.`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await whole.getByRole('button', { name: `Pay the family’s balance ${total} by card` }).click();
    await page.getByRole('heading', { name: 'Test checkout' }).waitFor();
    await page.getByRole('button', { name: `Pay ${total}.00` }).click();
    await page.getByRole('heading', { name: 'Payment received — Ava and Leo are enrolled' }).waitFor();
    await page.getByText(`We charged ${total} to your Visa card ending 4242.`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto('/account/enrollments');
    await fern.getByText(new RegExp(`Paid \\${formatCents(ava.total)} on .* by Visa card ending 4242`)).waitFor();
    const pond = page.getByRole('listitem').filter({ hasText: 'Pond Painters' });
    await pond.getByText(new RegExp(`Paid \\${formatCents(leo.total)} on .* by Visa card ending 4242`)).waitFor();
    expect(await page.getByRole('button', { name: /Pay (balance|the family)/ }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('enrolls a new family once it has opened the link that verifies its email, by card or at the office (360 px)', async () => {
    const user = await createUnverifiedUser('new.later@example.com', 'later-pass-1');
    const saved = await callAs(user, 'saveStudent', { profile: { ...AVA, firstName: 'Lane', guardians: [AVA.guardians[0]] }, reviewed: true });
    expect(saved.status, JSON.stringify(saved.error)).toBe(200);
    const { context, page } = await newPage(browser(), 360, 780);
    await signInAs(page, user.email, 'later-pass-1');
    await toReview(page, 'Fern Finders', undefined, /Lane Rivera/);
    const notice = page.getByRole('group', { name: 'Verify your email to enroll' });
    await notice.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Neither by card nor at the office before the address is proven.
    await page.getByRole('button', { name: /^Pay .* by card$/ }).click();
    await page.getByText('Please verify your email address first (see How to pay).').waitFor();
    await page.getByRole('radio', { name: 'Pay the office later (check, cash or Venmo)' }).check();
    await page.getByRole('button', { name: 'Enroll Lane' }).click();
    await page.getByText('Please verify your email address first (see How to pay).').waitFor();
    await notice.getByRole('button', { name: 'I have opened the link' }).click();
    await notice.getByText('Your email is not verified yet').waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    expect(await focused()).toBe('I have opened the link');

    // "Send the link again", then the family opens it (in another tab) and comes back.
    await notice.getByRole('button', { name: 'Send the link again' }).click();
    await notice.getByText(`We sent a new link to ${user.email}.`).waitFor();
    const links = await oobLinks(user.email);
    expect(links.length).toBe(1);
    const tab = await context.newPage();
    await tab.goto(links[0]);
    await tab.close();
    // Back on the review step, it carries on by itself (no button to press), and the words that asked go.
    await page.bringToFront();
    await notice.waitFor({ state: 'detached' });
    // The keyboard's place was in the box that went: it is on the section's heading now.
    expect(await focused()).toBe('How to pay');
    expect(await page.getByText('Please verify your email address first').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    // A new family's first checkout: who holds the account, asked once.
    const holder = page.getByRole('group', { name: 'Account holder' });
    await holder.getByLabel('Your name').fill('Sam Rivera');
    await holder.getByLabel('Your phone').fill('(555) 010-6000');
    await page.getByRole('button', { name: 'Enroll Lane' }).click();
    await page.getByRole('heading', { name: 'Lane Rivera is enrolled' }).waitFor();
    const made = (await db().collection('enrollments').where('ownerUid', '==', user.uid).get()).docs.map((d) => d.data() as Enrollment);
    expect(made.map((e) => [e.status, e.classIds])).toEqual([['confirmed', ['fern-finders']]]);
    await context.close();
  });

  it('account credit the office gives pays first at the family’s next checkout; Stripe asks for the rest (office 1280 px, family 360 px)', async () => {
    const family = await familyWithStudent('cora.credit@example.com', 'Cora', 'Credit');
    // The office gives the family $100 with a reason; the ledger shows it.
    const office = await signedIn(browser(), DEMO.admin.email, DEMO.admin.password);
    await office.page.goto('/admin/credits');
    await office.page.getByRole('heading', { name: 'Account credit' }).waitFor();
    await office.page.getByLabel('Family’s account email').fill('cora.credit@example.com');
    await office.page.getByLabel('Amount ($)').fill('100');
    await office.page.getByRole('button', { name: 'Give credit' }).click();
    await office.page.getByText('Say why, in words for the family.').waitFor();
    await office.page.getByLabel('Reason (the family reads it)').fill('A day of camp the school cancelled');
    await office.page.getByRole('button', { name: 'Give credit' }).click();
    await office.page.getByText('Gave $100 to cora.credit@example.com. Their credit: $100.').waitFor();
    await office.page.getByRole('row', { name: /cora\.credit@example\.com \$100/ }).waitFor();
    await office.page.locator('.p-toast-message').waitFor({ state: 'detached' });
    expect(await axeViolations(office.page)).toEqual([]);
    await office.context.close();

    // The family sees it, and its next checkout uses it before the card.
    const { context, page } = await newPage(browser(), 360, 780);
    await signInAs(page, 'cora.credit@example.com', 'secret-pass-1');
    await page.goto('/account/enrollments');
    const credit = page.getByRole('region', { name: 'Account credit: $100' });
    await credit.getByText('How it came and went').click();
    await credit.getByRole('row', { name: /A day of camp the school cancelled \+\$100/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await toReview(page, 'Bark Builders', undefined, /Cora Credit/);
    await page.getByText('Your account credit pays $100 of this. You pay $160 by card now.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const holder = page.getByRole('group', { name: 'Account holder' });
    await holder.getByLabel('Your name').fill('Sam Rivera');
    await holder.getByLabel('Your phone').fill('(555) 010-6100');
    await page.getByRole('button', { name: 'Pay $160 by card' }).click();
    await page.getByRole('heading', { name: 'Test checkout' }).waitFor();
    await page.getByRole('button', { name: 'Pay $160.00' }).click();
    await page.getByRole('heading', { name: 'Payment received — Cora is enrolled' }).waitFor();
    await page.getByText('We charged $160 to your Visa card ending 4242.').waitFor();
    await page.goto('/account/enrollments');
    const bark = page.getByRole('listitem').filter({ hasText: 'Bark Builders' });
    await bark.getByText(/Paid \$100 on .* in account credit/).waitFor();
    await bark.getByText(/Paid \$160 on .* by Visa card ending 4242/).waitFor();
    await page.getByRole('region', { name: 'Account credit: $0' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // The same figures in the office's books: paid in full, the credit used once.
    const e = (await db().collection('enrollments').where('ownerUid', '==', family.user.uid).get()).docs[0].data() as Enrollment;
    expect([e.status, e.balance, e.payments.map((p) => [p.method, p.amount])]).toEqual(['confirmed', 0, [['credit', 10000], ['card', 16000]]]);
    await context.close();
  });

  it('pays a camp in three monthly payments: the first on Stripe’s page, the next charged on its date; a declined one paid with another card (family 360 px, office 1280 px)', async () => {
    process.env.FUNCTIONS_EMULATOR = 'true';
    process.env.STRIPE_SECRET_KEY = STANDIN.secretKey;
    const family = await familyWithStudent('mia.monthly@example.com', 'Mia', 'Monthly');
    const today = schoolToday();
    const [second, third] = [addMonthsIso(today, 1), addMonthsIso(today, 2)].map((d) => [d, formatDate(d, true)]);
    const { context, page } = await newPage(browser(), 360, 780);
    await signInAs(page, 'mia.monthly@example.com', 'secret-pass-1');
    await toReview(page, 'Art in the Wild Camp', /Summer Camps/, /Mia Monthly/);
    const holder = page.getByRole('group', { name: 'Account holder' });
    await holder.getByLabel('Your name').fill('Max Monthly');
    await holder.getByLabel('Your phone').fill('(555) 010-6200');
    await page.getByRole('radio', { name: `Pay in 3 monthly payments: $143.34 today, $143.33 on ${second[1]}, $143.33 on ${third[1]}` }).check();
    await page.getByText('The card you pay with on Stripe’s page is saved and charged on each date.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Pay $143.34 by card' }).click();
    await page.getByRole('heading', { name: 'Test checkout' }).waitFor();
    await page.getByText(`First of 3 monthly payments: Art in the Wild Camp — Mia Monthly (then $143.33 on ${second[1]}, $143.33 on ${third[1]}, charged to the card you pay with now)`).waitFor();
    await page.getByRole('button', { name: 'Pay $143.34' }).click();
    await page.getByRole('heading', { name: 'Payment received — Mia is enrolled' }).waitFor();
    await page.goto('/account/enrollments');
    const card = page.getByRole('listitem').filter({ hasText: 'Art in the Wild Camp' });
    await card.getByText(`Monthly payments: 1 of 3 paid with the Visa card ending 4242. To come: $143.33 on ${second[1]}, $143.33 on ${third[1]}.`).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // On the second date the saved card declines: My Enrollments says why, and the family pays with another card.
    const e = (await db().collection('enrollments').where('ownerUid', '==', family.user.uid).get()).docs[0].data() as Enrollment;
    await (await fetch(`${STANDIN.api}/__standin/cards/${e.instalments!.paymentMethod}/declines`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: 'insufficient_funds' }) })).json();
    const { chargeInstalments } = await import('../../functions/src/usecases/instalments');
    expect(await chargeInstalments(new Date(`${second[0]}T17:00:00Z`))).toEqual({ charged: 0, declined: 1, officeTold: 0 });
    await page.reload();
    const alert = card.getByRole('alert');
    await alert.getByText(`Monthly payment 2 of 3 ($143.33) did not go through on ${second[1]}: the card has insufficient funds. The card is tried again on ${formatDate(addDaysIso(second[0], 3), true)}.`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await alert.getByRole('button', { name: 'Pay $143.33 now with another card' }).waitFor();
    // The email's link opens the payment's page straight away (My Enrollments asked to, once signed in).
    const declinedMail = (await db().doc(`mail/instalment-declined_${e.id}_1_1`).get()).get('message.text') as string;
    const link = new URL(declinedMail.match(/^Pay now with another card: (\S+)$/m)![1]);
    expect(link.pathname + link.search).toBe(`/account/enrollments?pay=${e.id}`);
    await page.goto(link.pathname + link.search);
    await page.getByRole('heading', { name: 'Test checkout' }).waitFor();
    await page.getByRole('button', { name: 'Pay $143.33' }).click();
    await page.getByRole('heading', { name: 'My Enrollments' }).waitFor();
    await card.getByText(`Monthly payments: 2 of 3 paid with the Visa card ending 4242. To come: $143.33 on ${third[1]}.`).waitFor();
    expect(await card.getByRole('alert').count()).toBe(0);
    await card.getByText(/Paid \$143\.33 on .* by Visa card ending 4242/).waitFor();
    await context.close();

    // The office sees the plan in the enrollment's dialog, the same figures.
    const office = await signedIn(browser(), DEMO.admin.email, DEMO.admin.password);
    await office.page.goto('/admin/enrollments?semester=camps');
    await office.page.getByLabel('Monthly payments').selectOption({ label: 'On monthly payments' });
    // The row says how far the plan is paid and when the card is charged next.
    await office.page.getByRole('row').filter({ hasText: 'Mia Monthly' }).getByText(`Monthly 2/3, next ${formatDate(third[0])}`).waitFor();
    await office.page.getByRole('button', { name: 'Payments & changes for Mia Monthly' }).click();
    await office.page.getByRole('dialog').getByText(`Monthly payments: 2 of 3 paid with the Visa card ending 4242. To come: $143.33 on ${third[1]}.`).waitFor();
    expect(await axeViolations(office.page)).toEqual([]);
    await office.context.close();
  });

  it('gives a donation by card from the donation page to the financial aid fund (360 px)', async () => {
    const { context, page } = await newPage(browser(), 360, 780);
    const fundBefore = (await db().doc('aidFunds/general-aid').get()).get('gifts') as number;
    await page.goto('/donate-venmo');
    await page.getByLabel('Amount (US dollars)').fill('35');
    await page.getByLabel('Where your gift goes').selectOption({ label: 'General aid fund (financial aid)' });
    await page.getByLabel('Email for your receipt').fill('friend@example.com');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Give $35 by card' }).click();
    await page.getByRole('heading', { name: 'Test checkout' }).waitFor();
    await page.getByRole('button', { name: 'Pay $35.00' }).click();
    await page.getByText('Thank you for your gift!').waitFor();
    expect(path(page)).toBe('/donate-venmo');
    expect(await axeViolations(page)).toEqual([]);
    const gifts = (await db().collection('donations').where('email', '==', 'friend@example.com').get()).docs.map((d) => [d.get('amount'), d.get('fundId')]);
    expect(gifts).toEqual([[3500, 'general-aid']]);
    // The fund holds the gift; the receipt says where it went.
    expect((await db().doc('aidFunds/general-aid').get()).get('gifts')).toBe(fundBefore + 3500);
    const receipt = (await db().collection('mail').where('kind', '==', 'gift-receipt').where('to', 'array-contains', 'friend@example.com').get()).docs.map((d) => d.get('message.text') as string);
    expect(receipt.join('\n')).toContain('It goes to the General aid fund: financial aid for families who could not otherwise come.');
    await context.close();
  });

  it('answers through Hosting within 50 s when Stripe is slow (Hosting gives up at 60 s): "try again" in words, and the retry works', async () => {
    const { family, id, waited, answer } = await slowPayment;
    expect(waited, JSON.stringify(answer)).toBeGreaterThanOrEqual(49_000);
    expect(waited).toBeLessThan(56_000);
    expect([answer.status, answer.body.error]).toEqual([503, { status: 'UNAVAILABLE', message: TOO_LONG }]);
    // Stripe answers again: Pay balance opens the page.
    const again = await callAs(family.user, 'payBalance', { enrollmentId: id });
    expect(again.status, JSON.stringify(again.error)).toBe(200);
    expect(again.result!.checkoutUrl).toMatch(/\/pay\/cs_test_/);
  });
});
