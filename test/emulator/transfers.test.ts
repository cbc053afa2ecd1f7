// A family moving its child to another class of the term under the school's policy, with real ID
// tokens and the Stripe stand-in: what moving gives shown before anything is sent; inside the policy
// the move at once (the seat taken in the new class, the old one given to its waitlist, a cheaper
// class's difference paid as account credit, a dearer one's owed); otherwise a request, for which a
// seat in the new class is kept until the office declines (the seat back) or approves (the move, once).
import { describe, expect, it } from 'vitest';
import type { CancellationPolicy } from '../../contract/changes';
import type { ClassRecord, Enrollment } from '../../contract/domain';
import { addDaysIso, schoolToday } from '../../contract/schedule';
import { TRANSFERS_BY_OFFICE, TRANSFERS_REFUSED } from '../../functions/src/domain/changes';
import { adminDb } from '../../scripts/demo/adminApp';
import { callAs, signInDemo, useSeededDemo } from '../support/fixtures';
import { booksProblems, standIn } from '../support/ledger';
import { addClassesLikeWildArt, AVA, familyWithStudent, signedReleases } from '../support/samples';

const POLICY: CancellationPolicy = { selfService: true, bands: [{ daysBefore: 14, percent: 100, fee: 0 }], transfers: 'difference' };
const db = () => adminDb();
const enrollment = async (id: string) => (await db().doc(`enrollments/${id}`).get()).data() as Enrollment;
const seatsOf = async (classId: string) => (await db().collection(`classes/${classId}/seats`).get()).docs.map((d) => d.data());
type Family = Awaited<ReturnType<typeof familyWithStudent>>;

/** A child enrolled in a class, paid by card on the stand-in (or owing it, at the office). */
async function enrolled(family: Family, classId: string, payWith: 'card' | 'office' = 'card'): Promise<Enrollment> {
  const lines = [{ classId, addOnIds: [] }];
  const quote = await callAs(family.user, 'priceBasket', { lines, codes: [], studentId: family.studentId });
  const made = await callAs(family.user, 'enroll', { studentId: family.studentId, lines, codes: [], expectedTotal: quote.result!.total, infoConfirmed: false, releases: signedReleases(AVA.guardians[0].name), idempotencyKey: `mv-${classId}-${family.studentId}`.slice(0, 64), payWith });
  expect(made.status, JSON.stringify(made.error)).toBe(200);
  const id = made.result!.enrollment.id;
  if (payWith === 'card') expect((await standIn<{ webhookStatus: number }>(`/__standin/sessions/${(await enrollment(id)).hold!.sessionId}/pay`)).webhookStatus).toBe(200);
  return enrollment(id);
}

/** Classes like Wild Art starting in three weeks, at these prices, in a semester with `policy`. */
async function classes(specs: { id: string; title: string; capacity: number; weekday: number; price: number }[], policy: CancellationPolicy | null) {
  const template = await addClassesLikeWildArt(specs);
  for (const c of specs) await db().doc(`classes/${c.id}`).update({ price: c.price, startDate: addDaysIso(schoolToday(), 21), endDate: addDaysIso(schoolToday(), 60) } satisfies Partial<ClassRecord>);
  await db().doc(`semesters/${template.semesterId}`).update({ cancellationPolicy: policy });
  return template;
}

describe('a family moves its child to another class', () => {
  useSeededDemo();

  it('inside the policy: sees what moving gives, moves at once — the credit of a cheaper class, the seat to the waitlist — and owes the difference of a dearer one; once', async () => {
    await classes(
      [
        { id: 'mv-from', title: 'Move From', capacity: 1, weekday: 1, price: 30000 },
        { id: 'mv-cheap', title: 'Move Cheap', capacity: 2, weekday: 2, price: 20000 },
        { id: 'mv-dear', title: 'Move Dear', capacity: 2, weekday: 3, price: 26000 },
        { id: 'mv-full', title: 'Move Full', capacity: 1, weekday: 4, price: 20000 },
      ],
      POLICY,
    );
    const family = await familyWithStudent('move.family@example.com', 'Nora', 'Hale');
    const paid = await enrolled(family, 'mv-from');
    expect([paid.total, paid.balance]).toEqual([30000, 0]);
    // Another family waits for the class Nora leaves; a third fills the class she cannot move to.
    const waiter = await familyWithStudent('move.waiter@example.com', 'Wes', 'Wait');
    const joined = await callAs(waiter.user, 'joinWaitlist', { studentId: waiter.studentId, lines: [{ classId: 'mv-from', addOnIds: [] }], codes: [], expectedTotal: 30000, infoConfirmed: false, releases: signedReleases(AVA.guardians[0].name), idempotencyKey: 'mv-waitlist' });
    expect(joined.status, JSON.stringify(joined.error)).toBe(200);
    await enrolled(await familyWithStudent('move.filler@example.com', 'Fay', 'Full'), 'mv-full', 'office');

    const ask = { enrollmentId: paid.id, fromClassId: 'mv-from', toClassId: 'mv-cheap' };
    const shown = await callAs(family.user, 'transferOutcome', ask);
    expect(shown.status, JSON.stringify(shown.error)).toBe(200);
    expect(shown.result!.outcome).toMatchObject({ allowed: true, toTitle: 'Move Cheap', difference: -10000, credit: 10000, owes: 0 });
    expect(shown.result!.words).toBe('Move Cheap costs $100 less; you will get a credit of $100 for your next enrollment.');
    expect(await enrollment(paid.id)).toEqual(paid);
    // A full class: not a move (its waitlist instead); nobody else moves the child; a stale difference is refused.
    const full = (await callAs(family.user, 'transferOutcome', { ...ask, toClassId: 'mv-full' })).result!;
    expect(full.outcome).toMatchObject({ allowed: false, askable: false });
    expect(full.words).toBe('Move Full is full: join its waitlist instead.');
    const other = await familyWithStudent('move.other@example.com', 'Zed', 'Other');
    expect((await callAs(other.user, 'transferOutcome', ask)).status).toBe(404);
    expect((await callAs(other.user, 'moveOwnClass', { ...ask, expectedTotal: 20000 })).status).toBe(404);
    const stale = await callAs(family.user, 'moveOwnClass', { ...ask, expectedTotal: 21000 });
    expect([stale.status, stale.error?.message]).toEqual([409, 'What moving gives has changed since you looked: please look at it again before moving.']);

    // Moved: the new class in the old one's place, the seat there taken, the old one offered to the family waiting, the credit on the account.
    const moved = await callAs(family.user, 'moveOwnClass', { ...ask, expectedTotal: 20000 });
    expect(moved.status, JSON.stringify(moved.error)).toBe(200);
    expect(moved.result).toMatchObject({ replayed: false, enrollment: { classIds: ['mv-cheap'], total: 20000, balance: 0, status: 'confirmed' } });
    const after = await enrollment(paid.id);
    expect(after.cancellations).toEqual([expect.objectContaining({ classIds: ['mv-from'], classTitles: ['Move From'], movedTo: { classId: 'mv-cheap', title: 'Move Cheap' }, refund: 10000, fee: 0, refundMethod: 'credit', by: 'move.family@example.com' })]);
    expect((await db().doc(`classes/mv-cheap/roster/${family.studentId}`).get()).get('enrollmentId')).toBe(paid.id);
    expect((await db().doc(`classes/mv-from/roster/${family.studentId}`).get()).exists).toBe(false);
    expect((await seatsOf('mv-from')).map((s) => s.state)).toEqual(['offered']);
    const credit = (await callAs(family.user, 'myCredit', null)).result!;
    expect([credit.balance, credit.entries.map((e) => e.words)]).toEqual([10000, ['Moving Nora Hale from Move From to Move Cheap: the price difference, as account credit']]);
    const audit = (await db().collection('audit').where('record.id', '==', paid.id).where('kind', '==', 'class-moved').get()).docs.map((d) => d.get('summary'));
    expect(audit).toEqual(['Moved from Move From to Move Cheap (saves $100, $100 as account credit)']);
    const mail = (await db().collection('mail').where('enrollmentId', '==', paid.id).where('kind', '==', 'class-moved').get()).docs.map((d) => d.get('message.text') as string);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toContain('Nora Hale is now enrolled in Move Cheap instead of Move From.');
    expect(await booksProblems(['mv-from', 'mv-cheap', 'mv-dear', 'mv-full'])).toEqual([]);

    // The same move again (a double tap): the enrollment as it is, no second credit.
    expect((await callAs(family.user, 'moveOwnClass', { ...ask, expectedTotal: 20000 })).result).toMatchObject({ replayed: true });
    expect((await callAs(family.user, 'myCredit', null)).result!.balance).toBe(10000);

    // On to a dearer class: the difference is owed, to pay from My Enrollments.
    const dear = (await callAs(family.user, 'transferOutcome', { enrollmentId: paid.id, fromClassId: 'mv-cheap', toClassId: 'mv-dear' })).result!;
    expect(dear.outcome).toMatchObject({ allowed: true, difference: 6000, credit: 0, owes: 6000 });
    expect(dear.words).toBe('Move Dear costs $60 more. You will owe $60, to pay from My Enrollments.');
    const second = await callAs(family.user, 'moveOwnClass', { enrollmentId: paid.id, fromClassId: 'mv-cheap', toClassId: 'mv-dear', expectedTotal: 26000 });
    expect(second.result).toMatchObject({ enrollment: { classIds: ['mv-dear'], total: 26000, balance: 6000 } });
    expect((await callAs(family.user, 'payBalance', { enrollmentId: paid.id })).result!.checkoutUrl).toMatch(/\/pay\/cs_test_/);
    expect(await booksProblems(['mv-from', 'mv-cheap', 'mv-dear', 'mv-full'])).toEqual([]);

    // A class the child holds already in another checkout still being paid by card: never a second seat.
    const lines = [{ classId: 'mv-cheap', addOnIds: [] }];
    const held = await callAs(family.user, 'enroll', { studentId: family.studentId, lines, codes: [], expectedTotal: 20000, infoConfirmed: false, releases: signedReleases(AVA.guardians[0].name), idempotencyKey: 'mv-held-cheap', payWith: 'card' });
    expect(held.status, JSON.stringify(held.error)).toBe(200);
    const twice = await callAs(family.user, 'transferOutcome', { enrollmentId: paid.id, fromClassId: 'mv-dear', toClassId: 'mv-cheap' });
    expect(twice.result!.outcome).toMatchObject({ allowed: false });
    const forced = await callAs(family.user, 'moveOwnClass', { enrollmentId: paid.id, fromClassId: 'mv-dear', toClassId: 'mv-cheap', expectedTotal: 20000 });
    expect(forced.status).toBe(400);
    expect(await booksProblems(['mv-from', 'mv-cheap', 'mv-dear', 'mv-full'])).toEqual([]);

    // A school that refuses moves: neither a move nor a request.
    await db().doc(`semesters/${(await db().doc('classes/mv-dear').get()).get('semesterId')}`).update({ cancellationPolicy: { ...POLICY, transfers: 'refused' } });
    const refused = { enrollmentId: paid.id, fromClassId: 'mv-dear', toClassId: 'mv-cheap' };
    expect((await callAs(family.user, 'transferOutcome', refused)).result!.words).toBe(TRANSFERS_REFUSED);
    expect((await callAs(family.user, 'requestTransfer', refused)).error?.message).toBe(TRANSFERS_REFUSED);
  });

  it('otherwise asks the office, which keeps a seat for the child; declined, the seat goes back; approved, the child moves — once, emailed and in the audit trail', async () => {
    await classes(
      [
        { id: 'mv-ask-from', title: 'Ask From', capacity: 2, weekday: 1, price: 26000 },
        { id: 'mv-ask-to', title: 'Ask To', capacity: 1, weekday: 2, price: 26000 },
      ],
      { selfService: true, bands: POLICY.bands },
    );
    const family = await familyWithStudent('move.ask@example.com', 'Ivy', 'Lane');
    const paid = await enrolled(family, 'mv-ask-from');
    const move = { enrollmentId: paid.id, fromClassId: 'mv-ask-from', toClassId: 'mv-ask-to' };
    const ask = { ...move, reason: 'Tuesdays suit us better' };
    const looked = await callAs(family.user, 'transferOutcome', move);
    expect(looked.status, JSON.stringify(looked.error)).toBe(200);
    const shown = looked.result!;
    expect(shown.outcome).toMatchObject({ allowed: false, askable: true, why: TRANSFERS_BY_OFFICE, difference: 0 });
    expect((await callAs(family.user, 'moveOwnClass', { ...move, expectedTotal: 26000 })).error?.message).toBe(TRANSFERS_BY_OFFICE);

    const sent = await callAs(family.user, 'requestTransfer', ask);
    expect(sent.status, JSON.stringify(sent.error)).toBe(200);
    const [request] = sent.result!.enrollment.requests!;
    expect(request).toMatchObject({ kind: 'transfer', status: 'waiting', classIds: ['mv-ask-from'], to: { classId: 'mv-ask-to', title: 'Ask To' }, reason: 'Tuesdays suit us better', words: 'Ask To costs you nothing more.' });
    expect((await callAs(family.user, 'requestTransfer', ask)).result!.replayed).toBe(true);
    // The seat is kept for Ivy: the class's only seat, so another family finds it full.
    expect((await seatsOf('mv-ask-to')).map((s) => [s.state, s.requestId])).toEqual([['requested', request.id]]);
    const rival = await familyWithStudent('move.rival@example.com', 'Rex', 'Rival');
    const lines = [{ classId: 'mv-ask-to', addOnIds: [] }];
    const tried = await callAs(rival.user, 'enroll', { studentId: rival.studentId, lines, codes: [], expectedTotal: 26000, infoConfirmed: false, releases: signedReleases(AVA.guardians[0].name), idempotencyKey: 'mv-rival', payWith: 'office' });
    expect(tried.error?.message).toMatch(/Ask To is full/);
    // …and the catalogue says so before anyone tries.
    const seatsShown = async () => (await callAs(rival.user, 'classes', { query: [{ id: 'mv-ask-to' }] })).result!.classes[0].seatsLeft;
    expect(await seatsShown()).toBe(0);
    expect((await db().doc(`mail/change-request_${request.id}`).get()).get('message.text')).toContain(`You asked the office to move from Ask From to Ask To for Ivy Lane. Nothing changes until the office answers; we will email you then. A seat in Ask To is kept for Ivy meanwhile.`);
    expect(await booksProblems(['mv-ask-from', 'mv-ask-to'])).toEqual([]);

    // The office reads the request in words, and declines it: the seat goes back.
    const admin = await signInDemo('admin');
    const queue = (await callAs(admin, 'adminChangeRequests', null)).result!.requests.filter((r) => r.enrollmentId === paid.id);
    expect(queue).toEqual([expect.objectContaining({ id: request.id, kind: 'transfer', to: { classId: 'mv-ask-to', title: 'Ask To' }, studentName: 'Ivy Lane' })]);
    const read = (await db().collection('audit').where('kind', '==', 'change-requests-viewed').where('record.id', '==', paid.id).get()).docs.map((d) => d.get('summary'));
    expect(read).toEqual(['Read the request to move from Ask From to Ask To']);
    expect((await callAs(admin, 'decideChangeRequest', { enrollmentId: paid.id, requestId: request.id, approve: true, refund: 100, answer: 'x' })).status).toBe(400);
    const declined = await callAs(admin, 'decideChangeRequest', { enrollmentId: paid.id, requestId: request.id, approve: false, answer: 'Ask To is for older children this term.' });
    expect(declined.result).toMatchObject({ replayed: false, request: { status: 'declined' } });
    expect(await seatsOf('mv-ask-to')).toEqual([]);
    expect(await seatsShown()).toBe(1);
    expect((await enrollment(paid.id)).classIds).toEqual(['mv-ask-from']);
    expect((await db().doc(`mail/change-decided_${request.id}`).get()).get('message.text')).toContain('The office did not approve your request to move from Ask From to Ask To for Ivy Lane: Ivy stays in Ask From.');
    expect(await booksProblems(['mv-ask-from', 'mv-ask-to'])).toEqual([]);

    // Asked again, the office approves — twice at once, from two screens: one move, into the seat kept.
    const again = (await callAs(family.user, 'requestTransfer', { ...ask, reason: 'Please' })).result!.enrollment.requests!.at(-1)!;
    expect(again.status).toBe('waiting');
    const approve = { enrollmentId: paid.id, requestId: again.id, approve: true };
    const [one, two] = await Promise.all([callAs(admin, 'decideChangeRequest', approve), callAs(admin, 'decideChangeRequest', approve)]);
    expect([one.status, two.status].filter((s) => s === 200).length, JSON.stringify([one.error, two.error])).toBeGreaterThanOrEqual(1);
    const done = await enrollment(paid.id);
    expect([done.classIds, done.total, done.balance, done.requestWaiting, done.requests!.map((r) => r.status)]).toEqual([['mv-ask-to'], 26000, 0, undefined, ['declined', 'approved']]);
    expect(done.cancellations!.filter((c) => c.movedTo)).toHaveLength(1);
    expect((await seatsOf('mv-ask-to')).map((s) => [s.state, s.enrollmentId])).toEqual([['taken', paid.id]]);
    expect(await seatsShown()).toBe(0);
    const audit = (await db().collection('audit').where('record.id', '==', paid.id).get()).docs.map((d) => d.get('kind') as string).sort();
    expect(audit).toEqual(['card-payment', 'change-decided', 'change-decided', 'change-requested', 'change-requested', 'change-requests-viewed', 'class-moved']);
    expect(await booksProblems(['mv-ask-from', 'mv-ask-to'])).toEqual([]);

    // A move asked from a class the family then cancels: withdrawn, its seat back.
    const back = (await callAs(family.user, 'requestTransfer', { enrollmentId: paid.id, fromClassId: 'mv-ask-to', toClassId: 'mv-ask-from' })).result!.enrollment.requests!.at(-1)!;
    expect((await seatsOf('mv-ask-from')).map((s) => s.state)).toEqual(['requested']);
    const outcome = (await callAs(family.user, 'cancellationOutcome', { enrollmentId: paid.id, classIds: ['mv-ask-to'] })).result!.outcome;
    const cancelled = await callAs(family.user, 'cancelOwnClasses', { enrollmentId: paid.id, classIds: ['mv-ask-to'], expectedRefund: outcome.refund });
    expect(cancelled.status, JSON.stringify(cancelled.error)).toBe(200);
    expect((await enrollment(paid.id)).requests!.find((r) => r.id === back.id)!.status).toBe('withdrawn');
    expect(await seatsOf('mv-ask-from')).toEqual([]);
    expect(await booksProblems(['mv-ask-from', 'mv-ask-to'])).toEqual([]);
  });

  it('a child moved on an approved request may be moved back later: the books hold the request as done', async () => {
    await classes(
      [
        { id: 'mv-back-a', title: 'Back A', capacity: 2, weekday: 1, price: 26000 },
        { id: 'mv-back-b', title: 'Back B', capacity: 2, weekday: 2, price: 26000 },
      ],
      { selfService: true, bands: POLICY.bands },
    );
    const family = await familyWithStudent('move.back@example.com', 'Bea', 'Back');
    const paid = await enrolled(family, 'mv-back-a');
    const asked = await callAs(family.user, 'requestTransfer', { enrollmentId: paid.id, fromClassId: 'mv-back-a', toClassId: 'mv-back-b', reason: 'Tuesdays' });
    expect(asked.status, JSON.stringify(asked.error)).toBe(200);
    const request = asked.result!.enrollment.requests!.at(-1)!;
    const office = await signInDemo('admin');
    expect((await callAs(office, 'decideChangeRequest', { enrollmentId: paid.id, requestId: request.id, approve: true })).status).toBe(200);
    expect((await enrollment(paid.id)).classIds).toEqual(['mv-back-b']);
    // The family calls again: Mondays after all. The office moves Bea back into the class the request left.
    const back = await callAs(office, 'adminMoveClass', { enrollmentId: paid.id, fromClassId: 'mv-back-b', toClassId: 'mv-back-a', expectedTotal: 26000, reason: 'The family called: Mondays after all' });
    expect(back.status, JSON.stringify(back.error)).toBe(200);
    const done = await enrollment(paid.id);
    expect([done.classIds, done.requests!.map((r) => r.status), done.cancellations!.map((c) => c.movedTo?.classId)]).toEqual([['mv-back-a'], ['approved'], ['mv-back-b', 'mv-back-a']]);
    expect(await booksProblems(['mv-back-a', 'mv-back-b'])).toEqual([]);
  });

  it('the office moves a child on the family’s call, whatever the policy lets families do, when the child fits: the same money, its reason in the audit trail', async () => {
    await classes(
      [
        { id: 'mv-off-from', title: 'Office From', capacity: 2, weekday: 1, price: 26000 },
        { id: 'mv-off-to', title: 'Office To', capacity: 2, weekday: 2, price: 21000 },
        { id: 'mv-off-full', title: 'Office Full', capacity: 0, weekday: 3, price: 21000 },
      ],
      { ...POLICY, transfers: 'refused' },
    );
    const family = await familyWithStudent('move.office@example.com', 'Oli', 'Phone');
    const paid = await enrolled(family, 'mv-off-from', 'office');
    await callAs(await signInDemo('admin'), 'adminRecordPayment', { enrollmentId: paid.id, amount: 26000, method: 'check', note: '' });
    const move = { enrollmentId: paid.id, fromClassId: 'mv-off-from', toClassId: 'mv-off-to' };
    // The family may not move (the school refuses moves); the office may.
    expect((await callAs(family.user, 'transferOutcome', move)).result!.outcome).toMatchObject({ allowed: false, askable: false, why: TRANSFERS_REFUSED });
    expect((await callAs(family.user, 'adminTransferOutcome', move)).status).toBe(403);
    const office = await signInDemo('admin');
    const shown = (await callAs(office, 'adminTransferOutcome', move)).result!;
    expect(shown).toEqual({ outcome: expect.objectContaining({ allowed: true, newTotal: 21000, difference: -5000, credit: 5000, owes: 0 }), words: 'Office To costs $50 less; you will get a credit of $50 for your next enrollment.' });
    // A full class is not a move, even for the office; a reason is needed.
    expect((await callAs(office, 'adminTransferOutcome', { ...move, toClassId: 'mv-off-full' })).result!.outcome).toMatchObject({ allowed: false, why: 'Office Full is full: join its waitlist instead.' });
    expect((await callAs(office, 'adminMoveClass', { ...move, expectedTotal: 21000, reason: ' ' })).status).toBe(400);
    const moved = await callAs(office, 'adminMoveClass', { ...move, expectedTotal: 21000, reason: 'The family called: Tuesdays suit them' });
    expect(moved.status, JSON.stringify(moved.error)).toBe(200);
    expect(moved.result!.enrollment).toMatchObject({ classIds: ['mv-off-to'], total: 21000, balance: 0 });
    expect(moved.result!.enrollment.cancellations!.at(-1)).toMatchObject({ movedTo: { classId: 'mv-off-to' }, refund: 5000, refundMethod: 'credit', note: 'Moved by the office: The family called: Tuesdays suit them', by: office.email });
    expect((await callAs(family.user, 'myCredit', null)).result!.balance).toBe(5000);
    const audit = (await db().collection('audit').where('record.id', '==', paid.id).where('kind', '==', 'class-moved').get()).docs.map((d) => [d.get('by.email'), d.get('summary')]);
    expect(audit).toEqual([[office.email, 'Moved from Office From to Office To (saves $50, $50 as account credit)']]);
    // Asked again (a second tap): as it is.
    expect((await callAs(office, 'adminMoveClass', { ...move, expectedTotal: 21000, reason: 'Again' })).result!.replayed).toBe(true);
    expect(await booksProblems(['mv-off-from', 'mv-off-to', 'mv-off-full'])).toEqual([]);
  });

  it('the office may move at no charge, its own move or a family’s request: the new class at the price paid for the old one, said why', async () => {
    await classes(
      [
        { id: 'mv-free-from', title: 'Free From', capacity: 3, weekday: 1, price: 21000 },
        { id: 'mv-free-to', title: 'Free To', capacity: 3, weekday: 2, price: 26000 },
      ],
      { ...POLICY, selfService: false },
    );
    const office = await signInDemo('admin');
    // Its own move: the policy would charge the $50 difference; at no charge the total stays.
    const oli = await familyWithStudent('move.free1@example.com', 'Oli', 'Free');
    const first = await enrolled(oli, 'mv-free-from');
    const move = { enrollmentId: first.id, fromClassId: 'mv-free-from', toClassId: 'mv-free-to' };
    expect((await callAs(office, 'adminTransferOutcome', move)).result!.outcome).toMatchObject({ newTotal: 26000, difference: 5000, owes: 5000 });
    const free = (await callAs(office, 'adminTransferOutcome', { ...move, atNoCharge: true })).result!;
    expect(free).toEqual({ outcome: expect.objectContaining({ allowed: true, newTotal: 21000, difference: 0, owes: 0, credit: 0 }), words: 'Free To costs you nothing more.' });
    const moved = await callAs(office, 'adminMoveClass', { ...move, atNoCharge: true, expectedTotal: 21000, reason: 'Our mistake on the phone' });
    expect(moved.status, JSON.stringify(moved.error)).toBe(200);
    expect(moved.result!.enrollment).toMatchObject({ classIds: ['mv-free-to'], total: 21000, balance: 0 });
    expect(moved.result!.enrollment.cancellations!.at(-1)!.note).toBe('Moved by the office at no charge: Our mistake on the phone');

    // A family's request: approving at no charge needs words for the family, then moves at the price paid.
    const ivy = await familyWithStudent('move.free2@example.com', 'Ivy', 'Free');
    const paid = await enrolled(ivy, 'mv-free-from');
    const sent = await callAs(ivy.user, 'requestTransfer', { enrollmentId: paid.id, fromClassId: 'mv-free-from', toClassId: 'mv-free-to' });
    const [request] = sent.result!.enrollment.requests!;
    expect(request.outcome).toMatchObject({ difference: 5000, owes: 5000 });
    const unsaid = await callAs(office, 'decideChangeRequest', { enrollmentId: paid.id, requestId: request.id, approve: true, atNoCharge: true });
    expect([unsaid.status, unsaid.error?.message]).toEqual([400, 'answer: Say why the move is at no charge, in words for the family.']);
    const approved = await callAs(office, 'decideChangeRequest', { enrollmentId: paid.id, requestId: request.id, approve: true, atNoCharge: true, answer: 'The Monday group closes soon' });
    expect(approved.status, JSON.stringify(approved.error)).toBe(200);
    expect(await enrollment(paid.id)).toMatchObject({ classIds: ['mv-free-to'], total: 21000, balance: 0 });
    const audit = (await db().collection('audit').where('record.id', '==', paid.id).where('kind', '==', 'change-decided').get()).docs.map((d) => d.get('summary') as string);
    expect(audit).toEqual(['Approved the request to move from Free From to Free To at no charge — The Monday group closes soon']);
    expect(await booksProblems(['mv-free-from', 'mv-free-to'])).toEqual([]);
  });
});
