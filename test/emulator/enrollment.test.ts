import { FieldValue } from 'firebase-admin/firestore';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StudentProfile } from '../../contract/domain';
import { adminDb } from '../../scripts/demo/adminApp';
import { addDays, profile } from '../../scripts/demo/demoData';
import { todayInSchool } from '../../scripts/demo/seedDemo';
import { callFunction, createUser, type TestUser } from '../support/emulators';
import { callAs, seededEmulators, signInDemo } from '../support/fixtures';
import { DEFAULT_RELEASES } from '../../functions/src/domain/releases';
import { AVA, familyWithStudent, newRateWindow, SAMPLES, signedReleases } from '../support/samples';

const RELEASES = signedReleases('Sam Rivera');
let keyCounter = 0;
const key = () => `test-key-${Date.now()}-${keyCounter++}`;
const payload = (over: Record<string, unknown> = {}) => ({
  studentId: 'demo-ava',
  lines: [{ classId: 'wild-art', addOnIds: [] }],
  codes: [],
  expectedTotal: 26000,
  infoConfirmed: false,
  releases: RELEASES,
  idempotencyKey: key(),
  ...over,
});
const db = () => adminDb();
const count = async (path: string) => (await db().collection(path).count().get()).data().count;
const enrolled = async (classId: string) => (await db().doc(`classes/${classId}`).get()).get('enrolledCount') as number;
const kid = (first: string, grade: number, n: number): StudentProfile =>
  profile(first, 'Rivera', grade, todayInSchool(), n, { name: 'Sam Rivera', email: 'family@example.com', phone: '(555) 123-4567' });

describe('enrollment callables, real ID tokens', () => {
  let family: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    await seededEmulators();
    // These tests enroll the demo family many times to pay the office later: a school without the
    // pay-later limit (the limit itself is proven in cardPayments.test.ts).
    await db().doc('config/portal').set({ payLaterLimit: 1000 }, { merge: true });
    family = await signInDemo('family');
    stranger = await createUser('stranger@example.com');
    const template = (await db().doc('classes/wild-art').get()).data()!;
    await db().doc('classes/late-art').set({ ...template, id: 'late-art', title: 'Late Art', registrationDeadline: addDays(todayInSchool(), -1), enrolledCount: 0 });
  });
  // The demo family submits here far more often than any family would.
  beforeEach(newRateWindow);

  it('rejects anonymous callers', async () => {
    for (const name of ['enroll', 'myStudents', 'myEnrollments', 'saveStudent']) {
      expect((await callFunction(name, name === 'enroll' ? payload() : null)).status).toBe(401);
    }
  });

  it("treats another family's student as not found, and writes nothing", async () => {
    const before = await count('enrollments');
    const r = await callAs(stranger, 'enroll', payload());
    expect(r.status).toBe(404);
    expect(r.error?.message).toBe('We could not find this student in your account.');
    expect(await count('enrollments')).toBe(before);
    expect(await enrolled('wild-art')).toBe(2);
  });

  it('enrolls a saved student: seat, roster, enrollment with balance due, receipt email, draft deleted', async () => {
    await callAs(family, 'saveDraft', { json: '{"step":3}', flow: 'flow-enroll-ava' });
    const p = payload();
    const r = await callAs(family, 'enroll', p);
    expect(r.status).toBe(200);
    const e = r.result!.enrollment;
    expect(e).toMatchObject({ studentId: 'demo-ava', studentName: 'Ava Rivera', total: 26000, balance: 26000, status: 'confirmed', classIds: ['wild-art'] });
    expect(e.releases.map((x) => x.releaseId)).toEqual(['medical', 'liability']);
    expect(await enrolled('wild-art')).toBe(3);
    expect((await db().doc('classes/wild-art/roster/demo-ava').get()).get('enrollmentId')).toBe(e.id);
    expect((await db().doc(`enrollmentDrafts/${family.uid}`).get()).get('json')).toBeUndefined();
    expect((await callAs(family, 'loadDraft')).result).toBeNull();
    const mail = await db().collection('mail').where('enrollmentId', '==', e.id).get();
    expect(mail.size).toBe(1);
    const message = mail.docs[0].get('message') as { subject: string; html: string; text: string };
    // To the account's own address only, and no text a family typed in the subject.
    expect(mail.docs[0].get('to')).toEqual(['family@example.com']);
    expect(message.subject).toBe('Enrollment confirmed — Wildwood Outdoor School');
    expect(message.html).toContain('Wild Art');
    // The meetings counted without the term's winter break, which is named.
    expect(message.text).toMatch(/Wild Art: \w{3} \d+(, \d{4})? – \w{3} \d+, \d{4} · 9 meetings, Wednesdays 3:15 pm – 5:00 pm, Meadow Studio\. No class on \w+ \d+ \(Winter break\)/);
    expect(message.text).toContain('Balance due now: $260');
    expect(message.text).toContain('How to pay:');
    expect(message.text).toContain('Please label water bottles');

    // The same submission again (retry, double click) creates nothing new.
    const again = await callAs(family, 'enroll', p);
    expect(again.result!.replayed).toBe(true);
    expect(again.result!.enrollment.id).toBe(e.id);
    expect(await enrolled('wild-art')).toBe(3);
    expect((await db().collection('mail').where('enrollmentId', '==', e.id).get()).size).toBe(1);
  });

  it('refuses the same student twice in a class', async () => {
    const r = await callAs(family, 'enroll', payload());
    expect(r.error?.message).toBe('Ava is already enrolled in Wild Art.');
    expect(await enrolled('wild-art')).toBe(3);
  });

  it.each([
    ['a class for other grades', 'survival-skills', 32000, 'Ava is in grade 2; Survival Skills is for grades 5–8.'],
    ['a full class', 'fire-and-shelter', 30000, 'Fire & Shelter Skills is full.', 'demo-leo'],
    ['a paused class', 'kayak-skills', 40000, 'Kayak Skills is not open for registration.'],
    ['a draft class', 'star-gazing', 20000, 'Star Gazing Nights is not open for registration.'],
    ['an info-only class', 'parent-tot-walk', 0, 'Parent & Tot Nature Walk is not open for registration.'],
    ['a class past its deadline', 'late-art', 26000, 'The registration deadline for Late Art has passed.'],
    ['a class of an archived semester', 'past-harvest-trails', 24000, 'Past'],
  ])('refuses %s with the reason, writing nothing', async (_what, classId, total, message, studentId = 'demo-ava') => {
    const before = await count('enrollments');
    const mails = await count('mail');
    const r = await callAs(family, 'enroll', payload({ studentId, infoConfirmed: true, lines: [{ classId, addOnIds: [] }], expectedTotal: total }));
    expect(r.status).toBe(400);
    expect(r.error?.status).toBe('FAILED_PRECONDITION');
    if (message === 'Past') expect(r.error?.message).toMatch(/^(Registration for .* is closed\.|Past Harvest Trails)/);
    else expect(r.error?.message).toBe(message);
    expect(await count('enrollments')).toBe(before);
    expect(await count('mail')).toBe(mails);
  });

  it('rejects a total that differs by more than a cent with aborted (409), writing nothing', async () => {
    const before = await enrolled('orienteering');
    const r = await callAs(family, 'enroll', payload({ studentId: 'demo-leo', infoConfirmed: true, lines: [{ classId: 'orienteering', addOnIds: [] }], expectedTotal: 25998 }));
    expect(r.status).toBe(409);
    expect(r.error?.status).toBe('ABORTED');
    expect(r.error?.message).toBe('Prices changed, please review your enrollment before submitting again.');
    expect(await enrolled('orienteering')).toBe(before);
  });

  it('needs a "still accurate" confirmation when the info is over 12 months old, then records it', async () => {
    // Ava is enrolled this semester: Leo gets the sibling discount by rule, in the preview and the submit.
    const lines = [{ classId: 'orienteering', addOnIds: [] }];
    const anonymous = await callAs(null, 'priceBasket', { lines, codes: [] });
    expect(anonymous.result!.total).toBe(26000);
    const preview = await callAs(family, 'priceBasket', { lines, codes: [], studentId: 'demo-leo' });
    expect(preview.result!.discounts).toEqual([{ code: 'SIBLING10', description: 'Sibling discount (10%)', amount: 2600 }]);
    const p = { studentId: 'demo-leo', lines, expectedTotal: 23400 };
    const refused = await callAs(family, 'enroll', payload(p));
    expect(refused.error?.message).toBe("Please confirm that Leo's information is still accurate.");
    const ok = await callAs(family, 'enroll', payload({ ...p, infoConfirmed: true }));
    expect(ok.status).toBe(200);
    expect(ok.result!.enrollment).toMatchObject({ total: 23400, discounts: [{ code: 'SIBLING10', amount: 2600 }] });
    const reviewed = (await db().doc('students/demo-leo').get()).get('infoReviewedAt') as string;
    expect(Date.now() - new Date(reviewed).getTime()).toBeLessThan(60_000);
  });

  it('needs both releases signed with the current version', async () => {
    // A child with no enrollment this semester yet: nothing signed before is kept for them.
    const parent = await createUser('hal.family@example.com');
    const hal = (await callAs(parent, 'saveStudent', { profile: kid('Hal', 3, 62), reviewed: true })).result!.student.id;
    const p = { studentId: hal, lines: [{ classId: 'nature-journaling', addOnIds: [] }], expectedTotal: 24000 };
    const unsigned = await callAs(parent, 'enroll', payload({ ...p, releases: [RELEASES[0]] }));
    expect(unsigned.error?.message).toBe('Please sign the Liability Release by typing your full name.');
    const old = await callAs(parent, 'enroll', payload({ ...p, releases: [RELEASES[0], { ...RELEASES[1], version: '2019' }] }));
    expect(old.status).toBe(409);
    expect(old.error?.message).toBe('The Liability Release has changed. Please read it again and sign.');
    const blank = await callAs(parent, 'enroll', payload({ ...p, releases: [RELEASES[0], { ...RELEASES[1], typedName: '   ' }] }));
    expect(blank.status).toBe(400);
  });

  it('prices a new student’s bundle with a code the same in the preview and the submit', async () => {
    const saved = await callAs(family, 'saveStudent', { profile: kid('Mia', 0, 3), reviewed: true });
    expect(saved.status).toBe(200);
    const mia = saved.result!.student;
    const basket = {
      lines: [{ classId: 'forest-explorers', addOnIds: [] }, { classId: 'creek-critters', addOnIds: ['boots'] }],
      codes: ['welcome20', 'NOPE', 'SIBLING10'],
      studentId: mia.id,
    };
    const preview = await callAs(family, 'priceBasket', basket);
    expect(preview.result!.lineItems.map((l) => [l.kind, l.id])).toEqual([['group', 'little-naturalists-bundle']]);
    // The sibling discount is a rule, not a code anyone can type.
    expect(preview.result!.codeProblems).toEqual([
      { about: 'NOPE', message: 'NOPE is not a valid code.' },
      { about: 'SIBLING10', message: 'SIBLING10 is not a code to type: Sibling discount (10%) applies by itself when brothers or sisters enroll.' },
    ]);
    expect(preview.result!.total).toBe(39100); // $440 − 10 % for a sibling + $15 − $20

    const withUnknown = await callAs(family, 'enroll', payload({ ...basket, expectedTotal: 39100 }));
    expect(withUnknown.error?.message).toBe('NOPE is not a valid code.');
    const r = await callAs(family, 'enroll', payload({ ...basket, codes: ['WELCOME20'], expectedTotal: 39101 }));
    expect(r.status).toBe(200);
    expect(r.result!.enrollment.discounts).toEqual([
      { code: 'SIBLING10', description: 'Sibling discount (10%)', amount: 4400, ofClasses: 44000 },
      { code: 'WELCOME20', description: '$20 off your first enrollment', amount: 2000 },
    ]);
    expect(r.result!.enrollment.classIds.sort()).toEqual(['creek-critters', 'forest-explorers']);
    expect((await db().doc(`classes/creek-critters/roster/${mia.id}`).get()).get('addOns')).toEqual([{ id: 'boots', description: 'Creek boots rental', price: 1500 }]);
  });

  it('refuses a student save that started from an older version (two devices)', async () => {
    const [ava] = (await callAs(family, 'myStudents')).result!.students.filter((s) => s.id === 'demo-ava');
    const { id, ownerUid: _o, infoReviewedAt: _r, version, ...profile } = ava;
    const first = await callAs(family, 'saveStudent', { id, profile: { ...profile, school: 'Hilltop' }, reviewed: false, version: version ?? 0 });
    expect(first.status, JSON.stringify(first.error)).toBe(200);
    const second = await callAs(family, 'saveStudent', { id, profile: { ...profile, school: 'Other' }, reviewed: false, version: version ?? 0 });
    expect(second.status).toBe(409);
    expect(second.error?.message).toBe("Ava's info was changed by someone else since you opened it. Reload to see their changes, then make yours again.");
    expect((await db().doc('students/demo-ava').get()).get('school')).toBe('Hilltop');
  });

  it('refuses unanswered consents, a future birth date, a signature that is not a listed guardian, and a time clash', async () => {
    const base = kid('Zoe', 2, 9);
    const noAnswer = await callAs(family, 'saveStudent', { profile: { ...base, health: { ...base.health, medications: [{ name: 'EpiPen', dose: '', schedule: '' }], medicationAuthorized: null } }, reviewed: true });
    expect(noAnswer.status).toBe(400);
    expect(noAnswer.error?.message).toBe('profile.health.medicationAuthorized: needs an answer: may staff give the medications listed?');
    const noConsent = await callAs(family, 'saveStudent', { profile: { ...base, permissions: { photo: null, sunscreen: true, bugSpray: null } }, reviewed: true });
    expect(noConsent.error?.message).toBe('profile.permissions.photo: needs an answer; profile.permissions.bugSpray: needs an answer');
    const future = await callAs(family, 'saveStudent', { profile: { ...base, birthDate: '2031-05-05' }, reviewed: true });
    expect(future.error?.message).toBe('profile.birthDate: cannot be in the future');
    const before = await count('students');
    const saved = await callAs(family, 'saveStudent', { profile: base, reviewed: true });
    expect(await count('students')).toBe(before + 1);
    const zoe = saved.result!.student.id;

    const p = { studentId: zoe, lines: [{ classId: 'creek-critters', addOnIds: [] }], expectedTotal: 21600 };
    const x = await callAs(family, 'enroll', payload({ ...p, releases: signedReleases('x') }));
    expect(x.error?.message).toBe('Type your full name, first and last, to sign the Medical Release.');
    const stranger = await callAs(family, 'enroll', payload({ ...p, releases: signedReleases('Mallory Stranger') }));
    expect(stranger.error?.message).toBe('The Medical Release must be signed by a guardian listed for the student: type Sam Rivera exactly as listed.');
    expect((await callAs(family, 'enroll', payload({ ...p, releases: signedReleases('SAM  rivera') }))).status).toBe(200);

    // Wild Art (Wed 3:15–5:00) and Nature Journaling (Wed 3:30–5:00) for the same child: refused, naming both.
    const seats = await enrolled('nature-journaling');
    const clash = await callAs(family, 'enroll', payload({ studentId: zoe, lines: [{ classId: 'wild-art', addOnIds: [] }, { classId: 'nature-journaling', addOnIds: [] }], expectedTotal: 45000 }));
    expect(clash.error?.message).toBe('Nature Journaling (Wednesdays 3:30 pm – 5:00 pm) clashes with Wild Art (Wednesdays 3:15 pm – 5:00 pm).');
    expect(await enrolled('nature-journaling')).toBe(seats);
  });

  it('confirms a $0 enrollment as paid', async () => {
    const saved = await callAs(family, 'saveStudent', { profile: kid('Noa', 1, 4), reviewed: true });
    const r = await callAs(family, 'enroll', payload({ studentId: saved.result!.student.id, lines: [{ classId: 'forest-explorers', addOnIds: [] }], codes: ['FORESTFREE'], expectedTotal: 0 }));
    expect(r.result!.enrollment).toMatchObject({ total: 0, balance: 0, status: 'confirmed' });
  });

  it('applies the office’s sibling rules by themselves across checkouts: 10 % from the 2nd child, $30 per shared class from the 3rd', async () => {
    const admin = await signInDemo('admin');
    const saved = await callAs(admin, 'adminSaveDiscount', {
      ...SAMPLES.adminSaveDiscount!, code: 'TRIO30', description: 'Third child in a class', type: 'sibling-amount', amount: 3000, siblingFrom: 3, siblingPerClass: true, semesterIds: ['open-term'],
    });
    expect(saved.status).toBe(200);
    try {
      const parent = await createUser('trio@example.com');
      const ids: string[] = [];
      for (const [i, name] of ['Ari', 'Bo', 'Cy'].entries()) ids.push((await callAs(parent, 'saveStudent', { profile: kid(name, 3, 40 + i), reviewed: true })).result!.student.id);
      const enrollChild = async (studentId: string, classIds: string[], expectedTotal: number) => {
        const lines = classIds.map((classId) => ({ classId, addOnIds: [] }));
        const preview = await callAs(parent, 'priceBasket', { lines, codes: [], studentId });
        expect(preview.result!.total).toBe(expectedTotal);
        const r = await callAs(parent, 'enroll', payload({ studentId, lines, expectedTotal, infoConfirmed: true }));
        expect(r.status).toBe(200);
        expect(r.result!.enrollment.discounts).toEqual(preview.result!.discounts);
        return r.result!.enrollment;
      };
      // The first child pays the list price; the second gets 10 %; the third also $30 off the class both others take.
      expect((await enrollChild(ids[0], ['wild-art'], 26000)).discounts).toEqual([]);
      expect((await enrollChild(ids[1], ['wild-art'], 23400)).discounts).toEqual([{ code: 'SIBLING10', description: 'Sibling discount (10%)', amount: 2600 }]);
      const third = await enrollChild(ids[2], ['wild-art', 'tracking-trailcraft'], 26000 + 28000 - 2600 - 2800 - 3000);
      expect(third.discounts).toEqual([
        { code: 'SIBLING10', description: 'Sibling discount (10%)', amount: 5400 },
        { code: 'TRIO30', description: 'Third child in a class', amount: 3000 },
      ]);
      expect((await db().doc(`enrollments/${third.id}`).get()).get('siblings')).toEqual({ childrenBefore: 2, takersByClass: { 'wild-art': 2 } });
      // Cancelling the shared class reprices what is left by the same engine, with the family as it was.
      const quote = await callAs(admin, 'adminCancelQuote', { enrollmentId: third.id, classIds: ['wild-art'] });
      expect(quote.result).toMatchObject({ currentTotal: third.total, newTotal: 28000 - 2800, keptClassIds: ['tracking-trailcraft'] });
      // Another family's first child gets neither rule.
      const other = await createUser('duo@example.com');
      const otherKid = (await callAs(other, 'saveStudent', { profile: kid('Dee', 3, 50), reviewed: true })).result!.student.id;
      expect((await callAs(other, 'priceBasket', { lines: [{ classId: 'wild-art', addOnIds: [] }], codes: [], studentId: otherKid })).result!.total).toBe(26000);
    } finally {
      expect((await callAs(admin, 'adminDeleteDiscount', { id: saved.result!.discount.id })).status).toBe(200);
    }
  });

  it('adds classes to a child’s enrollment: the releases signed for the semester are kept, a release changed since is signed again', async () => {
    const parent = await createUser('ivy.family@example.com');
    const child = async (name: string, n: number) => (await callAs(parent, 'saveStudent', { profile: kid(name, 2, n), reviewed: true })).result!.student.id;
    const [ivy, jay] = [await child('Ivy', 60), await child('Jay', 61)];
    const enrollAt = async (studentId: string, classId: string, releases: typeof RELEASES) => {
      const lines = [{ classId, addOnIds: [] }];
      const { total } = (await callAs(parent, 'priceBasket', { lines, codes: [], studentId })).result!;
      return callAs(parent, 'enroll', payload({ studentId, lines, expectedTotal: total, releases }));
    };
    const first = await enrollAt(ivy, 'wild-art', RELEASES);
    expect(first.status).toBe(200);
    const added = await enrollAt(ivy, 'creek-critters', []);
    expect(added.status).toBe(200);
    expect(added.result!.enrollment.classIds).toEqual(['creek-critters']);
    expect(added.result!.enrollment.releases).toEqual(first.result!.enrollment.releases);
    // A child with no enrollment this semester signs.
    expect((await enrollAt(jay, 'creek-critters', [])).error?.message).toBe('Please sign the Medical Release by typing your full name.');
    // The office changes the Medical Release: it is signed again; the Liability Release is kept.
    const medical = { ...DEFAULT_RELEASES[0], version: '2026-2', text: 'New text' };
    await db().doc('config/releases').set({ releases: [medical, DEFAULT_RELEASES[1]] });
    try {
      expect((await enrollAt(ivy, 'tide-pools', [])).error?.message).toBe('Please sign the Medical Release by typing your full name.');
      const signed = await enrollAt(ivy, 'tide-pools', [{ releaseId: 'medical', version: '2026-2', typedName: 'Sam Rivera' }]);
      expect(signed.status).toBe(200);
      const releases = signed.result!.enrollment.releases;
      expect(releases.find((r) => r.releaseId === 'medical')).toMatchObject({ version: '2026-2', typedName: 'Sam Rivera' });
      expect(releases.find((r) => r.releaseId === 'liability')).toEqual(first.result!.enrollment.releases.find((r) => r.releaseId === 'liability'));
    } finally {
      await db().doc('config/releases').delete();
    }
  });

  it('escapes every value in the receipt email', async () => {
    const saved = await callAs(family, 'saveStudent', { profile: kid('<img src=x onerror=alert(1)>', 2, 6), reviewed: true });
    const r = await callAs(// sibling 10 %
      family, 'enroll', payload({ studentId: saved.result!.student.id, lines: [{ classId: 'tide-pools', addOnIds: [] }], expectedTotal: 19800 }));
    const mail = await db().collection('mail').where('enrollmentId', '==', r.result!.enrollment.id).get();
    const html = (mail.docs[0].get('message') as { html: string }).html;
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; Rivera is enrolled');
    expect(html).not.toContain('<img');
  });

  it('emails the guardians only when the (verified) account asks; a name never reaches a subject', async () => {
    const profile = { ...kid('Gwen', 2, 7), guardians: [{ ...kid('Gwen', 2, 7).guardians[0], email: 'someone.else@example.com' }] };
    const saved = await callAs(family, 'saveStudent', { profile, reviewed: true });
    expect(saved.status, JSON.stringify(saved.error)).toBe(200);
    const to = async (over: Record<string, unknown>) => {
      const r = await callAs(family, 'enroll', payload({ studentId: saved.result!.student.id, ...over }));
      expect(r.status, JSON.stringify(r.error)).toBe(200);
      const mail = await db().collection('mail').where('enrollmentId', '==', r.result!.enrollment.id).get();
      return [mail.docs[0].get('to'), mail.docs[0].get('message.subject')];
    };
    expect(await to({ lines: [{ classId: 'nature-journaling', addOnIds: [] }], expectedTotal: 21600 })).toEqual([['family@example.com'], 'Enrollment confirmed — Wildwood Outdoor School']);
    expect(await to({ lines: [{ classId: 'tide-pools', addOnIds: [] }], expectedTotal: 19800, copyGuardians: true })).toEqual([
      ['family@example.com', 'someone.else@example.com'],
      'Enrollment confirmed — Wildwood Outdoor School',
    ]);
  });

  it('never oversells: 20 families enrolling at the same moment for 5 seats', async () => {
    await db().doc('classes/mushroom-foraging').update({ capacity: 5, enrolledCount: 0, gradeMin: 0, gradeMax: 12 });
    const families = await Promise.all(Array.from({ length: 20 }, (_, i) => familyWithStudent(`mushroom${i}@example.com`, `Racer${i}`, 'Forager')));
    const lines = [{ classId: 'mushroom-foraging', addOnIds: [] }];
    const total = (await callAs(null, 'priceBasket', { lines, codes: [] })).result!.total;
    const results = await Promise.all(
      families.map(({ user, studentId }) => callAs(user, 'enroll', payload({ studentId, lines, expectedTotal: total, releases: signedReleases(AVA.guardians[0].name) }))),
    );
    const ok = results.filter((r) => r.status === 200);
    const full = results.filter((r) => r.error?.message === 'Mushroom Foraging is full.');
    expect(ok).toHaveLength(5);
    expect(full).toHaveLength(15);
    expect(await enrolled('mushroom-foraging')).toBe(5);
    expect(await count('classes/mushroom-foraging/roster')).toBe(5);
    expect(await count('classes/mushroom-foraging/seats')).toBe(5);
  });

  it('lists only the family’s own enrollments, newest first, and its own students', async () => {
    const mine = await callAs(family, 'myEnrollments');
    const list = mine.result!.enrollments;
    expect(list.length).toBeGreaterThanOrEqual(5);
    expect(list.every((e) => e.ownerUid === family.uid)).toBe(true);
    expect(list.map((e) => e.createdAt)).toEqual([...list.map((e) => e.createdAt)].sort().reverse());
    expect(list.at(-1)!.semesterIds).toEqual(['past-term']);
    expect((await callAs(stranger, 'myEnrollments')).result!.enrollments).toEqual([]);
    const students = await callAs(family, 'myStudents');
    expect(students.result!.students.map((s) => s.firstName)).toEqual(expect.arrayContaining(['Ava', 'Leo', 'Mia']));
    expect(students.result!.students.every((s) => s.ownerUid === family.uid)).toBe(true);
    expect((await callAs(stranger, 'myStudents')).result!.students).toEqual([]);
  });

  it('the family sees its enrollments without the office’s notes, staff addresses, flags or Stripe ids (a monthly plan’s customer and card too)', async () => {
    // The office's side of one enrollment, as stored.
    const [first] = (await callAs(family, 'myEnrollments')).result!.enrollments;
    const card = { brand: 'visa', last4: '4242', paymentIntent: 'pi_secret_intent', sessionId: 'cs_test_1' };
    await db().doc(`enrollments/${first.id}`).update({
      payments: [
        { id: 'p1', amount: 1000, method: 'check', note: 'Mom says the rest comes Friday (office note)', at: '2026-11-20T10:00:00.000Z', by: 'office.staff@wildwood.example' },
        { id: 'p2', amount: 500, method: 'card', note: 'Paid online by Visa card ending 4242', at: '2026-11-21T10:00:00.000Z', by: 'Stripe', card, voided: { reason: 'entered twice (office note)', at: '2026-11-21T11:00:00.000Z', by: 'office.staff@wildwood.example' } },
      ],
      cardRefunds: [{ amount: 500, refundId: 're_1', paymentIntent: 'pi_secret_intent', last4: '4242', reason: 'Seat lost', at: '2026-11-22T10:00:00.000Z' }],
      flag: 'Check this family (office flag)',
      instalments: { dates: ['2026-11-21', '2026-12-21'], paid: 1, customer: 'cus_secret_customer', paymentMethod: 'pm_secret_card', card: { brand: 'visa', last4: '4242' }, nextOn: '2026-12-21' },
    });
    const answers = [
      JSON.stringify((await callAs(family, 'myEnrollments')).result),
      JSON.stringify((await callAs(family, 'myEnrollment', { enrollmentId: first.id })).result),
    ];
    for (const text of answers) {
      for (const secret of ['office note', 'office.staff@', 'office flag', 'pi_secret_intent', 'cus_secret_customer', 'pm_secret_card', '"note"', '"by"', '"flag"']) expect(text).not.toContain(secret);
    }
    const mine = (await callAs(family, 'myEnrollment', { enrollmentId: first.id })).result!.enrollment;
    expect(mine.payments).toEqual([
      { id: 'p1', amount: 1000, method: 'check', at: '2026-11-20T10:00:00.000Z' },
      { id: 'p2', amount: 500, method: 'card', at: '2026-11-21T10:00:00.000Z', voided: true, card: { brand: 'visa', last4: '4242', sessionId: 'cs_test_1' } },
    ]);
    expect(mine.cardRefunds).toEqual([{ amount: 500, refundId: 're_1', last4: '4242', reason: 'Seat lost', at: '2026-11-22T10:00:00.000Z' }]);
    // A monthly plan: its dates, progress and card as the family knows it, not Stripe's ids.
    expect(mine.instalments).toEqual({ dates: ['2026-11-21', '2026-12-21'], paid: 1, card: { brand: 'visa', last4: '4242' }, nextOn: '2026-12-21' });
  });

  it('saveStudent: validates every field, and cannot touch another family’s student', async () => {
    const bad = { ...kid('Zed', 3, 1), emergencyContacts: [{ name: 'A', relationship: 'B', phone: '555 123 4567' }] };
    const r = await callAs(family, 'saveStudent', { profile: bad, reviewed: true });
    expect(r.status).toBe(400);
    expect(r.error?.message).toBe('profile.emergencyContacts: needs at least two emergency contacts');
    const grade = await callAs(family, 'saveStudent', { profile: { ...kid('Zed', 3, 1), grade: 13 }, reviewed: true });
    expect(grade.error?.message).toBe('profile.grade: must be K to 12');
    // A child's details hold together: a birth date a child could have, and a grade that fits it.
    const ancient = await callAs(family, 'saveStudent', { profile: { ...kid('Zed', 3, 1), birthDate: '1900-01-01' }, reviewed: true });
    expect([ancient.status, ancient.error?.message]).toEqual([400, "profile.birthDate: must be a child's: 25 years ago at the most"]);
    const toddler = await callAs(family, 'saveStudent', { profile: { ...kid('Zed', 3, 1), birthDate: addDays(todayInSchool(), -2 * 365 - 30), grade: 12 }, reviewed: true });
    expect([toddler.status, toddler.error?.message]).toEqual([400, 'profile.grade: does not fit the birth date: please check both']);
    expect((await callAs(family, 'saveStudent', { profile: { ...kid('Zed', 3, 1), birthDate: addDays(todayInSchool(), -3 * 365), grade: 0 }, reviewed: true })).status).toBe(200);
    const theirs = await callAs(stranger, 'saveStudent', { id: 'demo-ava', profile: kid('Hijack', 3, 1), reviewed: true });
    expect(theirs.status).toBe(404);
    expect((await db().doc('students/demo-ava').get()).get('firstName')).toBe('Ava');
  });

  it('saveStudent: a grade that leaves a child outside a class they are enrolled in is said to the family and flagged for the office', async () => {
    const parent = await createUser('grade.family@example.com');
    const { result } = await callAs(parent, 'saveStudent', { profile: { ...kid('Noor', 4, 3), guardians: [{ name: 'Ali Noor', relationship: 'Parent', phone: '(555) 123-9999', email: 'grade.family@example.com', livesWithStudent: true }] }, reviewed: true });
    const student = result!.student;
    // Enrolled in Fire & Shelter Skills (grades 4–6), paid at the office.
    const enrollment = `grade-${student.id}`;
    await db().doc(`enrollments/${enrollment}`).set({ ...(await db().collection('enrollments').where('classIds', 'array-contains', 'fire-and-shelter').limit(1).get()).docs[0].data(), id: enrollment, ownerUid: parent.uid, studentId: student.id, studentName: 'Noor Rivera', status: 'confirmed' });
    await db().doc(`enrollments/${enrollment}`).update({ flag: FieldValue.delete() });
    const unchanged = await callAs(parent, 'saveStudent', { id: student.id, profile: { ...kid('Noor', 4, 3), school: 'Elm Street', guardians: student.guardians }, reviewed: true, version: student.version });
    expect(unchanged.result!.outsideGrades).toEqual([]);
    const younger = await callAs(parent, 'saveStudent', { id: student.id, profile: { ...kid('Noor', 4, 3), grade: 2, guardians: student.guardians }, reviewed: true, version: unchanged.result!.student.version });
    expect(younger.status, JSON.stringify(younger.error)).toBe(200);
    expect(younger.result!.outsideGrades).toEqual(['Fire & Shelter Skills (grades 4–6)']);
    expect((await db().doc(`enrollments/${enrollment}`).get()).get('flag')).toMatch(/^Grade changed to 2 by the family on \d{4}-\d\d-\d\d: outside Fire & Shelter Skills \(grades 4–6\)$/);
  });

  it.each([
    [{ ...payload(), expectedTotal: -1 }, /expectedTotal: must not be negative/],
    [{ ...payload(), studentId: 'x'.repeat(500) }, /studentId: is too long/],
    [{ ...payload(), lines: [{ classId: 'wild-art', addOnIds: [], price: -100 }] }, /lines\.0\.price/],
    [{ ...payload(), idempotencyKey: 'short' }, /idempotencyKey/],
    [{ ...payload(), extra: 1 }, /Unrecognized key/],
    [{ ...payload(), lines: [] }, /Please choose at least one class/],
    [{ ...payload(), lines: [{ classId: 'no-such-class', addOnIds: [] }] }, /^A selected class is no longer offered\. Please review your classes\.$/],
  ])('enroll rejects bad input %#', async (body, message) => {
    const r = await callAs(family, 'enroll', body);
    expect(r.status).toBe(400);
    expect(r.error?.message).toMatch(message);
  });
});
