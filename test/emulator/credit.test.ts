// A family's account credit: the office gives it with a reason (once per request), the family sees it,
// a checkout uses it before the card (at the office, by card, or all of it), a checkout never paid gives
// it back, a refund can go back to it, and two checkouts at once never spend it twice. The ledger's
// entries always add up to the balance on the account.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Payload } from '../../contract/callables';
import { CREDIT_CHANGED, type CreditEntry } from '../../contract/credit';
import type { Enrollment } from '../../contract/domain';
import { formatCents } from '../../contract/format';
import { adminDb } from '../../scripts/demo/adminApp';
import { createUser, type TestUser } from '../support/emulators';
import { callAs, seededEmulators, signInDemo } from '../support/fixtures';
import { booksProblems, standIn } from '../support/ledger';
import { addClassesLikeWildArt, AVA, familyWithStudent, signedReleases } from '../support/samples';

const PRICE = 26000;
const db = () => adminDb();
const CLASSES = ['credit-a', 'credit-b', 'credit-c', 'credit-d', 'credit-e', 'credit-f'];
type Family = { user: TestUser; studentId: string; email: string };

const enrollment = async (id: string) => (await db().doc(`enrollments/${id}`).get()).data() as Enrollment;
const balanceOn = async (uid: string) => ((await db().doc(`accounts/${uid}`).get()).get('credit') as number | undefined) ?? 0;
const entriesOf = async (uid: string) => (await db().collection('credits').where('ownerUid', '==', uid).get()).docs.map((d) => d.data() as CreditEntry);
/** The ledger agrees with the balance, which is never below nothing. */
async function ledgerAgrees(uid: string) {
  const [balance, entries] = await Promise.all([balanceOn(uid), entriesOf(uid)]);
  expect(balance).toBeGreaterThanOrEqual(0);
  expect(entries.reduce((s, e) => s + e.amount, 0)).toBe(balance);
  return balance;
}

const enrollPayload = (family: Family, classId: string, key: string, more: Partial<Payload<'enroll'>> = {}): Payload<'enroll'> => ({
  studentId: family.studentId,
  lines: [{ classId, addOnIds: [] }],
  codes: [],
  expectedTotal: PRICE,
  infoConfirmed: false,
  releases: signedReleases(AVA.guardians[0].name),
  idempotencyKey: key,
  ...more,
});

describe('account credit', () => {
  let finance: TestUser;
  let families: Family[];
  const give = (email: string, amount: number, key: string, reason = 'A day of camp the school cancelled') =>
    callAs(finance, 'adminGiveCredit', { email, amount: Math.abs(amount), ...(amount < 0 ? { takeBack: true } : {}), reason, idempotencyKey: key });

  beforeAll(async () => {
    await seededEmulators();
    await addClassesLikeWildArt(CLASSES.map((id, i) => ({ id, title: `Credit ${id.slice(-1).toUpperCase()}`, capacity: 5, weekday: i % 7 })));
    finance = await createUser('credit.finance@example.com');
    await db().doc(`roles/${finance.uid}`).set({ roles: ['finance'] });
    families = await Promise.all(
      ['credit0', 'credit1', 'credit2', 'credit3'].map(async (name, i) => ({ ...(await familyWithStudent(`${name}@example.com`, `Credit${i}`, 'Family')), email: `${name}@example.com` })),
    );
  });

  it('the office gives credit with a reason, once per request; the family reads it; it is never taken below nothing', async () => {
    const [family] = families;
    const given = await give(family.email, 10000, 'credit-give-1');
    expect(given.status, JSON.stringify(given.error)).toBe(200);
    expect(given.result).toMatchObject({ replayed: false, family: { email: family.email, balance: 10000 } });
    // The same request again (a double click, a retry) gives nothing more.
    expect((await give(family.email, 10000, 'credit-give-1')).result).toMatchObject({ replayed: true, family: { balance: 10000 } });
    const mine = await callAs(family.user, 'myCredit');
    expect(mine.result).toEqual({ balance: 10000, entries: [{ id: expect.any(String), amount: 10000, kind: 'given', words: 'A day of camp the school cancelled', at: expect.any(String) }] });
    // Taking back more than the family has is refused; taking some back is recorded with its reason.
    const tooMuch = await give(family.email, -10001, 'credit-back-1', 'Given twice by mistake');
    expect([tooMuch.status, tooMuch.error?.message]).toEqual([400, `This family has ${formatCents(10000)} of credit: no more than that can be taken back.`]);
    expect((await give(family.email, -2500, 'credit-back-2', 'Given twice by mistake')).result!.family.balance).toBe(7500);
    expect((await give('nobody-here@example.com', 500, 'credit-give-x')).error?.message).toBe('email: No family account uses nobody-here@example.com.');
    expect(await ledgerAgrees(family.user.uid)).toBe(7500);
    // Audited, with the office's words; finance's ledger lists the family and its entries.
    const audit = (await db().collection('audit').where('record.id', '==', family.user.uid).get()).docs.map((d) => [d.get('kind'), d.get('summary')]);
    expect(audit).toEqual(
      expect.arrayContaining([
        ['credit-given', `Gave ${formatCents(10000)} of account credit (balance ${formatCents(10000)}): A day of camp the school cancelled`],
        ['credit-given', `Took back ${formatCents(2500)} of account credit (balance ${formatCents(7500)}): Given twice by mistake`],
      ]),
    );
    expect(audit).toHaveLength(2);
    const ledger = await callAs(finance, 'adminCredits');
    expect(ledger.result!.families.find((f) => f.email === family.email)).toMatchObject({ balance: 7500, entries: [{ amount: -2500 }, { amount: 10000 }] });
    // The family is told each time, with the office's words and what it has now.
    const told = (await db().collection('mail').where('kind', '==', 'credit-given').where('to', 'array-contains', family.email).get()).docs.map((d) => d.get('message.text') as string);
    expect(told).toHaveLength(2);
    expect(told.join('\n')).toContain(`The school office gave your account ${formatCents(10000)} of credit.`);
    expect(told.join('\n')).toContain(`Your account credit is now ${formatCents(7500)}.`);
    // A family cannot give itself credit.
    expect((await callAs(family.user, 'adminGiveCredit', { email: family.email, amount: 500, reason: 'Me', idempotencyKey: 'credit-self-1' })).status).toBe(403);
  });

  it('paying at the office, the credit pays first and the balance owed is the rest; a changed credit is refused', async () => {
    const [family] = families;
    const stale = await callAs(family.user, 'enroll', enrollPayload(family, 'credit-a', 'credit-office-0', { expectedCredit: 10000 }));
    expect([stale.status, stale.error?.message]).toEqual([400, CREDIT_CHANGED]);
    const r = await callAs(family.user, 'enroll', enrollPayload(family, 'credit-a', 'credit-office-1', { expectedCredit: 7500 }));
    expect(r.status, JSON.stringify(r.error)).toBe(200);
    const e = r.result!.enrollment;
    expect(e).toMatchObject({ status: 'confirmed', total: PRICE, balance: PRICE - 7500, payments: [{ method: 'credit', amount: 7500 }] });
    expect(await ledgerAgrees(family.user.uid)).toBe(0);
    expect((await entriesOf(family.user.uid)).find((x) => x.kind === 'used')).toMatchObject({ amount: -7500, enrollmentId: e.id, words: 'Paid toward the enrollment of Credit0 Family' });
    // The receipt says how it was paid.
    const mail = (await db().collection('mail').where('enrollmentId', '==', e.id).get()).docs.map((d) => d.get('message.text') as string);
    expect(mail.join('\n')).toContain(`${formatCents(7500)} in account credit`);
    // The office cancels it, giving the refund back as credit: on the account at once, once.
    const admin = await signInDemo('admin');
    const cancelled = await callAs(admin, 'adminCancelEnrollment', { enrollmentId: e.id, classIds: ['credit-a'], refund: 7500, refundMethod: 'credit', note: 'Class moved' });
    expect(cancelled.status, JSON.stringify(cancelled.error)).toBe(200);
    expect(await ledgerAgrees(family.user.uid)).toBe(7500);
    expect((await entriesOf(family.user.uid)).find((x) => x.kind === 'refund')).toMatchObject({ amount: 7500, words: 'Refund for Credit A (Credit0 Family), as account credit' });
    expect((await callAs(admin, 'adminCancelEnrollment', { enrollmentId: e.id, classIds: ['credit-a'], refund: 7500, refundMethod: 'credit', note: 'Class moved' })).status).not.toBe(200);
    expect(await ledgerAgrees(family.user.uid)).toBe(7500);
    // The office cannot record a payment "from credit" by hand, nor void one a checkout made.
    expect((await callAs(admin, 'adminRecordPayment', { enrollmentId: e.id, amount: 100, method: 'credit' as 'cash', note: '' })).status).toBe(400);
  });

  it('by card, the credit pays first and Stripe’s page asks for the rest; a page never paid gives the credit back', async () => {
    const family = families[1];
    await give(family.email, 10000, 'credit-give-2');
    const r = await callAs(family.user, 'enroll', enrollPayload(family, 'credit-b', 'credit-card-1', { payWith: 'card', expectedCredit: 10000 }));
    expect(r.status, JSON.stringify(r.error)).toBe(200);
    const held = await enrollment(r.result!.enrollment.id);
    expect(held).toMatchObject({ status: 'pending_payment', balance: PRICE - 10000, hold: { amount: PRICE - 10000 }, payments: [{ method: 'credit', amount: 10000 }] });
    expect(await ledgerAgrees(family.user.uid)).toBe(0);
    // The family leaves Stripe's page: the seats go back, and so does the credit.
    const left = await callAs(family.user, 'releaseHold', { enrollmentId: held.id });
    expect(left.result!.enrollment.status).toBe('expired');
    const ended = await enrollment(held.id);
    expect(ended.payments[0].voided).toMatchObject({ reason: 'Given back to the account credit: the card payment was not completed' });
    expect(await ledgerAgrees(family.user.uid)).toBe(10000);
    expect((await entriesOf(family.user.uid)).find((x) => x.kind === 'returned')).toMatchObject({ amount: 10000, enrollmentId: held.id });

    // Again, and paid: the page asked for the rest only, and the enrollment is paid in full.
    const again = await callAs(family.user, 'enroll', enrollPayload(family, 'credit-b', 'credit-card-2', { payWith: 'card', expectedCredit: 10000 }));
    const id = again.result!.enrollment.id;
    const paid = await standIn<{ webhookStatus: number; session: { amount_total: number } }>(`/__standin/sessions/${(await enrollment(id)).hold!.sessionId}/pay`);
    expect([paid.webhookStatus, paid.session.amount_total]).toEqual([200, PRICE - 10000]);
    const done = await enrollment(id);
    expect(done).toMatchObject({ status: 'confirmed', balance: 0, payments: [{ method: 'credit', amount: 10000 }, { method: 'card', amount: PRICE - 10000 }] });
    expect(await ledgerAgrees(family.user.uid)).toBe(0);
    expect(await booksProblems(['credit-b'], { owners: [family.user.uid] })).toEqual([]);
  });

  it('a card payment that comes after its hold ended takes its credit again, as far as the account still holds it; the rest is owed', async () => {
    const family = { ...(await familyWithStudent('credit.late@example.com', 'Late', 'Family')), email: 'credit.late@example.com' };
    await give(family.email, 10000, 'credit-give-late');
    const r = await callAs(family.user, 'enroll', enrollPayload(family, 'credit-d', 'credit-late-1', { payWith: 'card', expectedCredit: 10000 }));
    expect(r.status, JSON.stringify(r.error)).toBe(200);
    const held = await enrollment(r.result!.enrollment.id);
    // The family leaves Stripe's page (the credit comes back), and the office takes some of it back meanwhile.
    expect((await callAs(family.user, 'releaseHold', { enrollmentId: held.id })).status).toBe(200);
    expect(await balanceOn(family.user.uid)).toBe(10000);
    expect((await give(family.email, -2500, 'credit-late-back', 'Given twice by mistake')).status).toBe(200);
    // Its page was paid a moment before it closed: the seat is still free, so the payment is taken, and the credit pays again.
    const paid = await standIn<{ webhookStatus: number }>(`/__standin/sessions/${held.hold!.sessionId}/pay-late`);
    expect(paid.webhookStatus).toBe(200);
    const done = await enrollment(held.id);
    expect(done.status).toBe('confirmed');
    expect(done.payments.filter((p) => !p.voided).map((p) => [p.method, p.amount])).toEqual([
      ['credit', 7500],
      ['card', PRICE - 10000],
    ]);
    expect([done.balance, await balanceOn(family.user.uid)]).toEqual([2500, 0]);
    expect((await entriesOf(family.user.uid)).find((x) => x.id === `${held.id}-used-again`)).toMatchObject({ amount: -7500, kind: 'used' });
    expect(await ledgerAgrees(family.user.uid)).toBe(0);
    expect(await booksProblems(['credit-d'], { owners: [family.user.uid] })).toEqual([]);
  });

  it('credit that covers it all confirms at once, with no Stripe page; what Stripe cannot charge stays on the account', async () => {
    const family = families[2];
    await give(family.email, 30000, 'credit-give-3');
    const all = await callAs(family.user, 'enroll', enrollPayload(family, 'credit-c', 'credit-all-1', { payWith: 'card', expectedCredit: PRICE }));
    expect(all.status, JSON.stringify(all.error)).toBe(200);
    expect(all.result!.checkoutUrl).toBeUndefined();
    expect(all.result!.enrollment).toMatchObject({ status: 'confirmed', balance: 0, payments: [{ method: 'credit', amount: PRICE }] });
    expect(await ledgerAgrees(family.user.uid)).toBe(30000 - PRICE);
    // $40 left would leave $220 for the card: fine. With $259.80 left, Stripe could not charge the last
    // 20 cents, so 50 cents is left for the card and the rest of the credit is used.
    await give(family.email, 25980 - (30000 - PRICE), 'credit-give-4');
    const rest = await callAs(family.user, 'enroll', enrollPayload(family, 'credit-d', 'credit-all-2', { payWith: 'card', expectedCredit: PRICE - 50 }));
    expect(rest.status, JSON.stringify(rest.error)).toBe(200);
    expect((await enrollment(rest.result!.enrollment.id)).hold!.amount).toBe(50);
    expect(await ledgerAgrees(family.user.uid)).toBe(25980 - (PRICE - 50));
  });

  it('a policy that gives credit: a family that paid the office cancels by itself, and the credit is on its account at once', async () => {
    const family = { ...(await familyWithStudent('credit4@example.com', 'Credit4', 'Family')), email: 'credit4@example.com' };
    await db().doc('classes/credit-c').update({ cancellationPolicy: { selfService: true, bands: [{ daysBefore: 1, percent: 100, fee: 1000, asCredit: true }] } });
    const e = (await callAs(family.user, 'enroll', enrollPayload(family, 'credit-c', 'credit-policy-1'))).result!.enrollment;
    const admin = await signInDemo('admin');
    expect((await callAs(admin, 'adminRecordPayment', { enrollmentId: e.id, amount: PRICE, method: 'check', note: '' })).status).toBe(200);
    const shown = await callAs(family.user, 'cancellationOutcome', { enrollmentId: e.id, classIds: ['credit-c'] });
    expect(shown.result!.outcome).toMatchObject({ allowed: true, refund: PRICE - 1000, toCard: 0, toCredit: PRICE - 1000, kept: 1000 });
    expect(shown.result!.words).toBe(`You will get a credit of ${formatCents(PRICE - 1000)} for your next enrollment; the school keeps ${formatCents(1000)} under its cancellation policy.`);
    const cancelled = await callAs(family.user, 'cancelOwnClasses', { enrollmentId: e.id, classIds: ['credit-c'], expectedRefund: PRICE - 1000 });
    expect(cancelled.status, JSON.stringify(cancelled.error)).toBe(200);
    expect(cancelled.result!.enrollment.cancellations).toMatchObject([{ refund: PRICE - 1000, fee: 1000, refundMethod: 'credit' }]);
    expect(await ledgerAgrees(family.user.uid)).toBe(PRICE - 1000);
    const mail = (await db().collection('mail').where('enrollmentId', '==', e.id).where('kind', '==', 'classes-cancelled').get()).docs.map((d) => d.get('message.text') as string);
    expect(mail.join('\n')).toContain(`${formatCents(PRICE - 1000)} in account credit`);
    // Asked again (a second tap): nothing twice.
    expect((await callAs(family.user, 'cancelOwnClasses', { enrollmentId: e.id, classIds: ['credit-c'], expectedRefund: PRICE - 1000 })).result!.replayed).toBe(true);
    expect(await ledgerAgrees(family.user.uid)).toBe(PRICE - 1000);
    // The class's other seat is the family's that paid it all in credit.
    expect(await booksProblems(['credit-c'], { owners: [family.user.uid, families[2].user.uid] })).toEqual([]);
  });

  it('what the family owes is paid from its credit from My Enrollments, oldest first, up to what the credit holds; the rest stays owed for the card; never twice', async () => {
    const family = { ...(await familyWithStudent('credit.owed@example.com', 'Owen', 'Owed')), email: 'credit.owed@example.com' };
    const first = await callAs(family.user, 'enroll', enrollPayload(family, 'credit-e', 'credit-owed-1', { payWith: 'office' }));
    const second = await callAs(family.user, 'enroll', enrollPayload(family, 'credit-f', 'credit-owed-2', { payWith: 'office' }));
    expect([first.status, second.status], JSON.stringify([first.error, second.error])).toEqual([200, 200]);
    // Nothing to use yet; another family cannot pay this family's enrollment.
    expect((await callAs(family.user, 'payFromCredit', {})).error?.message).toBe('Your account has no credit to use.');
    expect((await give('credit.owed@example.com', 30000, 'credit-owed-given')).status).toBe(200);
    expect((await callAs(families[3].user, 'payFromCredit', { enrollmentId: first.result!.enrollment.id })).status).toBe(404);
    // $300 of credit for $520 owed: the first enrollment whole, $40 of the second.
    const paid = await callAs(family.user, 'payFromCredit', {});
    expect(paid.status, JSON.stringify(paid.error)).toBe(200);
    expect(paid.result!.used).toBe(30000);
    expect(paid.result!.enrollments.map((e) => [e.id, e.balance])).toEqual([
      [first.result!.enrollment.id, 0],
      [second.result!.enrollment.id, PRICE - 4000],
    ]);
    expect(await ledgerAgrees(family.user.uid)).toBe(0);
    const uses = (await entriesOf(family.user.uid)).filter((x) => x.kind === 'used').map((x) => x.amount).sort((a, b) => a - b);
    expect(uses).toEqual([-PRICE, -4000]);
    const mail = (await db().collection('mail').where('enrollmentId', '==', second.result!.enrollment.id).where('kind', '==', 'payment-received').get()).docs.map((d) => d.get('message.text') as string);
    expect(mail.join('\n')).toContain(`We received ${formatCents(4000)} from your account credit for Owen Owed.`);
    const audit = (await db().collection('audit').where('record.id', '==', second.result!.enrollment.id).where('kind', '==', 'payment-recorded').get()).docs.map((d) => d.get('summary'));
    expect(audit).toEqual([`Paid ${formatCents(4000)} from the account credit`]);
    // Again (a second tap): no credit left, nothing more paid; the rest is the card's (Pay balance).
    expect((await callAs(family.user, 'payFromCredit', {})).error?.message).toBe('Your account has no credit to use.');
    expect((await callAs(family.user, 'payBalance', { enrollmentId: second.result!.enrollment.id })).result!.checkoutUrl).toMatch(/\/pay\/cs_test_/);
    expect(await booksProblems(['credit-e', 'credit-f'], { owners: [family.user.uid] })).toEqual([]);
  });

  it('two checkouts at once never spend the same credit twice', async () => {
    const family = families[3];
    await give(family.email, 20000, 'credit-give-5');
    const [a, b] = await Promise.all([
      callAs(family.user, 'enroll', enrollPayload(family, 'credit-e', 'credit-race-1')),
      callAs(family.user, 'enroll', enrollPayload(family, 'credit-f', 'credit-race-2')),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const used = [a, b].map((r) => r.result!.enrollment.payments.filter((p) => p.method === 'credit').reduce((s, p) => s + p.amount, 0));
    expect(used.reduce((s, x) => s + x, 0)).toBe(20000);
    expect(used.sort((x, y) => x - y)).toEqual([0, 20000]);
    expect(await ledgerAgrees(family.user.uid)).toBe(0);
  });

  it('the dashboard shows what was paid from credit, apart from the card and the office, and the credit families hold', async () => {
    const admin = await signInDemo('admin');
    const semesterId = ((await db().doc('classes/credit-a').get()).get('semesterId')) as string;
    const d = (await callAs(admin, 'adminDashboard', { semesterId })).result!;
    const settled = (await db().collection('enrollments').where('semesterIds', 'array-contains', semesterId).get()).docs.map((x) => x.data() as Enrollment).filter((e) => e.status !== 'pending_payment');
    const fromCredit = settled.reduce((sum, e) => sum + e.payments.filter((p) => p.method === 'credit' && !p.voided).reduce((s, p) => s + p.amount, 0), 0);
    expect(fromCredit).toBeGreaterThan(0);
    expect(d.paidFromCredit).toBe(fromCredit);
    expect(d.paidByCard + d.paidAtOffice + d.paidFromCredit).toBe(d.paid);
    const held = (await db().collection('accounts').get()).docs.reduce((sum, a) => sum + ((a.get('credit') as number | undefined) ?? 0), 0);
    expect(d.creditOwed).toBe(held);
  });
});
