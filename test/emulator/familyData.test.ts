// "Download our data": the file holds every record of the family (its children with their health and
// consents, enrollments and payments, the emails sent to it) and nothing of another family; each
// download is in the audit trail.
import { beforeAll, describe, expect, it } from 'vitest';
import { adminDb } from '../../scripts/demo/adminApp';
import { createUser } from '../support/emulators';
import { callAs, seededEmulators, signInDemo } from '../support/fixtures';
import { addClassesLikeWildArt, AVA, enrollAtQuotedPrice, familyWithStudent } from '../support/samples';

const db = () => adminDb();

describe("a family's own copy of its data", () => {
  beforeAll(async () => {
    await seededEmulators();
    await addClassesLikeWildArt([
      { id: 'data-walk', title: 'Data Walk', capacity: 5, weekday: 2 },
      { id: 'data-hike', title: 'Data Hike', capacity: 5, weekday: 4 },
    ]);
  });

  it('holds every record of the family and nothing of another, and the download is audited', async () => {
    const mine = await familyWithStudent('data.owner@example.com', 'Dana', 'Owner');
    const other = await familyWithStudent('data.other@example.com', 'Bea', 'Zephyrine');
    const enrolled = await enrollAtQuotedPrice(mine.user.idToken, { studentId: mine.studentId, lines: [{ classId: 'data-walk', addOnIds: [] }], idempotencyKey: 'data-owner-walk', typedName: AVA.guardians[0].name });
    expect(enrolled.status, JSON.stringify(enrolled.error)).toBe(200);
    const theirs = await enrollAtQuotedPrice(other.user.idToken, { studentId: other.studentId, lines: [{ classId: 'data-hike', addOnIds: [] }], idempotencyKey: 'data-other-hike', typedName: AVA.guardians[0].name });
    expect(theirs.status, JSON.stringify(theirs.error)).toBe(200);

    const got = await callAs(mine.user, 'myData');
    expect(got.status, JSON.stringify(got.error)).toBe(200);
    const data = got.result!;
    expect(data.account.email).toBe('data.owner@example.com');
    // The child's whole profile, health and consents included, as the family saved it.
    expect(data.students.map((s) => s.id)).toEqual([mine.studentId]);
    expect(data.students[0]).toMatchObject({ firstName: 'Dana', lastName: 'Owner', health: AVA.health, permissions: AVA.permissions });
    expect(data.enrollments.map((e) => [e.id, e.total, e.balance])).toEqual([[enrolled.result!.enrollment.id, enrolled.result!.enrollment.total, enrolled.result!.enrollment.balance]]);
    // Every email written to the family's address, and only those.
    const sent = (await db().collection('mail').where('to', 'array-contains', 'data.owner@example.com').get()).docs.map((d) => d.get('message.subject') as string);
    expect(sent.length).toBeGreaterThan(0);
    expect(data.emails.map((m) => m.subject).sort()).toEqual(sent.sort());
    const file = JSON.stringify(data);
    for (const theirsToo of [other.studentId, theirs.result!.enrollment.id, 'data.other@example.com', 'Zephyrine', 'Data Hike']) expect(file).not.toContain(theirsToo);

    const audited = await db().collection('audit').where('kind', '==', 'data-exported').where('record.id', '==', mine.user.uid).get();
    expect(audited.docs.map((d) => [d.get('record.type'), d.get('by.email')])).toEqual([['account', 'data.owner@example.com']]);
    // Another account asks: its own file, never this one's.
    const theirFile = await callAs(other.user, 'myData');
    expect(theirFile.result!.students.map((s) => s.id)).toEqual([other.studentId]);
    expect(JSON.stringify(theirFile.result)).not.toContain(mine.studentId);
  });

  it('the office gathers the same file for a family at its request, audited as the office’s; finance and families may not', async () => {
    const family = await familyWithStudent('data.asked@example.com', 'Asa', 'Asker');
    const enrolled = await enrollAtQuotedPrice(family.user.idToken, { studentId: family.studentId, lines: [{ classId: 'data-walk', addOnIds: [] }], idempotencyKey: 'data-asked-walk', typedName: AVA.guardians[0].name });
    expect(enrolled.status, JSON.stringify(enrolled.error)).toBe(200);
    const admin = await signInDemo('admin');
    const got = await callAs(admin, 'adminFamilyData', { id: family.user.uid });
    expect(got.status, JSON.stringify(got.error)).toBe(200);
    const own = (await callAs(family.user, 'myData')).result!;
    // The family's own file, to the record (the moment it was made aside, and the office's download not being an email).
    expect({ ...got.result!, exportedAt: '' }).toEqual({ ...own, exportedAt: '' });
    expect(got.result!.account.email).toBe('data.asked@example.com');
    const audited = (await db().collection('audit').where('kind', '==', 'data-exported').where('record.id', '==', family.user.uid).get()).docs.map((d) => [d.get('by.email'), d.get('summary')]);
    expect(audited).toContainEqual([admin.email, '1 child, 1 enrollment, 1 email for the family, at its request']);
    // Health is in it: finance may not, nor a family for another account; an unknown account is not found.
    const finance = await createUser('data.finance@example.com');
    await db().doc(`roles/${finance.uid}`).set({ roles: ['finance'] });
    expect((await callAs(finance, 'adminFamilyData', { id: family.user.uid })).status).toBe(403);
    const stranger = await familyWithStudent('data.nosy@example.com', 'No', 'Sy');
    expect((await callAs(stranger.user, 'adminFamilyData', { id: family.user.uid })).status).toBe(403);
    expect((await callAs(admin, 'adminFamilyData', { id: 'no-such-family' })).status).toBe(404);
  });

  it('deletes a child’s profile once the child has nowhere to be: health and codes erased, money kept without the name, audited; never another family’s', async () => {
    const family = await familyWithStudent('data.delete@example.com', 'Dell', 'Eater');
    const stranger = await familyWithStudent('data.stranger@example.com', 'Stan', 'Ger');
    await addClassesLikeWildArt([{ id: 'data-past', title: 'Data Past', capacity: 5, weekday: 3 }]);
    const enrolled = await enrollAtQuotedPrice(family.user.idToken, { studentId: family.studentId, lines: [{ classId: 'data-past', addOnIds: [] }], idempotencyKey: 'data-delete-past', typedName: AVA.guardians[0].name });
    expect(enrolled.status, JSON.stringify(enrolled.error)).toBe(200);
    const e = enrolled.result!.enrollment;
    expect((await callAs(family.user, 'issuePickupCodes', { studentId: family.studentId })).status).toBe(200);
    // While the class is still to come: refused, nothing erased.
    const early = await callAs(family.user, 'deleteStudent', { studentId: family.studentId });
    expect([early.status, early.error?.message]).toEqual([400, 'Dell is still enrolled in Data Past: cancel it first (or ask the office), then delete the profile.']);
    expect((await db().doc(`students/${family.studentId}`).get()).exists).toBe(true);
    // Another family cannot, whatever it sends.
    expect((await callAs(stranger.user, 'deleteStudent', { studentId: family.studentId })).status).toBe(404);
    // Once the class is over: deleted.
    await db().doc('classes/data-past').update({ startDate: '2025-01-06', endDate: '2025-03-10' });
    const done = await callAs(family.user, 'deleteStudent', { studentId: family.studentId });
    expect(done.status, JSON.stringify(done.error)).toBe(200);
    expect(done.result).toEqual({ kept: 1 });
    expect((await db().doc(`students/${family.studentId}`).get()).exists).toBe(false);
    expect((await db().doc(`pickupCodes/${family.studentId}`).get()).exists).toBe(false);
    const kept = (await db().doc(`enrollments/${e.id}`).get()).data()!;
    expect([kept.studentName, kept.total, kept.balance, kept.status]).toEqual(['Removed child', e.total, e.balance, 'confirmed']);
    expect((await db().doc(`classes/data-past/roster/${family.studentId}`).get()).get('studentName')).toBe('Removed child');
    // The family's own copy of its data holds no child any more; the audit trail says who deleted it.
    const data = (await callAs(family.user, 'myData')).result!;
    expect(data.students).toEqual([]);
    expect(data.enrollments.map((x) => x.studentName)).toEqual(['Removed child']);
    expect(JSON.stringify(data.enrollments)).not.toContain('Dell');
    const audit = (await db().collection('audit').where('record.id', '==', family.studentId).where('kind', '==', 'student-deleted').get()).docs.map((d) => d.get('summary'));
    expect(audit).toEqual(['Deleted Dell Eater’s profile (health, contacts and pickup codes erased; 1 enrollments kept without the name)']);
    // Asked again: nothing to delete.
    expect((await callAs(family.user, 'deleteStudent', { studentId: family.studentId })).status).toBe(404);
  });
});

