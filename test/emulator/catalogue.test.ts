import { beforeAll, describe, expect, it } from 'vitest';
import type { SemesterCatalogue } from '../../contract/domain';
import { adminDb } from '../../scripts/demo/adminApp';
import { FieldValue } from 'firebase-admin/firestore';
import { addDays } from '../../scripts/demo/demoData';
import { todayInSchool } from '../../scripts/demo/seedDemo';
import { CATALOGUE_FRESH_MS } from '../../functions/src/data/catalogueCache';
import { callFunction, loggedReads, logOffset } from '../support/emulators';
import { callAs, seededEmulators, signInDemo } from '../support/fixtures';
import { addClassesLikeWildArt, AVA, familyWithStudent, signedReleases } from '../support/samples';

const STUDENT_MARKERS = ['demo-ava', 'demo-leo', 'Rivera', 'demo-student-', 'roster', 'enrolledCount', 'ownerUid', 'family@example.com'];

function expectNoStudentData(response: unknown) {
  const text = JSON.stringify(response);
  for (const marker of STUDENT_MARKERS) expect(text, marker).not.toContain(marker);
}

describe('public catalogue callables', () => {
  beforeAll(async () => {
    await seededEmulators();
    // A live class whose registration deadline passed yesterday.
    const db = adminDb();
    const template = (await db.doc('classes/wild-art').get()).data()!;
    await db.doc('classes/late-class').set({ ...template, id: 'late-class', title: 'Late Class', registrationDeadline: addDays(todayInSchool(), -1) });
  });

  it('openSemesters: the two open semesters, without confirmation content', async () => {
    const r = await callAs(null, 'openSemesters');
    expect(r.result!.semesters.map((s) => s.id)).toEqual(['open-term', 'camps']);
    expect(r.result!.semesters.every((s) => s.openForEnrollment)).toBe(true);
    expect(r.result!.semesters[0]).not.toHaveProperty('confirmationMarkdown');
  });

  it('availableEnrollmentClasses: live classes of open semesters before their deadline, with seats left and groups', async () => {
    const r = await callAs(null, 'availableEnrollmentClasses');
    expect(Object.keys(r.result!).sort()).toEqual(['camps', 'open-term']);
    const term = r.result!['open-term'];
    const ids = term.classes.map((c) => c.id);
    expect(ids).toContain('forest-explorers');
    for (const hidden of ['kayak-skills', 'parent-tot-walk', 'star-gazing', 'late-class', 'past-forest-explorers']) expect(ids).not.toContain(hidden);
    expect(term.classes.every((c) => c.status === 'live')).toBe(true);
    expect(term.classes.find((c) => c.id === 'fire-and-shelter')!.seatsLeft).toBe(0);
    expect(term.classes.find((c) => c.id === 'junior-naturalists')!.seatsLeft).toBe(1);
    expect(term.groups.map((g) => g.id)).toEqual(['little-naturalists-bundle']);
    expectNoStudentData(r.result);
  });

  it('classesBySemester: live, paused and info-only classes (never drafts), and groups, by semester', async () => {
    const r = await callAs(null, 'classesBySemester', ['open-term', 'past-term', 'unknown']);
    const term = r.result!['open-term'].classes.map((c) => c.id);
    expect(term).toEqual(expect.arrayContaining(['kayak-skills', 'parent-tot-walk', 'late-class', 'forest-explorers']));
    expect(term).not.toContain('star-gazing');
    expect(r.result!['past-term'].classes.map((c) => c.id).sort()).toEqual(['past-forest-explorers', 'past-harvest-trails']);
    expect(r.result!.unknown).toEqual({ classes: [], groups: [] });
    expectNoStudentData(r.result);
  });

  it('classes: none gives the current semester (configured), a query gives those ids and reports unknown ones', async () => {
    const current = await callAs(null, 'classes');
    expect(new Set(current.result!.classes.map((c) => c.semesterId))).toEqual(new Set(['open-term']));
    expect(current.result!.classes.map((c) => c.id)).not.toContain('star-gazing');
    const q = await callAs(null, 'classes', {
      query: [{ id: 'river-adventure' }, { id: 'star-gazing' }, { id: 'no-such-class' }, { id: 'river-adventure' }],
    });
    expect(q.result!.classes.map((c) => c.id)).toEqual(['river-adventure']);
    expect(q.result!.notFound).toEqual(['no-such-class']);
    expectNoStudentData([current.result, q.result]);
  });

  it('classGroups: the groups asked for, unknown ids reported', async () => {
    const r = await callAs(null, 'classGroups', ['two-week-wilderness', 'nope']);
    expect(r.result!.groups).toEqual([
      expect.objectContaining({ id: 'two-week-wilderness', price: 88000, classIds: ['wilderness-week-4-6', 'river-adventure'] }),
    ]);
    expect(r.result!.notFound).toEqual(['nope']);
  });

  it('answers the same to a signed-in family (public data only)', async () => {
    const family = await signInDemo('family');
    const r = await callAs(family, 'availableEnrollmentClasses');
    expect(r.status).toBe(200);
    expectNoStudentData(r.result);
  });

  it.each([
    ['classGroups', 'not-a-list', /payload/],
    ['classGroups', [42], /0: /],
    ['classGroups', ['x'.repeat(5000)], /0: is too long/],
    ['classGroups', Array.from({ length: 101 }, (_, i) => `g${i}`), /too many ids/],
    ['classes', { query: Array.from({ length: 101 }, (_, i) => ({ id: `c${i}` })) }, /too many ids/],
    ['classesBySemester', [''], /0: must not be empty/],
    ['classes', { query: [{ id: 1 }] }, /query\.0\.id: .*expected string/],
    ['classes', { query: [{ id: 'a', extra: true }] }, /query\.0: Unrecognized key: "extra"/],
    ['classes', { wrong: [] }, /./],
    ['openSemesters', { any: 1 }, /./],
    ['availableEnrollmentClasses', 'x', /./],
  ])('%s rejects bad payload %j with invalid-argument', async (name, payload, message) => {
    const r = await callFunction(name, payload);
    expect(r.status).toBe(400);
    expect(r.error?.status).toBe('INVALID_ARGUMENT');
    expect(r.error?.message).toMatch(message);
  });

  it('an id is never a path: a child’s id asked of the roster answers the same for every child, and reads nothing', async () => {
    const roster = await adminDb().collection('classes/fire-and-shelter/roster').get();
    const enrolled = roster.docs[0].id;
    const answers = await Promise.all(
      [`fire-and-shelter/roster/${enrolled}`, 'fire-and-shelter/roster/nobody', '../semesters/open-term', 'a b'].map((id) => callAs(null, 'classes', { query: [{ id }] })),
    );
    expect(answers.map((r) => [r.status, r.error?.message])).toEqual(Array(4).fill([400, 'query.0.id: must be letters, digits, - or _']));
    for (const name of ['classGroups', 'classesBySemester']) {
      const r = await callFunction(name, [`open-term/x/${enrolled}`]);
      expect([r.status, r.error?.message]).toEqual([400, '0: must be letters, digits, - or _']);
    }
  });

  it('shows nothing of draft or archived semesters, and public answers carry only public fields', async () => {
    const template = (await adminDb().doc('classes/wild-art').get()).data()!;
    await adminDb().doc('semesters/secret-term').set({ ...(await adminDb().doc('semesters/open-term').get()).data(), id: 'secret-term', status: 'draft', name: 'Secret' });
    await adminDb().doc('classes/secret-class').set({ ...template, id: 'secret-class', semesterId: 'secret-term', internalNote: 'office only' });
    await adminDb().doc('classes/secret-class-2').set({ ...template, id: 'secret-class-2', semesterId: 'secret-term', weekdays: [1] });
    await adminDb().doc('groups/secret-bundle').set({ id: 'secret-bundle', semesterId: 'secret-term', name: 'Secret', price: 100, classIds: ['secret-class', 'secret-class-2'] });
    await adminDb().doc('groups/old-bundle').set({ id: 'old-bundle', semesterId: 'past-term', name: 'Old', price: 100, classIds: ['past-forest-explorers', 'past-harvest-trails'], internalNote: 'office only' });
    await adminDb().doc('classes/wild-art').update({ internalNote: 'office only' });
    // A draft semester is answered like one that does not exist; past (archived) ones stay readable.
    const bySemester = await callAs(null, 'classesBySemester', ['secret-term', 'no-such-term', 'past-term', 'open-term']);
    expect(bySemester.result!['secret-term']).toEqual({ classes: [], groups: [] });
    expect(bySemester.result!['secret-term']).toEqual(bySemester.result!['no-such-term']);
    expect(bySemester.result!['past-term'].groups.map((g) => g.id)).toEqual(['old-bundle']);
    const groups = await callAs(null, 'classGroups', ['secret-bundle', 'old-bundle']);
    expect(groups.result!.notFound).toEqual(['secret-bundle']);
    expect(groups.result!.groups).toEqual([{ id: 'old-bundle', semesterId: 'past-term', name: 'Old', price: 100, classIds: ['past-forest-explorers', 'past-harvest-trails'] }]);
    const open = await callAs(null, 'classes', { query: [{ id: 'wild-art' }] });
    expect(JSON.stringify(open.result)).not.toContain('office only');
    expect(JSON.stringify(bySemester.result)).not.toContain('office only');
    await adminDb().doc('classes/wild-art').update({ internalNote: FieldValue.delete() });
  });

  it('the roster stays out of the class documents the public sees', async () => {
    const roster = await adminDb().collection('classes/fire-and-shelter/roster').get();
    expect(roster.size).toBe(10);
    const r = await callAs(null, 'classes', { query: [{ id: 'fire-and-shelter' }] });
    expect(Object.keys(r.result!.classes[0])).not.toContain('roster');
    expectNoStudentData(r.result);
  });

  it('a page view reads the semesters it can show, never the archive: 30 past semesters add no reads', async () => {
    const db = adminDb();
    const template = (await db.doc('semesters/open-term').get()).data()!;
    const batch = db.batch();
    for (let i = 0; i < 30; i++) batch.set(db.doc(`semesters/past-${i}`), { ...template, id: `past-${i}`, name: `Past ${i}`, status: 'archived' });
    await batch.commit();
    // What the calls must read: the semesters marked open; then the live classes and the bundles of
    // those open for enrollment today.
    const open = (await db.collection('semesters').where('status', '==', 'open').get()).docs.map((d) => d.data());
    const today = todayInSchool();
    const openNow = open.filter((s) => s.registrationOpens <= today && today <= s.registrationCloses).map((s) => s.id as string);
    const live = await db.collection('classes').where('semesterId', 'in', openNow).where('status', '==', 'live').count().get();
    const groups = await db.collection('groups').where('semesterId', 'in', openNow).count().get();

    const offset = logOffset();
    await callAs(null, 'openSemesters');
    await callAs(null, 'availableEnrollmentClasses');
    // (The first read of each is the catalogue's stamp, see below.)
    const announcements = (await db.collection('announcements').count().get()).data().count;
    expect(await loggedReads('openSemesters', offset)).toEqual([1 + open.length + Math.max(1, announcements)]);
    expect(await loggedReads('availableEnrollmentClasses', offset)).toEqual([1 + open.length + Math.max(1, live.data().count) + Math.max(1, groups.data().count)]);
    expect(open.length).toBeLessThan(5);
    const cleanup = db.batch();
    for (let i = 0; i < 30; i++) cleanup.delete(db.doc(`semesters/past-${i}`));
    await cleanup.commit();
  });

  it('after an office change, a page view reads one document: office changes show at once, seat counts within 10 s', async () => {
    const admin = await signInDemo('admin');
    await addClassesLikeWildArt([{ id: 'cache-gone', title: 'Soon Deleted', capacity: 5, weekday: 6 }]);
    const available = async () => (await callAs(null, 'availableEnrollmentClasses')).result!['open-term'];
    const ids = (term: SemesterCatalogue) => term.classes.map((c) => c.id);
    const seatsOf = (term: SemesterCatalogue, id: string) => term.classes.find((c) => c.id === id)!.seatsLeft;
    // An office change (a bundle deleted) stamps the catalogue: the next view reads it afresh, without
    // the bundle; the view after it reads only the stamp.
    expect((await available()).groups.map((g) => g.id)).toContain('little-naturalists-bundle');
    expect((await callAs(admin, 'adminDeleteGroup', { id: 'little-naturalists-bundle' })).status).toBe(200);
    let offset = logOffset();
    const fresh = await available();
    expect(fresh.groups.map((g) => g.id)).not.toContain('little-naturalists-bundle');
    expect(ids(fresh)).toContain('cache-gone');
    await available();
    const [full, kept] = await loggedReads('availableEnrollmentClasses', offset, 2);
    expect(full).toBeGreaterThan(10);
    expect(kept).toBe(1);

    // A family takes a seat: the kept answer may show the old count, for at most CATALOGUE_FRESH_MS.
    const family = await familyWithStudent('cache@example.com', 'Cam', 'Cache');
    const enrolled = await callAs(family.user, 'enroll', {
      studentId: family.studentId, lines: [{ classId: 'cache-gone', addOnIds: [] }], codes: [], expectedTotal: 26000, infoConfirmed: false,
      releases: signedReleases(AVA.guardians[0].name), idempotencyKey: `cache-test-${Date.now()}`,
    });
    expect(enrolled.status, JSON.stringify(enrolled.error)).toBe(200);
    // The kept answer lasts CATALOGUE_FRESH_MS to the millisecond, by a clock the test moves (the
    // functions' own instances keep theirs by the real clock).
    const { fromCatalogueCache } = await import('../../functions/src/data/catalogueCache');
    let at = Date.now();
    let built = 0;
    const build = async () => ++built;
    expect(await fromCatalogueCache('clock-test', build, () => at)).toBe(1);
    at += CATALOGUE_FRESH_MS - 1;
    expect(await fromCatalogueCache('clock-test', build, () => at)).toBe(1);
    at += 1;
    expect(await fromCatalogueCache('clock-test', build, () => at)).toBe(2);
    // The office's next change shows at once, whatever the clock.
    await adminDb().doc('config/catalogue').set({ stamp: `clock-${at}`, at: new Date().toISOString() });
    expect(await fromCatalogueCache('clock-test', build, () => at)).toBe(3);
    // …and the catalogue served after that change shows the seat taken.
    expect(seatsOf(await available(), 'cache-gone')).toBe(4);

    // The office cancels that enrollment and deletes the class: the very next view no longer shows it.
    const e = (enrolled.result as { enrollment: { id: string } }).enrollment;
    const cancelled = await callAs(admin, 'adminCancelEnrollment', { enrollmentId: e.id, classIds: ['cache-gone'], refund: 0, note: 'cache test' });
    expect(cancelled.status, JSON.stringify(cancelled.error)).toBe(200);
    expect(seatsOf(await available(), 'cache-gone')).toBe(5);
    expect((await callAs(admin, 'adminDeleteClass', { id: 'cache-gone' })).status).toBe(200);
    offset = logOffset();
    expect(ids(await available())).not.toContain('cache-gone');
    expect((await loggedReads('availableEnrollmentClasses', offset))[0]).toBeGreaterThan(10);
  });
});
