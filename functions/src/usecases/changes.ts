// A family cancelling classes of its own enrollment under the school's policy: what it would get
// (domain/changes.ts, from the cancellation's plan), then, when the policy lets the family do it, the
// cancellation itself through the office's own path (usecases/cancellation.ts: the refund reserved
// before Stripe is asked, so a retried request never pays twice; the seats back to the waitlist; the
// family's email), recorded in the audit trail as the family's.
import { orRefused, throwIfRefused } from '../lib/refused';
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { outcomeWords, requestAsks, type CancellationOutcome, type ChangeRequest, type OfficeChangeRequest } from '../../../contract/changes';
import type { Enrollment, PaymentMethod } from '../../../contract/domain';
import { formatCents } from '../../../contract/format';
import { netPaidOf } from '../../../contract/money';
import { schoolToday } from '../../../contract/schedule';
import { actorName, auditInTx, type Actor } from '../data/audit';
import { loadSemestersByIds } from '../data/catalogue';
import { db, getByIds, notFound, recordRef, records } from '../data/db';
import { enrollmentRecipients } from '../data/familyMail';
import { loadEnrollment } from '../data/enrollments';
import { cancellationOutcome, cancellationRequest, decide, ownCancellationRefusal, withRequests } from '../domain/changes';
import { cardRefundableOf } from '../domain/refunds';
import { changeRequestMail, requestDecidedMail } from '../mail/family';
import { queueMail } from '../mail/outbox';
import { portalOrigin } from '../payments/stripe';
import { cancelClasses, quoteFor } from './cancellation';
import { approveTransfer, readKeptSeat, releaseKeptSeat } from './transfers';
import { serveWaitlists } from './waitlist';

/** The outcome of cancelling these classes of the family's own enrollment today, with its words. */
export async function ownCancellationOutcome(uid: string, enrollmentId: string, classIds: string[], now: Date): Promise<{ outcome: CancellationOutcome; words: string }> {
  return outcomeOf(await loadEnrollment(enrollmentId, uid), classIds, now);
}

/** The outcome for an enrollment already read (and found to be the family's), with the titles of the classes it cancels. */
async function outcomeOf(enrollment: Enrollment, classIds: string[], now: Date): Promise<{ outcome: CancellationOutcome; words: string; titles: string[] }> {
  const plan = await quoteFor(enrollment, classIds);
  const { found: classes } = await getByIds('classes', plan.cancelClassIds);
  if (!classes.length) throw new HttpsError('failed-precondition', 'Choose a class of this enrollment to cancel.');
  const { found: semesters } = await loadSemestersByIds([...new Set(classes.map((c) => c.semesterId))]);
  // Each class goes by its own policy, else its semester's; several classes at once (a bundle) go by
  // the first one's, and only if each has one.
  const policies = classes.map((c) => c.cancellationPolicy ?? semesters.find((s) => s.id === c.semesterId)?.cancellationPolicy ?? null);
  const policy = policies.every((p) => p !== null) ? policies[0] : null;
  const firstMeeting = classes.map((c) => c.startDate).sort()[0];
  const outcome = cancellationOutcome({ policy, plan, firstMeeting, today: schoolToday(now) });
  const cards = [...new Set(enrollment.payments.flatMap((p) => (p.card && !p.voided ? [p.card.last4] : [])))];
  return { outcome, words: outcomeWords(outcome, cards), titles: plan.titles };
}

/**
 * Cancels the classes when the policy lets the family do it, at the outcome it was shown
 * (`expectedRefund`); the same request again answers the enrollment as it is (nothing twice).
 */
export async function cancelOwnClasses(actor: Actor, input: { enrollmentId: string; classIds: string[]; expectedRefund: number; reason?: string }, now: Date): Promise<{ enrollment: Enrollment; replayed: boolean }> {
  const current = await loadEnrollment(input.enrollmentId, actor.uid);
  const done = (current.cancellations ?? []).some((c) => c.by === actorName(actor) && input.classIds.every((id) => c.classIds.includes(id)));
  if (done && input.classIds.every((id) => !current.classIds.includes(id))) return { enrollment: current, replayed: true };
  const { outcome } = await outcomeOf(current, input.classIds, now);
  throwIfRefused(ownCancellationRefusal(outcome, input.expectedRefund));
  const note = input.reason?.trim() ? `Cancelled by the family: ${input.reason.trim()}` : 'Cancelled by the family under the cancellation policy';
  const enrollment = await cancelClasses(input.enrollmentId, { classIds: input.classIds, refund: outcome.refund, ...(outcome.refund > 0 ? { refundMethod: outcome.toCredit ? ('credit' as const) : ('card' as const) } : {}), note }, actor);
  return { enrollment, replayed: false };
}

/**
 * A family asks the office to cancel classes it may not cancel by itself: the request, with what the
 * policy gives today, is kept on the enrollment for the office's queue; the family gets an email. The
 * same request again (or one for a class already asked about) answers the one waiting.
 */
export async function requestCancellation(actor: Actor, input: { enrollmentId: string; classIds: string[]; reason?: string }, now: Date): Promise<{ enrollment: Enrollment; replayed: boolean }> {
  const ref = recordRef('enrollments', input.enrollmentId);
  const current = await loadEnrollment(input.enrollmentId, actor.uid);
  const [{ outcome, words, titles }, to] = await Promise.all([outcomeOf(current, input.classIds, now), enrollmentRecipients(input.enrollmentId)]);
  const reason = input.reason?.trim();
  const asked = { id: randomUUID(), classIds: input.classIds, classTitles: titles, askedAt: now.toISOString(), ...(reason ? { reason } : {}) };
  return db().runTransaction(async (tx) => {
    const enrollment = (await tx.get(ref)).data()!;
    // The office (or the family, on another phone) may have cancelled them since they were read.
    if (!input.classIds.every((id) => enrollment.classIds.includes(id))) throw new HttpsError('aborted', 'This class was cancelled meanwhile: reload My Enrollments.');
    const planned = orRefused(cancellationRequest(enrollment.requests, asked, { outcome, words }));
    if (planned.replayed) return { enrollment, replayed: true };
    const next = withRequests(enrollment, [...(enrollment.requests ?? []), planned.request]);
    tx.set(ref, next);
    auditInTx(tx, actor, { kind: 'change-requested', record: { type: 'enrollment', id: enrollment.id }, studentId: enrollment.studentId, studentName: enrollment.studentName, summary: `Asked to cancel ${titles.join(', ')}${reason ? `: ${reason}` : ''}` }, now);
    queueMail(tx, { kind: 'change-request', to, enrollmentId: enrollment.id, message: changeRequestMail(enrollment.studentName, planned.request, portalOrigin(null)) }, planned.request.id);
    return { enrollment: next, replayed: false };
  });
}

const officeView = (e: Enrollment, r: ChangeRequest): OfficeChangeRequest => ({ ...r, enrollmentId: e.id, studentId: e.studentId, studentName: e.studentName, netPaid: netPaidOf(e), cardRefundable: cardRefundableOf(e) });

/** The requests waiting for the office, oldest first, each with what the family paid and may get back to its cards. */
export async function waitingRequests(): Promise<OfficeChangeRequest[]> {
  const waiting = (await records('enrollments').where('requestWaiting', '==', true).get()).docs.map((d) => d.data());
  return waiting
    .flatMap((e) => (e.requests ?? []).filter((r) => r.status === 'waiting').map((r) => officeView(e, r)))
    .sort((a, b) => a.askedAt.localeCompare(b.askedAt));
}

/**
 * The office decides a waiting request. The decision is recorded first, once, in a transaction (two
 * of the office deciding at once, or a second tap: the later answers the request as decided). Approved,
 * the classes are then cancelled through the office's own path (the refund reserved before Stripe is
 * asked, back to the cards first); if that fails the request waits again. The family is emailed the
 * office's words either way; the audit trail has the request and the answer.
 */
export async function decideRequest(
  actor: Actor,
  input: { enrollmentId: string; requestId: string; approve: boolean; refund?: number; refundMethod?: PaymentMethod; atNoCharge?: boolean; answer?: string },
  now: Date,
): Promise<{ request: OfficeChangeRequest; replayed: boolean }> {
  const ref = recordRef('enrollments', input.enrollmentId);
  const to = await enrollmentRecipients(input.enrollmentId);
  /** Puts the request as given on the enrollment (the queue's mark kept while any other waits). */
  const withRequest = (enrollment: Enrollment, request: ChangeRequest): Enrollment =>
    withRequests(enrollment, (enrollment.requests ?? []).map((r) => (r.id === request.id ? request : r)));
  /** The answer in the audit trail and in the family's email (with the decision, or once the classes are cancelled). */
  const told = (tx: Transaction, enrollment: Enrollment, request: ChangeRequest) => {
    const refunded = request.status === 'approved' ? `; refund ${formatCents(request.refund ?? 0)}` : '';
    auditInTx(tx, actor, { kind: 'change-decided', record: { type: 'enrollment', id: enrollment.id }, studentId: enrollment.studentId, studentName: enrollment.studentName, summary: `${request.status === 'approved' ? 'Approved' : 'Declined'} the request to ${requestAsks(request)}${request.kind === 'cancel' ? refunded : request.atNoCharge ? ' at no charge' : ''}${request.answer ? ` — ${request.answer}` : ''}` }, now);
    queueMail(tx, { kind: 'change-decided', to, enrollmentId: enrollment.id, message: requestDecidedMail(enrollment.studentName, request, portalOrigin(null)) }, request.id);
  };
  const claimed = await db().runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound('This request');
    const enrollment = snap.data()!;
    const asked = enrollment.requests?.find((r) => r.id === input.requestId);
    if (!asked) throw notFound('This request');
    const decided = orRefused(decide(asked, input, cardRefundableOf(enrollment), now.toISOString()));
    if (decided.replayed) return { enrollment, ...decided, toServe: null };
    const classes = asked.classIds.filter((id) => enrollment.classIds.includes(id));
    if (!classes.length || (enrollment as { pendingCancellation?: unknown }).pendingCancellation) throw new HttpsError('aborted', 'These classes were cancelled meanwhile: reload the requests.');
    // An approved move is recorded with the move itself (below); a declined one gives its kept seat back.
    if (decided.transfer) return { enrollment, ...decided, toServe: null };
    const kept = await readKeptSeat(tx, asked);
    tx.set(ref, withRequest(enrollment, decided.request));
    if (!decided.cancel) told(tx, enrollment, decided.request);
    const toServe = releaseKeptSeat(tx, kept, now.toISOString());
    return { enrollment, ...decided, cancel: decided.cancel && { ...decided.cancel, classIds: classes }, toServe };
  });
  if (claimed.toServe) await serveWaitlists([claimed.toServe], now);
  if (claimed.transfer) {
    const moved = await approveTransfer(actor, claimed.enrollment, claimed.request, now, !!claimed.request.atNoCharge);
    if (!moved.replayed) await db().runTransaction(async (tx) => told(tx, moved.enrollment, claimed.request));
    const request = moved.enrollment.requests?.find((r) => r.id === claimed.request.id) ?? claimed.request;
    return { request: officeView(moved.enrollment, request), replayed: moved.replayed };
  }
  if (claimed.replayed || !claimed.cancel) return { request: officeView(claimed.enrollment, claimed.request), replayed: claimed.replayed };
  const { classIds, refund, cardRefund } = claimed.cancel;
  const note = `Request approved${claimed.request.answer ? `: ${claimed.request.answer}` : ' under the cancellation policy'}`;
  try {
    // What does not go to a card goes back the way the office chose, or as credit when the policy gave credit.
    const rest = input.refundMethod ?? (claimed.request.outcome.toCredit ? ('credit' as const) : undefined);
    const cancelled = await cancelClasses(input.enrollmentId, { classIds, refund, ...(cardRefund === refund ? { refundMethod: 'card' as const } : { cardRefund, refundMethod: rest }), note }, actor);
    await db().runTransaction(async (tx) => told(tx, cancelled, claimed.request));
    return { request: officeView(cancelled, claimed.request), replayed: false };
  } catch (error) {
    // Not cancelled: the request waits again for the office.
    await db().runTransaction(async (tx) => {
      const enrollment = (await tx.get(ref)).data()!;
      const current = enrollment.requests?.find((r) => r.id === input.requestId);
      if (current?.status !== 'approved' || !enrollment.classIds.some((id) => classIds.includes(id))) return;
      const { decidedAt: _at, refund: _refund, answer: _answer, ...asked } = current;
      tx.set(ref, withRequest(enrollment, { ...asked, status: 'waiting' }));
    });
    throw error;
  }
}
