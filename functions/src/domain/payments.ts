// The office's money actions on an enrollment as plans: the payments after a payment is recorded or
// voided, with the audit's words, or why the action is refused. Pure: the use-case reads the
// enrollment in a transaction, asks the plan, and writes it (usecases/payments.ts).
import type { Cents, Enrollment, Payment, PaymentMethod } from '../../../contract/domain';
import type { AuditKind } from '../../../contract/audit';
import { paymentKey } from '../../../contract/domain';
import { formatCents } from '../../../contract/format';
import { balanceOf, duplicatePayment, voidProblem } from '../../../contract/money';
import { officeDiscountOf, withOfficeDiscount } from './cancellation';
import { no, type Refusal } from './refusal';

export interface PaymentsPlan {
  payments: Payment[];
  kind: AuditKind;
  summary: string;
}


export interface PaymentAsked {
  amount: number;
  method: PaymentMethod;
  note: string;
  /** The office saw the "recorded less than a minute ago" question and records it anyway. */
  confirmDuplicate?: boolean;
}

/** Who acts and when, with the new payment's id. */
export interface Made {
  id: string;
  at: Date;
  by: string;
}

export function planPaymentRecorded(e: Enrollment, asked: PaymentAsked, made: Made): PaymentsPlan | Refusal {
  const { confirmDuplicate, ...fields } = asked;
  if (e.status === 'pending_payment' || e.status === 'expired') {
    return { refused: 'failed-precondition', message: 'This enrollment is a card checkout that was never completed: it holds no balance to pay.' };
  }
  const due = balanceOf(e);
  if (due <= 0) return { refused: 'failed-precondition', message: 'Nothing is owed on this enrollment.' };
  if (fields.amount > due) return { refused: 'failed-precondition', message: `That is more than the balance of ${formatCents(due)}.` };
  const twin = !confirmDuplicate && duplicatePayment(e.payments, fields, made.at);
  if (twin) return { refused: 'aborted', message: `A payment of ${formatCents(twin.amount)} by ${twin.method} was recorded less than a minute ago. Record another one?` };
  return {
    payments: [...e.payments, { ...fields, id: made.id, at: made.at.toISOString(), by: made.by }],
    kind: 'payment-recorded',
    summary: `Recorded ${formatCents(fields.amount)} (${fields.method})`,
  };
}

/**
 * The office marks a balance received in full (one of several at once): the whole balance as one
 * payment. Its id is the request's, so the same request made again records nothing twice ('already-exists').
 */
export function planBalanceReceived(e: Enrollment, received: Omit<PaymentAsked, 'amount' | 'confirmDuplicate'>, made: Made): PaymentsPlan | Refusal {
  if (e.payments.some((p) => p.id === made.id)) return { refused: 'already-exists', message: 'Recorded already by this request.' };
  return planPaymentRecorded(e, { ...received, amount: balanceOf(e), confirmDuplicate: true }, made);
}

export function planPaymentVoided(e: Enrollment, paymentId: string, reason: string, made: Omit<Made, 'id'>): PaymentsPlan | Refusal {
  const index = e.payments.findIndex((p, i) => paymentKey(p, i) === paymentId);
  if (index < 0) return { refused: 'not-found', message: 'This payment does not exist.' };
  const voided = e.payments[index];
  const problem = voidProblem(e, voided);
  if (problem) return { refused: 'failed-precondition', message: problem };
  return {
    payments: e.payments.map((p, i) => (i === index ? { ...p, voided: { reason, at: made.at.toISOString(), by: made.by } } : p)),
    kind: 'payment-voided',
    summary: `Voided ${formatCents(voided.amount)} (${voided.method}): ${reason}`,
  };
}

/**
 * The office gives a discount by hand, with its reason: a fixed amount off what is still owed (money
 * already paid goes back as account credit instead), added to the enrollment's "office" discount line,
 * which repricing keeps. The same request (its id) twice gives it once ('already-exists').
 */
export function planOfficeDiscount(e: Enrollment, asked: { amount: Cents; reason: string }, made: Made): { enrollment: Enrollment; summary: string } | Refusal {
  if ((e.officeDiscounts ?? []).some((d) => d.id === made.id)) return { refused: 'already-exists', message: 'Given already by this request.' };
  if (e.status !== 'confirmed') return { refused: 'failed-precondition', message: 'A discount is given on a confirmed enrollment only.' };
  const due = balanceOf(e);
  if (asked.amount > due) {
    return { refused: 'failed-precondition', message: due > 0 ? `A discount lowers what is owed (${formatCents(due)} now): for money already paid, give account credit.` : 'Nothing is owed on this enrollment: for money already paid, give account credit.' };
  }
  const given = [...(e.officeDiscounts ?? []), { id: made.id, amount: asked.amount, reason: asked.reason, at: made.at.toISOString(), by: made.by }];
  const priced = withOfficeDiscount(e, officeDiscountOf(e) + asked.amount);
  const next: Enrollment = { ...e, ...priced, officeDiscounts: given };
  return { enrollment: { ...next, balance: balanceOf(next) }, summary: `Office discount of ${formatCents(asked.amount)}: ${asked.reason}` };
}

/** What a balance page pays: the confirmed enrollments that still owe (the family's, or the one asked about). */
export function owingOf(enrollments: Enrollment[], family: boolean): Enrollment[] | Refusal {
  const owing = enrollments.filter((e) => e.status === 'confirmed' && balanceOf(e) > 0);
  return owing.length ? owing : no(family ? 'Nothing is owed on your enrollments.' : 'Nothing is owed on this enrollment.');
}
