// What a family's cancellation gets under the school's policy, pure: the notice it gave (days before
// the first meeting of the classes it cancels), the band that applies, and the money — from the
// cancellation's plan (the kept classes repriced by the one pricing engine, domain/cancellation.ts).
import { decisionProblem, type CancellationOutcome, type CancellationPolicy, type ChangeRequest, type Decision, type NoticeBand } from '../../../contract/changes';
import type { CancellationQuote, Cents, Enrollment, IsoDate } from '../../../contract/domain';

/** The enrollment with these requests, marked for the office's queue exactly while one of them waits. */
export function withRequests(enrollment: Enrollment, requests: ChangeRequest[]): Enrollment {
  const { requestWaiting: _was, ...rest } = enrollment;
  return { ...rest, requests, ...(requests.some((r) => r.status === 'waiting') ? { requestWaiting: true as const } : {}) };
}

export interface OutcomeFacts {
  /** The semester's policy (null: none). */
  policy: CancellationPolicy | null;
  plan: Pick<CancellationQuote, 'currentTotal' | 'newTotal' | 'netPaid' | 'suggestedRefund' | 'cardRefundable'>;
  /** The earliest first meeting of the classes cancelled. */
  firstMeeting: IsoDate;
  today: IsoDate;
}

const dayNumber = (iso: IsoDate) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/** The band with the most notice that the family gave at least (null: none). */
export function bandFor(bands: NoticeBand[], daysBefore: number): NoticeBand | null {
  return [...bands].sort((a, b) => b.daysBefore - a.daysBefore).find((b) => daysBefore >= b.daysBefore) ?? null;
}

export const NO_POLICY = 'The office decides cancellations of this class: send it your request, and it answers by email.';
export const STARTED = 'This class has started: the office decides, so send it your request, and it answers by email.';
export const OFFICE_PAID = 'Part of this refund is given back by the office (it was paid there): send it your request, and it answers by email.';

/**
 * The outcome of cancelling: of what the cancelled classes cost (`value`), the band's percent comes
 * back less its fee (never below nothing), and the family gets back what it paid beyond the new total
 * and what the school keeps — never more than it paid. A family may cancel by itself when the school
 * allows it, before the first meeting's day, and when all of the refund goes back to its cards.
 */
export function cancellationOutcome(f: OutcomeFacts): CancellationOutcome {
  const daysBefore = dayNumber(f.firstMeeting) - dayNumber(f.today);
  const band = f.policy ? bandFor(f.policy.bands, daysBefore) : null;
  const value = Math.max(0, f.plan.currentTotal - f.plan.newTotal);
  const back = band ? Math.max(0, Math.floor((value * band.percent) / 100) - band.fee) : 0;
  const refund = Math.max(0, f.plan.netPaid - f.plan.newTotal - (value - back));
  // A band that gives credit gives all of it as credit; otherwise back to the cards as far as they took it.
  const toCredit = band?.asCredit ? refund : 0;
  const toCard = band?.asCredit ? 0 : Math.min(refund, f.plan.cardRefundable);
  const kept = f.plan.suggestedRefund - refund;
  const owes = Math.max(0, f.plan.newTotal - f.plan.netPaid);
  const why = !f.policy?.selfService ? NO_POLICY : daysBefore <= 0 ? STARTED : toCard + toCredit < refund ? OFFICE_PAID : null;
  return { allowed: why === null, why, daysBefore, band, value, kept, refund, toCard, toCredit, owes };
}

export const SELF_SERVICE = 'You may cancel this class yourself: look at what cancelling gives and cancel it.';
export const ANSWER_NEEDED = `answer: ${decisionProblem({ approve: false }, 0)}`;
export const REFUND_ANSWER_NEEDED = `answer: ${decisionProblem({ approve: true, refund: 1 }, 0)}`;

/**
 * The request a family sends when it may not cancel by itself: a new one, or the one already waiting
 * for any of these classes (asked again, nothing is sent twice). Refused when the family may cancel
 * by itself (it cancels instead).
 */
export function cancellationRequest(
  waiting: ChangeRequest[] | undefined,
  asked: Pick<ChangeRequest, 'id' | 'classIds' | 'classTitles' | 'reason' | 'askedAt'>,
  shown: { outcome: CancellationOutcome; words: string },
): { request: ChangeRequest; replayed: boolean } | string {
  const already = (waiting ?? []).find((r) => r.status === 'waiting' && r.classIds.some((id) => asked.classIds.includes(id)));
  if (already) return { request: already, replayed: true };
  if (shown.outcome.allowed) return SELF_SERVICE;
  const { refund, toCard, toCredit, kept, owes } = shown.outcome;
  return { request: { ...asked, kind: 'cancel', outcome: { refund, toCard, kept, owes, ...(toCredit ? { toCredit } : {}) }, words: shown.words, status: 'waiting' }, replayed: false };
}

/**
 * What deciding does: the request decided (or, already decided, as it is: nothing twice) and, approved,
 * the cancellation to make — the refund back to the cards first, up to what they may take back (or,
 * when the policy gave credit, none to the cards).
 */
export function decide(
  request: ChangeRequest,
  decision: Decision,
  cardRefundable: Cents,
  at: string,
): { request: ChangeRequest; cancel: { classIds: string[]; refund: Cents; cardRefund: Cents } | null; replayed: boolean } | string {
  if (request.status !== 'waiting') return { request, cancel: null, replayed: true };
  const problem = decisionProblem(decision, request.outcome.refund);
  if (problem) return `answer: ${problem}`;
  const answer = decision.answer?.trim() || undefined;
  if (!decision.approve) return { request: { ...request, status: 'declined', decidedAt: at, answer }, cancel: null, replayed: false };
  const refund = decision.refund ?? request.outcome.refund;
  const decided: ChangeRequest = { ...request, status: 'approved', decidedAt: at, refund, ...(answer ? { answer } : {}) };
  // Credit the policy gave stays credit (none of it to the card); otherwise the cards first.
  const cardRefund = request.outcome.toCredit ? 0 : Math.min(refund, cardRefundable);
  return { request: decided, cancel: { classIds: request.classIds, refund, cardRefund }, replayed: false };
}
