// Card payments (PRODUCT §5): a Stripe Checkout Session for a held enrollment, and the webhook events
// that settle it. Fulfilment comes only from the verified webhook; each event is applied once.
import { randomUUID } from 'node:crypto';
import { FieldValue } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/v2';
import { HttpsError } from 'firebase-functions/v2/https';
import type Stripe from 'stripe';
import type { Enrollment } from '../../../contract/domain';
import { formatCard, formatCents, formatDate } from '../../../contract/format';
import { lineTotalOf } from '../../../contract/money';
import { SCHOOL_NAME } from '../../../contract/constants';
import { buildReceipt, receiptGroups } from '../domain/receipt';
import { isStripeError, stripe } from '../payments/stripe';
import { COLLECTIONS, db, getByIds, present, recordRef, runSeatTransaction, uniq } from './db';
import { auditInTx, stripeActor } from './audit';
import { cardOf, enrollmentRef, eventRef, type Outcome } from './stripeSessions';
import { recipients } from './familyMail';
import { settleBalancePayment } from './balance';
import { settleDonation } from './donations';
import { loadPaymentInstructions } from './settings';
import { addSeat, HOLD_END, HOLD_GRACE_S, releaseHold, rosterRef, writeSeatDeltas, type SeatDeltas } from './holds';
import { serveWaitlists } from './waitlist';


/**
 * What Stripe's page lists for one child's held enrollment: the basket's lines when no discount
 * applies, else one line for the total, or for a deposit one line saying what is left and when it is
 * due. The lines add up to the enrollment's held amount.
 */
function checkoutLines(e: Enrollment): Stripe.Checkout.SessionCreateParams.LineItem[] {
  const item = (name: string, amount: number) => ({ quantity: 1, price_data: { currency: 'usd', unit_amount: amount, product_data: { name } } });
  const amount = e.hold!.amount;
  const titles = `${e.lineItems.map((l) => l.title).join(', ')} — ${e.studentName}`;
  if (amount < e.total) return [item(`Deposit: ${titles} (balance ${formatCents(e.total - amount)} due ${e.balanceDueDate ? formatDate(e.balanceDueDate, true) : 'now'})`, amount)];
  if (!e.discounts.length) return e.lineItems.map((l) => item(`${l.title} — ${e.studentName}`, lineTotalOf(l)));
  const codes = e.discounts.map((d) => `${d.code} −${formatCents(d.amount)}`).join(', ');
  return [item(`${titles} (after ${codes})`, amount)];
}

/** What one card payment covers: every held enrollment of the checkout (one per child). */
export const heldAmountOf = (checkout: Enrollment[]) => checkout.reduce((sum, e) => sum + (e.hold?.amount ?? 0), 0);

/**
 * Stripe's page for a held checkout (its enrollments, the first child's first), created once (the
 * idempotency key is the first enrollment's: a double click or a retry gets the same session). When
 * Stripe cannot be reached the hold is released at once.
 */
export async function startCheckout(checkout: Enrollment[], email: string | null, origin: string, now: Date): Promise<string> {
  const [lead] = checkout;
  if (lead.hold?.url) return lead.hold.url;
  const back = `${origin}/classes/enrollment/checkout?enrollment=${encodeURIComponent(lead.id)}`;
  // Stripe closes its page before the hold ends (the grace keeps the seats while the webhook arrives).
  // Stripe asks for at least 30 minutes from when it receives the call: counted from now, not from the
  // start of an enrollment that may have waited on other families (plus a margin for clocks).
  const nowS = Math.floor(Date.now() / 1000);
  const expiresAt = Math.max(Math.floor(new Date(lead.hold!.expiresAt).getTime() / 1000) - HOLD_GRACE_S, nowS + 30 * 60 + 10);
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe().checkout.sessions.create(
      {
        mode: 'payment',
        // A child whose classes are free this time has nothing on the page.
        line_items: checkout.flatMap(checkoutLines).filter((l) => l.price_data!.unit_amount! > 0),
        client_reference_id: lead.id,
        metadata: { enrollmentId: lead.id },
        ...(email ? { customer_email: email } : {}),
        expires_at: expiresAt,
        success_url: `${back}&session={CHECKOUT_SESSION_ID}`,
        cancel_url: `${back}&cancelled=1`,
      },
      { idempotencyKey: `checkout-${lead.id}` },
    );
  } catch (error) {
    if (!isStripeError(error)) throw error;
    logger.error('stripe checkout failed', { enrollmentId: lead.id, type: error.type, message: error.message });
    await releaseHold(lead.id, now);
    throw new HttpsError('unavailable', 'Card payments are not available right now. Nothing was charged and no seat is held; please try again in a few minutes.');
  }
  const batch = db().batch();
  for (const e of checkout) batch.update(enrollmentRef(e.id), { 'hold.sessionId': session.id, 'hold.url': session.url, 'hold.payBy': new Date(session.expires_at * 1000).toISOString() });
  await batch.commit();
  return session.url!;
}

/**
 * A paid session: confirm the enrollments of its checkout (each child's, each recording its part of
 * the payment), or — their hold gone and a seat no longer free — refund it in full.
 */
async function settlePaid(eventId: string, session: Stripe.Checkout.Session, now: Date): Promise<Outcome> {
  const id = session.client_reference_id ?? session.metadata?.enrollmentId ?? '';
  const before = id ? await enrollmentRef(id).get() : null;
  if (!before?.exists) {
    logger.warn('stripe event for an unknown enrollment', { eventId, sessionId: session.id });
    return 'ignored';
  }
  const e0 = before.data()!;
  const ids = e0.checkoutIds ?? [id];
  const checkout0 = ids.length > 1 ? (await getByIds('enrollments', ids)).found : [e0];
  const amount = session.amount_total ?? 0;
  const asked = heldAmountOf(checkout0);
  if (session.id !== e0.hold?.sessionId || amount !== asked) {
    // Not what this checkout asked Stripe for: nothing is confirmed, and the office looks at it.
    return db().runTransaction(async (tx) => {
      if ((await tx.get(eventRef(eventId))).exists) return 'duplicate';
      const intent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? '');
      tx.update(enrollmentRef(id), { flag: `A card payment of ${formatCents(amount)} (Stripe ${intent}) did not match this checkout of ${formatCents(asked)}.` });
      tx.set(eventRef(eventId), { type: 'paid-mismatch', enrollmentId: id, at: now.toISOString() });
      return 'flagged';
    });
  }
  const card = await cardOf(session);
  const [{ found: classes }, { found: semesters }, { found: students }, instructions] = await Promise.all([
    getByIds('classes', uniq(checkout0.flatMap((e) => e.classIds))),
    getByIds('semesters', uniq(checkout0.flatMap((e) => e.semesterIds))),
    getByIds('students', checkout0.map((e) => e.studentId)),
    loadPaymentInstructions(),
  ]);
  const to = new Map(await Promise.all(checkout0.map(async (e) => [e.id, await recipients(e, students.find((s) => s.id === e.studentId))] as const)));
  const at = now.toISOString();
  const paymentOf = (e: Enrollment) => ({ id: randomUUID(), amount: e.hold!.amount, method: 'card' as const, note: `Paid online by ${formatCard(card)}`, at, by: 'Stripe', card });

  // Confirms seats (or takes them again): retried under contention like every seat transaction.
  const outcome = await runSeatTransaction(async (tx): Promise<Outcome | 'no-seat'> => {
    if ((await tx.get(eventRef(eventId))).exists) return 'duplicate';
    const checkout = present(await tx.getAll(...ids.map(enrollmentRef)));
    if (checkout.some((e) => e.payments.some((p) => p.card?.sessionId === session.id))) {
      tx.set(eventRef(eventId), { type: 'paid', enrollmentId: id, at });
      return 'duplicate';
    }
    if (checkout.some((e) => e.status !== 'pending_payment' && e.status !== 'expired')) return 'no-seat';
    // Paid after the hold ended: take the seats again if every class still has one for every child.
    const lapsed = checkout.filter((e) => e.status === 'expired');
    const wanted = new Map<string, number>();
    for (const e of lapsed) for (const c of e.classIds) addSeat(wanted, c, 1);
    const snaps = lapsed.length ? await tx.getAll(...[...wanted.keys()].map((c) => recordRef('classes', c)), ...lapsed.flatMap((e) => e.classIds.map((c) => rosterRef(c, e.studentId)))) : [];
    const classSnaps = snaps.slice(0, wanted.size);
    const full = classSnaps.some((s) => !s.exists || (s.get('enrolledCount') as number) + wanted.get(s.id)! > (s.get('capacity') as number));
    if (full || snaps.slice(wanted.size).some((s) => s.exists)) return 'no-seat';

    const deltas: SeatDeltas = new Map();
    const confirmedAll: Enrollment[] = [];
    for (const e of checkout) {
      for (const c of e.classIds) {
        if (e.status === 'expired') {
          addSeat(deltas, c, 1);
          tx.set(rosterRef(c, e.studentId), { studentId: e.studentId, studentName: e.studentName, enrollmentId: e.id, ownerUid: e.ownerUid, addOns: e.lineItems.flatMap((l) => (l.classIds.includes(c) ? l.addOns : [])) });
        } else tx.update(rosterRef(c, e.studentId), { [HOLD_END]: FieldValue.delete() });
      }
      const payment = paymentOf(e);
      const confirmed: Enrollment = { ...e, status: 'confirmed', payments: [...e.payments, payment], balance: e.total - payment.amount };
      tx.set(enrollmentRef(e.id), confirmed);
      auditInTx(tx, stripeActor(eventId), { kind: 'card-payment', record: { type: 'enrollment', id: e.id }, studentId: e.studentId, studentName: e.studentName, summary: `Paid by card: ${formatCents(payment.amount)}` }, now);
      confirmedAll.push(confirmed);
    }
    for (const group of receiptGroups(confirmedAll, (e) => to.get(e.id)!)) {
      tx.set(db().collection(COLLECTIONS.mail).doc(), buildReceipt(group.enrollments, classes, semesters, instructions, group.to));
    }
    writeSeatDeltas(tx, deltas);
    tx.delete(db().collection(COLLECTIONS.enrollmentDrafts).doc(e0.ownerUid));
    tx.set(eventRef(eventId), { type: 'paid', enrollmentId: id, at });
    return 'confirmed';
  });
  if (outcome !== 'no-seat') return outcome;

  // No seat for a payment: give it all back (once: the key is the session's), then record it.
  const refund = await stripe().refunds.create(
    { payment_intent: card.paymentIntent, amount, metadata: { enrollmentId: id, reason: 'seat-lost' } },
    { idempotencyKey: `seat-lost-${session.id}` },
  );
  return db().runTransaction(async (tx) => {
    if ((await tx.get(eventRef(eventId))).exists) return 'duplicate';
    const checkout = present(await tx.getAll(...ids.map(enrollmentRef)));
    const reason = 'The payment arrived after the seats were released and the class had filled.';
    for (const e of checkout) {
      const payment = paymentOf(e);
      tx.set(enrollmentRef(e.id), {
        ...e,
        payments: [...e.payments, payment],
        cardRefunds: [...(e.cardRefunds ?? []), { amount: payment.amount, refundId: refund.id, paymentIntent: card.paymentIntent, last4: card.last4, reason, at }],
        balance: 0,
      });
      auditInTx(tx, stripeActor(eventId), { kind: 'card-payment', record: { type: 'enrollment', id: e.id }, studentId: e.studentId, studentName: e.studentName, summary: `Paid by card: ${formatCents(payment.amount)}, refunded in full (no seat left)` }, now);
    }
    const names = checkout.map((e) => e.studentName).join(' and ');
    tx.set(db().collection(COLLECTIONS.mail).doc(), {
      to: to.get(id)!,
      enrollmentId: id,
      message: {
        subject: `Refunded: enrollment not completed — ${SCHOOL_NAME}`,
        text: `We received your payment of ${formatCents(amount)} for ${names}, but the seats were released when the checkout time ran out and the class has since filled. The full amount was refunded to your ${formatCard(card)}; it shows on your statement in 5–10 days.`,
        html: `<p>We received your payment of ${formatCents(amount)}, but the seats were released when the checkout time ran out and the class has since filled.</p><p>The full amount was refunded to your card ending ${card.last4}; it shows on your statement in 5–10 days.</p>`,
      },
    });
    tx.set(eventRef(eventId), { type: 'refunded', enrollmentId: id, refundId: refund.id, at });
    return 'refunded';
  });
}

/** Applies one verified Stripe event. Unknown enrollments and other event types change nothing. */
export async function applyStripeEvent(event: Stripe.Event, now = new Date()): Promise<Outcome> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      if (session.payment_status !== 'paid') return 'ignored'; // an async payment still on its way
      const kind = session.metadata?.kind;
      if (kind === 'donation') return settleDonation(event.id, session, now);
      return kind === 'balance' ? settleBalancePayment(event.id, session, now) : settlePaid(event.id, session, now);
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      if (session.metadata?.kind) return 'ignored'; // an unpaid balance or gift page holds nothing
      const id = session.client_reference_id ?? '';
      const snap = id ? await enrollmentRef(id).get() : null;
      if (!snap?.exists) {
        logger.warn('stripe event for an unknown enrollment', { eventId: event.id, sessionId: session.id });
        return 'ignored';
      }
      if ((await eventRef(event.id).get()).exists) return 'duplicate';
      await releaseHold(id, now);
      await eventRef(event.id).set({ type: 'released', enrollmentId: id, at: now.toISOString() });
      return 'released';
    }
    default:
      return 'ignored';
  }
}

/**
 * Ends a hold: its Stripe page is closed first (so nobody pays for seats that are gone), then the
 * seats go back. A page that cannot be closed may have been paid: its webhook confirms it (or refunds
 * it, if the seats went meanwhile), so the hold is left to it.
 */
export async function endHold(held: Enrollment, now: Date): Promise<Enrollment> {
  if (held.status !== 'pending_payment') return held;
  const sessionId = held.hold?.sessionId;
  if (sessionId) {
    const closed = await stripe().checkout.sessions.expire(sessionId).catch((e: unknown) => {
      if (isStripeError(e)) return null;
      throw e;
    });
    if (!closed && (await stripe().checkout.sessions.retrieve(sessionId).catch(() => null))?.status === 'complete') return held;
  }
  const { enrollment, released } = await releaseHold(held.id, now);
  // A seat given back goes to the families waiting for it, in order (issue 20).
  if (released.length) await serveWaitlists(uniq(released.flatMap((e) => e.classIds)), now);
  return enrollment;
}

/** The sweep: holds past their end give their seats back. */
export async function releaseLapsedHolds(now: Date, lapsed: Enrollment[]): Promise<number> {
  let released = 0;
  for (const e of lapsed) if ((await endHold(e, now)).status === 'expired') released++;
  return released;
}
