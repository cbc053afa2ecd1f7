// A family cancelling classes of its own enrollment under the school's policy: what it would get
// (domain/changes.ts, from the cancellation's plan), then, when the policy lets the family do it, the
// cancellation itself through the office's own path (usecases/cancellation.ts: the refund reserved
// before Stripe is asked, so a retried request never pays twice; the seats back to the waitlist; the
// family's email), recorded in the audit trail as the family's.
import { HttpsError } from 'firebase-functions/v2/https';
import { outcomeWords, type CancellationOutcome } from '../../../contract/changes';
import type { Enrollment } from '../../../contract/domain';
import { schoolToday } from '../../../contract/schedule';
import { actorName, type Actor } from '../data/audit';
import { loadSemestersByIds } from '../data/catalogue';
import { getByIds } from '../data/db';
import { loadEnrollment } from '../data/enrollments';
import { cancellationOutcome } from '../domain/changes';
import { cancelClasses, quoteFor } from './cancellation';

/** The outcome of cancelling these classes of the family's own enrollment today, with its words. */
export async function ownCancellationOutcome(uid: string, enrollmentId: string, classIds: string[], now: Date): Promise<{ outcome: CancellationOutcome; words: string }> {
  return outcomeOf(await loadEnrollment(enrollmentId, uid), classIds, now);
}

/** The outcome for an enrollment already read (and found to be the family's). */
async function outcomeOf(enrollment: Enrollment, classIds: string[], now: Date): Promise<{ outcome: CancellationOutcome; words: string }> {
  const plan = await quoteFor(enrollment, classIds);
  const { found: classes } = await getByIds('classes', plan.cancelClassIds);
  if (!classes.length) throw new HttpsError('failed-precondition', 'Choose a class of this enrollment to cancel.');
  const semesterIds = [...new Set(classes.map((c) => c.semesterId))];
  const { found: semesters } = await loadSemestersByIds(semesterIds);
  // Classes of several semesters at once (rare) go by the first one's policy, and only if each has one.
  const policies = semesterIds.map((id) => semesters.find((s) => s.id === id)?.cancellationPolicy ?? null);
  const policy = policies.every((p) => p !== null) ? policies[0] : null;
  const firstMeeting = classes.map((c) => c.startDate).sort()[0];
  const outcome = cancellationOutcome({ policy, plan, firstMeeting, today: schoolToday(now) });
  const cards = [...new Set(enrollment.payments.flatMap((p) => (p.card && !p.voided ? [p.card.last4] : [])))];
  return { outcome, words: outcomeWords(outcome, cards) };
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
  if (!outcome.allowed) throw new HttpsError('failed-precondition', outcome.why!);
  if (outcome.refund !== input.expectedRefund) throw new HttpsError('aborted', 'What a cancellation gets has changed since you looked: please look at it again before cancelling.');
  const note = input.reason?.trim() ? `Cancelled by the family: ${input.reason.trim()}` : 'Cancelled by the family under the cancellation policy';
  const enrollment = await cancelClasses(input.enrollmentId, { classIds: input.classIds, refund: outcome.refund, ...(outcome.refund > 0 ? { refundMethod: 'card' as const } : {}), note }, actor);
  return { enrollment, replayed: false };
}
