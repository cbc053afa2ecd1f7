// "Pay balance": a card payment of what a confirmed enrollment still owes (an office enrollment, or a
// later payment). Its Stripe page holds no seat; the webhook records the payment once.
import { randomUUID } from 'node:crypto';
import { HttpsError } from 'firebase-functions/v2/https';
import type Stripe from 'stripe';
import type { Enrollment } from '../../../contract/domain';
import { formatCents } from '../../../contract/format';
import { formatCard } from '../../../contract/wording';
import { balanceOf } from '../../../contract/money';
import { isStripeError, pageEnd, portalOrigin, stripe, WINDOW_MS } from '../payments/stripe';
import { paymentReceivedMail } from '../mail/family';
import { queueMail } from '../mail/outbox';
import { db, recordRef } from '../data/db';
import { auditInTx, stripeActor } from '../data/audit';
import { cardOf, enrollmentRef, eventRef, type Outcome } from '../data/stripeSessions';
import { recipients } from '../data/familyMail';

/** Stripe's page for the balance. Clicks within the same 25 minutes get the same page (one key). */
export async function startBalanceCheckout(enrollment: Enrollment, email: string | null, origin: string, now: Date): Promise<string> {
  const due = balanceOf(enrollment);
  if (enrollment.status !== 'confirmed' || due <= 0) throw new HttpsError('failed-precondition', 'Nothing is owed on this enrollment.');
  const back = `${origin}/classes/enrollment/checkout?enrollment=${encodeURIComponent(enrollment.id)}`;
  const bucket = Math.floor(now.getTime() / WINDOW_MS);
  try {
    const session = await stripe().checkout.sessions.create(
      {
        mode: 'payment',
        // Cards only: other methods settle days later (and carry no card to name on the receipt).
        allowed_payment_method_types: ['card'],
        line_items: [
          { quantity: 1, price_data: { currency: 'usd', unit_amount: due, product_data: { name: `Balance for ${enrollment.studentName}: ${enrollment.lineItems.map((l) => l.title).join(', ')}` } } },
        ],
        client_reference_id: enrollment.id,
        metadata: { enrollmentId: enrollment.id, kind: 'balance' },
        ...(email ? { customer_email: email } : {}),
        expires_at: pageEnd(bucket),
        success_url: `${back}&session={CHECKOUT_SESSION_ID}`,
        cancel_url: `${origin}/account/enrollments`,
      },
      { idempotencyKey: `balance-${enrollment.id}-${due}-${enrollment.payments.length}-${bucket}` },
    );
    return session.url!;
  } catch (error) {
    if (!isStripeError(error)) throw error;
    throw new HttpsError('unavailable', 'Card payments are not available right now. Nothing was charged; please try again in a few minutes.');
  }
}

/** A paid balance page: the payment is recorded once; more than the balance is recorded and flagged. */
export async function settleBalancePayment(eventId: string, session: Stripe.Checkout.Session, now: Date): Promise<Outcome> {
  const id = session.client_reference_id ?? '';
  const before = id ? await enrollmentRef(id).get() : null;
  if (!before?.exists) return 'ignored';
  const e0 = before.data()!;
  const card = await cardOf(session);
  const student = await recordRef('students', e0.studentId).get();
  const to = await recipients(e0, student.data());
  const at = now.toISOString();
  const amount = session.amount_total ?? 0;
  return db().runTransaction(async (tx) => {
    if ((await tx.get(eventRef(eventId))).exists) return 'duplicate';
    const e = (await tx.get(enrollmentRef(id))).data()!;
    tx.set(eventRef(eventId), { type: 'balance-paid', enrollmentId: id, at });
    if (e.payments.some((p) => p.card?.sessionId === session.id)) return 'duplicate';
    const due = balanceOf(e);
    const payments = [...e.payments, { id: randomUUID(), amount, method: 'card' as const, note: `Balance paid online by ${formatCard(card)}`, at, by: 'Stripe', card }];
    const next: Enrollment = { ...e, payments, balance: balanceOf({ ...e, payments }) };
    if (amount > due) next.flag = `A card payment of ${formatCents(amount)} (Stripe ${card.paymentIntent}) was more than the balance of ${formatCents(due)}: refund the difference.`;
    tx.set(enrollmentRef(id), next);
    auditInTx(tx, stripeActor(eventId), { kind: 'card-payment', record: { type: 'enrollment', id }, studentId: e.studentId, studentName: e.studentName, summary: `Balance paid by card: ${formatCents(amount)}` }, now);
    queueMail(tx, { kind: 'payment-received', to, enrollmentId: id, message: paymentReceivedMail(next, amount, `from your ${formatCard(card)}`, portalOrigin(null)) });
    return amount > due ? 'flagged' : 'confirmed';
  });
}
