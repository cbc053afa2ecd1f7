// The audit trail. Each audited action writes exactly one entry, in its own transaction (a
// refused action writes none); entries name fields, never medical values; only admins read the trail.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Student } from '../../contract/domain';
import type { AuditEntry, AuditKind } from '../../contract/audit';
import { adminDb } from '../../scripts/demo/adminApp';
import { readdirSync, readFileSync } from 'node:fs';
import { clientWrite, createUser, type TestUser } from '../support/emulators';
import { callAs, useSeededDemo } from '../support/fixtures';
import { AVA, UNPAID } from '../support/samples';

const entries = async () => (await adminDb().collection('audit').get()).docs.map((d) => d.data() as AuditEntry);

/** Runs the action and returns the entries it wrote. */
async function written(action: () => Promise<unknown>): Promise<AuditEntry[]> {
  const before = new Set((await entries()).map((e) => e.id));
  await action();
  return (await entries()).filter((e) => !before.has(e.id));
}

describe('the audit trail', () => {
  const demo = useSeededDemo();
  let office: TestUser;
  beforeAll(async () => {
    office = await createUser('office.clerk@example.com');
    await adminDb().doc(`roles/${office.uid}`).set({ roles: ['office'] });
  });

  it('a change to a child’s health, pickups or contacts: one entry naming the fields, never their values', async () => {
    const ava = (await adminDb().doc('students/demo-ava').get()).data() as Student;
    const profile = { ...AVA, health: { ...AVA.health, allergies: [{ allergen: 'Sesame seeds', reaction: 'Hives', lifeThreatening: true }] }, pickupCodeWord: 'lighthouse' };
    const [entry, ...more] = await written(() => callAs(demo.family, 'saveStudent', { id: 'demo-ava', profile, reviewed: false, version: ava.version }));
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      kind: 'student-changed', by: { uid: demo.family.uid, email: 'family@example.com', roles: ['family'] }, record: { type: 'student', id: 'demo-ava' },
      studentId: 'demo-ava', studentName: 'Ava Rivera', fields: ['health.allergies', 'pickupCodeWord'],
    });
    expect(entry.requestId).toMatch(/\w{8,}/);
    expect(JSON.stringify(entry)).not.toMatch(/Sesame|Hives|lighthouse/);
    // Nothing audited changed (only the school's name): no entry. A refused save: no entry.
    const saved = (await adminDb().doc('students/demo-ava').get()).data() as Student;
    expect(await written(() => callAs(demo.family, 'saveStudent', { id: 'demo-ava', profile: { ...profile, school: 'Hill School' }, reviewed: false, version: saved.version }))).toEqual([]);
    expect(await written(() => callAs(demo.family, 'saveStudent', { id: 'demo-ava', profile: { ...profile, pickupCodeWord: 'other' }, reviewed: false, version: 1 }))).toEqual([]);
  });

  it('payments recorded and voided, and cancellations with their refund: one entry each, by the staff member and their roles', async () => {
    const e = UNPAID[0];
    const [paid] = await written(() => callAs(office, 'adminRecordPayment', { enrollmentId: e.id, amount: 2500, method: 'check', note: '' }));
    expect(paid).toMatchObject({ kind: 'payment-recorded', by: { email: 'office.clerk@example.com', roles: ['office'] }, record: { type: 'enrollment', id: e.id }, studentName: e.studentName, summary: 'Recorded $25 (check)' });
    // Refused (more than the balance): nothing written.
    expect(await written(() => callAs(office, 'adminRecordPayment', { enrollmentId: e.id, amount: 10_000_000, method: 'check', note: '' }))).toEqual([]);
    const stored = (await adminDb().doc(`enrollments/${e.id}`).get()).data()!;
    const paymentId = stored.payments.at(-1).id as string;
    const [voided] = await written(() => callAs(office, 'adminVoidPayment', { enrollmentId: e.id, paymentId, reason: 'Bounced' }));
    expect(voided).toMatchObject({ kind: 'payment-voided', summary: 'Voided $25 (check): Bounced' });
    const other = UNPAID[1];
    const [cancelled, ...more] = await written(() => callAs(demo.admin, 'adminCancelEnrollment', { enrollmentId: other.id, classIds: other.classIds, refund: 0, note: 'Family moved' }));
    expect(more).toEqual([]);
    expect(cancelled).toMatchObject({ kind: 'cancellation', by: { email: 'admin@example.com', roles: ['admin'] }, record: { id: other.id } });
    expect(cancelled.summary).toMatch(/^Cancelled .+; no refund$/);
  });

  it('role changes and roster or info-sheet views are audited; only the admin reads the trail, filtered', async () => {
    const [roles] = await written(() => callAs(demo.admin, 'adminSaveStaff', { email: 'office.clerk@example.com', roles: ['office', 'finance'] }));
    expect(roles).toMatchObject({ kind: 'roles-changed', record: { type: 'staff', id: office.uid }, fields: ['roles'], summary: 'office.clerk@example.com: office → office, finance' });
    const views = await written(() => callAs(office, 'adminRosters', { classIds: ['fire-and-shelter', 'wild-art'] }));
    expect(views.map((v) => [v.kind, v.record.id]).sort()).toEqual([['roster-viewed', 'fire-and-shelter'], ['roster-viewed', 'wild-art']]);
    const [sheet] = await written(() => callAs(office, 'adminStudent', { id: 'demo-ava' }));
    expect(sheet).toMatchObject({ kind: 'student-sheet-viewed', studentName: 'Ava Rivera' });
    // A refused view (finance is not allowed health): nothing written.
    const finance = await createUser('finance.only@example.com');
    await adminDb().doc(`roles/${finance.uid}`).set({ roles: ['finance'] });
    expect(await written(() => callAs(finance, 'adminRosters', { classIds: ['wild-art'] }))).toEqual([]);

    expect((await callAs(office, 'adminAudit', {})).status).toBe(403);
    const all = await callAs(demo.admin, 'adminAudit', {});
    expect(all.status).toBe(200);
    const at = all.result!.entries.map((e) => e.at);
    expect(at).toEqual([...at].sort().reverse());
    // Each entry names what it is about: a class by its title, a staff member by their email.
    const named = (type: string, id: string) => all.result!.entries.find((e) => e.record.type === type && e.record.id === id)?.recordName;
    expect([named('class', 'wild-art'), named('class', 'fire-and-shelter'), named('staff', office.uid)]).toEqual(['Wild Art', 'Fire & Shelter Skills', 'office.clerk@example.com']);
    const byClerk = (await callAs(demo.admin, 'adminAudit', { person: 'OFFICE.clerk' })).result!.entries;
    expect(new Set(byClerk.map((e) => e.by.email))).toEqual(new Set(['office.clerk@example.com']));
    const kinds = (k: AuditKind) => callAs(demo.admin, 'adminAudit', { kind: k, child: 'ava' }).then((r) => r.result!.entries.map((e) => e.kind));
    expect(await kinds('student-changed')).toEqual(['student-changed']);
    expect(await kinds('student-sheet-viewed')).toEqual(['student-sheet-viewed']);
    const future = await callAs(demo.admin, 'adminAudit', { from: '2099-01-01' });
    expect(future.result!.entries).toEqual([]);
  });

  it('no callable changes or deletes an entry, and clients cannot write the trail', async () => {
    const [one] = await entries();
    expect(await clientWrite(`audit/${one.id}`, demo.admin.idToken)).toBe(403);
    expect((await adminDb().doc(`audit/${one.id}`).get()).data()).toEqual(one);
    // The functions only ever create entries: no code sets, updates or deletes one.
    const code = readdirSync('functions/src', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).map((f) => readFileSync(`functions/src/${f}`, 'utf8')).join('\n');
    expect(code.match(/COLLECTIONS\.audit\)[^;]*\.(set|update|delete)\(/g)).toBeNull();
  });
});
