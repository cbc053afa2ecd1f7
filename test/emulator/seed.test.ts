import { beforeAll, describe, expect, it } from 'vitest';
import { adminDb } from '../../scripts/demo/adminApp';
import { seedDemo } from '../../scripts/demo/seedDemo';
import { resetEmulators } from '../support/emulators';
import { callAs, signInDemo } from '../support/fixtures';
import { enrollAtQuotedPrice, familyWithStudent } from '../support/samples';
import { classLedgerProblems, type Seat } from '../../functions/src/domain/seats';
import type { ClassRecord } from '../../contract/domain';

/** What is wrong with the seats of every class (nothing, when each roster entry holds its own seat and the counts follow). */
async function seatProblems(): Promise<string[]> {
  const db = adminDb();
  const classes = (await db.collection('classes').get()).docs;
  const read = await Promise.all(classes.map((c) => Promise.all([c.ref.collection('seats').get(), c.ref.collection('roster').get()])));
  return classes.flatMap((c, i) => {
    const [seats, roster] = read[i];
    return classLedgerProblems(c.data() as ClassRecord, new Map(seats.docs.map((d) => [d.id, d.data() as Seat])), roster.docs.map((d) => ({ studentId: d.id, enrollmentId: d.get('enrollmentId') as string, seat: d.get('seat') as string | undefined })));
  });
}

describe('demo seed on the emulators', () => {
  let first: Awaited<ReturnType<typeof seedDemo>>;
  beforeAll(async () => {
    await resetEmulators();
    first = await seedDemo();
  });

  it('is idempotent: a second run leaves the same documents and counts, and a family’s own enrollment keeps its seat', async () => {
    const db = adminDb();
    expect(await seatProblems()).toEqual([]);
    // A family enrolls on the running emulators; then the demo is seeded again.
    const { user, studentId } = await familyWithStudent('seeded-again@example.com', 'Remy', 'Seed');
    const enrolled = await enrollAtQuotedPrice(user.idToken, { studentId, lines: [{ classId: 'wild-art', addOnIds: [] }], idempotencyKey: 'seeded-again', infoConfirmed: true });
    expect(enrolled.status).toBe(200);
    const seat = (await db.doc(`classes/wild-art/roster/${studentId}`).get()).get('seat') as string;
    const before = (await db.collection('students').count().get()).data().count;
    const again = await seedDemo();
    expect(again).toEqual(first);
    expect((await db.collection('students').count().get()).data().count).toBe(before);
    expect((await db.collection('enrollments').count().get()).data().count).toBe(first.enrollments + 1);
    expect((await db.doc(`classes/wild-art/roster/${studentId}`).get()).get('seat')).toBe(seat);
    expect((await db.doc(`classes/wild-art/seats/${seat}`).get()).get('studentId')).toBe(studentId);
    expect(await seatProblems()).toEqual([]);
    const full = await db.doc('classes/fire-and-shelter').get();
    expect(full.get('enrolledCount')).toBe(full.get('capacity'));
    expect((await db.collection('classes/fire-and-shelter/roster').count().get()).data().count).toBe(full.get('enrolledCount'));
  });

  it('creates the demo accounts with their passwords', async () => {
    await expect(signInDemo('admin')).resolves.toMatchObject({ email: 'admin@example.com' });
    await expect(signInDemo('family')).resolves.toMatchObject({ email: 'family@example.com' });
    // The instructor teaches two of the term's classes: they list those, and read their rosters only.
    const instructor = await signInDemo('instructor');
    const taught = await callAs(instructor, 'myTaughtClasses');
    expect(taught.result!.classes.map((c) => c.id).sort()).toEqual(['forest-explorers', 'junior-naturalists']);
    const roster = await callAs(instructor, 'taughtRoster', { classId: 'junior-naturalists' });
    expect(roster.result!.roster.entries).toHaveLength((await adminDb().doc('classes/junior-naturalists').get()).get('enrolledCount') as number);
    expect((await callAs(instructor, 'taughtRoster', { classId: 'wild-art' })).status).toBe(403);
    expect((await callAs(instructor, 'adminRosters', { classIds: ['junior-naturalists'] })).status).toBe(403);
  });

  it('offers two open semesters with at least 20 enrollable classes through the public callables', async () => {
    const semesters = await callAs(null, 'openSemesters');
    expect(semesters.result?.semesters.map((s) => s.id).sort()).toEqual(['camps', 'open-term']);
    const available = await callAs(null, 'availableEnrollmentClasses');
    const count = Object.values(available.result ?? {}).reduce((n, s) => n + s.classes.length, 0);
    expect(count).toBeGreaterThanOrEqual(20);
  });
});
