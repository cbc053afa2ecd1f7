// A family's account credit, pure: what a checkout's use, a hold given back and the office's credit
// write (contract/credit.ts has the ledger's words and how much a checkout uses).
import type { CreditEntry } from '../../../contract/credit';
import type { Cents, Enrollment, Payment } from '../../../contract/domain';
import { andList, formatCents } from '../../../contract/format';
import { balanceOf, paidInCreditOf } from '../../../contract/money';
import { checkoutOf } from './ids';
import { refuse, type Refusal } from './refusal';

const PORTAL = 'the portal';

/** An enrollment's part paid from the account credit, a payment like any other. */
export const creditPayment = (e: Pick<Enrollment, 'id'>, amount: Cents, at: string): Payment => ({
  id: `${e.id}-credit`,
  amount,
  method: 'credit',
  note: 'Paid from the account credit',
  at,
  by: PORTAL,
});

/** The ledger's entry for a checkout's use (one per checkout, named by its first enrollment: a replay writes nothing new). */
export const creditUsed = (enrollments: Pick<Enrollment, 'id' | 'ownerUid' | 'studentName'>[], amount: Cents, at: string): CreditEntry => ({
  id: `${enrollments[0].id}-used`,
  ownerUid: enrollments[0].ownerUid,
  amount: -amount,
  kind: 'used',
  words: `Paid toward the enrollment of ${andList(enrollments.map((e) => e.studentName))}`,
  at,
  by: PORTAL,
  enrollmentId: enrollments[0].id,
});

export const NO_CREDIT = 'Your account has no credit to use.';
export const NOTHING_OWED = 'Nothing is owed on your enrollments.';

/**
 * What confirmed enrollments owe, paid from the account credit: oldest first, each as much as the
 * credit still has, a payment like any other, with the ledger's use of it (one entry per payment,
 * named by the enrollment's checkout). What the credit does not cover stays owed (Pay balance).
 */
export function owedFromCredit(credit: Cents, owing: Enrollment[], at: string, by: string): { enrollment: Enrollment; entry: CreditEntry }[] | Refusal {
  if (credit <= 0) return refuse('failed-precondition', NO_CREDIT);
  const open = owing.filter((e) => e.status === 'confirmed' && balanceOf(e) > 0).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  if (!open.length) return refuse('failed-precondition', NOTHING_OWED);
  let left = credit;
  const paid: { enrollment: Enrollment; entry: CreditEntry }[] = [];
  for (const e of open) {
    const amount = Math.min(left, balanceOf(e));
    if (amount <= 0) break;
    left -= amount;
    const n = e.payments.length + 1;
    const payment: Payment = { id: `${e.id}-credit-${n}`, amount, method: 'credit', note: 'Paid from the account credit', at, by };
    const next = { ...e, payments: [...e.payments, payment] };
    paid.push({
      enrollment: { ...next, balance: balanceOf(next) },
      entry: { id: `${e.id}-used-${n}`, ownerUid: e.ownerUid, amount: -amount, kind: 'used', words: `Paid toward what ${e.studentName}’s enrollment owed`, at, by, enrollmentId: checkoutOf(e) },
    });
  }
  return paid;
}

/** The account credit these held checkouts used (given back as they end). */
export const creditHeldBy = (held: Pick<Enrollment, 'payments'>[]): Cents => held.reduce((sum, e) => sum + paidInCreditOf(e), 0);

/**
 * A held checkout ended unpaid: the credit it used is voided on it (kept, struck through) and given
 * back to the account as an entry (none when it used none).
 */
export function creditGivenBack(e: Enrollment, at: string): { payments: Payment[]; entry: CreditEntry | null } {
  const amount = paidInCreditOf(e);
  if (!amount) return { payments: e.payments, entry: null };
  const reason = 'Given back to the account credit: the card payment was not completed';
  const payments = e.payments.map((p) => (p.method === 'credit' && !p.voided ? { ...p, voided: { reason, at, by: PORTAL } } : p));
  return {
    payments,
    entry: { id: `${e.id}-returned`, ownerUid: e.ownerUid, amount, kind: 'returned', words: `Given back: the card payment for ${e.studentName} was not completed`, at, by: PORTAL, enrollmentId: e.id },
  };
}

/**
 * A card payment that came after its hold had ended, and is taken (the seats were free): the credit
 * the hold gave back pays its part again, as far as the account holds it now; what it no longer holds
 * stays owed. Each enrollment takes again at most what it gave back.
 */
export function creditTakenAgain(checkout: Enrollment[], balance: Cents, at: string): { checkout: Enrollment[]; entry: CreditEntry | null; total: Cents } {
  let left = Math.max(0, balance);
  const parts = checkout.map((e) => {
    const gaveBack = e.payments.filter((p) => p.method === 'credit' && p.voided).reduce((sum, p) => sum + p.amount, 0);
    const part = Math.min(gaveBack, left);
    left -= part;
    return part;
  });
  const total = parts.reduce((sum, part) => sum + part, 0);
  if (!total) return { checkout, entry: null, total };
  return {
    checkout: checkout.map((e, i) => (parts[i] ? { ...e, payments: [...e.payments, { ...creditPayment(e, parts[i], at), id: `${e.id}-credit-again` }] } : e)),
    entry: { ...creditUsed(checkout, total, at), id: `${checkout[0].id}-used-again`, words: `Paid again toward the enrollment of ${andList(checkout.map((e) => e.studentName))}: its card payment came after all` },
    total,
  };
}

/** A refund given back as credit (its id: the cancellation's, so that a retry writes it once). */
export const creditRefunded = (e: Pick<Enrollment, 'id' | 'ownerUid' | 'studentName'>, cancellationId: string, amount: Cents, titles: string[], at: string, by: string): CreditEntry => ({
  id: `${e.id}-${cancellationId}`,
  ownerUid: e.ownerUid,
  amount,
  kind: 'refund',
  words: `Refund for ${andList(titles)} (${e.studentName}), as account credit`,
  at,
  by,
  enrollmentId: e.id,
});

/** What a move to a cheaper class gives back: the price difference paid, as account credit. */
export const creditMoved = (e: Pick<Enrollment, 'id' | 'ownerUid' | 'studentName'>, moveId: string, amount: Cents, from: string, to: string, at: string, by: string): CreditEntry => ({
  ...creditRefunded(e, moveId, amount, [from], at, by),
  words: `Moving ${e.studentName} from ${from} to ${to}: the price difference, as account credit`,
});

/** The office's credit (or, less than nothing, taking some back): refused when it would leave less than nothing. */
export function creditGiven(f: { id: string; ownerUid: string; balance: Cents; amount: Cents; reason: string; at: string; by: string }): CreditEntry | Refusal {
  if (!f.reason.trim()) return refuse('invalid-argument', 'reason: Say why, in words for the family.');
  if (f.balance + f.amount < 0) return refuse('failed-precondition', `This family has ${formatCents(f.balance)} of credit: no more than that can be taken back.`);
  return { id: f.id, ownerUid: f.ownerUid, amount: f.amount, kind: 'given', words: f.reason.trim(), at: f.at, by: f.by };
}
