// The office records and voids payments: the enrollment read in a transaction, the plan asked
// (domain/payments.ts), the payments and balance written with the audit entry, and the family's
// receipt for a payment recorded (unless the office turned that email off). The office's discounts
// given by hand go the same way.
import { randomUUID } from 'node:crypto';
import { HttpsError } from 'firebase-functions/v2/https';
import { orRefused, refusedError } from '../lib/refused';
import type { Cents, Enrollment, FamilyMailKind } from '../../../contract/domain';
import { balanceOf, PAID_HOW } from '../../../contract/money';
import { actorName, auditInTx, type Actor } from '../data/audit';
import { db, notFound, recordRef } from '../data/db';
import { enrollmentRecipients, type FamilyMail } from '../data/familyMail';
import { familyMailOff } from '../data/settings';
import { planBalanceReceived, planOfficeDiscount, planPaymentRecorded, planPaymentVoided, type PaymentAsked, type PaymentsPlan } from '../domain/payments';
import { isRefusal, type Refusal } from '../domain/refusal';
import { officeDiscountMail, paymentReceivedMail } from '../mail/family';
import { queueMail } from '../mail/outbox';
import { portalOrigin } from '../payments/stripe';

/**
 * Writes the plan for the enrollment as it is in the transaction; a refusal carries the enrollment as
 * it is now (the office's dialog may show an older one, another person having changed it meanwhile).
 */
function changePayments(
  enrollmentId: string,
  actor: Actor,
  plan: (e: Enrollment) => PaymentsPlan | Refusal,
  mail?: (next: Enrollment) => { key: string; mail: FamilyMail },
): Promise<Enrollment> {
  const ref = recordRef('enrollments', enrollmentId);
  return db().runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound('This enrollment');
    const e = snap.data()!;
    const planned = orRefused(plan(e), { enrollment: e });
    const next: Enrollment = { ...e, payments: planned.payments, balance: balanceOf({ ...e, payments: planned.payments }) };
    tx.update(ref, { payments: next.payments, balance: next.balance });
    auditInTx(tx, actor, { kind: planned.kind, record: { type: 'enrollment', id: e.id }, studentId: e.studentId, studentName: e.studentName, summary: planned.summary });
    if (mail) {
      const { key, mail: m } = mail(next);
      queueMail(tx, m, key);
    }
    return next;
  });
}

export async function recordPayment(enrollmentId: string, asked: PaymentAsked, actor: Actor): Promise<Enrollment> {
  const made = { id: randomUUID(), at: new Date(), by: actorName(actor) };
  const [to, off] = await Promise.all([enrollmentRecipients(enrollmentId), familyMailOff()]);
  return changePayments(enrollmentId, actor, (e) => planPaymentRecorded(e, asked, made), receiptOf(off, enrollmentId, to, asked.method, made.id));
}

/** The family's receipt for the payment just recorded (the enrollment's last), unless the office turned that email off. */
function receiptOf(off: Set<FamilyMailKind>, enrollmentId: string, to: string[], method: PaymentAsked['method'], key: string) {
  if (off.has('payment-received')) return undefined;
  return (next: Enrollment) => ({
    key,
    mail: { kind: 'payment-received' as const, to, enrollmentId, message: paymentReceivedMail(next, next.payments.at(-1)!.amount, PAID_HOW[method], portalOrigin(null)) },
  });
}

/**
 * Several balances marked received at once, each in full and in its own transaction (with its audit
 * entry and the family's receipt); what cannot be recorded (nothing owed, a card checkout) is listed
 * with why. The same request again (its key) records nothing twice.
 */
export async function recordBalancesReceived(enrollmentIds: string[], received: { method: PaymentAsked['method']; note: string }, key: string, actor: Actor) {
  const off = await familyMailOff();
  const recorded: { enrollmentId: string; studentName: string; amount: number }[] = [];
  const skipped: { enrollmentId: string; why: string }[] = [];
  for (const enrollmentId of [...new Set(enrollmentIds)]) {
    const made = { id: `bulk-${key}`, at: new Date(), by: actorName(actor) };
    const to = await enrollmentRecipients(enrollmentId);
    try {
      const next = await changePayments(enrollmentId, actor, (e) => planBalanceReceived(e, received, made), receiptOf(off, enrollmentId, to, received.method, `${made.id}-${enrollmentId}`));
      recorded.push({ enrollmentId, studentName: next.studentName, amount: next.payments.at(-1)!.amount });
    } catch (error) {
      const refused = error as HttpsError;
      const e = (refused.details as { enrollment?: Enrollment } | undefined)?.enrollment;
      if (refused.code === 'already-exists' && e) recorded.push({ enrollmentId, studentName: e.studentName, amount: e.payments.find((p) => p.id === made.id)!.amount });
      else if (refused instanceof HttpsError) skipped.push({ enrollmentId, why: refused.message });
      else throw error;
    }
  }
  return { recorded, skipped };
}

export function voidPayment(enrollmentId: string, paymentId: string, reason: string, actor: Actor): Promise<Enrollment> {
  return changePayments(enrollmentId, actor, (e) => planPaymentVoided(e, paymentId, reason, { at: new Date(), by: actorName(actor) }));
}

/** The office gives a discount by hand (once per request key), audited with its reason; the family is told. */
export async function giveOfficeDiscount(enrollmentId: string, asked: { amount: Cents; reason: string }, key: string, actor: Actor): Promise<Enrollment> {
  const made = { id: key, at: new Date(), by: actorName(actor) };
  const [to, off] = await Promise.all([enrollmentRecipients(enrollmentId), familyMailOff()]);
  const ref = recordRef('enrollments', enrollmentId);
  return db().runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound('This enrollment');
    const e = snap.data()!;
    const planned = planOfficeDiscount(e, asked, made);
    if (isRefusal(planned)) {
      if (planned.refused === 'already-exists') return e;
      throw refusedError(planned, { enrollment: e });
    }
    const next = planned.enrollment;
    tx.set(ref, next);
    auditInTx(tx, actor, { kind: 'discount-given', record: { type: 'enrollment', id: e.id }, studentId: e.studentId, studentName: e.studentName, summary: planned.summary });
    if (!off.has('payment-received')) queueMail(tx, { kind: 'payment-received', to, enrollmentId, message: officeDiscountMail(next, asked.amount, asked.reason, next.balance, portalOrigin(null)) }, `discount-${key}`);
    return next;
  });
}
