// Monthly plans with real ID tokens and the Stripe stand-in holding Stripe's rules for saved cards: the
// first payment on Stripe's page saves the card to a customer; the daily job (called with a date)
// charges each payment on its date off-session, once; a decline emails the family with the reason and
// is tried again after 3 and 7 days, then the office is told; the family pays a failed payment with
// another card, which then pays the rest; what the office records or refunds changes the payments left.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClassRecord, Enrollment } from '../../contract/domain';
import { formatDate } from '../../contract/format';
import { claimPayParts } from '../../contract/instalments';
import { addDaysIso, schoolToday } from '../../contract/schedule';
import { addMonthsIso } from '../../functions/src/domain/instalments';
import { adminDb } from '../../scripts/demo/adminApp';
import { STANDIN } from '../../scripts/stripe/config';
import { callAs, signInDemo, useSeededDemo } from '../support/fixtures';
import { booksProblems, duringStripeOutage, standIn } from '../support/ledger';
import { addClassesLikeWildArt, AVA, familyWithStudent, signedReleases } from '../support/samples';

const db = () => adminDb();
const enrollment = async (id: string) => (await db().doc(`enrollments/${id}`).get()).data() as Enrollment;
const mail = async (id: string) => (await db().doc(`mail/${id}`).get()).get('message.text') as string | undefined;
const job = async (day: string) => (await import('../../functions/src/usecases/instalments')).chargeInstalments(new Date(`${day}T17:00:00Z`));
type Family = Awaited<ReturnType<typeof familyWithStudent>>;

const TODAY = schoolToday();
const DATES = [TODAY, addMonthsIso(TODAY, 1), addMonthsIso(TODAY, 2)];

/** A class of 300 dollars starting in four months, in a semester offering three monthly payments. */
async function planClass(id: string) {
  const template = await addClassesLikeWildArt([{ id, title: `Plan ${id}`, capacity: 5, weekday: 3 }]);
  await db().doc(`classes/${id}`).update({ price: 30000, startDate: addDaysIso(TODAY, 120), endDate: addDaysIso(TODAY, 160), registrationDeadline: addDaysIso(TODAY, 100) } satisfies Partial<ClassRecord>);
  await db().doc(`semesters/${template.semesterId}`).update({ instalments: 3 });
}

/** The family enrolls on the plan and pays the first payment on Stripe's page. */
async function onPlan(family: Family, classId: string): Promise<Enrollment> {
  const lines = [{ classId, addOnIds: [] }];
  const quote = await callAs(family.user, 'priceBasket', { lines, codes: [], studentId: family.studentId });
  expect(quote.result!.instalments).toEqual({ payments: DATES.map((due) => ({ due, amount: 10000 })) });
  const made = await callAs(family.user, 'enroll', { studentId: family.studentId, lines, codes: [], expectedTotal: 30000, infoConfirmed: false, releases: signedReleases(AVA.guardians[0].name), idempotencyKey: `plan-${classId}-${family.studentId}`.slice(0, 64), payWith: 'card', payInstalments: true });
  expect(made.status, JSON.stringify(made.error)).toBe(200);
  const held = await enrollment(made.result!.enrollment.id);
  expect([held.hold!.amount, held.instalments, held.balanceDueDate]).toEqual([10000, { dates: DATES, paid: 0 }, DATES[2]]);
  const page = (await standIn<{ session: { customer: string | null } }>(`/__standin/sessions/${held.hold!.sessionId}/pay`)).session;
  expect(page.customer).toMatch(/^cus_/);
  return enrollment(held.id);
}

describe('monthly plans', () => {
  useSeededDemo();
  beforeAll(() => {
    process.env.FUNCTIONS_EMULATOR = 'true';
    process.env.STRIPE_SECRET_KEY = STANDIN.secretKey;
  });

  it('the first payment saves the card; each next one is charged on its date, once; a decline is tried again, then paid by the family with another card', async () => {
    await planClass('plan-a');
    const family = await familyWithStudent('plan.a@example.com', 'Pia', 'Plan');
    const e = await onPlan(family, 'plan-a');
    expect([e.status, e.balance, e.instalments!.paid, e.instalments!.nextOn, e.instalments!.card]).toEqual(['confirmed', 20000, 1, DATES[1], { brand: 'visa', last4: '4242' }]);
    expect(e.instalments!.paymentMethod).toMatch(/^pm_/);
    // The receipt says what comes, and no office instructions for a balance the card pays.
    const receipt = (await db().collection('mail').where('enrollmentId', '==', e.id).where('kind', '==', 'receipt').get()).docs.map((d) => d.get('message.text') as string);
    expect(receipt).toHaveLength(1);
    expect(receipt[0]).toContain(`Monthly payments to come: $100 on ${formatDate(DATES[1], true)}, $100 on ${formatDate(DATES[2], true)}, charged to your Visa card ending 4242.`);
    expect(receipt[0]).not.toContain('How to pay:');
    // Not before its date; on it, once however often the job runs that day.
    expect(await job(addDaysIso(DATES[1], -1))).toEqual({ charged: 0, declined: 0, officeTold: 0 });
    expect(await job(DATES[1])).toEqual({ charged: 1, declined: 0, officeTold: 0 });
    expect(await job(DATES[1])).toEqual({ charged: 0, declined: 0, officeTold: 0 });
    const second = await enrollment(e.id);
    expect([second.balance, second.instalments!.paid, second.instalments!.nextOn, second.payments.map((p) => p.amount)]).toEqual([10000, 2, DATES[2], [10000, 10000]]);
    expect(second.payments[1].note).toBe('Monthly payment 2 of 3, by Visa card ending 4242');
    expect(await mail(`payment-received_${second.payments[1].card!.paymentIntent}`)).toContain('We received $100 from your Visa card ending 4242 (monthly payment 2 of 3) for Pia Plan.');

    // The card starts declining: the family hears why and when it is tried again; once a day at most.
    expect((await standIn<{ card: unknown }>(`/__standin/cards/${e.instalments!.paymentMethod}/declines`, { code: 'insufficient_funds' })).card).toBeTruthy();
    expect(await job(DATES[2])).toEqual({ charged: 0, declined: 1, officeTold: 0 });
    expect(await job(DATES[2])).toEqual({ charged: 0, declined: 0, officeTold: 0 });
    const failed = await enrollment(e.id);
    expect(failed.instalments).toMatchObject({ paid: 2, nextOn: addDaysIso(DATES[2], 3), failed: { since: DATES[2], tries: 1, reason: 'the card has insufficient funds', amount: 10000 } });
    expect(await mail(`instalment-declined_${e.id}_2_1`)).toContain('Monthly payment 3 of 3 ($100) for Pia Plan did not go through: the card has insufficient funds.');
    const stranger = await familyWithStudent('plan.stranger@example.com', 'Sly', 'Stranger');
    expect((await callAs(stranger.user, 'payInstalment', { enrollmentId: e.id })).status).toBe(404);

    // Stripe unreachable: the family is told in words, and the plan waits as it was.
    const down = await duringStripeOutage(() => callAs(family.user, 'payInstalment', { enrollmentId: e.id }));
    expect([down.status, down.error?.message]).toEqual([503, 'Card payments are not available right now. Nothing was charged; please try again in a few minutes.']);
    expect((await enrollment(e.id)).instalments).toEqual(failed.instalments);

    // The family pays it now with another card: recorded once, the plan paid off, the new card kept.
    const page = await callAs(family.user, 'payInstalment', { enrollmentId: e.id });
    expect(page.status, JSON.stringify(page.error)).toBe(200);
    const sessionId = new URL(page.result!.checkoutUrl).pathname.split('/').at(-1)!;
    expect((await standIn<{ webhookStatus: number }>(`/__standin/sessions/${sessionId}/pay`)).webhookStatus).toBe(200);
    const paid = await enrollment(e.id);
    expect([paid.balance, paid.instalments!.paid, paid.instalments!.nextOn, paid.instalments!.failed, paid.payments.length]).toEqual([0, 3, undefined, undefined, 3]);
    expect(paid.instalments!.paymentMethod).not.toBe(e.instalments!.paymentMethod);
    expect(await job(addDaysIso(DATES[2], 3))).toEqual({ charged: 0, declined: 0, officeTold: 0 });
    expect((await callAs(family.user, 'payInstalment', { enrollmentId: e.id })).error?.message).toBe('No monthly payment is waiting to be paid on this enrollment.');
    expect(await booksProblems(['plan-a'])).toEqual([]);
  });

  it('what the office records or refunds changes the payments left; a card that keeps declining is tried after 3 and 7 days, then the office is told and the seat stays', async () => {
    await planClass('plan-b');
    const family = await familyWithStudent('plan.b@example.com', 'Bo', 'Plan');
    const e = await onPlan(family, 'plan-b');
    const admin = await signInDemo('admin');
    // $50 paid at the office: the two payments left share the $150 owed.
    expect((await callAs(admin, 'adminRecordPayment', { enrollmentId: e.id, amount: 5000, method: 'cash', note: 'At the desk' })).status).toBe(200);
    expect(await job(DATES[1])).toEqual({ charged: 1, declined: 0, officeTold: 0 });
    expect((await enrollment(e.id)).payments.map((p) => p.amount)).toEqual([10000, 5000, 7500]);

    await standIn(`/__standin/cards/${e.instalments!.paymentMethod}/declines`, { code: 'card_declined' });
    expect(await job(DATES[2])).toMatchObject({ declined: 1 });
    expect(await job(addDaysIso(DATES[2], 2))).toMatchObject({ declined: 0 });
    expect(await job(addDaysIso(DATES[2], 3))).toMatchObject({ declined: 1 });
    expect(await job(addDaysIso(DATES[2], 7))).toEqual({ charged: 0, declined: 0, officeTold: 1 });
    const told = await enrollment(e.id);
    expect([told.status, told.balance, told.instalments!.nextOn, told.instalments!.failed!.tries]).toEqual(['confirmed', 7500, undefined, 3]);
    // The office finds it among the declined plans of the semester.
    const semesterId = (await db().doc('classes/plan-b').get()).get('semesterId') as string;
    const declined = await callAs(admin, 'adminEnrollments', { semesterId, monthly: 'declined' });
    expect(declined.result!.rows.map((r) => r.id)).toEqual([e.id]);
    expect((await callAs(admin, 'adminEnrollments', { semesterId, monthly: 'plan' })).result!.rows.map((r) => r.id)).toContain(e.id);
    expect(told.flag).toBe('The card declined monthly payment 3 of 3 ($75) 3 times (the card was declined): ask the family to pay it, or record a payment.');
    expect(await mail(`instalment-declined_${e.id}_2_3`)).toContain('We will not try the card again: the office will contact you. Your child keeps the seat.');
    expect(await job(addDaysIso(DATES[2], 30))).toEqual({ charged: 0, declined: 0, officeTold: 0 });
    expect((await db().collection('classes/plan-b/roster').get()).docs.map((d) => d.id)).toEqual([family.studentId]);

    // The office cancels the class, giving back what the card paid: never more than was paid.
    const quote = await callAs(admin, 'adminCancelQuote', { enrollmentId: e.id, classIds: ['plan-b'] });
    expect(quote.status, JSON.stringify(quote.error)).toBe(200);
    const tooMuch = await callAs(admin, 'adminCancelEnrollment', { enrollmentId: e.id, classIds: ['plan-b'], refund: 22501, refundMethod: 'card', note: 'Moving away' });
    expect(tooMuch.status).toBe(400);
    const cancelled = await callAs(admin, 'adminCancelEnrollment', { enrollmentId: e.id, classIds: ['plan-b'], refund: 22500, refundMethod: 'cash', cardRefund: 17500, note: 'Moving away' });
    expect(cancelled.status, JSON.stringify(cancelled.error)).toBe(200);
    expect((await enrollment(e.id)).balance).toBe(0);
    expect(await job(addDaysIso(DATES[2], 31))).toEqual({ charged: 0, declined: 0, officeTold: 0 });
    expect(await booksProblems(['plan-b'])).toEqual([]);
  });

  it('a waitlist claim pays in monthly payments too: its own lower total shared over the same dates, the first on Stripe’s page', async () => {
    await planClass('plan-d');
    await db().doc('classes/plan-d').update({ capacity: 1 });
    const admin = await signInDemo('admin');
    const lines = [{ classId: 'plan-d', addOnIds: [] }];
    const first = await familyWithStudent('plan.d1@example.com', 'Di', 'First');
    const taken = await callAs(first.user, 'enroll', { studentId: first.studentId, lines, codes: [], expectedTotal: 30000, infoConfirmed: false, releases: signedReleases(AVA.guardians[0].name), idempotencyKey: 'plan-d-first', payWith: 'office' });
    expect(taken.status, JSON.stringify(taken.error)).toBe(200);
    const waiting = await familyWithStudent('plan.d2@example.com', 'Dee', 'Waits');
    const joined = await callAs(waiting.user, 'joinWaitlist', { studentId: waiting.studentId, lines, codes: [], expectedTotal: 30000, infoConfirmed: false, releases: signedReleases(AVA.guardians[0].name), idempotencyKey: 'plan-d-wait' });
    expect(joined.status, JSON.stringify(joined.error)).toBe(200);
    // The price rises while the family waits; the seat frees and is offered at the quote, the lower.
    await db().doc('classes/plan-d').update({ price: 36000 });
    await db().doc('config/catalogue').set({ stamp: `plan-d-${Date.now()}`, at: new Date().toISOString() });
    expect((await callAs(admin, 'adminCancelEnrollment', { enrollmentId: taken.result!.enrollment.id, classIds: ['plan-d'], refund: 0, note: 'Moved away' })).status).toBe(200);
    await expect.poll(async () => (await db().doc(`waitlist/${joined.result!.entry.id}`).get()).get('status')).toBe('offered');
    const today = (await callAs(waiting.user, 'priceCart', { children: [{ studentId: waiting.studentId, lines }], codes: [] })).result!;
    expect([today.total, today.instalments!.payments.map((p) => p.amount)]).toEqual([36000, [12000, 12000, 12000]]);
    // What My Enrollments offers for the claim, and what the checkout makes of it, agree.
    const offered = claimPayParts(today, 30000).instalments!;
    expect(offered.payments).toEqual(DATES.map((due) => ({ due, amount: 10000 })));
    const claimed = await callAs(waiting.user, 'claimOffer', { entryId: joined.result!.entry.id, expectedTotal: 30000, idempotencyKey: 'plan-d-claim', payWith: 'card', payInstalments: true, expectedCredit: 0 });
    expect(claimed.status, JSON.stringify(claimed.error)).toBe(200);
    const held = await enrollment(claimed.result!.enrollment.id);
    expect([held.total, held.hold!.amount, held.instalments, held.waitlistEntryId]).toEqual([30000, offered.payments[0].amount, { dates: DATES, paid: 0 }, joined.result!.entry.id]);
    await standIn(`/__standin/sessions/${held.hold!.sessionId}/pay`);
    const paid = await enrollment(held.id);
    expect([paid.status, paid.balance, paid.instalments!.paid, paid.instalments!.nextOn]).toEqual(['confirmed', 20000, 1, DATES[1]]);
    expect((await db().doc(`waitlist/${joined.result!.entry.id}`).get()).get('status')).toBe('enrolled');
    expect(await job(DATES[1])).toEqual({ charged: 1, declined: 0, officeTold: 0 });
    expect((await enrollment(held.id)).balance).toBe(10000);
    // The bank asks for the family's own confirmation (no off-session charge can give it): the email
    // says so, and its link opens My Enrollments asking for the payment's page, where the bank can ask.
    await standIn(`/__standin/cards/${paid.instalments!.paymentMethod}/declines`, { code: 'authentication_required' });
    expect(await job(DATES[2])).toEqual({ charged: 0, declined: 1, officeTold: 0 });
    const asked = (await mail(`instalment-declined_${held.id}_2_1`))!;
    expect(asked).toContain('Monthly payment 3 of 3 ($100) for Dee Waits did not go through: your bank asks you to confirm the payment yourself.');
    expect(asked).toMatch(new RegExp(`^Pay now with another card: https?://[^/]+/account/enrollments\\?pay=${held.id}$`, 'm'));
    expect(await booksProblems(['plan-d'])).toEqual([]);
  });

  it('is offered only by card, where the semester has one, and refused with a deposit', async () => {
    await planClass('plan-c');
    const family = await familyWithStudent('plan.c@example.com', 'Cy', 'Plan');
    const lines = [{ classId: 'plan-c', addOnIds: [] }];
    const base = { studentId: family.studentId, lines, codes: [], expectedTotal: 30000, infoConfirmed: false, releases: signedReleases(AVA.guardians[0].name), payInstalments: true };
    expect((await callAs(family.user, 'enroll', { ...base, idempotencyKey: 'plan-c-both', payWith: 'card', payDeposit: true })).error?.message).toBe('Choose a deposit or monthly payments, not both.');
    // The office stops offering the plan (a change it stamps, so every instance reads it afresh).
    await db().doc(`semesters/${(await db().doc('classes/plan-c').get()).get('semesterId')}`).update({ instalments: null });
    await db().doc('config/catalogue').set({ stamp: `no-plan-${Date.now()}`, at: new Date().toISOString() });
    expect((await callAs(family.user, 'priceBasket', { lines, codes: [], studentId: family.studentId })).result!.instalments).toBeNull();
    expect((await callAs(family.user, 'enroll', { ...base, idempotencyKey: 'plan-c-none', payWith: 'card' })).error?.message).toBe('Monthly payments are not offered for these classes now: please pay in full.');
    // At the office, the choice means nothing: the enrollment owes its total as any other.
    const office = await callAs(family.user, 'enroll', { ...base, idempotencyKey: 'plan-c-office', payWith: 'office' });
    expect(office.status, JSON.stringify(office.error)).toBe(200);
    expect((await enrollment(office.result!.enrollment.id)).instalments).toBeUndefined();
  });
});
