// Financial aid: a family applies once a school year (privately: another family, the office-only staff
// and instructors see nothing of it), finance decides a batch from a fund that never gives more than it
// holds (not even two batches at once), and the award applies by itself at checkout as its own line —
// the same figure in the review's price, the enrollment and the receipt; a hold never paid and a class
// cancelled give it back to the award, and the award's count of what it gave always equals its lines.
import { beforeAll, describe, expect, it } from 'vitest';
import { AID_CODE, aidLineLabel, aidOnLines, FIRST_COME_NOTE, type AidApplication, type AidFund } from '../../contract/aid';
import type { Payload } from '../../contract/callables';
import type { CartQuote, ClassRecord, Enrollment, Student } from '../../contract/domain';
import { formatCents } from '../../contract/format';
import { addDaysIso, schoolToday } from '../../contract/schedule';
import { adminDb } from '../../scripts/demo/adminApp';
import { callFunction, createUser, type TestUser } from '../support/emulators';
import { callAs, seededEmulators, signInDemo } from '../support/fixtures';
import { booksProblems, standIn } from '../support/ledger';
import { STANDIN } from '../../scripts/stripe/config';
import { addClassesLikeWildArt, AVA, classFormOf, familyWithStudent, signedReleases } from '../support/samples';

const PRICE = 26000;
const db = () => adminDb();
const CLASSES = ['aid-a', 'aid-b', 'aid-c', 'aid-d'];
type Family = { user: TestUser; studentIds: string[]; email: string };

const application = async (id: string) => (await db().doc(`aidApplications/${id}`).get()).data() as AidApplication;
const fund = async (id: string) => (await db().doc(`aidFunds/${id}`).get()).data() as AidFund;
const aidLines = (e: Pick<Enrollment, 'discounts'>) => aidOnLines(e.discounts);
/** The award's count of what it gave equals the aid lines of the family's enrollments that hold seats. */
async function awardAgrees(id: string, uid: string) {
  const [app, enrollments] = await Promise.all([application(id), db().collection('enrollments').where('ownerUid', '==', uid).get()]);
  const lines = enrollments.docs.map((d) => d.data() as Enrollment).filter((e) => e.status !== 'expired' && e.aid?.applicationId === id);
  expect(app.award!.used).toBe(lines.reduce((s, e) => s + aidLines(e), 0));
  expect(app.award!.used).toBeLessThanOrEqual(app.award!.committed);
  return app.award!.used;
}

describe('financial aid', () => {
  let finance: TestUser;
  let office: TestUser;
  let families: Family[];
  let term: { id: string; name: string };

  const checkoutOf = (family: Family, classes: string[][], key: string, expectedTotal: number, payWith: 'office' | 'card' = 'office'): Payload<'enrollFamily'> => ({
    children: family.studentIds.map((studentId, i) => ({ studentId, lines: classes[i].map((classId) => ({ classId, addOnIds: [] })), infoConfirmed: false, releases: signedReleases(AVA.guardians[0].name) })),
    codes: [],
    expectedTotal,
    idempotencyKey: key,
    payWith,
  });

  beforeAll(async () => {
    await seededEmulators();
    const template = await addClassesLikeWildArt(CLASSES.map((id, i) => ({ id, title: `Aid ${id.slice(-1).toUpperCase()}`, capacity: 5, weekday: i % 7 })));
    const semester = (await db().doc(`semesters/${template.semesterId}`).get()).data()!;
    term = { id: template.semesterId, name: semester.name as string };
    [finance, office] = await Promise.all([createUser('aid.finance@example.com'), createUser('aid.office@example.com')]);
    await Promise.all([db().doc(`roles/${finance.uid}`).set({ roles: ['finance'] }), db().doc(`roles/${office.uid}`).set({ roles: ['office'] })]);
    families = await Promise.all(
      ['aid0', 'aid1', 'aid2'].map(async (name, i) => {
        const { user, studentId } = await familyWithStudent(`${name}@example.com`, `Aid${i}`, 'Family');
        const second = await callFunction<{ student: Student }>('saveStudent', { profile: { ...AVA, firstName: `Aid${i}b`, lastName: 'Family', guardians: [{ ...AVA.guardians[0], email: `${name}@example.com` }] }, reviewed: true }, user.idToken);
        return { user, studentIds: [studentId, second.result!.student.id], email: `${name}@example.com` };
      }),
    );
  });

  it('a family applies once a school year, for its own children; nobody else reads the application but finance', async () => {
    const [family, other] = families;
    const apply = (who: Family, studentIds: string[]) =>
      callAs(who.user, 'applyForAid', { semesterId: term.id, studentIds, householdSize: 4, incomeBand: 'under-100', benefits: true, words: 'Two children, one income' });
    expect((await apply(family, [other.studentIds[0]])).status).toBe(404);
    const applied = await apply(family, family.studentIds);
    expect(applied.status, JSON.stringify(applied.error)).toBe(200);
    expect(applied.result!.application).toMatchObject({ status: 'received', semesterName: term.name, childNames: ['Aid0 Family', 'Aid0b Family'] });
    // What the family reads of it carries nothing finance keeps for itself (income, household, its words back).
    expect(JSON.stringify(applied.result)).not.toMatch(/incomeBand|householdSize|benefits/);
    const again = await apply(family, family.studentIds);
    expect([again.status, again.error?.message]).toEqual([409, expect.stringContaining('has applied for the')]);
    expect((await callAs(family.user, 'myAid')).result!.applications).toHaveLength(1);
    expect((await callAs(other.user, 'myAid')).result!.applications).toEqual([]);
    // Office-only staff and instructors never see who applies; finance does, and its read is audited.
    expect((await callAs(office, 'adminAid')).status).toBe(403);
    const read = await callAs(finance, 'adminAid');
    expect(read.status).toBe(200);
    expect(read.result!.applications.find((a) => a.ownerUid === family.user.uid)).toMatchObject({ incomeBand: 'under-100', householdSize: 4, benefits: true, words: 'Two children, one income' });
    const audited = (await db().collection('audit').where('kind', 'in', ['aid-applied', 'aid-viewed']).get()).docs.map((d) => [d.get('kind'), d.get('by.uid')]);
    expect(audited).toEqual(expect.arrayContaining([['aid-applied', family.user.uid], ['aid-viewed', finance.uid]]));
  });

  it('a fund never gives more than it holds, not even to two batches decided at once', async () => {
    const created = await callAs(finance, 'adminSaveFund', { name: 'Race fund', transfer: 30000 });
    expect(created.status, JSON.stringify(created.error)).toBe(200);
    const fundId = created.result!.fund.id;
    const apply = (who: Family) => callAs(who.user, 'applyForAid', { semesterId: term.id, studentIds: [who.studentIds[0]], householdSize: 3, incomeBand: '100-185', benefits: false, words: '' });
    const [a, b] = [families[1], families[2]];
    await Promise.all([apply(a), apply(b)]);
    const idOf = async (who: Family) => (await callAs(who.user, 'myAid')).result!.applications[0].id;
    const [idA, idB] = await Promise.all([idOf(a), idOf(b)]);
    const decide = (id: string, key: string) => callAs(finance, 'adminAwardAid', { decisions: [{ applicationId: id, award: true, fundId, amount: 20000, expiresOn: '2999-12-31', note: 'For the term' }], idempotencyKey: key });
    // Too much for the fund in one batch is refused whole.
    const both = await callAs(finance, 'adminAwardAid', {
      decisions: [idA, idB].map((applicationId) => ({ applicationId, award: true, fundId, amount: 20000, expiresOn: '2999-12-31', note: '' })),
      idempotencyKey: 'aid-both-1',
    });
    expect([both.status, both.error?.message]).toEqual([400, `Race fund holds ${formatCents(10000)} now: the award for Aid2 Family (up to ${formatCents(20000)}) is more than that.`]);
    expect((await application(idA)).status).toBe('received');
    // Two batches at once: one is awarded, the other refused; the fund holds what it gave.
    const raced = await Promise.all([decide(idA, 'aid-race-a'), decide(idB, 'aid-race-b')]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await fund(fundId)).toMatchObject({ transfers: 30000, committed: 20000 });
    // The same batch again answers what it decided; the family reads its award.
    const winner = raced[0].status === 200 ? { id: idA, key: 'aid-race-a', who: a } : { id: idB, key: 'aid-race-b', who: b };
    expect((await decide(winner.id, winner.key)).result).toMatchObject({ replayed: true });
    expect((await callAs(winner.who.user, 'myAid')).result!.applications[0]).toMatchObject({ status: 'awarded', award: { amount: 20000, left: 20000, expiresOn: '2999-12-31', note: 'For the term' } });
    expect((await callAs(office, 'adminAwardAid', { decisions: [{ applicationId: winner.id, award: false, note: '' }], idempotencyKey: 'aid-office-1' })).status).toBe(403);
    const decided = (await db().collection('audit').where('kind', '==', 'aid-decided').where('record.id', '==', winner.who.user.uid).get()).docs.map((d) => d.get('summary') as string);
    expect(decided).toEqual([`Awarded ${formatCents(20000)} from Race fund (up to ${formatCents(20000)}), until 2999-12-31: Aid${winner.who === a ? 1 : 2} Family, ${term.name}`]);
  });

  it('the award applies at checkout as its own line, within each child’s cap; a cancelled class and an unpaid hold give it back', async () => {
    const [family] = families;
    const { id } = (await callAs(family.user, 'myAid')).result!.applications[0];
    const awarded = await callAs(finance, 'adminAwardAid', {
      decisions: [{ applicationId: id, award: true, fundId: 'general-aid', percent: 60, capPerChild: 20000, expiresOn: '2999-12-31', note: '60 % of the classes' }],
      idempotencyKey: 'aid-sixty-1',
    });
    expect(awarded.status, JSON.stringify(awarded.error)).toBe(200);
    // The family is told once, with the award in words.
    const told = (await db().collection('mail').where('kind', '==', 'aid-decided').where('to', 'array-contains', family.email).get()).docs.map((d) => d.get('message.text') as string);
    expect(told).toEqual([expect.stringContaining('The school awarded financial aid for Aid0 Family and Aid0b Family')]);
    expect(told[0]).toContain('60 % of the classes (at most $200 a child)');
    // 60 % of each child's classes, at most $200 a child, after the sibling rule: the first child (two
    // classes, $520) gets $200; the second ($260, less the school's 10 % sibling discount) 60 % of $234.
    const cart = { children: [{ studentId: family.studentIds[0], lines: ['aid-a', 'aid-b'].map((classId) => ({ classId, addOnIds: [] })) }, { studentId: family.studentIds[1], lines: [{ classId: 'aid-c', addOnIds: [] }] }], codes: [] };
    const quote = (await callAs(family.user, 'priceCart', cart)).result as CartQuote;
    const label = aidLineLabel(term.name);
    const sibling = PRICE / 10;
    const second = Math.round(((PRICE - sibling) * 60) / 100);
    expect(quote.children.map((c) => c.discounts)).toEqual([[{ code: AID_CODE, description: label, amount: 20000 }], [expect.objectContaining({ amount: sibling }), { code: AID_CODE, description: label, amount: second }]]);
    expect(quote.total).toBe(3 * PRICE - sibling - 20000 - second);
    // Another family's review shows no award.
    const stranger = (await callAs(families[1].user, 'priceCart', { children: [{ studentId: families[1].studentIds[1], lines: [{ classId: 'aid-d', addOnIds: [] }] }], codes: [] })).result as CartQuote;
    expect(stranger.total).toBe(PRICE);

    const paid = await callAs(family.user, 'enrollFamily', checkoutOf(family, [['aid-a', 'aid-b'], ['aid-c']], 'aid-checkout-1', quote.total));
    expect(paid.status, JSON.stringify(paid.error)).toBe(200);
    const [first, other] = paid.result!.enrollments;
    expect([first.total, other.total]).toEqual([2 * PRICE - 20000, PRICE - sibling - second]);
    expect(await awardAgrees(id, family.user.uid)).toBe(20000 + second);
    expect((await callAs(family.user, 'myAid')).result!.applications[0].award).toMatchObject({ used: 20000 + second, left: 40000 - 20000 - second });
    // Finance reads the award's line; office-only staff read a price adjustment of the same amount, nothing of aid.
    const search = { semesterId: term.id, search: 'Aid0' };
    const asOffice = await callAs(office, 'adminEnrollments', search);
    const asFinance = await callAs(finance, 'adminEnrollments', search);
    const rowOf = (r: typeof asOffice) => r.result!.rows.find((x) => x.id === first.id)!;
    expect(rowOf(asFinance).discounts).toEqual([{ code: AID_CODE, description: label, amount: 20000 }]);
    expect(rowOf(asOffice).discounts).toEqual([{ code: 'adjustment', description: 'Price adjustment', amount: 20000 }]);
    expect(rowOf(asOffice).total).toBe(rowOf(asFinance).total);
    expect(JSON.stringify(asOffice.result)).not.toMatch(/Financial aid|applicationId|"aid"/);
    // The receipt shows the same line and figure.
    const mail = (await db().collection('mail').where('enrollmentId', 'in', [first.id, other.id]).get()).docs.map((d) => d.get('message.text') as string).join('\n');
    expect(mail).toContain(label);
    expect(mail).toContain(formatCents(20000));

    // The office cancels one of the first child's classes: the class left takes 60 % of $260 = $156, and
    // the $44 the award no longer gives goes back to it, not to the family.
    const admin = await signInDemo('admin');
    const cancelled = await callAs(admin, 'adminCancelEnrollment', { enrollmentId: first.id, classIds: ['aid-b'], refund: 0, note: 'Moved away' });
    expect(cancelled.status, JSON.stringify(cancelled.error)).toBe(200);
    expect(cancelled.result!.enrollment).toMatchObject({ total: PRICE - 15600, balance: PRICE - 15600 });
    expect(await awardAgrees(id, family.user.uid)).toBe(15600 + second);

    // Another checkout for the first child (now the family's second child in the term) takes only what
    // is left of its $200 cap ($44); by card and never paid, it gives it back.
    const more = { children: [{ studentId: family.studentIds[0], lines: [{ classId: 'aid-d', addOnIds: [] }] }], codes: [] };
    const moreQuote = (await callAs(family.user, 'priceCart', more)).result as CartQuote;
    expect(moreQuote.children[0].discounts).toEqual([expect.objectContaining({ amount: sibling }), { code: AID_CODE, description: label, amount: 4400 }]);
    const held = await callAs(family.user, 'enrollFamily', { ...checkoutOf({ ...family, studentIds: [family.studentIds[0]] }, [['aid-d']], 'aid-card-1', moreQuote.total, 'card') });
    expect(held.status, JSON.stringify(held.error)).toBe(200);
    expect(await awardAgrees(id, family.user.uid)).toBe(15600 + second + 4400);
    expect((await callAs(family.user, 'releaseHold', { enrollmentId: held.result!.enrollments[0].id })).status).toBe(200);
    expect(await awardAgrees(id, family.user.uid)).toBe(15600 + second);

    // The dashboard: the term's aid lines as given, and what the funds hold (gifts and transfers, less what awards hold).
    const d = (await callAs(admin, 'adminDashboard', { semesterId: term.id })).result!;
    const lines = (await db().collection('enrollments').where('semesterIds', 'array-contains', term.id).get()).docs.map((x) => x.data() as Enrollment).filter((e) => e.status !== 'pending_payment' && e.status !== 'expired');
    expect(d.aidGiven).toBe(lines.reduce((s, e) => s + aidLines(e), 0));
    expect(d.aidGiven).toBeGreaterThanOrEqual(15600 + second);
    const funds = (await db().collection('aidFunds').get()).docs.map((x) => x.data() as AidFund);
    expect(d.aidFundsHold).toBe(funds.reduce((s, f) => s + f.gifts + f.transfers - f.committed, 0));
    // The money reports over the whole term: the dashboard's figures, to the cent; finance reads the aid's part.
    const r = (await callAs(finance, 'adminMoneyReport', { semesterId: term.id, from: '2000-01-01', to: '2999-12-31' })).result!;
    expect([r.paymentsTotal, r.refundsTotal, r.term.billed, r.term.netPaid, r.owedTotal + r.overpaid, r.term.aid]).toEqual([d.paid, d.refunded, d.billed, d.netPaid, d.outstanding, d.aidGiven]);
  });

  it('an award past its expiry gives what it still holds back to its fund, and no checkout uses it; applications are deleted two school years after their year', async () => {
    const run = async (now: Date) => (await import('../../functions/src/usecases/aid')).runAidYearEnd(now);
    const [, a, b] = families;
    const awarded = await Promise.all([a, b].map(async (who) => (await callAs(who.user, 'myAid')).result!.applications[0]));
    const winner = [a, b][awarded.findIndex((x) => x.status === 'awarded')];
    const app = (await db().collection('aidApplications').where('ownerUid', '==', winner.user.uid).get()).docs[0];
    const fundId = app.get('award.fundId') as string;
    const before = await fund(fundId);
    await app.ref.update({ 'award.expiresOn': '2026-01-01' });
    await db().doc('aidApplications/old-family-202021').set({ ...(app.data() as AidApplication), id: 'old-family-202021', ownerUid: 'old-family', schoolYear: '2020–21', award: null });
    const counts = await run(new Date());
    expect(counts.returned).toBeGreaterThanOrEqual(1);
    expect(counts.deleted).toBeGreaterThanOrEqual(1);
    expect((await fund(fundId)).committed).toBe(before.committed - 20000);
    expect((await application(app.id)).award).toMatchObject({ committed: 0, used: 0 });
    expect((await db().doc('aidApplications/old-family-202021').get()).exists).toBe(false);
    // Run again: nothing more to give back.
    expect(await run(new Date())).toEqual({ returned: 0, deleted: 0 });
    const price = (await callAs(winner.user, 'priceCart', { children: [{ studentId: winner.studentIds[0], lines: [{ classId: 'aid-d', addOnIds: [] }] }], codes: [] })).result as CartQuote;
    expect(price.total).toBe(PRICE);
    const told = (await db().collection('audit').where('kind', '==', 'aid-decided').where('record.id', '==', winner.user.uid).get()).docs.map((d) => d.get('summary') as string);
    expect(told).toContain(`Award expired on 2026-01-01: ${formatCents(20000)} not used went back to Race fund`);
  });

  it('a family that enrolled before the decision (to pay later) gets the award on what it still owes', async () => {
    const [, a, b] = families;
    const waiting = (await Promise.all([a, b].map(async (who) => ({ who, app: (await callAs(who.user, 'myAid')).result!.applications[0] })))).find((x) => x.app.status === 'received')!;
    const { who } = waiting;
    const enrolled = await callAs(who.user, 'enrollFamily', checkoutOf({ ...who, studentIds: [who.studentIds[0]] }, [['aid-c']], 'aid-before-1', PRICE));
    expect(enrolled.status, JSON.stringify(enrolled.error)).toBe(200);
    const id = enrolled.result!.enrollments[0].id;
    // Part paid already: the award takes only from what is still owed.
    const admin = await signInDemo('admin');
    expect((await callAs(admin, 'adminRecordPayment', { enrollmentId: id, amount: 20000, method: 'cash', note: '' })).status).toBe(200);
    const decided = await callAs(finance, 'adminAwardAid', {
      decisions: [{ applicationId: waiting.app.id, award: true, fundId: 'general-aid', percent: 50, capPerChild: 20000, expiresOn: '2999-12-31', note: 'Half' }],
      idempotencyKey: 'aid-after-1',
    });
    expect(decided.status, JSON.stringify(decided.error)).toBe(200);
    const e = (await db().doc(`enrollments/${id}`).get()).data() as Enrollment;
    // Half of $260 is $130, but only $60 is still owed: the line is $60, nothing is owed, nothing paid comes back.
    expect(e).toMatchObject({ total: PRICE - 6000, balance: 0, discounts: [{ code: AID_CODE, amount: 6000 }] });
    expect(await awardAgrees(waiting.app.id, who.user.uid)).toBe(6000);
    const audit = (await db().collection('audit').where('kind', '==', 'aid-decided').where('record.id', '==', who.user.uid).get()).docs.map((d) => d.get('summary') as string);
    expect(audit.some((x) => x.includes(`${formatCents(6000)} taken off what the family owed`))).toBe(true);
  });

  it('seats kept for aid: only a family with an award or an application under review takes one until their date; given back, it is kept again; then it opens to the waitlist first, and to everyone', async () => {
    const admin = await signInDemo('admin');
    await addClassesLikeWildArt([{ id: 'aid-kept', title: 'Aid Kept', capacity: 3, weekday: 5 }]);
    const stored = (await db().doc('classes/aid-kept').get()).data() as ClassRecord;
    const releaseDay = addDaysIso(schoolToday(), 10);
    const saved = await callAs(admin, 'adminSaveClass', { ...classFormOf(stored), aidSeats: 2, aidSeatsUntil: releaseDay });
    expect(saved.status, JSON.stringify(saved.error)).toBe(200);
    const klass = async () => (await db().doc('classes/aid-kept').get()).data() as ClassRecord;
    const shown = async () => (await callAs(null, 'classes', { query: [{ id: 'aid-kept' }] })).result!.classes[0];
    expect((await klass()).aidKept).toBe(2);
    expect(await shown()).toMatchObject({ seatsLeft: 1, aidSeatsLeft: 2, aidSeatsUntil: releaseDay });
    expect(await booksProblems(['aid-kept'], { stripe: false })).toEqual([]);

    // A family without aid: one seat is left to it, never those kept for aid.
    const { user, studentId } = await familyWithStudent('aidkept0@example.com', 'Kept', 'Family');
    const second = await callFunction<{ student: Student }>('saveStudent', { profile: { ...AVA, firstName: 'Keptb', lastName: 'Family', guardians: [{ ...AVA.guardians[0], email: 'aidkept0@example.com' }] }, reviewed: true }, user.idToken);
    const plain: Family = { user, studentIds: [studentId, second.result!.student.id], email: 'aidkept0@example.com' };
    const both = await callAs(plain.user, 'enrollFamily', checkoutOf(plain, [['aid-kept'], ['aid-kept']], 'aid-kept-1', 2 * PRICE));
    expect([both.status, both.error?.message]).toEqual([400, 'Aid Kept is full.']);
    const one = await callAs(plain.user, 'enrollFamily', checkoutOf({ ...plain, studentIds: [plain.studentIds[0]] }, [['aid-kept']], 'aid-kept-2', PRICE));
    expect(one.status, JSON.stringify(one.error)).toBe(200);
    expect(await shown()).toMatchObject({ seatsLeft: 0, aidSeatsLeft: 2 });

    // A family whose application is under review takes one (the seat says so).
    const applicant = await familyWithStudent('aidkept1@example.com', 'Applies', 'Family');
    const applied = await callAs(applicant.user, 'applyForAid', { semesterId: term.id, studentIds: [applicant.studentId], householdSize: 3, incomeBand: '100-185', benefits: false, words: '' });
    expect(applied.result!.application.status).toBe('received');
    const aided = await callAs(applicant.user, 'enrollFamily', checkoutOf({ user: applicant.user, studentIds: [applicant.studentId], email: 'aidkept1@example.com' }, [['aid-kept']], 'aid-kept-3', PRICE));
    expect(aided.status, JSON.stringify(aided.error)).toBe(200);
    const aidSeat = (await db().doc(`classes/aid-kept/roster/${applicant.studentId}`).get()).get('seat') as string;
    expect((await db().doc(`classes/aid-kept/seats/${aidSeat}`).get()).data()).toMatchObject({ state: 'taken', aid: true });
    await expect.poll(async () => (await klass()).aidKept).toBe(1);
    expect(await booksProblems(['aid-kept'], { stripe: false })).toEqual([]);

    // Given back before the date: kept for aid again, not offered to the family without aid.
    const enrollment = aided.result!.enrollments[0];
    expect((await callAs(admin, 'adminCancelEnrollment', { enrollmentId: enrollment.id, classIds: ['aid-kept'], refund: 0, note: 'Changed plans' })).status).toBe(200);
    expect((await db().doc(`classes/aid-kept/seats/${aidSeat}`).get()).data()).toMatchObject({ state: 'aid' });
    await expect.poll(async () => (await klass()).aidKept).toBe(2);
    expect(await booksProblems(['aid-kept'], { stripe: false })).toEqual([]);

    // The family without aid waits; on the date the seats kept for aid go to the waitlist first.
    // (Its second child is priced with the sibling rule: the price is asked as the family's review does.)
    const quote = await callAs(plain.user, 'priceCart', { children: [{ studentId: plain.studentIds[1], lines: [{ classId: 'aid-kept', addOnIds: [] }] }], codes: [] });
    const joined = await callAs(plain.user, 'joinWaitlist', {
      studentId: plain.studentIds[1], lines: [{ classId: 'aid-kept', addOnIds: [] }], codes: [], expectedTotal: quote.result!.total, infoConfirmed: true, releases: signedReleases(AVA.guardians[0].name), idempotencyKey: 'aid-kept-wait',
    });
    expect(joined.status, JSON.stringify(joined.error)).toBe(200);
    const { runWaitlistJob } = await import('../../functions/src/usecases/waitlist');
    await runWaitlistJob(new Date(Date.now() + 9 * 86_400_000), ['aid-kept']);
    expect((await klass()).aidKept).toBe(2);
    await runWaitlistJob(new Date(Date.now() + 11 * 86_400_000), ['aid-kept']);
    expect((await klass()).aidKept ?? 0).toBe(0);
    expect((await db().doc(`waitlist/${joined.result!.entry.id}`).get()).get('status')).toBe('offered');
    const seats = (await db().collection('classes/aid-kept/seats').get()).docs.map((d) => d.get('state') as string).sort();
    // One to the family waiting, the other to everyone (nobody else waits).
    expect(seats).toEqual(['offered', 'taken']);
    expect(await shown()).not.toHaveProperty('aidSeatsLeft');
    expect(await booksProblems(['aid-kept'], { stripe: false })).toEqual([]);
  });

  it('a waitlist offer claimed by a family with an award is priced with the award, as its own line', async () => {
    const admin = await signInDemo('admin');
    await addClassesLikeWildArt([{ id: 'aid-claim', title: 'Aid Claim', capacity: 1, weekday: 6 }]);
    const first = await familyWithStudent('aidclaim0@example.com', 'First', 'Family');
    const taken = await callAs(first.user, 'enrollFamily', checkoutOf({ user: first.user, studentIds: [first.studentId], email: 'aidclaim0@example.com' }, [['aid-claim']], 'aid-claim-1', PRICE));
    expect(taken.status, JSON.stringify(taken.error)).toBe(200);
    // The second family waits (quoted in full), then is awarded half.
    const waiting = await familyWithStudent('aidclaim1@example.com', 'Waits', 'Family');
    const joined = await callAs(waiting.user, 'joinWaitlist', {
      studentId: waiting.studentId, lines: [{ classId: 'aid-claim', addOnIds: [] }], codes: [], expectedTotal: PRICE, infoConfirmed: true, releases: signedReleases(AVA.guardians[0].name), idempotencyKey: 'aid-claim-wait',
    });
    expect(joined.result!.entry.quote.total).toBe(PRICE);
    const applied = await callAs(waiting.user, 'applyForAid', { semesterId: term.id, studentIds: [waiting.studentId], householdSize: 2, incomeBand: 'under-100', benefits: true, words: '' });
    const saved = await callAs(finance, 'adminSaveFund', { name: 'Claims fund', transfer: 50000 });
    const decided = await callAs(finance, 'adminAwardAid', {
      decisions: [{ applicationId: applied.result!.application.id, award: true, fundId: saved.result!.fund.id, percent: 50, capPerChild: 20000, expiresOn: '2999-12-31', note: '' }],
      idempotencyKey: 'aid-claim-award',
    });
    expect(decided.status, JSON.stringify(decided.error)).toBe(200);
    // The seat frees and is offered; the family's preview and its claim both take half off.
    expect((await callAs(admin, 'adminCancelEnrollment', { enrollmentId: taken.result!.enrollments[0].id, classIds: ['aid-claim'], refund: 0, note: 'Moved away' })).status).toBe(200);
    await expect.poll(async () => (await db().doc(`waitlist/${joined.result!.entry.id}`).get()).get('status')).toBe('offered');
    const preview = await callAs(waiting.user, 'priceCart', { children: [{ studentId: waiting.studentId, lines: [{ classId: 'aid-claim', addOnIds: [] }] }], codes: [] });
    expect(preview.result!.total).toBe(PRICE / 2);
    const claimed = await callAs(waiting.user, 'claimOffer', { entryId: joined.result!.entry.id, expectedTotal: PRICE / 2, idempotencyKey: 'aid-claim-claim', payWith: 'office' });
    expect(claimed.status, JSON.stringify(claimed.error)).toBe(200);
    const e = (await db().doc(`enrollments/${claimed.result!.enrollment.id}`).get()).data() as Enrollment;
    expect(e).toMatchObject({ total: PRICE / 2, waitlistEntryId: joined.result!.entry.id });
    expect(aidLines(e)).toBe(PRICE / 2);
    expect(await awardAgrees(applied.result!.application.id, waiting.user.uid)).toBe(PRICE / 2);
  });

  it('a fund that is first come until it runs out awards each application as it arrives, while it holds the terms', async () => {
    const created = await callAs(finance, 'adminSaveFund', { name: 'A first-come fund', transfer: 30000, firstCome: { percent: 50, capPerChild: 10000, expiresOn: '2999-12-31' } });
    expect(created.status, JSON.stringify(created.error)).toBe(200);
    // Two families of two children: $200 each at most; the fund holds $300, so only the first is awarded.
    const made = await Promise.all(
      ['aidfc0', 'aidfc1'].map(async (name, i) => {
        const { user, studentId } = await familyWithStudent(`${name}@example.com`, `Fc${i}`, 'Family');
        const second = await callFunction<{ student: Student }>('saveStudent', { profile: { ...AVA, firstName: `Fc${i}b`, lastName: 'Family', guardians: [{ ...AVA.guardians[0], email: `${name}@example.com` }] }, reviewed: true }, user.idToken);
        return { user, studentIds: [studentId, second.result!.student.id], email: `${name}@example.com` };
      }),
    );
    // The first enrolled one child before applying, to pay later: the award takes what it owes.
    const before = await callAs(made[0].user, 'enrollFamily', checkoutOf({ ...made[0], studentIds: [made[0].studentIds[0]] }, [['aid-a']], 'aid-fc-1', PRICE));
    expect(before.status, JSON.stringify(before.error)).toBe(200);
    const apply = (who: Family) => callAs(who.user, 'applyForAid', { semesterId: term.id, studentIds: who.studentIds, householdSize: 4, incomeBand: 'under-100', benefits: false, words: '' });
    const first = await apply(made[0]);
    expect(first.result!.application).toMatchObject({ status: 'awarded', award: { percent: 50, capPerChild: 10000, note: FIRST_COME_NOTE, used: 10000, left: 10000 } });
    expect((await db().doc(`enrollments/${before.result!.enrollments[0].id}`).get()).get('total')).toBe(PRICE - 10000);
    expect(await awardAgrees(first.result!.application.id, made[0].user.uid)).toBe(10000);
    const second = await apply(made[1]);
    expect(second.result!.application.status).toBe('received');
    expect(await fund(created.result!.fund.id)).toMatchObject({ transfers: 30000, committed: 20000 });
  });

  it('a Stripe page paid after its hold ended is refunded when the child took the award up to its cap by a newer checkout meanwhile', async () => {
    // The hold's end, as the sweep makes it (the emulator runs no schedules).
    process.env.FUNCTIONS_EMULATOR = 'true';
    process.env.STRIPE_SECRET_KEY = STANDIN.secretKey;
    const { releaseHold } = await import('../../functions/src/data/holds');
    // Two children on the award: it holds $300, at most $150 a child; only the first enrolls.
    const { user, studentId } = await familyWithStudent('aid.late@example.com', 'Aidlate', 'Family');
    const sibling = await callFunction<{ student: Student }>('saveStudent', { profile: { ...AVA, firstName: 'Aidlateb', lastName: 'Family', guardians: [{ ...AVA.guardians[0], email: 'aid.late@example.com' }] }, reviewed: true }, user.idToken);
    const family: Family = { user, studentIds: [studentId], email: 'aid.late@example.com' };
    const applied = await callAs(user, 'applyForAid', { semesterId: term.id, studentIds: [studentId, sibling.result!.student.id], householdSize: 3, incomeBand: 'under-100', benefits: false, words: 'One income' });
    expect(applied.status, JSON.stringify(applied.error)).toBe(200);
    const id = applied.result!.application.id;
    const awarded = await callAs(finance, 'adminAwardAid', {
      decisions: [{ applicationId: id, award: true, fundId: 'general-aid', percent: 100, capPerChild: 15000, expiresOn: '2999-12-31', note: 'Up to $150 a child' }],
      idempotencyKey: 'aid-late-1',
    });
    expect(awarded.status, JSON.stringify(awarded.error)).toBe(200);
    expect((await application(id)).award).toMatchObject({ committed: 30000, capPerChild: 15000 });
    const priced = async (classId: string) => ((await callAs(user, 'priceCart', { children: [{ studentId, lines: [{ classId, addOnIds: [] }] }], codes: [] })).result as CartQuote).total;
    // A card checkout takes the whole cap; the family leaves Stripe's page open and its hold ends.
    const first = await callAs(user, 'enrollFamily', checkoutOf(family, [['aid-a']], 'aid-late-card', await priced('aid-a'), 'card'));
    expect(first.status, JSON.stringify(first.error)).toBe(200);
    const held = first.result!.enrollments[0];
    expect(aidLines(held)).toBe(15000);
    await releaseHold(held.id, new Date());
    expect(await awardAgrees(id, user.uid)).toBe(0);
    // Meanwhile the child enrolls in another class, which takes the cap again.
    const second = await callAs(user, 'enrollFamily', checkoutOf(family, [['aid-b']], 'aid-late-office', await priced('aid-b')));
    expect(second.status, JSON.stringify(second.error)).toBe(200);
    expect(aidLines(second.result!.enrollments[0])).toBe(15000);
    // Then the old page is paid: honoured, the child would have $300 of a $150 cap. It is refunded whole.
    const sessionId = (await db().doc(`enrollments/${held.id}`).get()).get('hold.sessionId') as string;
    const paid = await standIn<{ webhookStatus: number }>(`/__standin/sessions/${sessionId}/pay`);
    expect(paid.webhookStatus).toBe(200);
    const late = (await db().doc(`enrollments/${held.id}`).get()).data() as Enrollment;
    expect([late.status, late.cardRefunds?.map((r) => [r.amount, r.kind])]).toEqual(['expired', [[late.payments[0].amount, 'seat-lost']]]);
    expect(await awardAgrees(id, user.uid)).toBe(15000);
    // The child holds no seat in the class paid late, and has the cap's $150 in all.
    expect((await db().doc(`classes/aid-a/roster/${studentId}`).get()).exists).toBe(false);
    const live = (await db().collection('enrollments').where('studentId', '==', studentId).get()).docs.map((d) => d.data() as Enrollment).filter((e) => e.status !== 'expired');
    expect(live.reduce((sum, e) => sum + aidLines(e), 0)).toBe(15000);
  });
});
