// Pay, Back, Pay again, with the first page's Stripe event landing at the worst moment: the new
// checkout has listed the class's seats (the family's first hold still holding the last one, so it
// plans to keep it) and, before its transaction, that hold's page-closed event gives the seat back.
// The seat is free: the family gets it, never "full". The moment is made, not waited for: the
// checkout runs in this process against the emulators, and the listing of seats is followed, once,
// by the hold's ending exactly as its Stripe event ends it.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Enrollment } from '../../../contract/domain';
import { adminDb } from '../../../scripts/demo/adminApp';
import { HOSTING } from '../../support/emulators';
import { oneChildOneClass } from '../../support/inProcess';
import { afterListing } from '../../support/pauses';
import { booksProblems, stripeSession } from '../../support/ledger';

vi.mock('../../../functions/src/data/seats', async (original) => (await import('../../support/pauses')).pausingSeats(original));

const CLASS = 'replan-last-seat';
const UID = 'replan-family';
const STUDENT = 'replan-kid';
const db = () => adminDb();

describe('a replaced hold giving its seat back between the seat listing and the checkout', () => {
  let pay: Awaited<ReturnType<typeof oneChildOneClass>>['pay'];
  beforeAll(async () => {
    ({ pay } = await oneChildOneClass({ id: CLASS, title: 'Last Seat', capacity: 1, weekday: 3 }, UID, STUDENT));
  });

  it('plans again and gives the family the seat, not "full"', async () => {
    const { startCheckout } = await import('../../../functions/src/usecases/cardPayments');
    const { endHold } = await import('../../../functions/src/usecases/holds');

    const first = (await pay('replan-first')).enrollments;
    expect(first[0].status).toBe('pending_payment');
    await startCheckout(first, `${UID}@example.com`, HOSTING, new Date());
    const firstPage = ((await db().doc(`enrollments/${first[0].id}`).get()).data() as Enrollment).hold!.sessionId!;

    // The second checkout lists the seats (the first hold's still held), then the first page's event ends that hold.
    let ended: Enrollment | undefined;
    afterListing.push(async () => {
      ended = await endHold(first[0].id, new Date());
    });
    const second = (await pay('replan-second')).enrollments;
    expect(afterListing).toHaveLength(0);
    expect(ended?.status).toBe('expired');
    expect(second[0].status).toBe('pending_payment');
    expect(second[0].id).not.toBe(first[0].id);
    expect((await stripeSession(firstPage)).status).toBe('expired');

    // The one seat is the second checkout's, counted once; the first hold is ended and says by whom.
    const seats = (await db().collection(`classes/${CLASS}/seats`).get()).docs.map((d) => d.data());
    expect(seats.filter((s) => s.state === 'held')).toEqual([expect.objectContaining({ enrollmentId: second[0].id, studentId: STUDENT })]);
    expect((await db().doc(`classes/${CLASS}`).get()).get('enrolledCount')).toBe(1);
    expect((await db().doc(`enrollments/${first[0].id}`).get()).get('hold.replacedBy')).toBe(second[0].id);
    expect(await booksProblems([CLASS], { owners: [UID] })).toEqual([]);
  });
});
