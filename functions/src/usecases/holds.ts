// Ending a card hold, whatever ends it (the family leaves Stripe's page, a new checkout replaces it,
// it lapses, the office releases it, Stripe says the page expired): the Stripe page is closed first,
// so that nobody pays for seats that are gone, then the seats go back and the waitlist is served.
import { HttpsError } from 'firebase-functions/v2/https';
import type { Enrollment } from '../../../contract/domain';
import { anotherTry, recordRef } from '../data/db';
import { releaseHold } from '../data/holds';
import { loadEnrollment } from '../data/enrollments';
import { serveWaitlists } from './waitlist';
import { isStripeError, stripe } from '../payments/stripe';

/**
 * Closes a held checkout's Stripe page: 'closed' (or never opened, or already expired), 'paid' (its
 * webhook confirms the checkout), or 'unknown' (Stripe could not be asked).
 */
async function closePage(held: Enrollment): Promise<'closed' | 'paid' | 'unknown'> {
  const sessionId = held.hold?.sessionId;
  if (!sessionId) return 'closed';
  const closed = await stripe()
    .checkout.sessions.expire(sessionId)
    .then(() => true)
    .catch((e: unknown) => {
      if (isStripeError(e)) return false;
      throw e;
    });
  if (closed) return 'closed';
  const session = await stripe()
    .checkout.sessions.retrieve(sessionId)
    .catch(() => null);
  if (!session) return 'unknown';
  return session.status === 'complete' ? 'paid' : 'closed';
}

/** Before a new checkout replaces this one: its page must be closed, and not paid. */
export async function closeCheckoutPage(held: Enrollment): Promise<void> {
  const page = await closePage(held);
  if (page === 'paid') {
    throw new HttpsError('failed-precondition', `The card payment for ${held.studentName} has just gone through: see My Enrollments (it shows there within a minute).`);
  }
  if (page === 'unknown') {
    throw new HttpsError('unavailable', 'Card payments are not available right now, so your earlier payment page could not be closed. Nothing was changed; please try again in a few minutes.');
  }
}

/**
 * Ends a hold: its page is closed, then the seats go back (to an open offer, to the waitlist, or to
 * everyone). A page that was paid is left to its webhook (which confirms it, or refunds it if the
 * seats went meanwhile). Returns the enrollment as it is now.
 */
export async function endHold(enrollmentId: string, now: Date, ownerUid?: string): Promise<Enrollment> {
  const held = await loadEnrollment(enrollmentId, ownerUid);
  if (held.status !== 'pending_payment') return held;
  if ((await closePage(held)) === 'paid') {
    // Its webhook is on its way: nobody need ask Stripe again meanwhile.
    await recordRef('enrollments', enrollmentId).update({ 'hold.paidAt': now.toISOString() });
    return held;
  }
  const { enrollment, toServe } = await releaseHold(enrollmentId, now, ownerUid);
  // A seat given back goes to the families waiting for it, in order.
  if (toServe.length) await serveWaitlists(toServe, now);
  return enrollment;
}

/**
 * A hold found lapsed by a family asking for its class: ended by the first family to mark it (a write
 * made only if the hold is unchanged), so that a crowd finding the same lapsed hold does not all end
 * it at once. 'released': its seats are free now; 'ending': another family is ending it (look again in
 * a moment); 'kept': its page was paid (the payment takes the seat) or its ending stalled (the sweep
 * ends it), so its seats count as taken for now.
 */
export async function endLapsedHold(enrollmentId: string, now: Date): Promise<'released' | 'ending' | 'kept'> {
  const ref = recordRef('enrollments', enrollmentId);
  const snap = await ref.get();
  const held = snap.data();
  if (!held || held.status !== 'pending_payment') return 'released';
  if (held.hold?.paidAt) return 'kept';
  const since = held.hold?.endingAt ? now.getTime() - Date.parse(held.hold.endingAt) : Infinity;
  if (since < 5_000) return 'ending';
  if (since < 30_000) return 'kept';
  try {
    await ref.update({ 'hold.endingAt': now.toISOString() }, { lastUpdateTime: snap.updateTime! });
  } catch (error) {
    if (anotherTry(error)) return 'ending';
    throw error;
  }
  return (await endHold(enrollmentId, now)).status === 'pending_payment' ? 'kept' : 'released';
}

/** The sweep: holds past their end give their seats back. */
export async function releaseLapsedHolds(now: Date, lapsed: Enrollment[]): Promise<number> {
  let released = 0;
  for (const e of lapsed) if ((await endHold(e.id, now)).status === 'expired') released++;
  return released;
}
