// The instructor's view on the server — the office assigns staff accounts to a class; each
// instructor reads only their classes' rosters, with everything the field needs and no money.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClassRecord } from '../../contract/domain';
import { adminDb } from '../../scripts/demo/adminApp';
import { createUser, type TestUser } from '../support/emulators';
import { callAs, useSeededDemo } from '../support/fixtures';
import { classFormOf } from '../support/samples';

const stored = async (id: string) => (await adminDb().doc(`classes/${id}`).get()).data() as ClassRecord;

describe('the instructor’s view', () => {
  const demo = useSeededDemo();
  let teacher: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    [teacher, other] = await Promise.all([createUser('teacher@example.com'), createUser('other.teacher@example.com')]);
    for (const email of ['teacher@example.com', 'other.teacher@example.com']) {
      expect((await callAs(demo.admin, 'adminSaveStaff', { email, roles: ['instructor'] })).status).toBe(200);
    }
  });

  it('the class form assigns staff accounts with the instructor role, and only those', async () => {
    const list = await callAs(demo.admin, 'adminInstructors');
    expect(list.result!.instructors.map((i) => i.email).sort()).toEqual(['instructor@example.com', 'other.teacher@example.com', 'teacher@example.com']);
    const form = classFormOf(await stored('fire-and-shelter'));
    const wrong = await callAs(demo.admin, 'adminSaveClass', { ...form, instructorUids: [demo.family.uid] });
    expect([wrong.status, wrong.error?.message]).toEqual([400, 'Only staff with the instructor role can be assigned to a class: check its instructors.']);
    expect((await stored('fire-and-shelter')).instructorUids).toBeUndefined();
    const saved = await callAs(demo.admin, 'adminSaveClass', { ...form, instructorUids: [teacher.uid, teacher.uid] });
    expect(saved.status, JSON.stringify(saved.error)).toBe(200);
    expect((await stored('fire-and-shelter')).instructorUids).toEqual([teacher.uid]);
    // A save that does not name the accounts keeps them; an empty list takes them off.
    const { instructorUids: _kept, ...withoutAccounts } = classFormOf(await stored('fire-and-shelter'));
    await callAs(demo.admin, 'adminSaveClass', { ...withoutAccounts, location: 'North Meadow' });
    expect((await stored('fire-and-shelter')).instructorUids).toEqual([teacher.uid]);
    const wild = classFormOf(await stored('wild-art'));
    expect((await callAs(demo.admin, 'adminSaveClass', { ...wild, instructorUids: [other.uid] })).status).toBe(200);
    // Families never see the accounts.
    const pub = await callAs(null, 'classes', { query: [{ id: 'fire-and-shelter' }] });
    expect(JSON.stringify(pub.result)).not.toContain('instructorUids');
    expect(JSON.stringify(pub.result)).not.toContain(teacher.uid);
  });

  it('an instructor lists only their classes and reads only their rosters: everything for the field, no money', async () => {
    const mine = await callAs(teacher, 'myTaughtClasses');
    expect(mine.status).toBe(200);
    const fire = await stored('fire-and-shelter');
    expect(mine.result!.classes).toEqual([
      {
        id: 'fire-and-shelter', semesterId: fire.semesterId, title: fire.title, location: 'North Meadow', startDate: fire.startDate, endDate: fire.endDate,
        weekdays: fire.weekdays, startTime: fire.startTime, endTime: fire.endTime, instructors: fire.instructors,
        // The days without class too: the instructor's week leaves them out.
        noMeetingDates: [], holidays: fire.holidays,
        semesterName: (await adminDb().doc('semesters/open-term').get()).get('name'), enrolled: fire.enrolledCount,
      },
    ]);
    const roster = await callAs(teacher, 'taughtRoster', { classId: 'fire-and-shelter' });
    expect(roster.status).toBe(200);
    const { entries } = roster.result!.roster;
    expect(entries).toHaveLength(fire.enrolledCount);
    const someone = entries[0].student;
    expect(someone.health.allergies).toBeDefined();
    expect(someone.guardians[0].phone).toMatch(/\d/);
    expect(someone).toHaveProperty('pickupCodeWord');
    expect(JSON.stringify(roster.result)).not.toMatch(/"(price|total|balance|payments|deposit|capacity|amount)"/);

    const notMine = await callAs(teacher, 'taughtRoster', { classId: 'wild-art' });
    expect([notMine.status, notMine.error?.message]).toEqual([403, 'This class is not one of yours: ask the office to assign you to it.']);
    expect((await callAs(other, 'taughtRoster', { classId: 'fire-and-shelter' })).status).toBe(403);
    expect((await callAs(other, 'myTaughtClasses')).result!.classes.map((c) => c.id)).toEqual(['wild-art']);
    // Nothing else of the office's.
    expect((await callAs(teacher, 'adminRosters', { classIds: ['fire-and-shelter'] })).status).toBe(403);
    expect((await callAs(teacher, 'adminDashboard', { semesterId: 'open-term' })).status).toBe(403);
    expect((await callAs(teacher, 'adminEnrollments', { semesterId: 'open-term' })).status).toBe(403);
    // The office opens any class's.
    expect((await callAs(demo.admin, 'taughtRoster', { classId: 'wild-art' })).status).toBe(200);
  });

  it('an instructor whose role is taken away is refused at once', async () => {
    expect((await callAs(demo.admin, 'adminSaveStaff', { email: 'teacher@example.com', roles: [] })).status).toBe(200);
    const refused = await callAs(teacher, 'taughtRoster', { classId: 'fire-and-shelter' });
    expect([refused.status, refused.error?.message]).toEqual([403, 'This page is for school staff only.']);
  });
});
