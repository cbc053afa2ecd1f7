// The school cancels a class for everyone: families who paid by card get it back on the card, a family
// who paid the office gets it as account credit (the office's choice), a family who owes pays nothing
// more, a card checkout still being paid ends, the waitlist ends; one email per family (a family with
// two children in the class gets one), the books agree, and running it again refunds nothing twice.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Payload } from '../../contract/callables';
import type { Enrollment, Student, WaitlistEntry } from '../../contract/domain';
import { formatCents } from '../../contract/format';
import { schoolToday } from '../../contract/schedule';
import { adminDb } from '../../scripts/demo/adminApp';
import { callFunction, createUser, type TestUser } from '../support/emulators';
import { callAs, seededEmulators, signInDemo } from '../support/fixtures';
import { booksProblems, standIn } from '../support/ledger';
import { addClassesLikeWildArt, AVA, familyWithStudent, signedReleases } from '../support/samples';

const PRICE = 26000;
const CLASS = 'cc-class';
const db = () => adminDb();
const enrollment = async (id: string) => (await db().doc(`enrollments/${id}`).get()).data() as Enrollment;
const creditOf = async (uid: string) => ((await db().doc(`accounts/${uid}`).get()).get('credit') as number | undefined) ?? 0;
const mailsTo = async (email: string) => (await db().collection('mail').where('kind', '==', 'classes-cancelled').where('to', 'array-contains', email).get()).docs.map((d) => d.get('message.text') as string);
const refundsNow = async () => (await standIn<{ refunds: unknown[] }>('/__standin/refunds')).refunds.length;

const enrollPayload = (studentId: string, key: string, payWith: 'card' | 'office', expectedTotal = PRICE): Payload<'enroll'> => ({
  studentId,
  lines: [{ classId: CLASS, addOnIds: [] }],
  codes: [],
  expectedTotal,
  infoConfirmed: false,
  releases: signedReleases(AVA.guardians[0].name),
  idempotencyKey: key,
  payWith,
});

describe('the school cancels a whole class', () => {
  let admin: TestUser;
  let office: TestUser;
  const ids: Record<string, string> = {};
  const families: Record<string, { user: TestUser; studentId: string; email: string }> = {};

  beforeAll(async () => {
    await seededEmulators();
    await addClassesLikeWildArt([{ id: CLASS, title: 'Cancelled Creek Class', capacity: 5, weekday: 2 }]);
    admin = await signInDemo('admin');
    office = await createUser('cc.office@example.com');
    await db().doc(`roles/${office.uid}`).set({ roles: ['office'] });
    for (const name of ['card', 'cash', 'owes', 'held', 'waits']) families[name] = { ...(await familyWithStudent(`cc.${name}@example.com`, `Cc${name}`, 'Family')), email: `cc.${name}@example.com` };
    // The family that owes has two children in the class.
    const second = await callFunction<{ student: Student }>('saveStudent', { profile: { ...AVA, firstName: 'Ccowes2', lastName: 'Family', guardians: [{ ...AVA.guardians[0], email: 'cc.owes@example.com' }] }, reviewed: true }, families.owes.user.idToken);
    const enroll = async (name: string, studentId: string, key: string, payWith: 'card' | 'office', total = PRICE) => {
      const r = await callAs(families[name].user, 'enroll', enrollPayload(studentId, key, payWith, total));
      expect(r.status, JSON.stringify(r.error)).toBe(200);
      return r.result!.enrollment.id;
    };
    ids.card = await enroll('card', families.card.studentId, 'cc-card-1', 'card');
    const paid = await standIn<{ webhookStatus: number }>(`/__standin/sessions/${(await enrollment(ids.card)).hold!.sessionId}/pay`);
    expect(paid.webhookStatus).toBe(200);
    ids.cash = await enroll('cash', families.cash.studentId, 'cc-cash-1', 'office');
    expect((await callAs(admin, 'adminRecordPayment', { enrollmentId: ids.cash, amount: PRICE, method: 'cash', note: '' })).status).toBe(200);
    ids.owes = await enroll('owes', families.owes.studentId, 'cc-owes-1', 'office');
    // The second child of the family: the school's 10 % sibling discount.
    ids.owes2 = await enroll('owes', second.result!.student.id, 'cc-owes-2', 'office', PRICE - PRICE / 10);
    ids.held = await enroll('held', families.held.studentId, 'cc-held-1', 'card');
    // The class is full: the fifth family waits.
    const { studentId, lines, codes, expectedTotal, infoConfirmed, releases } = enrollPayload(families.waits.studentId, 'cc-wait-1', 'office');
    const joined = await callAs(families.waits.user, 'joinWaitlist', { studentId, lines, codes, expectedTotal, infoConfirmed, releases, idempotencyKey: 'cc-wait-1' });
    expect(joined.status, JSON.stringify(joined.error)).toBe(200);
    ids.entry = joined.result!.entry.id;
  });

  it('gives everyone back what they paid for it, the way they paid, ends the rest, and tells each family once', async () => {
    const before = await refundsNow();
    // Office-only staff may do it too (it is the office's work); an instructor or a family may not.
    expect((await callAs(families.card.user, 'adminCancelClass', { classId: CLASS, otherWay: 'credit', note: 'Me' })).status).toBe(403);
    const r = await callAs(office, 'adminCancelClass', { classId: CLASS, otherWay: 'credit', note: 'The instructor moved away' });
    expect(r.status, JSON.stringify(r.error)).toBe(200);
    const c = r.result!.cancellation;
    expect(c).toMatchObject({ title: 'Cancelled Creek Class', holdsEnded: 1, waitlistRemoved: 1, familiesTold: 3 });
    expect(Object.fromEntries(c.refunds.map((x) => [x.enrollmentId, [x.refund, x.toCard, x.rest]]))).toEqual({ [ids.card]: [PRICE, PRICE, 0], [ids.cash]: [PRICE, 0, PRICE], [ids.owes]: [0, 0, 0], [ids.owes2]: [0, 0, 0] });

    // The card payment back on the card (one Stripe refund), the cash as account credit, nothing owed.
    expect(await refundsNow()).toBe(before + 1);
    expect(await enrollment(ids.card)).toMatchObject({ status: 'cancelled', classIds: [], cancellations: [{ refund: PRICE, refundMethod: 'card', cardRefunds: [{ amount: PRICE }] }] });
    expect(await enrollment(ids.cash)).toMatchObject({ status: 'cancelled', balance: 0, cancellations: [{ refund: PRICE, refundMethod: 'credit' }] });
    expect(await creditOf(families.cash.user.uid)).toBe(PRICE);
    for (const id of [ids.owes, ids.owes2]) expect(await enrollment(id)).toMatchObject({ status: 'cancelled', total: 0, balance: 0 });
    expect((await enrollment(ids.held)).status).toBe('expired');
    expect(((await db().doc(`waitlist/${ids.entry}`).get()).data() as WaitlistEntry).status).toBe('removed');
    // Nobody can enroll in it any more, and no seat of it was offered to anyone.
    expect((await db().doc(`classes/${CLASS}`).get()).get('status')).toBe('paused');
    expect((await db().collection(`classes/${CLASS}/seats`).get()).docs.map((d) => d.get('state'))).toEqual([]);
    expect(await booksProblems([CLASS])).toEqual([]);
    // The money reports: the refunds of the day by way, and the term's figures the dashboard's.
    const semesterId = (await db().doc(`classes/${CLASS}`).get()).get('semesterId') as string;
    const today = schoolToday();
    const report = (await callAs(admin, 'adminMoneyReport', { semesterId, from: '2000-01-01', to: '2999-12-31' })).result!;
    const dashboard = (await callAs(admin, 'adminDashboard', { semesterId })).result!;
    expect([report.paymentsTotal, report.refundsTotal, report.term.billed, report.owedTotal + report.overpaid]).toEqual([dashboard.paid, dashboard.refunded, dashboard.billed, dashboard.outstanding]);
    const todays = (await callAs(admin, 'adminMoneyReport', { semesterId, from: today, to: today })).result!;
    expect(todays.refunds).toEqual(expect.arrayContaining([{ method: 'card', count: 1, amount: PRICE }, { method: 'credit', count: 1, amount: PRICE }]));

    // One email per family: the family with two children reads both in one.
    expect(await mailsTo('cc.card@example.com')).toEqual([expect.stringContaining(`For Cccard Family, we are refunding ${formatCents(PRICE)} to the card you paid with.`)]);
    expect(await mailsTo('cc.cash@example.com')).toEqual([expect.stringContaining(`For Cccash Family, we are refunding ${formatCents(PRICE)} as account credit for your next enrollment.`)]);
    const owes = await mailsTo('cc.owes@example.com');
    expect(owes).toHaveLength(1);
    expect(owes[0]).toContain('For Ccowes Family, nothing was paid for it');
    expect(owes[0]).toContain('For Ccowes2 Family, nothing was paid for it');
    const audit = (await db().collection('audit').where('record.id', '==', CLASS).where('kind', '==', 'cancellation').get()).docs.map((d) => d.get('summary') as string);
    expect(audit).toEqual([`Cancelled Cancelled Creek Class for everyone: 4 enrollments (${formatCents(2 * PRICE)} refunded), 1 card checkout ended, 1 family taken off the waitlist`]);

    // Again: nothing more to cancel, nothing refunded twice, nobody emailed again.
    const again = await callAs(admin, 'adminCancelClass', { classId: CLASS, otherWay: 'other', note: 'Again' });
    expect(again.result!.cancellation).toMatchObject({ refunds: [], holdsEnded: 0, waitlistRemoved: 0, familiesTold: 0 });
    expect(await refundsNow()).toBe(before + 1);
    expect(await creditOf(families.cash.user.uid)).toBe(PRICE);
    expect(await mailsTo('cc.card@example.com')).toHaveLength(1);
  });
});

// A child's whole term, at the family's request: every class of that term the child holds (two
// enrollments, one paid by card, one partly in cash), the child's waitlist place of the term ended,
// the child's camp of another term untouched; one email; the books agree; run again, nothing more.
describe('the office cancels a child’s whole term', () => {
  it('cancels every class of the term the child holds with all paid back the way it was paid, ends the term’s waitlist place, keeps the other term, and tells the family once', async () => {
    await seededEmulators();
    await addClassesLikeWildArt([
      { id: 'ct-a', title: 'Term Moss', capacity: 5, weekday: 1 },
      { id: 'ct-b', title: 'Term Ferns', capacity: 5, weekday: 2 },
      { id: 'ct-c', title: 'Term Creek', capacity: 5, weekday: 4 },
      { id: 'ct-full', title: 'Term Full', capacity: 0, weekday: 5 },
    ]);
    const camp = (await db().doc('classes/wilderness-week-4-6').get()).data()!;
    await db().doc('classes/ct-camp').set({ ...camp, id: 'ct-camp', title: 'Term Camp', gradeMin: 0, gradeMax: 12, enrolledCount: 0, capacity: 5 });
    const admin = await signInDemo('admin');
    const finance = await createUser('ct.finance@example.com');
    await db().doc(`roles/${finance.uid}`).set({ roles: ['finance'] });
    const family = await familyWithStudent('ct.family@example.com', 'Tess', 'Term');
    const enroll = async (classIds: string[], key: string, payWith: 'card' | 'office') => {
      const lines = classIds.map((classId) => ({ classId, addOnIds: [] }));
      const quote = (await callAs(family.user, 'priceBasket', { lines, codes: [], studentId: family.studentId })).result!;
      const r = await callAs(family.user, 'enroll', { studentId: family.studentId, lines, codes: [], expectedTotal: quote.total, infoConfirmed: false, releases: signedReleases(AVA.guardians[0].name), idempotencyKey: key, payWith });
      expect(r.status, JSON.stringify(r.error)).toBe(200);
      return r.result!.enrollment;
    };
    const byCard = await enroll(['ct-a', 'ct-b'], 'ct-card-1', 'card');
    expect((await standIn<{ webhookStatus: number }>(`/__standin/sessions/${(await enrollment(byCard.id)).hold!.sessionId}/pay`)).webhookStatus).toBe(200);
    const byCash = await enroll(['ct-c'], 'ct-cash-1', 'office');
    expect((await callAs(admin, 'adminRecordPayment', { enrollmentId: byCash.id, amount: 10000, method: 'cash', note: '' })).status).toBe(200);
    const atCamp = await enroll(['ct-camp'], 'ct-camp-1', 'office');
    const { lines, codes, infoConfirmed, releases } = enrollPayload(family.studentId, 'ct-wait-1', 'office');
    const joined = await callAs(family.user, 'joinWaitlist', { studentId: family.studentId, lines: lines.map(() => ({ classId: 'ct-full', addOnIds: [] })), codes, expectedTotal: PRICE, infoConfirmed, releases, idempotencyKey: 'ct-wait-1' });
    expect(joined.status, JSON.stringify(joined.error)).toBe(200);
    const term = (await db().doc('classes/ct-a').get()).get('semesterId') as string;
    const household = async () => (await callAs(admin, 'adminHousehold', { id: family.user.uid })).result!.children[0].terms.map((t) => t.id);
    expect((await household()).sort()).toEqual([term, 'camps'].sort());

    const asked = { studentId: family.studentId, semesterId: term, otherWay: 'credit' as const, note: 'The family is moving away' };
    // The family cannot do it through the office's call, even for its own child; finance may (it is money work).
    expect((await callAs(family.user, 'adminCancelTerm', asked)).status).toBe(403);
    // A term already over is not cancelled (its classes were given).
    const past = await callAs(admin, 'adminCancelTerm', { ...asked, semesterId: 'past-term' });
    expect([past.status, past.error?.message]).toEqual([400, expect.stringMatching(/ has ended: there is nothing left to cancel\.$/)]);
    const before = await refundsNow();
    const r = await callAs(finance, 'adminCancelTerm', asked);
    expect(r.status, JSON.stringify(r.error)).toBe(200);
    const c = r.result!.cancellation;
    const cardPaid = byCard.total;
    expect(c).toMatchObject({ studentId: family.studentId, semesterId: term, holdsEnded: 0, waitlistRemoved: 1, familiesTold: 1 });
    expect(Object.fromEntries(c.refunds.map((x) => [x.enrollmentId, [x.refund, x.toCard, x.rest]]))).toEqual({ [byCard.id]: [cardPaid, cardPaid, 0], [byCash.id]: [10000, 0, 10000] });

    // The card's part on the card (one Stripe refund), the cash as account credit; the camp untouched.
    expect(await refundsNow()).toBe(before + 1);
    expect(await enrollment(byCard.id)).toMatchObject({ status: 'cancelled', classIds: [], cancellations: [{ refund: cardPaid, refundMethod: 'card' }] });
    expect(await enrollment(byCash.id)).toMatchObject({ status: 'cancelled', balance: 0, cancellations: [{ refund: 10000, refundMethod: 'credit' }] });
    expect(await creditOf(family.user.uid)).toBe(10000);
    expect(await enrollment(atCamp.id)).toMatchObject({ status: 'confirmed', classIds: ['ct-camp'], balance: atCamp.total });
    expect(((await db().doc(`waitlist/${joined.result!.entry.id}`).get()).data() as WaitlistEntry).status).toBe('removed');
    expect(await booksProblems(['ct-a', 'ct-b', 'ct-c', 'ct-camp'])).toEqual([]);
    expect(await household()).toEqual(['camps']);

    // One email about the term (the waitlist's own email says the place ended).
    const mail = await mailsTo('ct.family@example.com');
    expect(mail).toHaveLength(1);
    expect(mail[0]).toContain('As you asked, the office cancelled Tess Term’s classes of');
    expect(mail[0]).toMatch(/Term Moss, Term Ferns and Term Creek|Term Creek, Term Moss and Term Ferns|Term Moss, Term Creek and Term Ferns/);
    expect(mail[0]).toContain(`We are refunding ${formatCents(cardPaid + 10000)} (${formatCents(cardPaid)} to the card you paid with and ${formatCents(10000)} as account credit for your next enrollment).`);
    const audit = (await db().collection('audit').where('record.id', '==', family.studentId).where('kind', '==', 'cancellation').get()).docs.map((d) => [d.get('by.email'), d.get('summary') as string]);
    expect(audit).toEqual([['ct.finance@example.com', expect.stringMatching(new RegExp(`^Cancelled Tess Term’s .* at the family’s request: .* \\(${formatCents(cardPaid + 10000).replace('$', '\\$')} refunded\\), 0 card checkouts ended, 1 waitlist place ended$`))]]);

    // Again: nothing more, nothing refunded twice, no second email.
    const again = await callAs(admin, 'adminCancelTerm', asked);
    expect(again.result!.cancellation).toMatchObject({ refunds: [], holdsEnded: 0, waitlistRemoved: 0, familiesTold: 0 });
    expect(await refundsNow()).toBe(before + 1);
    expect(await creditOf(family.user.uid)).toBe(10000);
    expect(await mailsTo('ct.family@example.com')).toHaveLength(1);
  });
});
