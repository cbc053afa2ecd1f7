// What both kinds of card checkout share: the documents a Stripe event touches, the card a payment
// came from, who gets its email, and what applying an event did.
import { getAuth } from 'firebase-admin/auth';
import type Stripe from 'stripe';
import type { CardDetails, Enrollment, Student } from '../../../contract/domain';
import { stripe } from '../payments/stripe';
import { COLLECTIONS, db, recordRef } from './db';
import { receiptRecipients } from '../domain/receipt';

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

/** Who gets the enrollment's emails: the account's email, and the guardians' if the account asked. */
export async function recipients(e: Enrollment, student: Student | undefined): Promise<string[]> {
  const account = await getAuth().getUser(e.ownerUid).then((u) => u.email ?? null).catch(() => null);
  return receiptRecipients(account, (student?.guardians ?? []).map((g) => g.email), !!e.copyGuardians);
}

export type Outcome = 'confirmed' | 'flagged' | 'duplicate' | 'refunded' | 'released' | 'ignored';
