// A family cancelling its own classes under the school's policy, with real ID tokens and the Stripe
// stand-in: the outcome shown before anything is sent, the refund to the card it paid with, the seat
// back, nothing twice, and nobody else's enrollment; outside what it may do by itself, a request the
// office declines or approves (with the refund), once.
import { describe, expect, it } from 'vitest';
import type { CancellationPolicy } from '../../contract/changes';
import type { ClassRecord, Enrollment } from '../../contract/domain';
import { addDaysIso, schoolToday } from '../../contract/schedule';
import { ANSWER_NEEDED, NO_POLICY, REFUND_ANSWER_NEEDED, SELF_SERVICE } from '../../functions/src/domain/changes';
import { adminDb } from '../../scripts/demo/adminApp';
import { callAs, signInDemo, useSeededDemo } from '../support/fixtures';
import { booksProblems, standIn } from '../support/ledger';
import { addClassesLikeWildArt, AVA, familyWithStudent, signedReleases } from '../support/samples';

const POLICY: CancellationPolicy = { selfService: true, bands: [{ daysBefore: 14, percent: 100, fee: 0 }, { daysBefore: 2, percent: 50, fee: 2000 }] };
const db = () => adminDb();
const enrollment = async (id: string) => (await db().doc(`enrollments/${id}`).get()).data() as Enrollment;

/** A family's child enrolled in a class by card, the page paid on the stand-in. */
async function paidByCard(family: Awaited<ReturnType<typeof familyWithStudent>>, classId: string): Promise<Enrollment> {
  const lines = [{ classId, addOnIds: [] }];
  const quote = await callAs(family.user, 'priceBasket', { lines, codes: [], studentId: family.studentId });
  const held = await callAs(family.user, 'enroll', { studentId: family.studentId, lines, codes: [], expectedTotal: quote.result!.total, infoConfirmed: false, releases: signedReleases(AVA.guardians[0].name), idempotencyKey: `chg-${classId}`, payWith: 'card' });
  expect(held.status, JSON.stringify(held.error)).toBe(200);
  const id = held.result!.enrollment.id;
  expect((await standIn<{ webhookStatus: number }>(`/__standin/sessions/${(await enrollment(id)).hold!.sessionId}/pay`)).webhookStatus).toBe(200);
  return enrollment(id);
}

describe('a family cancels its own classes under the policy', () => {
  useSeededDemo();

  it('sees what it gets, cancels inside the policy, gets the refund on its card, and the seat goes back — once', async () => {
    const template = await addClassesLikeWildArt([
      { id: 'chg-far', title: 'Change Far', capacity: 1, weekday: 1 },
      { id: 'chg-near', title: 'Change Near', capacity: 1, weekday: 2 },
    ]);
    const today = schoolToday();
    // One starts in 20 days (full refund), the other in 5 (half, less $20).
    await db().doc('classes/chg-far').update({ startDate: addDaysIso(today, 20), endDate: addDaysIso(today, 60) } satisfies Partial<ClassRecord>);
    await db().doc('classes/chg-near').update({ startDate: addDaysIso(today, 5), endDate: addDaysIso(today, 60) } satisfies Partial<ClassRecord>);
    await db().doc(`semesters/${template.semesterId}`).update({ cancellationPolicy: POLICY });
    const family = await familyWithStudent('change.family@example.com', 'Nora', 'Hale');

    const far = await paidByCard(family, 'chg-far');
    expect([far.status, far.balance]).toEqual(['confirmed', 0]);

    // The outcome, before anything is sent: 20 days ahead, all of it back to the card paid with.
    const shown = await callAs(family.user, 'cancellationOutcome', { enrollmentId: far.id, classIds: ['chg-far'] });
    expect(shown.status, JSON.stringify(shown.error)).toBe(200);
    expect(shown.result!.outcome).toMatchObject({ allowed: true, daysBefore: 20, refund: far.total, toCard: far.total, kept: 0, owes: 0 });
    expect(shown.result!.words).toBe(`You will get $${far.total / 100} back to the card ending 4242 within 5–10 days.`);
    expect(await enrollment(far.id)).toEqual(far);

    // Nobody else sees or cancels it; a refund other than the one shown is refused.
    const other = await familyWithStudent('change.other@example.com', 'Zed', 'Other');
    expect((await callAs(other.user, 'cancellationOutcome', { enrollmentId: far.id, classIds: ['chg-far'] })).status).toBe(404);
    expect((await callAs(other.user, 'cancelOwnClasses', { enrollmentId: far.id, classIds: ['chg-far'], expectedRefund: far.total })).status).toBe(404);
    const stale = await callAs(family.user, 'cancelOwnClasses', { enrollmentId: far.id, classIds: ['chg-far'], expectedRefund: far.total + 100 });
    expect([stale.status, stale.error?.message]).toEqual([409, 'What a cancellation gets has changed since you looked: please look at it again before cancelling.']);

    // Cancelled: the refund goes to the card through Stripe, the seat back, the family's email, the audit trail.
    const ask = { enrollmentId: far.id, classIds: ['chg-far'], expectedRefund: far.total, reason: 'We are moving' };
    const cancelled = await callAs(family.user, 'cancelOwnClasses', ask);
    expect(cancelled.status, JSON.stringify(cancelled.error)).toBe(200);
    expect(cancelled.result).toMatchObject({ replayed: false, enrollment: { status: 'cancelled' } });
    const after = await enrollment(far.id);
    expect(after.cancellations).toHaveLength(1);
    expect(after.cancellations![0]).toMatchObject({ refund: far.total, fee: 0, refundMethod: 'card', note: 'Cancelled by the family: We are moving', by: 'change.family@example.com' });
    expect(after.cancellations![0].cardRefunds!.map((r) => [r.amount, r.last4])).toEqual([[far.total, '4242']]);
    expect((await db().doc('classes/chg-far/roster/' + family.studentId).get()).exists).toBe(false);
    const audit = (await db().collection('audit').where('record.id', '==', far.id).where('kind', '==', 'cancellation').get()).docs.map((d) => [d.get('by.roles'), d.get('summary')]);
    expect(audit).toEqual([[['family'], `Cancelled Change Far; refund $${far.total / 100} (card)`]]);
    const mails = (await db().collection('mail').where('enrollmentId', '==', far.id).get()).docs.map((d) => d.get('message.subject') as string);
    expect(mails.some((s) => /cancel/i.test(s))).toBe(true);

    // The same request again (a double tap, a retry): the enrollment as it is, no second refund.
    const again = await callAs(family.user, 'cancelOwnClasses', ask);
    expect(again.result).toMatchObject({ replayed: true, enrollment: { status: 'cancelled' } });
    expect((await enrollment(far.id)).cancellations).toHaveLength(1);

    // Five days ahead: half back, less the $20 fee; the school keeps the rest.
    const near = await paidByCard(family, 'chg-near');
    const half = Math.floor(near.total / 2) - 2000;
    const nearShown = (await callAs(family.user, 'cancellationOutcome', { enrollmentId: near.id, classIds: ['chg-near'] })).result!;
    expect(nearShown.outcome).toMatchObject({ daysBefore: 5, refund: half, kept: near.total - half, band: POLICY.bands[1] });
    // The office keeps cancellations to itself: the family sees what the policy says, and whom to call.
    await db().doc(`semesters/${template.semesterId}`).update({ cancellationPolicy: { ...POLICY, selfService: false } });
    const kept = await callAs(family.user, 'cancelOwnClasses', { enrollmentId: near.id, classIds: ['chg-near'], expectedRefund: half });
    expect([kept.status, kept.error?.message]).toEqual([400, NO_POLICY]);
    await db().doc(`semesters/${template.semesterId}`).update({ cancellationPolicy: POLICY });
    const nearDone = await callAs(family.user, 'cancelOwnClasses', { enrollmentId: near.id, classIds: ['chg-near'], expectedRefund: half });
    expect(nearDone.status, JSON.stringify(nearDone.error)).toBe(200);
    expect((await enrollment(near.id)).cancellations![0]).toMatchObject({ refund: half, fee: near.total - half });
    expect(await booksProblems(['chg-far', 'chg-near'])).toEqual([]);
  });

  it('asks the office when it may not cancel by itself; the office declines with words, or approves with the refund — once, emailed and in the audit trail', async () => {
    const template = await addClassesLikeWildArt([{ id: 'chg-ask', title: 'Change Ask', capacity: 2, weekday: 3 }]);
    await db().doc('classes/chg-ask').update({ startDate: addDaysIso(schoolToday(), 20), endDate: addDaysIso(schoolToday(), 60) } satisfies Partial<ClassRecord>);
    await db().doc(`semesters/${template.semesterId}`).update({ cancellationPolicy: { ...POLICY, selfService: false } });
    const family = await familyWithStudent('request.family@example.com', 'Ivy', 'Lane');
    const paid = await paidByCard(family, 'chg-ask');
    const ask = { enrollmentId: paid.id, classIds: ['chg-ask'], reason: 'A broken leg' };
    // A class's own policy comes before its semester's: this one lets families cancel by themselves.
    await db().doc('classes/chg-ask').update({ cancellationPolicy: POLICY } satisfies Partial<ClassRecord>);
    const own = (await callAs(family.user, 'cancellationOutcome', { enrollmentId: paid.id, classIds: ['chg-ask'] })).result!;
    expect(own.outcome).toMatchObject({ allowed: true, refund: paid.total });
    expect((await callAs(family.user, 'requestCancellation', { enrollmentId: paid.id, classIds: ['chg-ask'] })).error?.message).toBe(SELF_SERVICE);
    await db().doc('classes/chg-ask').update({ cancellationPolicy: null } satisfies Partial<ClassRecord>);
    const shown = (await callAs(family.user, 'cancellationOutcome', { enrollmentId: paid.id, classIds: ['chg-ask'] })).result!;
    expect(shown.outcome).toMatchObject({ allowed: false, why: NO_POLICY, refund: paid.total });

    // Nobody else asks about it; the family's request waits, and asked again is the same one.
    const other = await familyWithStudent('request.other@example.com', 'Zoe', 'Other');
    expect((await callAs(other.user, 'requestCancellation', ask)).status).toBe(404);
    const sent = await callAs(family.user, 'requestCancellation', ask);
    expect(sent.status, JSON.stringify(sent.error)).toBe(200);
    expect(sent.result!.replayed).toBe(false);
    expect(sent.result!.enrollment.requests).toEqual([
      expect.objectContaining({ status: 'waiting', reason: 'A broken leg', classTitles: ['Change Ask'], outcome: { refund: paid.total, toCard: paid.total, kept: 0, owes: 0 }, words: shown.words }),
    ]);
    expect((await callAs(family.user, 'requestCancellation', ask)).result!.replayed).toBe(true);
    const waiting = await enrollment(paid.id);
    expect([waiting.requests!.length, waiting.requestWaiting, waiting.classIds, waiting.cancellations]).toEqual([1, true, ['chg-ask'], undefined]);
    const [first] = waiting.requests!;
    expect((await db().doc(`mail/change-request_${first.id}`).get()).get('message.subject')).toBe('We have your request — Wildwood Outdoor School');

    // The office's queue; a decline needs words for the family, and changes nothing else.
    const admin = await signInDemo('admin');
    const queue = await callAs(admin, 'adminChangeRequests', null);
    expect(queue.result!.requests.filter((r) => r.enrollmentId === paid.id)).toEqual([expect.objectContaining({ id: first.id, studentName: 'Ivy Lane', netPaid: paid.total, cardRefundable: paid.total })]);
    // Reading the queue is in the audit trail, under the child.
    const read = (await db().collection('audit').where('kind', '==', 'change-requests-viewed').where('record.id', '==', paid.id).get()).docs.map((d) => [d.get('by.email'), d.get('studentName'), d.get('summary')]);
    expect(read).toEqual([[admin.email, 'Ivy Lane', 'Read the request to cancel Change Ask']]);
    const decide = { enrollmentId: paid.id, requestId: first.id };
    expect((await callAs(admin, 'decideChangeRequest', { ...decide, approve: false })).error?.message).toBe(ANSWER_NEEDED);
    const declined = await callAs(admin, 'decideChangeRequest', { ...decide, approve: false, answer: 'Please send a doctor’s note first.' });
    expect(declined.result).toMatchObject({ replayed: false, request: { status: 'declined', answer: 'Please send a doctor’s note first.' } });
    const afterDecline = await enrollment(paid.id);
    expect([afterDecline.classIds, afterDecline.requestWaiting, afterDecline.balance]).toEqual([['chg-ask'], undefined, 0]);
    expect((await db().doc(`mail/change-decided_${first.id}`).get()).get('message.text')).toContain('The office says: Please send a doctor’s note first.');
    // Decided, it stays decided (a second tap approving it does nothing).
    expect((await callAs(admin, 'decideChangeRequest', { ...decide, approve: true })).result).toMatchObject({ replayed: true, request: { status: 'declined' } });

    // Asked again, approved at the policy's refund: cancelled, the refund back to the card, once.
    const second = (await callAs(family.user, 'requestCancellation', { ...ask, reason: 'Doctor’s note sent' })).result!.enrollment.requests!.at(-1)!;
    expect(second.status).toBe('waiting');
    expect((await callAs(admin, 'decideChangeRequest', { enrollmentId: paid.id, requestId: second.id, approve: true, refund: 100 })).error?.message).toBe(REFUND_ANSWER_NEEDED);
    const approve = { enrollmentId: paid.id, requestId: second.id, approve: true };
    const [approved, twice] = await Promise.all([callAs(admin, 'decideChangeRequest', approve), callAs(admin, 'decideChangeRequest', approve)]);
    expect([approved.status, twice.status].filter((s) => s === 200).length, JSON.stringify([approved.error, twice.error])).toBeGreaterThanOrEqual(1);
    expect((await callAs(admin, 'decideChangeRequest', approve)).result).toMatchObject({ replayed: true, request: { status: 'approved', refund: paid.total } });
    const done = await enrollment(paid.id);
    expect(done.cancellations).toHaveLength(1);
    expect(done.cancellations![0]).toMatchObject({ refund: paid.total, refundMethod: 'card', note: 'Request approved under the cancellation policy' });
    expect(done.cancellations![0].cardRefunds!.map((r) => [r.amount, r.last4])).toEqual([[paid.total, '4242']]);
    expect([done.status, done.requestWaiting, done.requests!.map((r) => r.status)]).toEqual(['cancelled', undefined, ['declined', 'approved']]);
    expect((await callAs(admin, 'adminChangeRequests', null)).result!.requests.filter((r) => r.enrollmentId === paid.id)).toEqual([]);
    const audit = (await db().collection('audit').where('record.id', '==', paid.id).get()).docs.map((d) => d.get('kind') as string).sort();
    expect(audit).toEqual(['cancellation', 'card-payment', 'change-decided', 'change-decided', 'change-requested', 'change-requested', 'change-requests-viewed']);
    expect(await booksProblems(['chg-ask'])).toEqual([]);
  });

  it('the office approving a request while it also cancels the class from the enrollment’s dialog refunds once', async () => {
    await addClassesLikeWildArt([{ id: 'chg-race', title: 'Change Race', capacity: 2, weekday: 4 }]);
    await db().doc('classes/chg-race').update({ startDate: addDaysIso(schoolToday(), 20), endDate: addDaysIso(schoolToday(), 60), cancellationPolicy: { ...POLICY, selfService: false } } satisfies Partial<ClassRecord>);
    const family = await familyWithStudent('request.race@example.com', 'Rae', 'Race');
    const paid = await paidByCard(family, 'chg-race');
    const sent = await callAs(family.user, 'requestCancellation', { enrollmentId: paid.id, classIds: ['chg-race'], reason: 'Moving' });
    expect(sent.status, JSON.stringify(sent.error)).toBe(200);
    const admin = await signInDemo('admin');
    const requestId = sent.result!.enrollment.requests!.at(-1)!.id;
    const [approved, cancelled] = await Promise.all([
      callAs(admin, 'decideChangeRequest', { enrollmentId: paid.id, requestId, approve: true }),
      callAs(admin, 'adminCancelEnrollment', { enrollmentId: paid.id, classIds: ['chg-race'], refund: paid.total, refundMethod: 'card', note: 'Cancelled at the desk' }),
    ]);
    // One of the two cancels; the other is refused or finds it done — never a second refund.
    expect([approved.status, cancelled.status].filter((s) => s === 200).length, JSON.stringify([approved.error, cancelled.error])).toBeGreaterThanOrEqual(1);
    const done = await enrollment(paid.id);
    expect(done.status).toBe('cancelled');
    expect(done.cancellations).toHaveLength(1);
    expect(done.cancellations!.flatMap((c) => c.cardRefunds ?? []).reduce((sum, r) => sum + r.amount, 0)).toBe(paid.total);
    expect(done.requestWaiting).toBeUndefined();
    expect(await booksProblems(['chg-race'])).toEqual([]);
  });
});
