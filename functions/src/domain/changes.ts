// What a family's cancellation gets under the school's policy, pure: the notice it gave (days before
// the first meeting of the classes it cancels), the band that applies, and the money — from the
// cancellation's plan (the kept classes repriced by the one pricing engine, domain/cancellation.ts).
import { decisionProblem, transferWords, type CancellationOutcome, type CancellationPolicy, type ChangeRequest, type Decision, type NoticeBand, type TransferOutcome } from '../../../contract/changes';
import type { TransferPlan } from './cancellation';
import type { CancellationQuote, Cents, ClassRecord, Enrollment, IsoDate } from '../../../contract/domain';
import { alreadyEnrolledIn, dayNumber, selectionProblems } from '../../../contract/schedule';
import { classProblem, type EnrollmentFacts } from './enrollment';
import { pickSeats } from './seats';
import { isRefusal, refuse, type Refusal } from './refusal';

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

export const CANCELLATION_CHANGED = 'What a cancellation gets has changed since you looked: please look at it again before cancelling.';

/** Why the family may not cancel by itself now at the outcome it was shown (`expectedRefund`), or null. */
export function ownCancellationRefusal(outcome: CancellationOutcome, expectedRefund: number): Refusal | null {
  if (!outcome.allowed) return refuse('failed-precondition', outcome.why!);
  return outcome.refund === expectedRefund ? null : refuse('aborted', CANCELLATION_CHANGED);
}

export const TRANSFERS_REFUSED = 'The school does not move children between classes this term: you may cancel this class instead.';
export const TRANSFERS_BY_OFFICE = 'The office decides moves between classes: send it your request, and it answers by email. A seat in the new class is kept for your child meanwhile.';
export const TRANSFER_STARTED = 'This class has started: the office decides, so send it your request, and it answers by email. A seat in the new class is kept for your child meanwhile.';

export interface TransferFacts {
  policy: CancellationPolicy | null;
  /** The move repriced, or why it cannot be made (a bundle, another term, already enrolled). */
  plan: TransferPlan | Refusal;
  to: { classId: string; title: string };
  /** Why the child cannot take the new class (not open, grade, a clash, full), or null. */
  toProblem: string | null;
  /** The first meeting of the class the child leaves. */
  firstMeeting: IsoDate;
  today: IsoDate;
}

/**
 * What moving gives: the price difference and what follows from it (owed, or account credit), and
 * whether the family may move by itself now (the school moves by itself inside its policy, before
 * the class starts), may ask the office, or neither (the school refuses moves, the move is not
 * possible, the new class does not fit or is full). `byOffice`: the office's own move, allowed
 * whenever the move can be made.
 */
export function transferOutcome(f: TransferFacts, byOffice = false): TransferOutcome {
  const rule = f.policy?.transfers;
  const plan = isRefusal(f.plan) ? null : f.plan;
  const money = plan ? { newTotal: plan.newTotal, difference: plan.newTotal - plan.currentTotal, credit: plan.credit, owes: plan.owes } : { newTotal: 0, difference: 0, credit: 0, owes: 0 };
  // The office moves whenever the move itself can be made (its policy binds the families).
  const fit = isRefusal(f.plan) ? f.plan.message : f.toProblem;
  if (byOffice) return { allowed: fit === null, why: fit, askable: false, toClassId: f.to.classId, toTitle: f.to.title, ...money };
  const closed = rule === 'refused' ? TRANSFERS_REFUSED : fit;
  const started = dayNumber(f.firstMeeting) <= dayNumber(f.today);
  const why = closed ?? (started ? TRANSFER_STARTED : !rule || !f.policy?.selfService ? TRANSFERS_BY_OFFICE : null);
  return { allowed: why === null, why, askable: closed === null && why !== null, toClassId: f.to.classId, toTitle: f.to.title, ...money };
}

/** Why the move may not be made now (the outcome's reason), or null. */
export const moveRefusal = (outcome: TransferOutcome): Refusal | null => (outcome.allowed ? null : refuse('failed-precondition', outcome.why!));

/** The class a move would go to has no seat: the family may wait for one. */
export const fullToMoveInto = (title: string) => `${title} is full: join its waitlist instead.`;

/**
 * Why the child cannot take the class it would move to (as a checkout would judge it: open, the
 * child's grade, a draw not yet made, full, a clash with its other classes but the one it leaves),
 * or null.
 */
export function moveProblem(f: Omit<EnrollmentFacts, 'classes' | 'full'> & { to: ClassRecord; full: boolean; leaving: string; enrolled: ClassRecord[] }): string | null {
  const problem = classProblem({ ...f, classes: [f.to], full: f.full ? new Set([f.to.id]) : undefined });
  if (problem) return f.full && problem.message === `${f.to.title} is full.` ? fullToMoveInto(f.to.title) : problem.message;
  return selectionProblems(f.student, [f.to], f.enrolled.filter((c) => c.id !== f.leaving))[0]?.message ?? null;
}

export const ASKED_ALREADY = 'You have asked the office about this class already: it answers by email.';

export const WAITING_FOR_OFFICE = 'The family has asked the office about this class: answer its request first (Requests from families).';
export const MOVED_MEANWHILE = 'This class was cancelled or moved meanwhile: reload My Enrollments.';
export const MOVE_CHANGED = 'What moving gives has changed since you looked: please look at it again before moving.';

/** The seat a move takes in the new class: the one kept for the family's request (`keptFor`: the request it is kept for now), or one of the free ones. */
export type MoveSeat = { kept: string; keptFor: string | undefined } | { free: string[] };

/** A free seat of the class a move goes to (asked for, or made), or the refusal that it is full. */
export function freeSeatToMoveInto(free: string[], toTitle: string, random?: () => number): { seatId: string } | Refusal {
  const picked = pickSeats(free, 1, random);
  return picked ? { seatId: picked[0] } : refuse('failed-precondition', fullToMoveInto(toTitle));
}

/**
 * The seat the move takes, or why it cannot: the seat kept for the request went to another meanwhile;
 * the new class is full; the child took the new class meanwhile another way (a checkout, a late card
 * payment, a round's place: one roster entry per child and class).
 */
export function moveSeat(seat: MoveSeat, f: { requestId?: string; toTitle: string; firstName: string; alreadyIn: boolean }, random?: () => number): { seatId: string } | Refusal {
  if ('kept' in seat && seat.keptFor !== f.requestId) return refuse('aborted', 'The seat kept for this move changed meanwhile: try again.');
  const taken = 'kept' in seat ? { seatId: seat.kept } : freeSeatToMoveInto(seat.free, f.toTitle, random);
  if (isRefusal(taken)) return taken;
  return f.alreadyIn ? refuse('failed-precondition', alreadyEnrolledIn(f.firstName, f.toTitle)) : taken;
}

/** A move, as its transaction reads the enrollment again. `request`: the family's, which the office approves; `expectedTotal`: the new total the family was shown. */
export interface MoveNowFacts {
  enrollment: Enrollment;
  fromClassId: string;
  request?: ChangeRequest;
  byOffice?: boolean;
  expectedTotal?: number;
}

/**
 * The move's plan (`plan`, made once the class may still move) or why it can no longer be made as
 * asked: the class was cancelled or moved meanwhile; a request about it waits for the office (which
 * answers it first); what moving gives changed since the family looked.
 */
export function moveNow(f: MoveNowFacts, plan: () => TransferPlan | Refusal): TransferPlan | Refusal {
  const { enrollment } = f;
  if ((enrollment as { pendingCancellation?: unknown }).pendingCancellation || !enrollment.classIds.includes(f.fromClassId)) return refuse('aborted', MOVED_MEANWHILE);
  if (!f.request && enrollment.requests?.some((r) => r.status === 'waiting' && r.classIds.includes(f.fromClassId))) return refuse('failed-precondition', f.byOffice ? WAITING_FOR_OFFICE : ASKED_ALREADY);
  const planned = plan();
  if (isRefusal(planned) || f.expectedTotal === undefined || planned.newTotal === f.expectedTotal) return planned;
  return refuse('aborted', MOVE_CHANGED);
}

export const TRANSFER_SELF_SERVICE = 'You may move this class yourself: look at what moving gives and move.';

/**
 * The request a family sends to move when it may not move by itself: a new one, or the one already
 * waiting about this class (asked again, nothing is sent twice).
 */
export function transferRequest(
  waiting: ChangeRequest[] | undefined,
  asked: Pick<ChangeRequest, 'id' | 'classIds' | 'classTitles' | 'reason' | 'askedAt'>,
  outcome: TransferOutcome,
): { request: ChangeRequest; replayed: boolean } | Refusal {
  const already = (waiting ?? []).find((r) => r.status === 'waiting' && r.classIds.some((id) => asked.classIds.includes(id)));
  if (already) return already.kind === 'transfer' && already.to?.classId === outcome.toClassId ? { request: already, replayed: true } : refuse('failed-precondition', ASKED_ALREADY);
  if (outcome.allowed) return refuse('failed-precondition', TRANSFER_SELF_SERVICE);
  if (!outcome.askable) return refuse('failed-precondition', outcome.why!);
  const { difference, credit, owes } = outcome;
  return {
    request: { ...asked, kind: 'transfer', to: { classId: outcome.toClassId, title: outcome.toTitle }, outcome: { refund: credit, toCard: 0, kept: 0, owes, difference, ...(credit ? { toCredit: credit } : {}) }, words: transferWords(outcome), status: 'waiting' },
    replayed: false,
  };
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
): { request: ChangeRequest; replayed: boolean } | Refusal {
  const already = (waiting ?? []).find((r) => r.status === 'waiting' && r.classIds.some((id) => asked.classIds.includes(id)));
  if (already) return { request: already, replayed: true };
  if (shown.outcome.allowed) return refuse('failed-precondition', SELF_SERVICE);
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
): { request: ChangeRequest; cancel: { classIds: string[]; refund: Cents; cardRefund: Cents } | null; transfer?: { from: string; to: string }; replayed: boolean } | Refusal {
  if (request.status !== 'waiting') return { request, cancel: null, replayed: true };
  if (request.kind === 'transfer') {
    // A move gives what the price difference gives: approved as it is, or declined.
    if (decision.refund !== undefined) return refuse('invalid-argument', 'refund: A move gives what its price difference gives (or nothing, at no charge): approve it or decline it.');
    const problem = decisionProblem(decision, 0);
    if (problem) return refuse('invalid-argument', `answer: ${problem}`);
    const answer = decision.answer?.trim() || undefined;
    const free = decision.approve && decision.atNoCharge;
    const decided: ChangeRequest = { ...request, status: decision.approve ? 'approved' : 'declined', decidedAt: at, ...(free ? { atNoCharge: true as const } : {}), ...(answer ? { answer } : {}) };
    return { request: decided, cancel: null, ...(decision.approve ? { transfer: { from: request.classIds[0], to: request.to!.classId } } : {}), replayed: false };
  }
  if (decision.atNoCharge) return refuse('invalid-argument', 'atNoCharge: Only a move is made at no charge.');
  const problem = decisionProblem(decision, request.outcome.refund);
  if (problem) return refuse('invalid-argument', `answer: ${problem}`);
  const answer = decision.answer?.trim() || undefined;
  if (!decision.approve) return { request: { ...request, status: 'declined', decidedAt: at, answer }, cancel: null, replayed: false };
  const refund = decision.refund ?? request.outcome.refund;
  const decided: ChangeRequest = { ...request, status: 'approved', decidedAt: at, refund, ...(answer ? { answer } : {}) };
  // Credit the policy gave stays credit (none of it to the card); otherwise the cards first.
  const cardRefund = request.outcome.toCredit ? 0 : Math.min(refund, cardRefundable);
  return { request: decided, cancel: { classIds: request.classIds, refund, cardRefund }, replayed: false };
}
