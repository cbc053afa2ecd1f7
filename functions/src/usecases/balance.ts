// "Pay balance": a card payment of what confirmed enrollments still owe (an office enrollment, a
// deposit's balance), one child's or the family's whole. Its Stripe page holds no seat; the webhook
// records the payment once, split into the enrollments it was for.
import { createHash, randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import type { Enrollment } from '../../../contract/domain';
import { formatCents } from '../../../contract/format';
import { formatCard } from '../../../contract/wording';
import { balanceOf } from '../../../contract/money';
import { cardPageDown, isStripeError, pageEnd, portalOrigin, stripe, WINDOW_MS } from '../payments/stripe';
import { paymentReceivedMail } from '../mail/family';
import { queueMail } from '../mail/outbox';
import { db, recordRef } from '../data/db';
import { auditInTx, stripeActor } from '../data/audit';
import { cardOf, enrollmentRef, eventRef, type Outcome } from '../data/stripeSessions';
import { recipients } from '../data/familyMail';
import { owingOf } from '../domain/payments';
import { orRefused } from '../lib/refused';

/** Stripe keeps at most 500 characters in one metadata value. */
const METADATA_VALUE = 500;

/**
 * What a balance page pays for each enrollment ("id:cents" pairs), in as many metadata values as it
 * takes: a family's balance may span a dozen enrollments.
 */
export function partsMetadata(parts: { id: string; amount: number }[]): Record<string, string> {
  const values: string[] = [];
  for (const pair of parts.map((p) => `${p.id}:${p.amount}`)) {
    const last = values.length - 1;
    if (last >= 0 && values[last].length + 1 + pair.length <= METADATA_VALUE) values[last] += `,${pair}`;
    else values.push(pair);
  }
  return Object.fromEntries(values.map((v, i) => [i ? `parts${i + 1}` : 'parts', v]));
}

/** The parts a balance page paid; a page made before parts were written paid its one enrollment whole. */
export function partsOf(session: Pick<Stripe.Checkout.Session, 'metadata' | 'client_reference_id' | 'amount_total'>): { id: string; amount: number }[] {
  const meta = session.metadata ?? {};
  const values = Object.keys(meta)
    .filter((k) => /^parts\d*$/.test(k))
    .sort((a, b) => Number(a.slice(5) || 1) - Number(b.slice(5) || 1))
    .map((k) => meta[k]);
  if (!values.length) return session.client_reference_id ? [{ id: session.client_reference_id, amount: session.amount_total ?? 0 }] : [];
  return values
    .join(',')
    .split(',')
    .map((pair) => {
      const [id, amount] = pair.split(':');
      return { id, amount: Number(amount) };
    });
}

/**
 * Stripe's page for what confirmed enrollments still owe: one child's, or the family's whole balance
 * in one payment (a line per child). Clicks within the same 25 minutes get the same page (one key).
 */
export async function startBalanceCheckout(enrollments: Enrollment[], family: boolean, email: string | null, origin: string, now: Date): Promise<string> {
  const owing = orRefused(owingOf(enrollments, family));
  const first = owing[0];
  const parts = owing.map((e) => ({ id: e.id, amount: balanceOf(e) }));
  const back = `${origin}/classes/enrollment/checkout?enrollment=${encodeURIComponent(first.id)}`;
  const bucket = Math.floor(now.getTime() / WINDOW_MS);
  const key = parts.map((p) => `${p.id}-${p.amount}`).join('-') + `-${owing.reduce((n, e) => n + e.payments.length, 0)}-${bucket}`;
  try {
    const session = await stripe().checkout.sessions.create(
      {
        mode: 'payment',
        // Cards only: other methods settle days later (and carry no card to name on the receipt).
        allowed_payment_method_types: ['card'],
        line_items: owing.map((e) => ({
          quantity: 1,
          price_data: { currency: 'usd', unit_amount: balanceOf(e), product_data: { name: `Balance for ${e.studentName}: ${e.lineItems.map((l) => l.title).join(', ')}` } },
        })),
        client_reference_id: first.id,
        metadata: { enrollmentId: first.id, kind: 'balance', ...partsMetadata(parts) },
        ...(email ? { customer_email: email } : {}),
        expires_at: pageEnd(bucket),
        success_url: `${back}&session={CHECKOUT_SESSION_ID}`,
        cancel_url: `${origin}/account/enrollments`,
      },
      // Stripe keeps an idempotency key to 255 characters: a family's many parts are hashed.
      { idempotencyKey: `balance-${owing.length > 1 ? createHash('sha256').update(key).digest('base64url') : key}` },
    );
    return session.url!;
  } catch (error) {
    if (!isStripeError(error)) throw error;
    throw cardPageDown();
  }
}

/**
 * A paid balance page: each enrollment's part is recorded once, as its own payment of the one card
 * charge; a part more than what is owed now is recorded and flagged (the office refunds the rest).
 */
export async function settleBalancePayment(eventId: string, session: Stripe.Checkout.Session, now: Date): Promise<Outcome> {
  const parts = partsOf(session);
  const befores = await Promise.all(parts.map((p) => enrollmentRef(p.id).get()));
  if (!befores.length || befores.some((b) => !b.exists)) return 'ignored';
  const card = await cardOf(session);
  const to = await Promise.all(
    befores.map(async (b) => {
      const e = b.data()!;
      return recipients(e, (await recordRef('students', e.studentId).get()).data());
    }),
  );
  const at = now.toISOString();
  const total = session.amount_total ?? 0;
  const first = parts[0].id;
  return db().runTransaction(async (tx) => {
    if ((await tx.get(eventRef(eventId))).exists) return 'duplicate';
    const all = (await tx.getAll(...parts.map((p) => enrollmentRef(p.id)))).map((d) => d.data()!);
    tx.set(eventRef(eventId), { type: 'balance-paid', enrollmentId: first, at });
    if (all.some((e) => e.payments.some((p) => p.card?.sessionId === session.id))) return 'duplicate';
    if (parts.reduce((sum, p) => sum + p.amount, 0) !== total) {
      tx.update(enrollmentRef(first), { flag: `A card payment of ${formatCents(total)} (Stripe ${card.paymentIntent}) does not match the balances it was for: check it in Stripe and record it by hand.` });
      return 'flagged';
    }
    const one = parts.length > 1 ? ` (part of one payment of ${formatCents(total)})` : '';
    let flagged = false;
    parts.forEach(({ id, amount }, i) => {
      const e = all[i];
      const due = balanceOf(e);
      const payments = [...e.payments, { id: randomUUID(), amount, method: 'card' as const, note: `Balance paid online by ${formatCard(card)}${one}`, at, by: 'Stripe', card }];
      const next: Enrollment = { ...e, payments, balance: balanceOf({ ...e, payments }) };
      if (amount > due) {
        next.flag = `A card payment of ${formatCents(amount)} (Stripe ${card.paymentIntent}) was more than the balance of ${formatCents(due)}: refund the difference.`;
        flagged = true;
      }
      tx.set(enrollmentRef(id), next);
      auditInTx(tx, stripeActor(eventId), { kind: 'card-payment', record: { type: 'enrollment', id }, studentId: e.studentId, studentName: e.studentName, summary: `Balance paid by card: ${formatCents(amount)}${one}` }, now);
      queueMail(tx, { kind: 'payment-received', to: to[i], enrollmentId: id, message: paymentReceivedMail(next, amount, `from your ${formatCard(card)}${one}`, portalOrigin(null)) });
    });
    return flagged ? 'flagged' : 'confirmed';
  });
}
