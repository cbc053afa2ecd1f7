// Gifts by card: a Stripe Checkout page for the amount, and a receipt with the
// school's tax text once the webhook says it was paid. No card data reaches the portal.
import { createHash } from 'node:crypto';
import { FieldValue } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import type Stripe from 'stripe';
import { formatCard } from '../../../contract/wording';
import { schoolToday } from '../../../contract/schedule';
import { SCHOOL_NAME } from '../../../contract/constants';
import { loadDonationReceiptText } from '../data/settings';
import { isStripeError, pageEnd, stripe, WINDOW_MS } from '../payments/stripe';
import { COLLECTIONS, db, recordRef } from '../data/db';
import { giftReceiptMail } from '../mail/family';
import { queueMail } from '../mail/outbox';
import { cardOf, eventRef, type Outcome } from '../data/stripeSessions';

export async function startDonation(gift: { amount: number; note: string; email: string; idempotencyKey: string; fundId?: string }, origin: string, now: Date): Promise<string> {
  const fund = gift.fundId ? (await recordRef('aidFunds', gift.fundId).get()).data() : undefined;
  if (gift.fundId && !fund) throw new HttpsError('not-found', 'This fund does not exist: choose another, or give to the school.');
  // One page per gift as typed, per 25 minutes: the same click again gets the same page; a changed
  // amount, note or email is another request, so another key (Stripe refuses a key with new parameters).
  const bucket = Math.floor(now.getTime() / WINDOW_MS);
  const key = createHash('sha256').update(JSON.stringify([gift.idempotencyKey, gift.amount, gift.note, gift.email, gift.fundId ?? '', origin, bucket])).digest('base64url');
  try {
    const session = await stripe().checkout.sessions.create(
      {
        mode: 'payment',
        submit_type: 'donate',
        allowed_payment_method_types: ['card'],
        line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: gift.amount, product_data: { name: `Donation to ${SCHOOL_NAME}${fund ? ` — ${fund.name}` : ''}` } } }],
        customer_email: gift.email,
        metadata: { kind: 'donation', note: gift.note, ...(fund ? { fundId: fund.id } : {}) },
        expires_at: pageEnd(bucket),
        success_url: `${origin}/donate-venmo?thanks={CHECKOUT_SESSION_ID}`,
        cancel_url: `${origin}/donate-venmo`,
      },
      { idempotencyKey: `donation-${key}` },
    );
    return session.url!;
  } catch (error) {
    if (!isStripeError(error)) throw error;
    throw new HttpsError('unavailable', 'Card donations are not available right now. Nothing was charged; please try again later or give with Venmo.');
  }
}

/** A paid gift: recorded once, with its receipt. */
export async function settleDonation(eventId: string, session: Stripe.Checkout.Session, now: Date): Promise<Outcome> {
  const [card, tax] = await Promise.all([cardOf(session), loadDonationReceiptText()]);
  const amount = session.amount_total ?? 0;
  const email = session.customer_details?.email ?? session.customer_email ?? null;
  const note = session.metadata?.note ?? '';
  const at = now.toISOString();
  const fundId = session.metadata?.fundId;
  return db().runTransaction(async (tx) => {
    const gift = db().collection(COLLECTIONS.donations).doc(session.id);
    if ((await tx.get(eventRef(eventId))).exists || (await tx.get(gift)).exists) return 'duplicate';
    // A gift to a fund adds to what the fund holds, in the same write as the gift.
    const fund = fundId ? (await tx.get(recordRef('aidFunds', fundId))).data() : undefined;
    tx.set(eventRef(eventId), { type: 'donation', sessionId: session.id, at });
    tx.set(gift, { amount, email, note, at, card, ...(fund ? { fundId: fund.id } : {}) });
    if (fund) tx.update(recordRef('aidFunds', fund.id), { gifts: FieldValue.increment(amount) });
    if (email) {
      // The day as the school and every other page write it (Nov 25, 2026), in the school's time zone.
      queueMail(tx, { kind: 'gift-receipt', to: [email], donationId: session.id, message: giftReceiptMail(amount, schoolToday(now), formatCard(card), note, tax, fund?.name) });
    }
    return 'confirmed';
  });
}
