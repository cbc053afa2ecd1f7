// Families changing their plans themselves: the school's cancellation policy (per semester) and what
// it gives a family that cancels — shown before anything is sent. Shared by the functions and the app.
import type { Cents } from './domain';
import { formatCents } from './format';

/** From this many days before a class's first meeting, a cancellation gets `percent` of what the classes cost back, less `fee`. */
export interface NoticeBand {
  daysBefore: number;
  percent: number;
  fee: Cents;
  /** What comes back is account credit for the family's next enrollments (contract/credit.ts), not money to the card. */
  asCredit?: boolean;
}

/**
 * How the school moves a child to another class of the same term: at no charge (the new class at the
 * price the old one was charged), charging the price difference (a cheaper class gives the
 * difference paid as account credit), or not at all. Absent: the office decides every move.
 */
export const TRANSFER_RULES = ['free', 'difference', 'refused'] as const;
export type TransferRule = (typeof TRANSFER_RULES)[number];

export interface CancellationPolicy {
  /** Any order; the band with the most notice the family gave applies (none: nothing back). */
  bands: NoticeBand[];
  /** Families may cancel (and move) by themselves inside the policy (else only the office does). */
  selfService: boolean;
  /** Moves to another class of the same term (absent: the office decides each). */
  transfers?: TransferRule;
}

/** What moving a child to another class would do, as the family sees it before it asks. */
export interface TransferOutcome {
  /** Whether the family may move by itself now; else why not. */
  allowed: boolean;
  why: string | null;
  /** Whether the family may ask the office instead (not when the school refuses moves, or the class is full). */
  askable: boolean;
  toClassId: string;
  toTitle: string;
  /** The enrollment's total after the move, and that less its total now (negative: cheaper). */
  newTotal: Cents;
  difference: Cents;
  /** Paid beyond the new total because of the move: given as account credit. */
  credit: Cents;
  /** Still owed after the move. */
  owes: Cents;
}

/** The move in the family's words: "Nature Journaling costs $20.00 more: you will owe $20.00, to pay from My Enrollments." */
export function transferWords(o: Pick<TransferOutcome, 'toTitle' | 'difference' | 'credit' | 'owes'>): string {
  const price =
    o.difference === 0
      ? `${o.toTitle} costs you nothing more`
      : o.difference > 0
        ? `${o.toTitle} costs ${formatCents(o.difference)} more`
        : `${o.toTitle} costs ${formatCents(-o.difference)} less`;
  const credit = o.credit > 0 ? `; you will get a credit of ${formatCents(o.credit)} for your next enrollment` : '';
  const owes = o.owes > 0 ? ` You will owe ${formatCents(o.owes)}, to pay from My Enrollments.` : '';
  return `${price}${credit}.${owes}`;
}

/** What cancelling would do, as the family sees it before it asks. */
export interface CancellationOutcome {
  /** Whether the family may cancel by itself now; else why not (and whom to call). */
  allowed: boolean;
  why: string | null;
  /** Days between today and the first meeting of the classes cancelled (at the school). */
  daysBefore: number;
  /** The band that applies (null: the policy gives nothing back this close). */
  band: NoticeBand | null;
  /** What the cancelled classes cost in the enrollment (its total before, less after). */
  value: Cents;
  /** Of that value, what the school keeps under its policy (the rest is given back, up to what was paid). */
  kept: Cents;
  /** Money back: to the cards the family paid with (`toCard`), and the rest (paid at the office). */
  refund: Cents;
  toCard: Cents;
  /** Of the refund, what becomes account credit (all of it, in a band that gives credit). */
  toCredit: Cents;
  /** Still owed for the classes kept, after the cancellation. */
  owes: Cents;
}

/** What a request keeps of the outcome it was shown (`toCredit` absent on requests made before credit; `difference` on a move's). */
export type RequestOutcome = Pick<CancellationOutcome, 'refund' | 'toCard' | 'kept' | 'owes'> & { toCredit?: Cents; difference?: Cents };

/** A change of an enrollment's classes in words: "Moved from Art in the Wild Camp to River Adventure Camp", or "Cancelled Art in the Wild Camp". */
export const changeWords = (c: { classTitles: string[]; movedTo?: { title: string } }): string =>
  c.movedTo ? `Moved from ${c.classTitles.join(', ')} to ${c.movedTo.title}` : `Cancelled ${c.classTitles.join(', ')}`;
/** The same with its day: "Cancelled Nov 29, 2026: Art in the Wild Camp", "Moved Nov 29, 2026: from … to …". */
export const changeOn = (c: { classTitles: string[]; movedTo?: { title: string } }, day: string): string =>
  c.movedTo ? `Moved ${day}: from ${c.classTitles.join(', ')} to ${c.movedTo.title}` : `Cancelled ${day}: ${c.classTitles.join(', ')}`;

/** What a request asks, in words: "cancel Art in the Wild Camp", "move from Art in the Wild Camp to River Adventure Camp". */
export const requestAsks = (r: Pick<ChangeRequest, 'kind' | 'classTitles' | 'to'>): string =>
  r.kind === 'transfer' ? `move from ${r.classTitles.join(', ')} to ${r.to?.title ?? 'another class'}` : `cancel ${r.classTitles.join(', ')}`;

/** The outcome in the family's words: "You will get $180 back to the card ending 4242 within 5–10 days; the school keeps $20 under its cancellation policy." */
export function outcomeWords(o: RequestOutcome, cards: string[] = []): string {
  const card = cards.length ? `the card ending ${cards.join(' or ')}` : 'your card';
  const back =
    o.refund === 0
      ? 'Nothing is refunded'
      : o.toCredit
        ? `You will get a credit of ${formatCents(o.refund)} for your next enrollment`
      : o.toCard === o.refund
        ? `You will get ${formatCents(o.refund)} back to ${card} within 5–10 days`
        : `You will get ${formatCents(o.refund)} back (${formatCents(o.toCard)} to ${card}, ${formatCents(o.refund - o.toCard)} from the office)`;
  const kept = o.kept > 0 ? `; the school keeps ${formatCents(o.kept)} under its cancellation policy` : '';
  const owes = o.owes > 0 ? ` You will still owe ${formatCents(o.owes)} for the classes you keep.` : '';
  return `${back}${kept}.${owes}`;
}

/**
 * A family's request the office decides: cancelling classes when the family may not do it by itself
 * (the school decides every cancellation, the class has started, or part of the refund is the office's
 * to give). Kept on the enrollment; the family sees it, and the office's answer.
 */
export interface ChangeRequest {
  id: string;
  /** `transfer`: move the child from `classIds[0]` to `to` (a seat there is kept for the child while it waits). */
  kind: 'cancel' | 'transfer';
  classIds: string[];
  classTitles: string[];
  to?: { classId: string; title: string };
  /** The family's words for the office (optional). */
  reason?: string;
  askedAt: string;
  /** What the policy gave when the family asked, in figures and in the words it was shown. */
  outcome: RequestOutcome;
  words: string;
  /** `withdrawn`: its classes were all cancelled another way before the office answered. */
  status: 'waiting' | 'approved' | 'declined' | 'withdrawn';
  decidedAt?: string;
  /** The office's words to the family (asked when it declines, or gives another refund than the policy's). */
  answer?: string;
  /** The refund the office gave, approved. */
  refund?: Cents;
  /** A move the office approved at no charge (the new class at the price paid for the old one). */
  atNoCharge?: true;
}

/** The office's answer to a request: approve (at the policy's refund unless it says another) or decline. */
export interface Decision {
  approve: boolean;
  refund?: Cents;
  /** A move approved at no charge: the new class at the price paid for the old one. */
  atNoCharge?: boolean;
  answer?: string;
}

/**
 * What a decision lacks, in the office's words (null: nothing): words for the family to decline, or
 * to give another refund than the policy's. The office's page checks it before sending; the functions
 * refuse it.
 */
export function decisionProblem(d: Decision, policyRefund: Cents): string | null {
  const answered = !!d.answer?.trim();
  if (!d.approve) return answered ? null : 'Say why, in words for the family.';
  if (d.atNoCharge && !answered) return 'Say why the move is at no charge, in words for the family.';
  return (d.refund ?? policyRefund) !== policyRefund && !answered ? 'Say why the refund differs from what the policy gives, in words for the family.' : null;
}

/** A request as the office's queue shows it: with the enrollment it is on. */
export interface OfficeChangeRequest extends ChangeRequest {
  enrollmentId: string;
  studentId: string;
  studentName: string;
  /** What the family paid and may still get back to its cards (the refund's ceiling and default split). */
  netPaid: Cents;
  cardRefundable: Cents;
}

/** Enrollments cancelled in one action: what each got back, and what else it ended. */
export interface BulkCancellation {
  /** "Pond Painters", or "Ava Rivera’s Spring 2027". */
  title: string;
  refunds: { enrollmentId: string; studentName: string; refund: Cents; toCard: Cents; rest: Cents; restHow: 'credit' | 'other' }[];
  /** Card checkouts still being paid, ended (their seats and Stripe pages). */
  holdsEnded: number;
  /** Waitlist places ended (each family emailed). */
  waitlistRemoved: number;
  /** Families emailed about their refunds (one email each). */
  familiesTold: number;
}

/** A class the school cancelled for everyone. */
export interface ClassCancellation extends BulkCancellation {
  classId: string;
}

/** A child's whole term, cancelled at the family's request. */
export interface TermCancellation extends BulkCancellation {
  studentId: string;
  semesterId: string;
}
