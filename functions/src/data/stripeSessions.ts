// What both kinds of card checkout share: the documents a Stripe event touches, the card a payment
// came from, and what applying an event did.
import type Stripe from 'stripe';
import type { PlanCard } from '../domain/instalments';
import type { CardDetails } from '../../../contract/domain';
import { stripe } from '../payments/stripe';
import { COLLECTIONS, db, recordRef } from './db';

export const enrollmentRef = (id: string) => recordRef('enrollments', id);
/** One per Stripe event applied: an event delivered again finds it and changes nothing. */
export const eventRef = (id: string) => db().collection(COLLECTIONS.stripeEvents).doc(id);

/**
 * The card a paid page was paid with, and the card it saved to its customer for later payments (a
 * monthly plan's; null when it saved none): one read of the page's payment.
 */
export async function paymentOf(session: Stripe.Checkout.Session): Promise<{ card: CardDetails; saved: PlanCard | null }> {
  const intentId = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? '');
  const intent = await stripe().paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
  const details = (intent.latest_charge as Stripe.Charge | null)?.payment_method_details?.card;
  const named = { brand: details?.brand ?? 'card', last4: details?.last4 ?? '????' };
  const customer = typeof session.customer === 'string' ? session.customer : session.customer?.id;
  const paymentMethod = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
  return { card: { ...named, paymentIntent: intentId, sessionId: session.id }, saved: customer && paymentMethod ? { customer, paymentMethod, card: named } : null };
}

export const cardOf = async (session: Stripe.Checkout.Session): Promise<CardDetails> => (await paymentOf(session)).card;

export type Outcome = 'confirmed' | 'flagged' | 'duplicate' | 'refunded' | 'released' | 'ignored';
