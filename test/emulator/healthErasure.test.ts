// The daily job erases health information no longer needed: a child with no class for two school
// years, the family told a month before by email; a family that confirms the information meanwhile
// keeps it; each erasure audited; the rest of the profile stays.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClassRecord, Enrollment, Student } from '../../contract/domain';
import { addDaysIso, schoolToday } from '../../contract/schedule';
import { ERASED_HEALTH } from '../../functions/src/domain/healthErasure';
import { adminDb } from '../../scripts/demo/adminApp';
import { createUser, type TestUser } from '../support/emulators';
import { callAs, seededEmulators } from '../support/fixtures';
import { profileOf } from '../../src/components/studentForm/profile';
import { AVA } from '../support/samples';

const DAY_MS = 86_400_000;
const db = () => adminDb();
const run = async (now: Date) => (await import('../../functions/src/usecases/healthErasure')).runHealthErasure(now);
const student = async (id: string) => (await db().doc(`students/${id}`).get()).data() as Student;

describe('erasing health information no longer needed', () => {
  const now = new Date();
  const today = schoolToday(now);
  let family: TestUser;
  beforeAll(async () => {
    await seededEmulators();
    process.env.FUNCTIONS_EMULATOR = 'true';
    family = await createUser('erase.family@example.com');
    const template = (await db().doc('classes/wild-art').get()).data() as ClassRecord;
    // A class that ended two and a half years ago.
    await db().doc('classes/erase-old').set({ ...template, id: 'erase-old', title: 'Old Walk', startDate: '2024-03-04', endDate: '2024-05-27', enrolledCount: 0 });
    const old = addDaysIso(today, -900);
    for (const [id, firstName] of [['erase-gone', 'Gwen'], ['erase-kept', 'Kit']]) {
      await db().doc(`students/${id}`).set({ ...AVA, id, firstName, lastName: 'Erase', ownerUid: family.uid, infoReviewedAt: `${old}T12:00:00.000Z`, health: { ...AVA.health, allergies: [{ allergen: 'Peanuts', reaction: 'Swelling', lifeThreatening: true }] } } as Student);
      await db().doc(`enrollments/${id}-e`).set({ id: `${id}-e`, ownerUid: family.uid, studentId: id, studentName: `${firstName} Erase`, semesterIds: [template.semesterId], classIds: ['erase-old'], lineItems: [], discounts: [], subtotal: 0, total: 0, payments: [], balance: 0, status: 'confirmed', releases: [], createdAt: `${old}T12:00:00.000Z`, idempotencyKey: `${id}-k` } as Enrollment);
    }
  });

  it('tells the family a month before, once; erases then, unless the family confirmed the information meanwhile', async () => {
    await run(now);
    const [gwen, kit] = [await student('erase-gone'), await student('erase-kept')];
    expect([gwen.healthNoticeOn, kit.healthNoticeOn]).toEqual([today, today]);
    expect(gwen.health.allergies).toHaveLength(1);
    const told = (await db().collection('mail').where('kind', '==', 'health-erasure-notice').where('to', 'array-contains', 'erase.family@example.com').get()).docs.map((d) => d.data());
    expect(told).toHaveLength(2);
    expect(told.map((m) => m.message.text as string).join('\n')).toContain('Gwen has had no class with us for two school years');
    for (const m of told) expect(m.message.text).not.toContain('Peanuts');
    // The same day again: nobody told twice.
    await run(now);
    expect((await db().collection('mail').where('kind', '==', 'health-erasure-notice').where('to', 'array-contains', 'erase.family@example.com').get()).size).toBe(2);

    // Kit's family confirms the information on My Students.
    await db().doc('students/erase-kept').update({ infoReviewedAt: new Date(now.getTime() + 5 * DAY_MS).toISOString() });
    // Before the month is over: nothing erased.
    await run(new Date(now.getTime() + 29 * DAY_MS));
    expect((await student('erase-gone')).health.allergies).toHaveLength(1);
    // After it: Gwen's erased (the rest of the profile kept), Kit's kept.
    const after = await run(new Date(now.getTime() + 31 * DAY_MS));
    expect(after.erased).toBeGreaterThanOrEqual(1);
    const erased = await student('erase-gone');
    expect(erased.health).toEqual(ERASED_HEALTH);
    expect(erased).toMatchObject({ firstName: 'Gwen', guardians: AVA.guardians, infoReviewedAt: null, healthErasedOn: addDaysIso(today, 31) });
    expect((await student('erase-kept')).health.allergies).toHaveLength(1);
    const audit = (await db().collection('audit').where('record.id', '==', 'erase-gone').get()).docs.map((d) => d.data());
    expect(audit).toMatchObject([{ kind: 'health-erased', fields: ['health'], by: { uid: 'portal', roles: ['job'] } }]);
    // The family gives it again on its own form: saved (what the server kept of the erasure is not the family's to send).
    const again = await callAs(family, 'saveStudent', { id: 'erase-gone', profile: { ...profileOf(erased), health: { ...ERASED_HEALTH, medicalNotes: 'Asthma' } }, reviewed: true, version: erased.version });
    expect(again.status, JSON.stringify(again.error)).toBe(200);
    // Nothing more to do for Gwen after.
    await run(new Date(now.getTime() + 60 * DAY_MS));
    expect((await student('erase-gone')).health.medicalNotes).toBe('Asthma');
    expect((await db().collection('audit').where('record.id', '==', 'erase-gone').where('kind', '==', 'health-erased').get()).size).toBe(1);
  });
});
