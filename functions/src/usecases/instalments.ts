// Monthly plans after the checkout: the daily job charges each plan's payment on its date to the card
// saved on Stripe's page (off-session, one idempotency key per payment, try and amount), records it
// once, and on a decline emails the family with the reason and tries again after the retry days, then
// tells the office (the seat stays). A family pays a failed payment with another card on a Stripe
// page of its own, which saves that card for the payments left. The plans are in domain/instalments.ts.
import { randomUUID } from 'node:crypto';
import { logger } from 'firebase-functions/logger';
import type Stripe from 'stripe';
import type { CardDetails, Enrollment } from '../../../contract/domain';
import { formatCents } from '../../../contract/format';
import { paymentName, remainingPayments } from '../../../contract/instalments';
import { balanceOf } from '../../../contract/money';
import { schoolToday } from '../../../contract/schedule';
import { formatCard } from '../../../contract/wording';
import { auditInTx, stripeActor, type Actor } from '../data/audit';
import { db, records } from '../data/db';
import { loadEnrollment } from '../data/enrollments';
import { enrollmentRecipients } from '../data/familyMail';
import { enrollmentRef, eventRef, paymentOf, type Outcome } from '../data/stripeSessions';
import { afterDecline, afterPayment, chargeDue, payableNow, settled, type PlanCard } from '../domain/instalments';
import { orRefused } from '../lib/refused';
import { instalmentDeclinedMail, paymentReceivedMail } from '../mail/family';
import { queueMail } from '../mail/outbox';
import { cardPageDown, isStripeError, pageEnd, portalOrigin, stripe, WINDOW_MS } from '../payments/stripe';

const JOB: Actor = { uid: 'scheduler', email: null, roles: ['scheduler'], requestId: 'instalments' };

/** Records a payment of a plan once (`index`: the plan's payment it paid), with the card it came from; the saved card replaced by `saved`. */
async function recordPlanPayment(id: string, index: number, amount: number, card: CardDetails, actor: Actor, now: Date, saved: PlanCard | null = null): Promise<'recorded' | 'again'> {
  const to = await enrollmentRecipients(id);
  return db().runTransaction(async (tx) => {
    const e = (await tx.get(enrollmentRef(id))).data()!;
    if (e.payments.some((p) => p.card?.paymentIntent === card.paymentIntent)) return 'again';
    const of = e.instalments!.dates.length;
    const payments = [...e.payments, { id: randomUUID(), amount, method: 'card' as const, note: `${paymentName(index, of)}, by ${formatCard(card)}`, at: now.toISOString(), by: 'Stripe', card }];
    const balance = balanceOf({ ...e, payments });
    // A payment made by hand for a plan the job has moved on from still counts: only the plan's own next payment advances it.
    const plan = e.instalments!.paid === index ? afterPayment(e.instalments!, balance) : e.instalments!;
    const next: Enrollment = { ...e, payments, balance, instalments: { ...plan, ...(saved ?? {}) } };
    tx.set(enrollmentRef(id), next);
    auditInTx(tx, actor, { kind: 'card-payment', record: { type: 'enrollment', id }, studentId: e.studentId, studentName: e.studentName, summary: `${paymentName(index, of)} by card: ${formatCents(amount)}` }, now);
    queueMail(tx, { kind: 'payment-received', to, enrollmentId: id, message: paymentReceivedMail(next, amount, `from your ${formatCard(card)} (${paymentName(index, of).toLowerCase()})`, portalOrigin(null)) }, card.paymentIntent);
    return 'recorded';
  });
}

/** A declined charge: the plan's next try (or the office told), the family's email with the reason. */
async function recordDecline(id: string, index: number, amount: number, reason: string, now: Date): Promise<'retry' | 'told' | 'again'> {
  const to = await enrollmentRecipients(id);
  const today = schoolToday(now);
  return db().runTransaction(async (tx) => {
    const e = (await tx.get(enrollmentRef(id))).data()!;
    const plan = e.instalments!;
    if (plan.paid !== index || plan.nextOn === undefined || plan.nextOn > today) return 'again';
    const after = afterDecline(plan, today, reason, amount, now.toISOString());
    const of = plan.dates.length;
    tx.update(enrollmentRef(id), {
      instalments: after.plan,
      ...(after.told ? { flag: `The card declined ${paymentName(index, of).toLowerCase()} (${formatCents(amount)}) ${after.plan.failed!.tries} times (${reason}): ask the family to pay it, or record a payment.` } : {}),
    });
    auditInTx(tx, JOB, { kind: 'card-payment', record: { type: 'enrollment', id }, studentId: e.studentId, studentName: e.studentName, summary: `${paymentName(index, of)} declined: ${formatCents(amount)} (${reason})${after.told ? '; no more tries, the office is told' : ''}` }, now);
    queueMail(tx, { kind: 'instalment-declined', to, enrollmentId: id, message: instalmentDeclinedMail(e, { name: paymentName(index, of), amount }, reason, after.plan.nextOn ?? null, portalOrigin(null)) }, `${id}_${index}_${after.plan.failed!.tries}`);
    return after.told ? 'told' : 'retry';
  });
}

/** The reason a card error gives, in the family's words. */
function declineReason(error: Stripe.errors.StripeError): string {
  const code = error.code === 'card_declined' ? (error.decline_code ?? error.code) : error.code;
  if (code === 'insufficient_funds') return 'the card has insufficient funds';
  if (code === 'expired_card') return 'the card has expired';
  if (code === 'authentication_required') return 'your bank asks you to confirm the payment yourself';
  return 'the card was declined';
}

/**
 * The daily job: every plan with a payment due today (or a try due) is charged. Run again the same day
 * it charges nothing twice: a recorded payment moves the plan on, and the same payment, try and amount
 * send Stripe the same idempotency key.
 */
export async function chargeInstalments(now: Date): Promise<{ charged: number; declined: number; officeTold: number }> {
  const today = schoolToday(now);
  const counts = { charged: 0, declined: 0, officeTold: 0 };
  const due = await records('enrollments').where('instalments.nextOn', '<=', today).get();
  for (const doc of due.docs) {
    const e = doc.data();
    const plan = e.instalments!;
    const charge = e.status === 'confirmed' ? chargeDue(plan, balanceOf(e), today) : null;
    if (!charge) {
      // Paid another way, cancelled, or nothing left: the job stops looking at it.
      if (!remainingPayments(plan, balanceOf(e)).length || e.status !== 'confirmed') await doc.ref.update({ instalments: settled(plan) });
      continue;
    }
    const of = plan.dates.length;
    try {
      const intent = await stripe().paymentIntents.create(
        {
          amount: charge.amount,
          currency: 'usd',
          customer: plan.customer,
          payment_method: plan.paymentMethod,
          off_session: true,
          confirm: true,
          description: `${paymentName(charge.index, of).toLowerCase()} for ${e.studentName}`,
          metadata: { enrollmentId: e.id, kind: 'instalment', index: String(charge.index) },
        },
        { idempotencyKey: `instalment-${e.id}-${charge.index}-${charge.attempt}-${charge.amount}` },
      );
      if (intent.status !== 'succeeded') {
        logger.warn('instalment not settled at once', { enrollmentId: e.id, status: intent.status });
        continue;
      }
      const card: CardDetails = { ...plan.card!, paymentIntent: intent.id };
      if ((await recordPlanPayment(e.id, charge.index, charge.amount, card, JOB, now)) === 'recorded') counts.charged++;
    } catch (error) {
      if (!isStripeError(error) || error.type !== 'StripeCardError') {
        // Stripe not reached: the plan stays as it is, and the job (or its retry) tries again.
        logger.error('instalment charge failed', { enrollmentId: e.id, type: isStripeError(error) ? error.type : 'other' });
        continue;
      }
      const outcome = await recordDecline(e.id, charge.index, charge.amount, declineReason(error), now);
      if (outcome === 'retry') counts.declined++;
      if (outcome === 'told') counts.officeTold++;
    }
  }
  return counts;
}

/** Stripe's page for a failed monthly payment, paid with another card, which is saved for the payments left. */
export async function startInstalmentPage(uid: string, enrollmentId: string, origin: string, now: Date): Promise<string> {
  const e = await loadEnrollment(enrollmentId, uid);
  const pay = orRefused(payableNow(e));
  const plan = e.instalments!;
  const bucket = Math.floor(now.getTime() / WINDOW_MS);
  try {
    const session = await stripe().checkout.sessions.create(
      {
        mode: 'payment',
        allowed_payment_method_types: ['card'],
        // The plan's customer keeps the new card (a plan whose first page saved none gets one now).
        ...(plan.customer ? { customer: plan.customer } : { customer_creation: 'always' as const }),
        payment_intent_data: { setup_future_usage: 'off_session' },
        line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: pay.amount, product_data: { name: `${paymentName(pay.index, plan.dates.length)}: ${e.lineItems.map((l) => l.title).join(', ')} — ${e.studentName}` } } }],
        client_reference_id: e.id,
        metadata: { enrollmentId: e.id, kind: 'instalment', index: String(pay.index) },
        expires_at: pageEnd(bucket),
        success_url: `${origin}/account/enrollments?paid={CHECKOUT_SESSION_ID}`,
        cancel_url: `${origin}/account/enrollments`,
      },
      { idempotencyKey: `instalment-page-${e.id}-${pay.index}-${pay.amount}-${plan.failed?.tries ?? 0}-${bucket}` },
    );
    return session.url!;
  } catch (error) {
    if (!isStripeError(error)) throw error;
    throw cardPageDown();
  }
}

/** A paid page for a monthly payment: recorded once, and the card it was paid with charges the payments left. */
export async function settleInstalmentPage(eventId: string, session: Stripe.Checkout.Session, now: Date): Promise<Outcome> {
  const id = session.client_reference_id ?? '';
  const snap = id ? await enrollmentRef(id).get() : null;
  if (!snap?.exists || !snap.get('instalments')) return 'ignored';
  if ((await eventRef(eventId).get()).exists) return 'duplicate';
  const { card, saved } = await paymentOf(session);
  const outcome = await recordPlanPayment(id, Number(session.metadata?.index ?? -1), session.amount_total ?? 0, card, stripeActor(eventId), now, saved);
  await eventRef(eventId).set({ type: 'instalment-paid', enrollmentId: id, at: now.toISOString() });
  return outcome === 'recorded' ? 'confirmed' : 'duplicate';
}
