// A payment for a closed page, arriving while the same family checks the same child out again: the
// late payment has found the child on no roster and listed the class's seats; before its transaction,
// the new checkout holds a seat and puts the child on the roster. The late payment must not take a
// second seat over the new checkout's roster entry (the class would count two seats for one child):
// it is a payment for seats already the family's, refunded in full. The moment is made, not waited
// for: the payment's event is applied in this process (not delivered to the emulators: as Stripe's
// later retry would bring it), and the listing of seats is followed, once, by the new checkout.
// And one late payment delivered twice at once (Stripe may send an event again while the first
// delivery is still being answered): the delivery that gives it its seats wins, and the other, which
// found them the family's, refunds nothing.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type Stripe from 'stripe';
import type { Enrollment } from '../../../contract/domain';
import { adminDb } from '../../../scripts/demo/adminApp';
import { HOSTING } from '../../support/emulators';
import { oneChildOneClass } from '../../support/inProcess';
import { afterListing, beforeEnrollmentsRead } from '../../support/pauses';
import { booksProblems, standIn } from '../../support/ledger';

vi.mock('../../../functions/src/data/seats', async (original) => (await import('../../support/pauses')).pausingSeats(original));
vi.mock('../../../functions/src/data/db', async (original) => (await import('../../support/pauses')).pausingReads(original));

const CLASS = 'late-race';
const UID = 'late-race-family';
const STUDENT = 'late-race-kid';
const db = () => adminDb();

describe('a late payment racing a new checkout of the same child', () => {
  let total: number;
  let pay: Awaited<ReturnType<typeof oneChildOneClass>>['pay'];
  beforeAll(async () => {
    ({ total, pay } = await oneChildOneClass({ id: CLASS, title: 'Late Race', capacity: 2, weekday: 2 }, UID, STUDENT));
  });

  it('refunds the late payment in full as a duplicate, and the class counts one seat for the child', async () => {
    const { applyStripeEvent } = await import('../../../functions/src/usecases/cardPayments');

    // The first checkout's hold ends (its page closed); the family had pressed Pay a moment before.
    const first = (await pay('late-first')).enrollments[0];
    const paid = await paidLate(first, UID);

    // The payment is applied; right after it lists the seats, the family checks the child out again.
    let second: Enrollment | undefined;
    afterListing.push(async () => {
      second = (await pay('late-second')).enrollments[0];
    });
    const outcome = await applyStripeEvent(paid, new Date());
    expect(afterListing).toHaveLength(0);
    expect(second?.status).toBe('pending_payment');
    expect(outcome).toBe('refunded');

    const late = (await db().doc(`enrollments/${first.id}`).get()).data() as Enrollment;
    expect(late.status).toBe('expired');
    expect(late.cardRefunds?.map((r) => [r.kind, r.amount])).toEqual([['duplicate', total]]);
    const seats = (await db().collection(`classes/${CLASS}/seats`).get()).docs.map((d) => d.data());
    expect(seats).toEqual([expect.objectContaining({ state: 'held', enrollmentId: second!.id, studentId: STUDENT })]);
    expect((await db().doc(`classes/${CLASS}/roster/${STUDENT}`).get()).get('enrollmentId')).toBe(second!.id);
    expect((await db().doc(`classes/${CLASS}`).get()).get('enrolledCount')).toBe(1);
    expect(await booksProblems([CLASS], { owners: [UID] })).toEqual([]);
  });

  it('a late payment delivered twice at once takes its seats once and refunds nothing', async () => {
    const { applyStripeEvent } = await import('../../../functions/src/usecases/cardPayments');
    const [klass, uid, kid] = ['late-twice', 'late-twice-family', 'late-twice-kid'];
    const twice = await oneChildOneClass({ id: klass, title: 'Late Twice', capacity: 2, weekday: 3 }, uid, kid);
    const paid = await paidLate((await twice.pay('twice-first')).enrollments[0], uid);
    const id = (paid.data.object as Stripe.Checkout.Session).client_reference_id!;

    // The first delivery found the hold ended; before it reads the checkout again, the second delivery
    // of the same event is applied whole and gives the payment its seats.
    const outcomes: string[] = [];
    beforeEnrollmentsRead.push(async () => {
      outcomes.push(await applyStripeEvent(paid, new Date()));
    });
    outcomes.push(await applyStripeEvent(paid, new Date()));
    expect(beforeEnrollmentsRead).toHaveLength(0);
    expect(outcomes).toEqual(['confirmed', 'duplicate']);

    const e = (await db().doc(`enrollments/${id}`).get()).data() as Enrollment;
    expect([e.status, e.balance, e.payments.map((p) => p.amount), e.cardRefunds ?? []]).toEqual(['confirmed', 0, [twice.total], []]);
    const { refunds } = await standIn<{ refunds: { metadata: { enrollmentId?: string } }[] }>('/__standin/refunds');
    expect(refunds.filter((r) => r.metadata.enrollmentId === id)).toEqual([]);
    expect(await booksProblems([klass], { owners: [uid] })).toEqual([]);
  });

  it('a whole refund Stripe could not make is made by the next delivery of the event, once', async () => {
    const { applyStripeEvent } = await import('../../../functions/src/usecases/cardPayments');
    const [klass, uid, kid] = ['late-refund', 'late-refund-family', 'late-refund-kid'];
    const one = await oneChildOneClass({ id: klass, title: 'Late Refund', capacity: 2, weekday: 4 }, uid, kid);
    const first = (await one.pay('refund-first')).enrollments[0];
    const paid = await paidLate(first, uid);
    // The child was checked out again meanwhile: the late payment is for seats already the family's.
    await one.pay('refund-second');
    // Stripe goes down once the payment was read, before the refund is asked for.
    beforeEnrollmentsRead.push(() => standIn('/__standin/outage', { on: true }));
    try {
      await expect(applyStripeEvent(paid, new Date())).rejects.toThrow();
    } finally {
      await standIn('/__standin/outage', { on: false });
    }
    expect((await db().doc(`stripeEvents/${paid.id}`).get()).get('type')).toBe('refunding');
    expect(((await db().doc(`enrollments/${first.id}`).get()).data() as Enrollment).payments).toEqual([]);
    // Stripe sends the event again: the refund begun is made and recorded; once.
    expect(await applyStripeEvent(paid, new Date())).toBe('refunded');
    expect(await applyStripeEvent(paid, new Date())).toBe('duplicate');
    const { refunds } = await standIn<{ refunds: { amount: number; metadata: { enrollmentId?: string } }[] }>('/__standin/refunds');
    expect(refunds.filter((r) => r.metadata.enrollmentId === first.id).map((r) => r.amount)).toEqual([one.total]);
    const late = (await db().doc(`enrollments/${first.id}`).get()).data() as Enrollment;
    expect([late.status, late.cardRefunds?.map((r) => [r.kind, r.amount])]).toEqual(['expired', [['duplicate', one.total]]]);
    expect(await booksProblems([klass], { owners: [uid] })).toEqual([]);
  });
});

/** The checkout's page paid after its hold ended, its event not delivered yet (Stripe retries later): the event, to apply in this process. */
async function paidLate(first: Enrollment, uid: string): Promise<Stripe.Event> {
  const { startCheckout } = await import('../../../functions/src/usecases/cardPayments');
  const { endHold } = await import('../../../functions/src/usecases/holds');
  await startCheckout([first], `${uid}@example.com`, HOSTING, new Date());
  expect((await endHold(first.id, new Date())).status).toBe('expired');
  const sessionId = ((await db().doc(`enrollments/${first.id}`).get()).data() as Enrollment).hold!.sessionId!;
  const { event } = await standIn<{ event: Stripe.Event }>(`/__standin/sessions/${sessionId}/pay-late`, { deliver: false });
  expect(((await db().doc(`enrollments/${first.id}`).get()).data() as Enrollment).payments).toEqual([]);
  return event;
}
