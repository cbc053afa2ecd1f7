// A payment for a closed page, arriving while the same family checks the same child out again: the
// late payment has found the child on no roster and listed the class's seats; before its transaction,
// the new checkout holds a seat and puts the child on the roster. The late payment must not take a
// second seat over the new checkout's roster entry (the class would count two seats for one child):
// it is a payment for seats already the family's, refunded in full. The moment is made, not waited
// for: the payment's event is applied in this process (its delivery to the emulators failed during a
// Stripe outage, as Stripe's retries would find it), and the listing of seats is followed, once, by
// the new checkout.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type Stripe from 'stripe';
import type { Enrollment } from '../../../contract/domain';
import { adminDb } from '../../../scripts/demo/adminApp';
import { HOSTING } from '../../support/emulators';
import { afterListing, oneChildOneClass } from '../../support/inProcess';
import { booksProblems, standIn } from '../../support/ledger';

vi.mock('../../../functions/src/data/seats', async (original) => (await import('../../support/inProcess')).pausingSeats(original));

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
    const { applyStripeEvent, startCheckout } = await import('../../../functions/src/usecases/cardPayments');
    const { endHold } = await import('../../../functions/src/usecases/holds');

    // The first checkout's hold ends (its page closed); the family had pressed Pay a moment before.
    const first = (await pay('late-first')).enrollments[0];
    await startCheckout([first], `${UID}@example.com`, HOSTING, new Date());
    expect((await endHold(first.id, new Date())).status).toBe('expired');
    const sessionId = ((await db().doc(`enrollments/${first.id}`).get()).data() as Enrollment).hold!.sessionId!;
    await standIn('/__standin/outage', { on: true });
    try {
      await standIn(`/__standin/sessions/${sessionId}/pay-late`);
      await standIn('/__standin/settled');
    } finally {
      await standIn('/__standin/outage', { on: false });
    }
    expect(((await db().doc(`enrollments/${first.id}`).get()).data() as Enrollment).payments).toEqual([]);
    const { events } = await standIn<{ events: Stripe.Event[] }>('/__standin/events');
    const paid = events.findLast((e) => e.type === 'checkout.session.completed' && (e.data.object as Stripe.Checkout.Session).id === sessionId)!;

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
});
