import { describe, expect, it } from 'vitest';
import { TSHIRT_SIZES } from '../../contract/domain';
import { adminDb } from '../../scripts/demo/adminApp';
import { callAs, useSeededDemo } from '../support/fixtures';
import { createUser } from '../support/emulators';
import type { CallableName, Payload } from '../../contract/callables';
import { signedReleases } from '../support/samples';

const db = () => adminDb();
const enrolled = async (classId: string) => (await db().doc(`classes/${classId}`).get()).get('enrolledCount') as number;
const rosterSize = async (classId: string) => (await db().collection(`classes/${classId}/roster`).count().get()).data().count;

describe('office sheets and money, real ID tokens', () => {
  const demo = useSeededDemo();
  const as = <N extends CallableName>(name: N, data: Payload<N>) => callAs(demo.admin, name, data);

  it('gives each roster with the full profile of every student, sorted by last name, as many as the enrolled count', async () => {
    const r = await as('adminRosters', { classIds: ['fire-and-shelter', 'nope', 'wild-art'] });
    expect(r.status).toBe(200);
    expect(r.result!.notFound).toEqual(['nope']);
    const [fire, art] = r.result!.rosters;
    expect(fire.class.id).toBe('fire-and-shelter');
    expect(art.class.id).toBe('wild-art');
    expect(fire.semesterName).toBe((await adminDb().doc('semesters/open-term').get()).get('name'));
    expect(fire.entries).toHaveLength(await enrolled('fire-and-shelter'));
    const names = fire.entries.map((e) => e.student.lastName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const first = fire.entries[0].student;
    expect(first.guardians[0].phone).toMatch(/\d/);
    expect(first.emergencyContacts.length).toBeGreaterThanOrEqual(2);
    expect(first.health).toHaveProperty('allergies');
  });

  it('searches, sorts and pages the students on the server', async () => {
    const r = await as('adminStudents', { search: 'rivera' });
    expect(r.result!.rows.map((s) => s.id).sort()).toEqual(['demo-ava', 'demo-leo']);
    expect(r.result!.rows[0].guardianEmails).toContain('family@example.com');
    const all = (await db().collection('students').get()).docs;
    const page = await as('adminStudents', { sort: 'grade', order: 'desc', page: 1, pageSize: 10 });
    expect(page.result!.total).toBe(all.length);
    expect(page.result!.rows).toHaveLength(10);
    const grades = page.result!.rows.map((s) => s.grade);
    expect(grades).toEqual([...grades].sort((a, b) => b - a));
    const flagged = all.filter((d) => (d.get('health.allergies') as { lifeThreatening: boolean }[]).some((a) => a.lifeThreatening)).map((d) => d.id);
    const everyone = await as('adminStudents', { pageSize: 100 });
    expect(everyone.result!.rows.filter((s) => s.lifeThreateningAllergy).map((s) => s.id).sort()).toEqual(flagged.sort());
    expect(flagged.length).toBeGreaterThan(0);
  });

  it("gives a student's info sheet with the family's email and the releases signed", async () => {
    const r = await as('adminStudent', { id: 'demo-ava' });
    expect(r.result!.familyEmail).toBe('family@example.com');
    expect(r.result!.student.firstName).toBe('Ava');
    expect(r.result!.enrollments[0].releases.map((x) => [x.title, x.typedName])).toEqual([
      ['Medical Release', 'Sam Rivera'],
      ['Liability Release', 'Sam Rivera'],
    ]);
    expect((await as('adminStudent', { id: 'nobody' })).status).toBe(404);
  });

  it('the account holder: the family keeps its own name and phone (checked), the office reads them on the info sheet', async () => {
    expect((await callAs(demo.family, 'myAccount')).result).toEqual({ holder: { name: 'Sam Rivera', phone: '(555) 123-4567' } });
    expect((await as('adminStudent', { id: 'demo-ava' })).result!.familyHolder).toEqual({ name: 'Sam Rivera', phone: '(555) 123-4567' });
    const other = await createUser('holder.other@example.com');
    expect((await callAs(other, 'myAccount')).result).toEqual({ holder: null });
    const bad = await callAs(other, 'saveAccount', { name: ' ', phone: 'call me' });
    expect([bad.status, bad.error?.message]).toEqual([400, 'name: is required; phone: must be a phone number, like (555) 123-4567']);
    expect((await callAs(other, 'saveAccount', { name: 'Alex Other', phone: '(555) 010-4000' })).status).toBe(200);
    // Each account reads and writes only its own.
    expect((await callAs(other, 'myAccount')).result).toEqual({ holder: { name: 'Alex Other', phone: '(555) 010-4000' } });
    expect((await callAs(demo.family, 'myAccount')).result!.holder!.name).toBe('Sam Rivera');
    expect((await callAs(null, 'myAccount')).status).toBe(401);
  });

  it('counts t-shirts for every size, zeros included, one per student with a confirmed class', async () => {
    const r = await as('adminTshirts', { semesterId: 'open-term' });
    const t = r.result!;
    expect(t.counts.map((c) => c.size)).toEqual([...TSHIRT_SIZES]);
    expect(t.counts.reduce((s, c) => s + c.count, 0)).toBe(t.students.length);
    const enrollments = (await db().collection('enrollments').where('semesterIds', 'array-contains', 'open-term').get()).docs;
    const students = new Set(enrollments.filter((d) => d.get('status') === 'confirmed').map((d) => d.get('studentId') as string));
    expect(t.students).toHaveLength(students.size);
    const sizes = new Map((await db().collection('students').get()).docs.map((d) => [d.id, d.get('tshirtSize') as string]));
    for (const s of t.students) expect(s.size).toBe(sizes.get(s.id));
  });

  it('filters enrollments by class and balance due, with family emails on the page', async () => {
    const r = await as('adminEnrollments', { semesterId: 'open-term', classId: 'fire-and-shelter' });
    expect(r.result!.total).toBe(10);
    expect(r.result!.rows.every((e) => e.classTitles.includes('Fire & Shelter Skills'))).toBe(true);
    expect(r.result!.rows.every((e) => e.familyEmail === null || e.familyEmail.includes('@'))).toBe(true);
    const due = await as('adminEnrollments', { semesterId: 'open-term', balanceDue: true, pageSize: 1000 });
    expect(due.result!.rows.every((e) => e.balance > 0 && e.paid + e.balance === e.total)).toBe(true);
    const all = await db().collection('enrollments').where('semesterIds', 'array-contains', 'open-term').get();
    expect(due.result!.total).toBe(all.docs.filter((d) => (d.get('balance') as number) > 0).length);
  });

  it('records payments and cancels a class: seat back, refund suggested by the pricing engine, the family sees it', async () => {
    const lines = [
      { classId: 'wild-art', addOnIds: [] },
      { classId: 'creek-critters', addOnIds: ['boots'] },
    ];
    const price = await callAs(null, 'priceBasket', { lines, codes: ['WELCOME20'] });
    const total = price.result!.total;
    expect(total).toBe(26000 + 24000 + 1500 - 2000);
    const made = await callAs(demo.family, 'enroll', { studentId: 'demo-ava', lines, codes: ['WELCOME20'], expectedTotal: total, infoConfirmed: false, releases: signedReleases('Sam Rivera'), idempotencyKey: 'office-1' });
    expect(made.status, JSON.stringify(made.error)).toBe(200);
    const id = made.result!.enrollment.id;
    const creekBefore = await enrolled('creek-critters');

    const tooMuch = await as('adminRecordPayment', { enrollmentId: id, amount: total + 1, method: 'check', note: '' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.error?.message).toBe(`That is more than the balance of $495.`);
    const paid = await as('adminRecordPayment', { enrollmentId: id, amount: 40000, method: 'check', note: 'Check #77' });
    expect(paid.result!.enrollment).toMatchObject({ balance: total - 40000 });
    expect(paid.result!.enrollment.payments[0]).toMatchObject({ amount: 40000, method: 'check', note: 'Check #77', by: 'admin@example.com' });

    // The same amount and method within a minute asks first; a mistake is voided with a reason.
    const twice = await as('adminRecordPayment', { enrollmentId: id, amount: 1000, method: 'check', note: '' });
    expect(twice.status).toBe(200);
    const repeat = await as('adminRecordPayment', { enrollmentId: id, amount: 1000, method: 'check', note: '' });
    expect(repeat.status).toBe(409);
    expect(repeat.error?.message).toBe('A payment of $10 by check was recorded less than a minute ago. Record another one?');
    const confirmed = await as('adminRecordPayment', { enrollmentId: id, amount: 1000, method: 'check', note: '', confirmDuplicate: true });
    expect(confirmed.result!.enrollment.balance).toBe(total - 42000);
    const [, first, second] = confirmed.result!.enrollment.payments;
    expect(first.id).toBeTruthy();
    expect(second.id).not.toBe(first.id);
    const noReason = await as('adminVoidPayment', { enrollmentId: id, paymentId: first.id!, reason: ' ' });
    expect(noReason.status).toBe(400);
    await as('adminVoidPayment', { enrollmentId: id, paymentId: first.id!, reason: 'Entered twice' });
    const voided = await as('adminVoidPayment', { enrollmentId: id, paymentId: second.id!, reason: 'Entered twice' });
    expect(voided.result!.enrollment.balance).toBe(total - 40000);
    expect(voided.result!.enrollment.payments[1]).toMatchObject({ amount: 1000, voided: { reason: 'Entered twice', by: 'admin@example.com' } });
    expect(voided.result!.enrollment.payments).toHaveLength(3); // kept, struck through
    const twiceVoided = await as('adminVoidPayment', { enrollmentId: id, paymentId: second.id!, reason: 'again' });
    expect(twiceVoided.error?.message).toBe('This payment is already voided.');
    expect((await as('adminVoidPayment', { enrollmentId: id, paymentId: 'nope', reason: 'x' })).status).toBe(404);

    await as('adminRecordPayment', { enrollmentId: id, amount: total - 40000, method: 'venmo', note: '' });
    const nothing = await as('adminRecordPayment', { enrollmentId: id, amount: 100, method: 'cash', note: '' });
    expect(nothing.error?.message).toBe('Nothing is owed on this enrollment.');

    // Cancel Creek Critters: Wild Art stays, still with WELCOME20.
    const quote = await as('adminCancelQuote', { enrollmentId: id, classIds: ['creek-critters'] });
    expect(quote.result).toMatchObject({ currentTotal: total, newTotal: 26000 - 2000, netPaid: total, suggestedRefund: 24000 + 1500 });
    const over = await as('adminCancelEnrollment', { enrollmentId: id, classIds: ['creek-critters'], refund: total + 1, note: '' });
    expect(over.status).toBe(400);
    expect(over.error?.message).toBe('The refund cannot be more than the $495 paid.');
    expect(await enrolled('creek-critters')).toBe(creekBefore);
    const foreign = await as('adminCancelEnrollment', { enrollmentId: id, classIds: ['fire-and-shelter'], refund: 0, note: '' });
    expect(foreign.error?.message).toBe('Only classes of this enrollment can be cancelled.');

    const noMethod = await as('adminCancelEnrollment', { enrollmentId: id, classIds: ['creek-critters'], refund: 24500, note: 'Moved away' });
    expect(noMethod.error?.message).toBe('refundMethod: Say how the refund is given back.');
    expect(await enrolled('creek-critters')).toBe(creekBefore);
    const cancelled = await as('adminCancelEnrollment', { enrollmentId: id, classIds: ['creek-critters'], refund: 24500, refundMethod: 'check', note: 'Moved away' });
    expect(cancelled.status, JSON.stringify(cancelled.error)).toBe(200);
    expect(cancelled.result!.enrollment).toMatchObject({ classIds: ['wild-art'], status: 'confirmed', total: 24000 + 1000, balance: 0 });
    expect(cancelled.result!.enrollment.cancellations![0]).toMatchObject({ classTitles: ['Creek Critters'], refund: 24500, fee: 1000, refundMethod: 'check', note: 'Moved away', by: 'admin@example.com' });
    expect(await enrolled('creek-critters')).toBe(creekBefore - 1);
    expect(await rosterSize('creek-critters')).toBe(creekBefore - 1);
    expect((await db().doc('classes/creek-critters/roster/demo-ava').get()).exists).toBe(false);

    const mine = await callAs(demo.family, 'myEnrollments');
    expect(mine.result!.enrollments.find((e) => e.id === id)).toMatchObject({ classIds: ['wild-art'], total: 25000, balance: 0 });

    // Cancelling the rest cancels the enrollment; the fee stays, the rest goes back.
    const rest = await as('adminCancelQuote', { enrollmentId: id, classIds: ['wild-art'] });
    expect(rest.result).toMatchObject({ newTotal: 1000, suggestedRefund: 24000 });
    const done = await as('adminCancelEnrollment', { enrollmentId: id, classIds: ['wild-art'], refund: 24000, refundMethod: 'venmo', note: '' });
    expect(done.result!.enrollment).toMatchObject({ status: 'cancelled', classIds: [], total: 1000, balance: 0 });
    expect((await db().doc('classes/wild-art/roster/demo-ava').get()).exists).toBe(false);
    const again = await as('adminCancelEnrollment', { enrollmentId: id, classIds: ['wild-art'], refund: 0, note: '' });
    expect(again.error?.message).toBe('This enrollment is already cancelled.');
  });
});
