import { beforeAll, describe, expect, it } from 'vitest';
import { adminDb } from '../../scripts/demo/adminApp';
import { seedDemo } from '../../scripts/demo/seedDemo';
import { resetEmulators } from '../support/emulators';
import { callAs, signInDemo } from '../support/fixtures';

describe('demo seed on the emulators', () => {
  let first: Awaited<ReturnType<typeof seedDemo>>;
  beforeAll(async () => {
    await resetEmulators();
    first = await seedDemo();
  });

  it('is idempotent: a second run leaves the same documents and counts', async () => {
    const db = adminDb();
    const before = (await db.collection('students').count().get()).data().count;
    const again = await seedDemo();
    expect(again).toEqual(first);
    expect((await db.collection('students').count().get()).data().count).toBe(before);
    expect((await db.collection('enrollments').count().get()).data().count).toBe(first.enrollments);
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
