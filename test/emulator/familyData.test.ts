// "Download our data": the file holds every record of the family (its children with their health and
// consents, enrollments and payments, the emails sent to it) and nothing of another family; each
// download is in the audit trail.
import { beforeAll, describe, expect, it } from 'vitest';
import { adminDb } from '../../scripts/demo/adminApp';
import { callAs, seededEmulators } from '../support/fixtures';
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
});
