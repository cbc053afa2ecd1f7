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

export async function cardOf(session: Stripe.Checkout.Session): Promise<CardDetails> {
  const intentId = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? '');
  const intent = await stripe().paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
  const charge = intent.latest_charge as Stripe.Charge | null;
  const card = charge?.payment_method_details?.card;
  return { brand: card?.brand ?? 'card', last4: card?.last4 ?? '????', paymentIntent: intentId, sessionId: session.id };
}

/** The card a paid page saved to its customer for later payments (a monthly plan's), or null when it saved none. */
export async function savedCardOf(session: Stripe.Checkout.Session): Promise<PlanCard | null> {
  const customer = typeof session.customer === 'string' ? session.customer : session.customer?.id;
  const intentId = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? '');
  if (!customer || !intentId) return null;
  const intent = await stripe().paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
  const paymentMethod = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
  const card = (intent.latest_charge as Stripe.Charge | null)?.payment_method_details?.card;
  return paymentMethod ? { customer, paymentMethod, card: { brand: card?.brand ?? 'card', last4: card?.last4 ?? '????' } } : null;
}

export type Outcome = 'confirmed' | 'flagged' | 'duplicate' | 'refunded' | 'released' | 'ignored';
