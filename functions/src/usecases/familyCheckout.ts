// A family's own checkout as the portal's page asks for it — one child, several, or a waitlist offer
// claimed: the call counts against the rate limit, the way to pay must be one the school offers, and
// the answer carries Stripe's page when the seats are held for a card payment.
import type { Payload } from '../../../contract/callables';
import type { CheckoutMethod, Enrollment } from '../../../contract/domain';
import { notFound } from '../data/db';
import { oneChild } from '../data/enrollments';
import { takeRate } from '../data/rateLimit';
import { loadCheckoutSettings } from '../data/settings';
import { entryRef } from '../data/waitlist';
import { methodRefusal } from '../domain/checkout';
import { familyView } from '../domain/familyView';
import { throwIfRefused } from '../lib/refused';
import { portalOrigin } from '../payments/stripe';
import { startCheckout } from './cardPayments';
import { checkout } from './checkout';

/** Who asks: the signed-in family, its proven address or not, the page it asks from. */
export interface Asker {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  origin: string | null;
  address: string | null;
}

/** The school's checkout settings and the way to pay, once the call is counted and the way is offered. */
async function checkoutFor(asker: Asker, payWith: CheckoutMethod | undefined, now: Date) {
  const [options] = await Promise.all([loadCheckoutSettings(), takeRate('enroll', asker, now)]);
  const method = payWith ?? 'office';
  throwIfRefused(methodRefusal(options.methods, method));
  return { options: { ...options, emailVerified: asker.emailVerified }, method };
}

/** The family's answer to a checkout made: its enrollments, and Stripe's page when they are held for a card payment. */
async function checkoutAnswer(result: { enrollments: Enrollment[]; replayed: boolean }, asker: Asker, now: Date) {
  const answer = { enrollments: result.enrollments.map(familyView), replayed: result.replayed };
  if (result.enrollments[0].status !== 'pending_payment') return answer;
  return { ...answer, checkoutUrl: await startCheckout(result.enrollments, asker.email, portalOrigin(asker.origin), now) };
}

/** The same for one child. */
async function enrolledAnswer(result: { enrollments: Enrollment[]; replayed: boolean }, asker: Asker, now: Date) {
  const { enrollments, ...answer } = await checkoutAnswer(result, asker, now);
  return { ...answer, enrollment: enrollments[0] };
}

/** One child's checkout. */
export async function enrollChild(asker: Asker, payload: Payload<'enroll'>, now: Date) {
  const { options, method } = await checkoutFor(asker, payload.payWith, now);
  return enrolledAnswer(await checkout(asker.uid, asker.email, oneChild({ ...payload, payWith: method }), now, options), asker, now);
}

/** One checkout for several children: every seat or none, one payment. */
export async function enrollChildren(asker: Asker, payload: Payload<'enrollFamily'>, now: Date) {
  const { options, method } = await checkoutFor(asker, payload.payWith, now);
  return checkoutAnswer(await checkout(asker.uid, asker.email, { ...payload, payWith: method }, now, options), asker, now);
}

/** Claims an offer: the request the family made when it joined, enrolled at the lower of its quote and today's price. */
export async function claimWaitlistOffer(asker: Asker, claim: Payload<'claimOffer'>, now: Date) {
  const { entryId, expectedTotal, idempotencyKey, payWith, payDeposit, payInstalments, expectedCredit, releases, infoConfirmed } = claim;
  const { options, method } = await checkoutFor(asker, payWith, now);
  const snap = await entryRef(entryId).get();
  if (!snap.exists || snap.get('ownerUid') !== asker.uid) throw notFound('This waitlist offer');
  const { request, studentId } = snap.data()!;
  // A release changed while the family waited (or a round's place was never signed for): it signs the
  // current one when it claims, and confirms the child's information if it is due for review.
  const payload = { ...request, ...(releases ? { releases } : {}), ...(infoConfirmed ? { infoConfirmed } : {}), studentId, expectedTotal, idempotencyKey, payWith: method, ...(payDeposit ? { payDeposit } : {}), ...(payInstalments ? { payInstalments } : {}), ...(expectedCredit !== undefined ? { expectedCredit } : {}) };
  return enrolledAnswer(await checkout(asker.uid, asker.email, oneChild(payload), now, options, entryId), asker, now);
}
