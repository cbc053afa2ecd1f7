// The office corrects a family's child's record (contacts, pickups, health, consents) with its reason:
// saved as the family's own save would be (the owner and the family's last review kept), audited with
// the fields and the reason, and the family emailed which fields changed — never their values.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Student } from '../../contract/domain';
import { adminDb } from '../../scripts/demo/adminApp';
import { createUser, type TestUser } from '../support/emulators';
import { callAs, seededEmulators, signInDemo } from '../support/fixtures';
import { familyWithStudent } from '../support/samples';

const db = () => adminDb();
const stored = async (id: string) => (await db().doc(`students/${id}`).get()).data() as Student;

describe('the office corrects a child’s record', () => {
  let admin: TestUser;
  let family: { user: TestUser; studentId: string };
  beforeAll(async () => {
    await seededEmulators();
    admin = await signInDemo('admin');
    family = await familyWithStudent('correct.family@example.com', 'Cory', 'Correct');
  });

  it('saves it with the reason in the audit trail, keeps the owner and the family’s review, and tells the family which fields changed, not the values', async () => {
    const before = await stored(family.studentId);
    const { id: _id, ownerUid: _owner, infoReviewedAt: _reviewed, version: _version, ...profile } = before;
    const corrected = {
      ...profile,
      guardians: [{ ...profile.guardians[0], phone: '(555) 010-7777' }],
      health: { ...profile.health, allergies: [{ allergen: 'Sesame', reaction: 'Hives', lifeThreatening: false }] },
    };
    const r = await callAs(admin, 'adminCorrectStudent', { id: family.studentId, profile: corrected, reason: 'The mother called with a new number and an allergy', version: before.version });
    expect(r.status, JSON.stringify(r.error)).toBe(200);
    const after = await stored(family.studentId);
    expect(after).toMatchObject({ ownerUid: family.user.uid, infoReviewedAt: before.infoReviewedAt, guardians: [{ phone: '(555) 010-7777' }], health: { allergies: [{ allergen: 'Sesame' }] } });
    expect(after.version).toBe((before.version ?? 0) + 1);
    // The family sees the new values as its own.
    const mine = await callAs(family.user, 'myStudents');
    expect(mine.result!.students.find((s) => s.id === family.studentId)!.guardians[0].phone).toBe('(555) 010-7777');
    // Audited: who, which fields, why.
    const audit = (await db().collection('audit').where('record.id', '==', family.studentId).where('kind', '==', 'student-changed').get()).docs.map((d) => d.data());
    expect(audit.find((a) => a.by.email === 'admin@example.com')).toMatchObject({ fields: ['health.allergies', 'guardians'], summary: 'Corrected health.allergies, guardians: The mother called with a new number and an allergy' });
    // One email to the family's address: the fields in words, the reason, never a value.
    const mail = (await db().collection('mail').where('kind', '==', 'record-corrected').get()).docs.map((d) => d.data());
    expect(mail).toHaveLength(1);
    expect(mail[0].to).toEqual(['correct.family@example.com']);
    const text = mail[0].message.text as string;
    expect(text).toContain('The school office updated Cory’s allergies, parents and guardians.');
    expect(text).toContain('The office’s reason: The mother called with a new number and an allergy');
    for (const value of ['Sesame', 'Hives', '010-7777']) expect(text).not.toContain(value);
    expect(mail[0].message.subject).not.toContain('Cory');
  });

  it('is refused to finance, to instructors and to families, for a record changed since it was opened, and without a reason', async () => {
    const before = await stored(family.studentId);
    const { id: _id, ownerUid: _owner, infoReviewedAt: _reviewed, version: _version, ...profile } = before;
    const finance = await createUser('correct.finance@example.com');
    await db().doc(`roles/${finance.uid}`).set({ roles: ['finance'] });
    const payload = { id: family.studentId, profile, reason: 'Typo', version: before.version };
    expect((await callAs(finance, 'adminCorrectStudent', payload)).status).toBe(403);
    expect((await callAs(family.user, 'adminCorrectStudent', payload)).status).toBe(403);
    const stale = await callAs(admin, 'adminCorrectStudent', { ...payload, version: (before.version ?? 1) - 1 });
    expect(stale.status).toBe(409);
    expect((await callAs(admin, 'adminCorrectStudent', { ...payload, reason: '   ' })).status).toBe(400);
    expect((await stored(family.studentId)).version).toBe(before.version);
  });
});
