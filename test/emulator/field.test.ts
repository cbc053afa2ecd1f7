// The field records on the server, with real ID tokens: an instructor's phone sends what was recorded
// at a meeting; each entry is kept once and never changed; only the class's instructors (and the
// office) put them on a class's record or read them, and what cannot go on the record is held for the
// office, never dropped; a child the office withdrew, a removed instructor, a phone's clock far off,
// times no phone can have meant, a pickup on a code since replaced and repeated failed checks are
// handled as the office would expect; every entry and every reading is audited.
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Timestamp } from 'firebase-admin/firestore';
import type { ClassRecord, Student } from '../../contract/domain';
import type { AuditEntry } from '../../contract/audit';
import { adultsWhoMayCollect, attendanceOf, codeMatches, codeWordMatches, pickupCheckValue, pickupText, schoolYearOf, tagOf, type AttendanceEntry, type HeldEntry, type PickupCheck, type AttendanceInput, type AttendanceMark, type FieldEntryInput, type IncidentInput } from '../../contract/field';
import { HELD } from '../../functions/src/domain/field';
import { rateCounterId, rateWindow } from '../../functions/src/data/rateLimit';
import { RATE_LIMITS } from '../../contract/constants';
import { formatDate } from '../../contract/format';
import { addDaysIso, meetingDates, schoolToday } from '../../contract/schedule';
import { adminDb } from '../../scripts/demo/adminApp';
import { createUnverifiedUser, createUser, type TestUser } from '../support/emulators';
import { callAs, DEMO, useSeededDemo } from '../support/fixtures';
import { AVAS, underway } from '../support/samples';

const db = () => adminDb();
const CLASS = 'fire-and-shelter';
const kept = async () => attendanceOf((await db().collection('fieldEntries').where('classId', '==', CLASS).get()).docs.map((d) => d.data() as AttendanceEntry));
const audits = async (kind: AuditEntry['kind']) => (await db().collection('audit').where('kind', '==', kind).get()).docs.map((d) => d.data() as AuditEntry);
const heldDoc = async (id: string) => (await db().doc(`fieldHeld/${id}`).get()).data() as HeldEntry | undefined;
type Mail = { to: string[]; message: { subject: string; text: string; html: string } };
/** The office's emails from the field (one a sync), newest last by their text. */
const officeMails = async () => (await db().collection('mail').where('kind', '==', 'field-office').get()).docs.map((d) => d.data() as Mail);
let n = 0;
const entryId = () => `field-test-${String(++n).padStart(8, '0')}`;

describe('field records', () => {
  const demo = useSeededDemo();
  let teacher: TestUser;
  let other: TestUser;
  let finance: TestUser;
  let kids: { studentId: string; name: string; enrollmentId: string }[];
  let meeting: string;
  let meetings: string[];
  const attendance = (studentId: string, mark: AttendanceMark, extra: Partial<AttendanceInput> = {}): AttendanceInput => ({
    id: entryId(), kind: 'attendance', studentId, meeting, at: new Date().toISOString(), mark, ...extra,
  });
  const send = (who: TestUser, entries: FieldEntryInput[], sentAt = new Date().toISOString(), classId = CLASS) => callAs(who, 'syncFieldEntries', { classId, sentAt, entries });

  beforeAll(async () => {
    [teacher, other, finance] = await Promise.all([createUser('field.teacher@example.com'), createUser('field.other@example.com'), createUser('field.finance@example.com')]);
    await db().doc(`roles/${teacher.uid}`).set({ roles: ['instructor'] });
    await db().doc(`roles/${other.uid}`).set({ roles: ['instructor'] });
    await db().doc(`roles/${finance.uid}`).set({ roles: ['finance'] });
    await db().doc(`classes/${CLASS}`).update({ instructorUids: [teacher.uid] });
    await db().doc('classes/wild-art').update({ instructorUids: [other.uid] });
    const roster = await callAs(teacher, 'taughtRoster', { classId: CLASS });
    expect(roster.status).toBe(200);
    kids = roster.result!.roster.entries.slice(0, 3).map((e) => ({ studentId: e.student.id, name: `${e.student.firstName} ${e.student.lastName}`, enrollmentId: e.enrollmentId }));
    meetings = await underway(CLASS);
    meeting = meetings[0];
  });

  it('keeps each entry once, with who sent it, and audits it by the child’s name', async () => {
    const entries = [attendance(kids[0].studentId, 'present'), attendance(kids[1].studentId, 'late')];
    const first = await send(teacher, entries);
    expect(first.status, JSON.stringify(first.error)).toBe(200);
    expect(first.result).toEqual({ saved: entries.map((e) => e.id), already: [], held: [] });
    const stored = await kept();
    expect(stored.map((e) => [e.studentId, e.mark, e.by.email])).toEqual([[kids[0].studentId, 'present', 'field.teacher@example.com'], [kids[1].studentId, 'late', 'field.teacher@example.com']]);
    expect(stored.every((e) => e.clockOffMinutes === undefined)).toBe(true);
    const audited = (await audits('field-entry')).filter((a) => entries.some((e) => e.studentId === a.studentId));
    expect(audited.map((a) => a.studentName).sort()).toEqual([kids[0].name, kids[1].name].sort());
    expect(audited[0].summary).toMatch(/^Attendance: (Present|Late) at Fire & Shelter Skills on \w{3} \d{1,2}$/);

    // Sent again (the signal came back twice): nothing doubles, nothing is audited twice.
    const again = await send(teacher, entries);
    expect(again.result).toEqual({ saved: [], already: entries.map((e) => e.id), held: [] });
    expect(await kept()).toHaveLength(2);
    expect((await audits('field-entry')).filter((a) => entries.some((e) => e.studentId === a.studentId))).toHaveLength(2);
  });

  it('never changes an entry: the same id with another mark is held for the office, and a correction is a new entry naming it', async () => {
    const [original] = await kept();
    const changed = await send(teacher, [{ id: original.id, kind: 'attendance', studentId: original.studentId, meeting: original.meeting, at: original.at, mark: 'absent' }]);
    expect(changed.result!.held).toEqual([{ id: original.id, reason: 'This entry was kept before with other details; an entry is never changed (record a correction instead). It was handed to the office to review.' }]);
    expect((await db().doc(`fieldEntries/${original.id}`).get()).get('mark')).toBe(original.mark);
    expect(await heldDoc(original.id)).toMatchObject({ mark: 'absent', reason: HELD.changed, classTitle: 'Fire & Shelter Skills', by: { email: 'field.teacher@example.com' } });
    const correction = attendance(original.studentId, 'absent', { corrects: original.id });
    expect((await send(teacher, [correction])).result!.saved).toEqual([correction.id]);
    const log = await callAs(teacher, 'classFieldLog', { classId: CLASS });
    expect(log.status).toBe(200);
    expect(attendanceOf(log.result!.entries).map((e) => [e.mark, e.corrects ?? null])).toEqual([['present', null], ['late', null], ['absent', original.id]]);
    expect((await audits('field-log-viewed')).map((a) => a.summary)).toContain('Opened the field records of Fire & Shelter Skills (3 entries)');
  });

  it('flags the entries of a phone whose clock is more than 10 minutes off', async () => {
    // The phone's clock is 30 minutes behind: the entry and its sending both say so.
    const sentAt = new Date(Date.now() - 30 * 60_000).toISOString();
    const late = attendance(kids[2].studentId, 'left_early', { at: sentAt });
    expect((await send(teacher, [late], sentAt)).result!.saved).toEqual([late.id]);
    expect((await db().doc(`fieldEntries/${late.id}`).get()).data()).toMatchObject({ clockOffMinutes: 30, flags: ['clock-off'] });
    expect((await audits('field-entry')).find((a) => a.studentId === kids[2].studentId)!.summary).toMatch(/the phone’s clock was 30 minutes off\)$/);
  });

  it('only the class’s instructors and the office put them on its record or read them; another instructor’s are held for the office; never finance', async () => {
    const entry = attendance(kids[0].studentId, 'present');
    const notMine = await send(other, [entry]);
    expect(notMine.result).toEqual({ saved: [], already: [], held: [{ id: entry.id, reason: 'You no longer teach this class. It was handed to the office to review.' }] });
    expect(await heldDoc(entry.id)).toMatchObject({ studentId: kids[0].studentId, studentName: kids[0].name, by: { email: 'field.other@example.com' } });
    expect((await callAs(other, 'classFieldLog', { classId: CLASS })).status).toBe(403);
    expect((await send(finance, [entry])).status).toBe(403);
    expect((await callAs(finance, 'classFieldLog', { classId: CLASS })).status).toBe(403);
    expect((await callAs(demo.family, 'classFieldLog', { classId: CLASS })).status).toBe(403);
    expect(await db().doc(`fieldEntries/${entry.id}`).get().then((d) => d.exists)).toBe(false);
    expect((await callAs(demo.admin, 'classFieldLog', { classId: CLASS })).result!.entries).toHaveLength(4);
    expect((await audits('field-held')).map((a) => a.summary)).toContain(`Attendance held for the office, not on the record of Fire & Shelter Skills on ${formatDate(meeting)}: You no longer teach this class. It was handed to the office to review.`);
    // A phone's backlog passes; a flood from someone who does not teach the class is refused (the phone keeps what waits).
    // The account's counter is full in this window and the next: the call is refused whichever it lands in.
    const thisWindow = rateWindow(new Date());
    const windows = [thisWindow, thisWindow + 1].map((w) => db().doc(`rateLimits/${rateCounterId('fieldHeld', `account:${other.uid}`, w)}`));
    await Promise.all(windows.map((window) => window.set({ count: RATE_LIMITS.fieldHeld.perAccount }, { merge: true })));
    const flood = attendance(kids[0].studentId, 'absent');
    const refused = await send(other, [flood]);
    expect([refused.status, refused.error?.message]).toEqual([429, 'Too many tries in a short time. Please wait a few minutes and try again.']);
    expect(await heldDoc(flood.id)).toBeUndefined();
    await Promise.all(windows.map((window) => window.delete()));
  });

  it('a family reads its own child’s attendance (not who recorded it); the office reads it on the child’s sheet, with who; the office records for any class', async () => {
    // Ava's class is last term's: its instructors no longer reach it, the office records for it.
    const avaClass = AVAS.classIds[0];
    const day = meetingDates((await db().doc(`classes/${avaClass}`).get()).data() as ClassRecord)[0];
    const first = { ...attendance('demo-ava', 'present'), meeting: day };
    const fix = { ...attendance('demo-ava', 'late', { corrects: first.id }), meeting: day, at: new Date(Date.now() + 1000).toISOString() };
    const sent = await callAs(demo.admin, 'syncFieldEntries', { classId: avaClass, sentAt: new Date().toISOString(), entries: [first, fix] });
    expect(sent.status, JSON.stringify(sent.error)).toBe(200);
    expect(sent.result!.saved).toEqual([first.id, fix.id]);
    const mine = await callAs(demo.family, 'myAttendance');
    expect(mine.status).toBe(200);
    const title = (await db().doc(`classes/${avaClass}`).get()).get('title') as string;
    expect(mine.result!.attendance).toEqual([{ studentId: 'demo-ava', classId: avaClass, classTitle: title, meeting: day, mark: 'late', at: fix.at }]);
    const stranger = await createUser('field.stranger@example.com');
    expect((await callAs(stranger, 'myAttendance')).result!.attendance).toEqual([]);
    const sheet = await callAs(demo.admin, 'adminStudent', { id: 'demo-ava' });
    expect(sheet.result!.attendance).toEqual([{ studentId: 'demo-ava', classId: avaClass, classTitle: title, meeting: day, mark: 'late', at: fix.at, by: DEMO.admin.email, receivedAt: expect.any(String) }]);
  });

  it('an incident report is kept like any entry and emailed once to the child’s family (a verified address only, their own child only) and to the office', async () => {
    const incident = (studentId: string, extra: Partial<IncidentInput> = {}): IncidentInput => ({
      id: entryId(), kind: 'incident', studentId, meeting, at: new Date().toISOString(),
      incident: { time: '16:05', where: 'Creek crossing', what: 'Slipped on a rock and scraped a knee.', firstAid: 'Cleaned, bandaged, ice pack.', told: 'Called the parent at 4:15 pm.' },
      ...extra,
    });
    // The two children's families: one account proved its address, the other never did.
    const familyEmail = 'field.family@example.com';
    const owners = await Promise.all([createUser(familyEmail), createUnverifiedUser('field.unproved@example.com')]);
    await Promise.all(kids.slice(0, 2).map((k, i) => db().doc(`classes/${CLASS}/roster/${k.studentId}`).update({ ownerUid: owners[i].uid })));
    const first = incident(kids[0].studentId);
    const unverified = incident(kids[1].studentId);
    expect((await send(teacher, [first, unverified])).result!.saved).toEqual([first.id, unverified.id]);
    // Sent again (a phone that did not hear the answer): nothing more is kept or emailed.
    expect((await send(teacher, [first])).result!.already).toEqual([first.id]);
    const mail = async (kind: string, id: string) => (await db().doc(`mail/${kind}_${id}`).get()).data() as Mail | undefined;
    const family = (await mail('incident-family', first.id))!;
    expect(family.to).toEqual([familyEmail]);
    const firstName = kids[0].name.split(' ')[0];
    expect(family.message.text).toContain(`what happened to ${firstName} at Fire & Shelter Skills`);
    expect(family.message.text).toContain('Slipped on a rock and scraped a knee.');
    for (const otherChild of kids.slice(1)) expect(family.message.text).not.toContain(otherChild.name.split(' ')[0]);
    expect(family.message.subject).not.toContain(firstName);
    // The office: one email for the sync, with both reports (sent again, nothing more).
    const offices = (await officeMails()).filter((m) => m.message.text.includes('Slipped on a rock'));
    expect(offices).toHaveLength(1);
    const [office] = offices;
    expect(office.to).toContain(DEMO.admin.email);
    expect(office.to).not.toContain('field.finance@example.com');
    expect(office.message.subject).toBe('Field records to look at: Fire & Shelter Skills — Wildwood Outdoor School');
    expect(office.message.text).toContain('Sent by field.teacher@example.com from the field.');
    expect(office.message.text).toContain(`An incident of ${kids[0].name} on ${formatDate(meeting)}, at 4:05 pm.`);
    // An account that never proved its address gets nothing; the office is told to call them.
    expect(await mail('incident-family', unverified.id)).toBeUndefined();
    expect(office.message.text).toContain(`An incident of ${kids[1].name} on ${formatDate(meeting)}, at 4:05 pm.`);
    expect(office.message.text).toContain('The family has no verified email: call them.');
    expect((await db().collection('mail').where('kind', '==', 'incident-family').get()).size).toBe(1);
    // A correction is a new report naming the first, emailed as a correction; it corrects an incident only.
    const fix = incident(kids[0].studentId, { corrects: first.id, incident: { ...first.incident, where: 'Meadow trail' } });
    const wrongKind = incident(kids[0].studentId, { corrects: (await kept()).find((e) => e.studentId === kids[0].studentId)!.id });
    const answer = await send(teacher, [fix, wrongKind]);
    expect(answer.result!.saved).toEqual([fix.id]);
    expect(answer.result!.held.map((r) => r.id)).toEqual([wrongKind.id]);
    expect((await mail('incident-family', fix.id))!.message.subject).toBe('A correction to an incident report from class — Wildwood Outdoor School');
    // The office's email of that sync says it is a correction, and what was held for it.
    const correction = (await officeMails()).find((m) => m.message.text.includes('A correction to the report'))!;
    expect(correction.message.text).toContain(`A correction to the report of an incident of ${kids[0].name} on ${formatDate(meeting)}`);
    expect(correction.message.text).toContain(`${kids[0].name} on ${formatDate(meeting)}: Incident: Slipped on a rock and scraped a knee.`);
    expect((await audits('field-entry')).map((a) => [a.studentName, a.summary])).toContainEqual([kids[0].name, `Incident report: Slipped on a rock and scraped a knee. at Fire & Shelter Skills on ${formatDate(meeting)}`]);
    // The office reads the report as it stands on the child's sheet.
    const sheet = await callAs(demo.admin, 'adminStudent', { id: kids[0].studentId });
    expect(sheet.result!.incidents.map((r) => [r.classTitle, r.incident.where, r.corrected, r.by])).toEqual([['Fire & Shelter Skills', 'Meadow trail', true, 'field.teacher@example.com']]);
  });

  it('pickup codes: made by the child’s family only, shown once, kept as check values the roster carries for this school year and the adults still listed; a pickup is kept and shown on the sheet', async () => {
    const made = await callAs(demo.family, 'issuePickupCodes', { studentId: 'demo-ava' });
    expect(made.status, JSON.stringify(made.error)).toBe(200);
    const ava = (await db().doc('students/demo-ava').get()).data() as Student;
    const adults = adultsWhoMayCollect(ava);
    expect(adults.length).toBeGreaterThan(1);
    const { year, codes } = made.result!;
    expect(year).toBe(schoolYearOf(schoolToday(new Date())));
    expect(codes.map((c) => c.name)).toEqual(adults);
    expect(codes.every((c) => /^\d{6}$/.test(c.code))).toBe(true);
    // Stored: check values only, never a code.
    const stored = (await db().doc('pickupCodes/demo-ava').get()).data()!;
    for (const c of codes) expect(JSON.stringify(stored)).not.toContain(c.code);
    expect(stored.adults.map((a: PickupCheck) => a.name)).toEqual(adults);
    // Another account cannot make codes for a child not its own (answered as for a missing child).
    const stranger = await createUser('pickup.stranger@example.com');
    const refused = await callAs(stranger, 'issuePickupCodes', { studentId: 'demo-ava' });
    expect([refused.status, refused.error?.message]).toEqual([404, 'We could not find this student in your account.']);
    expect((await db().doc('pickupCodes/demo-ava').get()).data()).toEqual(stored);
    const [audit] = (await audits('pickup-codes-issued')).filter((a) => a.studentId === 'demo-ava');
    expect(audit.by.uid).toBe(demo.family.uid);
    expect(audit.summary).not.toMatch(/\d{6}/);

    // Each guardian (the adults with an email) is sent their own code, and only theirs; the email leaves
    // the outbox a day on (a TTL policy on mail.expiresAt), and its subject holds neither code nor child.
    const guardians = ava.guardians.filter((g) => g.email);
    expect(made.result!.emailed).toEqual(guardians.map((g) => g.name));
    const codeMails = (await db().collection('mail').where('kind', '==', 'pickup-code').get()).docs.map((d) => d.data() as { to: string[]; message: { subject: string; text: string; html: string }; expiresAt: Timestamp });
    expect(codeMails.map((m) => m.to).sort()).toEqual(guardians.map((g) => [g.email]).sort());
    for (const g of guardians) {
      const mail = codeMails.find((m) => m.to[0] === g.email)!;
      const own = codes.find((c) => c.name === g.name)!.code;
      // It opens with the school's words: what the family typed (names) comes after.
      expect(mail.message.text.startsWith(`A family at Wildwood Outdoor School made you a pickup code for the ${year} school year: ${own}`)).toBe(true);
      expect(mail.message.text).toContain(`It is for ${g.name}, to collect Ava from a class`);
      for (const other of codes.filter((c) => c.name !== g.name && c.code !== own)) expect(mail.message.text).not.toContain(other.code);
      expect(mail.message.subject).toBe('Your pickup code — Wildwood Outdoor School');
      expect(Math.abs(mail.expiresAt.toMillis() - (Date.now() + 86_400_000))).toBeLessThan(120_000);
    }
    const ttl = (JSON.parse(readFileSync('firestore.indexes.json', 'utf8')) as { fieldOverrides: object[] }).fieldOverrides;
    expect(ttl).toContainEqual({ collectionGroup: 'mail', fieldPath: 'expiresAt', ttl: true, indexes: [] });

    // The family sees who has a code; the roster carries each adult's tag (never the check value), and the phone's check works with it.
    expect((await callAs(demo.family, 'myStudents')).result!.pickupCodes['demo-ava']).toMatchObject({ year, adults });
    const avaClass = AVAS.classIds[0];
    const avaOnRoster = async () => (await callAs(demo.admin, 'taughtRoster', { classId: avaClass })).result!.roster.entries.find((e) => e.student.id === 'demo-ava')!;
    const checks = async () => (await avaOnRoster()).pickups!;
    const onRoster = await checks();
    expect(onRoster.map((a) => a.name)).toEqual(adults);
    expect(onRoster).toEqual(stored.adults.map((a: PickupCheck) => ({ name: a.name, salt: a.salt, tag: tagOf(a.check) })));
    expect(JSON.stringify(onRoster)).not.toContain(stored.adults[0].check.slice(0, 8));
    expect(await codeMatches(codes[0].code, onRoster[0])).toBe(true);
    expect((await avaOnRoster()).codesIssuedAt).toBe(stored.issuedAt);
    // The family's code word travels as a tag too: the phone checks what the adult says, the word is not sent.
    const entry = await avaOnRoster();
    expect(entry.student.pickupCodeWord).toBe('');
    expect(entry.codeWord).toBeDefined();
    expect(await codeWordMatches(ava.pickupCodeWord.toUpperCase(), entry.codeWord!)).toBe(true);
    // New codes replace the old: the server's check values are new (the phone's tag passes the new code).
    const renewed = (await callAs(demo.family, 'issuePickupCodes', { studentId: 'demo-ava' })).result!;
    const after = await checks();
    expect(await codeMatches(renewed.codes[0].code, after[0])).toBe(true);
    const storedNow = (await db().doc('pickupCodes/demo-ava').get()).data()!;
    if (renewed.codes[0].code !== codes[0].code) expect(await pickupCheckValue(codes[0].code, storedNow.adults[0].salt)).not.toBe(storedNow.adults[0].check);

    // An adult the family takes off the list no longer passes; nor does anyone with last year's codes.
    const dropped = ava.authorizedPickups.at(-1)!;
    await db().doc('students/demo-ava').update({ authorizedPickups: ava.authorizedPickups.slice(0, -1) });
    expect((await checks()).map((a) => a.name)).toEqual(adults.filter((a) => a !== dropped.name));
    await db().doc('pickupCodes/demo-ava').update({ year: schoolYearOf(addDaysIso(schoolToday(new Date()), -366)) });
    expect(await checks()).toEqual([]);
    expect((await callAs(demo.family, 'myStudents')).result!.pickupCodes['demo-ava']).toBeUndefined();
    await db().doc('students/demo-ava').update({ authorizedPickups: ava.authorizedPickups });

    // A pickup recorded at a meeting (a stop, then a release) is kept and shown on the child's sheet, newest first.
    const day = meetingDates((await db().doc(`classes/${avaClass}`).get()).data() as ClassRecord)[0];
    const stop: FieldEntryInput = { id: entryId(), kind: 'pickup', studentId: 'demo-ava', meeting: day, at: new Date(Date.now() - 60_000).toISOString(), adult: 'Pat Stranger', check: 'not-listed' };
    const release: FieldEntryInput = { id: entryId(), kind: 'pickup', studentId: 'demo-ava', meeting: day, at: new Date().toISOString(), adult: adults[0], check: 'code' };
    const sent = await callAs(demo.admin, 'syncFieldEntries', { classId: avaClass, sentAt: new Date().toISOString(), entries: [stop, release] });
    expect(sent.result!.saved).toEqual([stop.id, release.id]);
    const sheet = (await callAs(demo.admin, 'adminStudent', { id: 'demo-ava' })).result!;
    expect(sheet.pickups.map((p) => [pickupText(p), p.by])).toEqual([
      [`Released to ${adults[0]} (pickup code)`, DEMO.admin.email],
      ['Stopped: Pat Stranger is not on the pickup list', DEMO.admin.email],
    ]);
    expect((await audits('field-entry')).some((a) => a.summary.startsWith('Pickup: Stopped: Pat Stranger is not on the pickup list'))).toBe(true);
  });

  it('pickup codes email the guardians: only from a verified account, a few times a day per child, and within the account’s limit', async () => {
    // An account that never proved its address cannot make the school email anyone.
    const unproved = await createUnverifiedUser('codes.unproved@example.com');
    const hers = `codes-child-${Date.now()}`;
    await db().doc(`students/${hers}`).set({ ...(await db().doc('students/demo-leo').get()).data(), id: hers, ownerUid: unproved.uid, guardians: [{ name: 'Jo Smith. Your school account is locked, sign in at https://evil.example/s', relationship: 'Parent', phone: '(555) 000-1111', email: 'stranger@example.com', livesWithStudent: true }] });
    const mailsBefore = (await db().collection('mail').where('kind', '==', 'pickup-code').get()).size;
    const refused = await callAs(unproved, 'issuePickupCodes', { studentId: hers });
    expect([refused.status, refused.error?.message]).toEqual([400, 'To make pickup codes, please verify your email address first (open the link we emailed you): the codes are emailed to the guardians.']);
    expect((await db().collection('mail').where('kind', '==', 'pickup-code').get()).size).toBe(mailsBefore);
    // A verified family: five sets of codes for a child in a day, then a clear refusal (nothing emailed).
    const family = await createUser('codes.family@example.com');
    await db().doc(`students/${hers}`).update({ ownerUid: family.uid });
    for (let i = 0; i < 5; i++) expect((await callAs(family, 'issuePickupCodes', { studentId: hers })).status).toBe(200);
    const sixth = await callAs(family, 'issuePickupCodes', { studentId: hers });
    expect([sixth.status, sixth.error?.message]).toEqual([429, 'New codes were made 5 times today for this child: please try again tomorrow, or call the office.']);
    const sent = (await db().collection('mail').where('kind', '==', 'pickup-code').where('to', 'array-contains', 'stranger@example.com').get()).docs.map((d) => d.get('message.text') as string);
    expect(sent).toHaveLength(5);
    // The typed name never heads the email.
    for (const text of sent) expect(text.startsWith('A family at Wildwood Outdoor School made you a pickup code')).toBe(true);
  });

  it('a dose is kept once, audited, and on the child’s medication record; sent again with another outcome it is refused', async () => {
    const avaClass = AVAS.classIds[0];
    const day = meetingDates((await db().doc(`classes/${avaClass}`).get()).data() as ClassRecord)[1];
    const dose: FieldEntryInput = { id: entryId(), kind: 'dose', studentId: 'demo-ava', meeting: day, at: new Date().toISOString(), medication: 'Inhaler', outcome: 'given', initials: 'JM', note: 'Wheezing after the climb' };
    const sendDose = (entries: FieldEntryInput[]) => callAs(demo.admin, 'syncFieldEntries', { classId: avaClass, sentAt: new Date().toISOString(), entries });
    expect((await sendDose([dose])).result).toEqual({ saved: [dose.id], already: [], held: [] });
    expect((await sendDose([dose, { ...dose, outcome: 'refused' } as FieldEntryInput])).result).toEqual({ saved: [], already: [dose.id], held: [{ id: dose.id, reason: HELD.changed }] });
    const sheet = (await callAs(demo.admin, 'adminStudent', { id: 'demo-ava' })).result!;
    expect(sheet.doses.map((d) => [d.medication, d.outcome, d.initials, d.note, d.by])).toEqual([['Inhaler', 'given', 'JM', 'Wheezing after the climb', DEMO.admin.email]]);
    expect((await audits('field-entry')).filter((a) => a.summary.startsWith('Dose: Inhaler given (JM)'))).toHaveLength(1);

    // Recorded by mistake: a correction is a new entry naming the first; the record keeps both, each saying so.
    const fix = { ...dose, id: entryId(), at: new Date(Date.now() + 1000).toISOString(), outcome: 'not-given', note: 'Recorded on the wrong child', corrects: dose.id } as FieldEntryInput;
    expect((await sendDose([fix])).result).toEqual({ saved: [fix.id], already: [], held: [] });
    const record = (await callAs(demo.admin, 'adminStudent', { id: 'demo-ava' })).result!.doses;
    expect(record.map((d) => [d.id, d.outcome, d.corrects ?? null, d.correctedAt ?? null])).toEqual([
      [fix.id, 'not-given', dose.at, null],
      [dose.id, 'given', null, fix.at],
    ]);
  });

  it('the office’s day in the field: every class meeting that day with its records and the children whose doses may be due (audited); not for instructors or finance', async () => {
    const avaClass = AVAS.classIds[0];
    const klass = (await db().doc(`classes/${avaClass}`).get()).data() as ClassRecord;
    const day = meetingDates(klass)[1];
    const ava = (await db().doc('students/demo-ava').get()).data() as Student;
    await db().doc('students/demo-ava').update({ 'health.medications': [{ name: 'Ritalin', dose: '5 mg', schedule: klass.startTime }], 'health.medicationAuthorized': true });
    const answer = await callAs(demo.admin, 'adminFieldDay', { day });
    expect(answer.status, JSON.stringify(answer.error)).toBe(200);
    const mine = answer.result!.classes.find((c) => c.id === avaClass)!;
    expect(mine).toMatchObject({ title: klass.title, startTime: klass.startTime, medicated: [{ id: 'demo-ava', name: `${ava.firstName} ${ava.lastName}`, health: { medications: [{ name: 'Ritalin' }] } }] });
    // Every class it lists meets that day (or has records for it), and every class meeting that day is listed.
    const all = (await db().collection('classes').get()).docs.map((d) => d.data() as ClassRecord);
    const meetingThatDay = all.filter((c) => c.status !== 'draft' && meetingDates(c).includes(day)).map((c) => c.id).sort();
    expect(answer.result!.classes.map((c) => c.id).sort()).toEqual(meetingThatDay);
    // The dose recorded that day and its correction are among its records, oldest first, with the child's name.
    expect(answer.result!.entries.filter((e) => e.classId === avaClass && e.kind === 'dose').map((e) => [e.studentId, e.corrects ? 'correction' : 'dose'])).toEqual([
      ['demo-ava', 'dose'],
      ['demo-ava', 'correction'],
    ]);
    expect(answer.result!.entries.every((e) => e.meeting === day)).toBe(true);
    expect(answer.result!.names['demo-ava']).toBe(`${ava.firstName} ${ava.lastName}`);
    expect((await audits('field-log-viewed')).some((a) => a.record.id === avaClass && a.summary.endsWith('(the day’s view)'))).toBe(true);
    // A day no class meets: nothing.
    expect((await callAs(demo.admin, 'adminFieldDay', { day: '2001-01-01' })).result!.classes).toEqual([]);
    expect((await callAs(teacher, 'adminFieldDay', { day })).status).toBe(403);
    expect((await callAs(finance, 'adminFieldDay', { day })).status).toBe(403);
    await db().doc('students/demo-ava').update({ health: ava.health });
  });

  it('a child withdrawn after the meeting keeps the meeting’s records, flagged; what cannot go on the record (a child not there that day, a day the class does not meet, a meeting still to come, an instructor taken off the class) is held for the office, emailed and on the day’s view — never dropped', async () => {
    const withdrawn = kids[2];
    const cancel = await callAs(demo.admin, 'adminCancelEnrollment', { enrollmentId: withdrawn.enrollmentId, classIds: [CLASS], refund: 0, note: 'Moved away' });
    expect(cancel.status, JSON.stringify(cancel.error)).toBe(200);
    const sting = (studentId: string, extra: Partial<IncidentInput> = {}): IncidentInput => ({
      id: entryId(), kind: 'incident', studentId, meeting, at: new Date().toISOString(),
      incident: { time: '16:20', where: 'Meadow', what: 'Bee sting on the arm.', firstAid: 'Ice, watched 30 minutes.', told: 'Parent at pickup.' }, ...extra,
    });
    // Recorded offline at the meeting, sent after the office withdrew the child: kept, flagged.
    const wasThere = sting(withdrawn.studentId);
    const stranger = sting('demo-leo');
    const future = meetingDates((await db().doc(`classes/${CLASS}`).get()).data() as ClassRecord).find((d) => d > schoolToday())!;
    const toCome = attendance(kids[0].studentId, 'present', { meeting: future });
    const notADay = attendance(kids[0].studentId, 'absent', { meeting: '2026-01-03' });
    const answer = await send(teacher, [wasThere, stranger, toCome, notADay]);
    expect(answer.result).toEqual({
      saved: [wasThere.id],
      already: [],
      held: [
        { id: stranger.id, reason: 'This child was not on the class’s roster that day. It was handed to the office to review.' },
        { id: toCome.id, reason: 'That meeting is still to come. It was handed to the office to review.' },
        { id: notADay.id, reason: 'The class does not meet on that day. It was handed to the office to review.' },
      ],
    });
    expect((await db().doc(`fieldEntries/${wasThere.id}`).get()).get('flags')).toEqual(['off-roster']);
    const sheet = (await callAs(demo.admin, 'adminStudent', { id: withdrawn.studentId })).result!;
    expect(sheet.incidents.map((r) => [r.incident.what, r.flags])).toEqual([['Bee sting on the arm.', ['off-roster']]]);
    // The held incident of a child the school knows is named, to the office, in the sync's one email.
    expect(await heldDoc(stranger.id)).toMatchObject({ studentName: 'Leo Rivera', classTitle: 'Fire & Shelter Skills', kind: 'incident' });
    const office = (await officeMails()).find((m) => m.message.text.includes('Leo Rivera'))!;
    expect(office.message.text).toContain(`Leo Rivera on ${formatDate(meeting)}: Incident: Bee sting on the arm. (at 16:20, Meadow; first aid: Ice, watched 30 minutes.; told: Parent at pickup.). This child was not on the class’s roster that day.`);
    expect(office.message.text).toContain(`An incident of ${withdrawn.name} on ${formatDate(meeting)}, at 4:20 pm.`);
    // The office's day view lists what was held for the day.
    const day = (await callAs(demo.admin, 'adminFieldDay', { day: meeting })).result!;
    expect(day.held.map((h) => h.id)).toContain(stranger.id);
    expect(day.held.every((h) => h.meeting === meeting)).toBe(true);
    expect((await callAs(demo.admin, 'adminFieldDay', { day: future })).result!.held.map((h) => h.id)).toEqual([toCome.id]);

    // Taken off the class with records waiting: they are handed to the office, not refused.
    await db().doc(`classes/${CLASS}`).update({ instructorUids: [] });
    const late = attendance(kids[0].studentId, 'late');
    const removed = await send(teacher, [late]);
    expect(removed.status).toBe(200);
    expect(removed.result!.held).toEqual([{ id: late.id, reason: HELD.notTaught }]);
    expect((await callAs(teacher, 'classFieldLog', { classId: CLASS })).status).toBe(403);
    await db().doc(`classes/${CLASS}`).update({ instructorUids: [teacher.uid] });
  });

  it('times: an entry stamped before its meeting’s day or after its sending is flagged; the standing mark follows corrections and arrival, never the phone’s clock; a correction stays in its meeting', async () => {
    const child = kids[0].studentId;
    const dose: FieldEntryInput = { id: entryId(), kind: 'dose', studentId: child, meeting: meetings[1], at: '2020-01-01T17:00:00.000Z', medication: 'Inhaler', outcome: 'given', initials: 'JM', note: '' };
    const fromTheFuture = attendance(child, 'absent', { meeting: meetings[1], at: '2099-12-31T23:00:00.000Z' });
    expect((await send(teacher, [dose, fromTheFuture])).result!.saved).toEqual([dose.id, fromTheFuture.id]);
    expect((await db().doc(`fieldEntries/${dose.id}`).get()).get('flags')).toEqual(['outside-meeting-day']);
    expect((await db().doc(`fieldEntries/${fromTheFuture.id}`).get()).get('flags')).toEqual(['after-sending']);
    // A later honest mark from another phone wins over the one stamped 2099.
    const honest = attendance(child, 'present', { meeting: meetings[1] });
    expect((await send(teacher, [honest])).result!.saved).toEqual([honest.id]);
    const mark = async () => (await callAs(demo.admin, 'adminStudent', { id: child })).result!.attendance.find((a) => a.classId === CLASS && a.meeting === meetings[1])!;
    expect(await mark()).toMatchObject({ mark: 'present', at: honest.at });
    // A correction names the entry it corrects in the same meeting: one naming another meeting's mark is held, and that mark stands.
    const wrongMeeting = attendance(child, 'late', { meeting: meetings[2], corrects: honest.id });
    expect((await send(teacher, [wrongMeeting])).result!.held).toEqual([{ id: wrongMeeting.id, reason: HELD.correctsNothing }]);
    expect((await mark()).mark).toBe('present');
    // A correction in its meeting wins, whatever its phone's clock says.
    const fix = attendance(child, 'left_early', { meeting: meetings[1], corrects: honest.id, at: '2020-01-01T17:00:00.000Z' });
    expect((await send(teacher, [fix])).result!.saved).toEqual([fix.id]);
    expect(await mark()).toMatchObject({ mark: 'left_early', flags: ['outside-meeting-day'], receivedAt: expect.any(String) });
  });

  it('a release on a pickup code the family has since replaced is flagged, and the office and the family are told at once; the third failed check of a child at a meeting alerts them once', async () => {
    const child = kids[0];
    const parent = await createUser('field.parent@example.com');
    await Promise.all([db().doc(`students/${child.studentId}`).update({ ownerUid: parent.uid }), db().doc(`classes/${CLASS}/roster/${child.studentId}`).update({ ownerUid: parent.uid })]);
    const student = (await db().doc(`students/${child.studentId}`).get()).data() as Student;
    const adult = adultsWhoMayCollect(student)[0];
    // The phone took the class offline with the codes of the day: their time is on the roster.
    const first = await callAs(parent, 'issuePickupCodes', { studentId: child.studentId });
    expect(first.status, JSON.stringify(first.error)).toBe(200);
    const copy = await callAs(teacher, 'taughtRoster', { classId: CLASS, offline: true });
    expect(copy.result!.offlineUntil).toBe(meetingDates((await db().doc(`classes/${CLASS}`).get()).data() as ClassRecord).find((d) => d >= schoolToday()));
    const issuedAt = copy.result!.roster.entries.find((e) => e.student.id === child.studentId)!.codesIssuedAt!;
    // The family makes new codes: their page says until when an offline phone may still take the old one.
    await new Promise((r) => setTimeout(r, 5));
    expect((await callAs(parent, 'issuePickupCodes', { studentId: child.studentId })).status).toBe(200);
    expect((await callAs(parent, 'myStudents')).result!.pickupCodes[child.studentId].oldCodesUntil).toBe(copy.result!.offlineUntil);
    // Without signal, the phone releases the child on the old code: kept (it happened), flagged, told.
    const release: FieldEntryInput = { id: entryId(), kind: 'pickup', studentId: child.studentId, meeting: meetings.at(-1)!, at: new Date().toISOString(), adult, check: 'code', codesIssuedAt: issuedAt };
    expect((await send(teacher, [release])).result!.saved).toEqual([release.id]);
    expect((await db().doc(`fieldEntries/${release.id}`).get()).get('flags')).toEqual(['old-code']);
    const familyAlert = (await db().doc(`mail/pickup-alert-family_${release.id}`).get()).data() as Mail;
    expect(familyAlert.to).toEqual(['field.parent@example.com']);
    expect(familyAlert.message.subject).toBe('Your child was released on an old pickup code — Wildwood Outdoor School');
    expect(familyAlert.message.text).toContain(`${student.firstName} was released at Fire & Shelter Skills on ${formatDate(release.meeting)} on a pickup code you have since replaced`);
    expect((await officeMails()).some((m) => m.message.text.includes(`${child.name} on ${formatDate(release.meeting)}: Released to ${adult} (pickup code), on a code the family has since replaced`))).toBe(true);
    // The phone refreshed its copy since: the family's page no longer warns.
    expect((await callAs(teacher, 'taughtRoster', { classId: CLASS, offline: true })).status).toBe(200);
    expect((await callAs(parent, 'myStudents')).result!.pickupCodes[child.studentId].oldCodesUntil).toBeUndefined();

    // Three failed checks at one meeting: the third is flagged and alerts the family and the office once; a fourth adds no alert.
    const wrong = (): FieldEntryInput => ({ id: entryId(), kind: 'pickup', studentId: child.studentId, meeting: meetings[0], at: new Date().toISOString(), adult: 'Pat Stranger', check: 'wrong-code-word' });
    const tries = [wrong(), wrong(), wrong(), wrong()];
    expect((await send(teacher, tries.slice(0, 2))).result!.saved).toHaveLength(2);
    expect((await send(teacher, tries.slice(2))).result!.saved).toHaveLength(2);
    expect((await db().doc(`fieldEntries/${tries[2].id}`).get()).get('flags')).toEqual(['repeated-failures']);
    const failures = (await db().collection('mail').where('kind', '==', 'pickup-alert-family').get()).docs.filter((d) => d.id.includes(meetings[0]));
    expect(failures.map((d) => d.id)).toEqual([`pickup-alert-family_${CLASS}_${child.studentId}_${meetings[0]}`]);
    expect((failures[0].data() as Mail).message.subject).toBe('Failed pickup checks at class — Wildwood Outdoor School');
    const day = (await callAs(demo.admin, 'adminFieldDay', { day: meetings[0] })).result!;
    expect(day.entries.filter((e) => e.flags?.includes('repeated-failures')).map((e) => e.id)).toEqual([tries[2].id, tries[3].id]);
    const more = wrong();
    await send(teacher, [more]);
    expect((await db().collection('mail').where('kind', '==', 'pickup-alert-family').get()).docs.filter((d) => d.id.includes(meetings[0]))).toHaveLength(1);
  });
});
