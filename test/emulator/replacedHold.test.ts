// Pay, Back, Pay again, with the first page's Stripe event landing at the worst moment: the new
// checkout has listed the class's seats (the family's first hold still holding the last one, so it
// plans to keep it) and, before its transaction, that hold's page-closed event gives the seat back.
// The seat is free: the family gets it, never "full". The moment is made, not waited for: the
// checkout runs in this process against the emulators, and the listing of seats is followed, once,
// by the hold's ending exactly as its Stripe event ends it.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Enrollment, Student } from '../../contract/domain';
import { adminDb } from '../../scripts/demo/adminApp';
import { STANDIN } from '../../scripts/stripe/config';
import { HOSTING } from '../support/emulators';
import { callAs, seededEmulators } from '../support/fixtures';
import { booksProblems, stripeSession } from '../support/ledger';
import { addClassesLikeWildArt, AVA, signedReleases } from '../support/samples';

/** Runs once after the next listing of seats, before the checkout's transaction. */
const afterListing: (() => Promise<void>)[] = [];
vi.mock('../../functions/src/data/seats', async (original) => {
  const real = await original<typeof import('../../functions/src/data/seats')>();
  return {
    ...real,
    seatsOf: async (...args: Parameters<typeof real.seatsOf>) => {
      const listed = await real.seatsOf(...args);
      await afterListing.shift()?.();
      return listed;
    },
  };
});

process.env.FUNCTIONS_EMULATOR = 'true';
process.env.STRIPE_SECRET_KEY = STANDIN.secretKey;
const CLASS = 'replan-last-seat';
const UID = 'replan-family';
const STUDENT = 'replan-kid';
const OPTIONS = { holdMinutes: 30, payLaterLimit: 2, emailVerified: true, paymentInstructions: 'Pay the office.' };
const db = () => adminDb();

describe('a replaced hold giving its seat back between the seat listing and the checkout', () => {
  let total: number;
  beforeAll(async () => {
    await seededEmulators();
    await addClassesLikeWildArt([{ id: CLASS, title: 'Last Seat', capacity: 1, weekday: 3 }]);
    await db().doc(`students/${STUDENT}`).set({ ...AVA, id: STUDENT, firstName: 'Replan', lastName: 'Family', ownerUid: UID, infoReviewedAt: new Date().toISOString() } as Student);
    total = (await callAs(null, 'priceBasket', { lines: [{ classId: CLASS, addOnIds: [] }], codes: [] })).result!.total;
  }, 120_000);

  it('plans again and gives the family the seat, not "full"', async () => {
    const { checkout } = await import('../../functions/src/usecases/checkout');
    const { startCheckout } = await import('../../functions/src/usecases/cardPayments');
    const { endHold } = await import('../../functions/src/usecases/holds');
    const pay = (key: string) =>
      checkout(UID, `${UID}@example.com`, {
        children: [{ studentId: STUDENT, lines: [{ classId: CLASS, addOnIds: [] }], infoConfirmed: false, releases: signedReleases(AVA.guardians[0].name) }],
        codes: [], expectedTotal: total, idempotencyKey: key, payWith: 'card',
      }, new Date(), OPTIONS);

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
  }, 120_000);
});
