// The field records on the server, with real ID tokens: an instructor's phone sends what was recorded
// at a meeting; each entry is kept once and never changed; only the class's instructors (and the
// office) send or read them; a child the office withdrew, a removed instructor and a phone's clock far
// off are handled as the office would expect; every entry and every reading is audited.
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Timestamp } from 'firebase-admin/firestore';
import type { AuditEntry, ClassRecord, Student } from '../../contract/domain';
import { adultsWhoMayCollect, attendanceOf, codeMatches, pickupText, schoolYearOf, type AttendanceEntry, type PickupCheck, type AttendanceInput, type AttendanceMark, type FieldEntryInput, type IncidentInput } from '../../contract/field';
import { formatDate } from '../../contract/format';
import { addDaysIso, meetingDates, schoolToday } from '../../contract/schedule';
import { adminDb } from '../../scripts/demo/adminApp';
import { createUnverifiedUser, createUser, type TestUser } from '../support/emulators';
import { callAs, DEMO, useSeededDemo } from '../support/fixtures';
import { AVAS } from '../support/samples';

const db = () => adminDb();
const CLASS = 'fire-and-shelter';
const kept = async () => attendanceOf((await db().collection('fieldEntries').where('classId', '==', CLASS).get()).docs.map((d) => d.data() as AttendanceEntry));
const audits = async (kind: AuditEntry['kind']) => (await db().collection('audit').where('kind', '==', kind).get()).docs.map((d) => d.data() as AuditEntry);
let n = 0;
const entryId = () => `field-test-${String(++n).padStart(8, '0')}`;

describe('field records', () => {
  const demo = useSeededDemo();
  let teacher: TestUser;
  let other: TestUser;
  let finance: TestUser;
  let kids: { studentId: string; name: string; enrollmentId: string }[];
  let meeting: string;
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
    meeting = meetingDates((await db().doc(`classes/${CLASS}`).get()).data() as ClassRecord)[0];
  });

  it('keeps each entry once, with who sent it, and audits it by the child’s name', async () => {
    const entries = [attendance(kids[0].studentId, 'present'), attendance(kids[1].studentId, 'late')];
    const first = await send(teacher, entries);
    expect(first.status, JSON.stringify(first.error)).toBe(200);
    expect(first.result).toEqual({ saved: entries.map((e) => e.id), already: [], refused: [] });
    const stored = await kept();
    expect(stored.map((e) => [e.studentId, e.mark, e.by.email])).toEqual([[kids[0].studentId, 'present', 'field.teacher@example.com'], [kids[1].studentId, 'late', 'field.teacher@example.com']]);
    expect(stored.every((e) => e.clockOffMinutes === undefined)).toBe(true);
    const audited = (await audits('field-entry')).filter((a) => entries.some((e) => e.studentId === a.studentId));
    expect(audited.map((a) => a.studentName).sort()).toEqual([kids[0].name, kids[1].name].sort());
    expect(audited[0].summary).toMatch(/^Attendance: (Present|Late) at Fire & Shelter Skills on \w{3} \d{1,2}$/);

    // Sent again (the signal came back twice): nothing doubles, nothing is audited twice.
    const again = await send(teacher, entries);
    expect(again.result).toEqual({ saved: [], already: entries.map((e) => e.id), refused: [] });
    expect(await kept()).toHaveLength(2);
    expect((await audits('field-entry')).filter((a) => entries.some((e) => e.studentId === a.studentId))).toHaveLength(2);
  });

  it('never changes an entry: the same id with another mark is refused, and a correction is a new entry naming it', async () => {
    const [original] = await kept();
    const changed = await send(teacher, [{ id: original.id, kind: 'attendance', studentId: original.studentId, meeting: original.meeting, at: original.at, mark: 'absent' }]);
    expect(changed.result!.refused).toEqual([{ id: original.id, reason: 'This entry was kept before with other details; an entry is never changed: record a correction instead.' }]);
    expect((await db().doc(`fieldEntries/${original.id}`).get()).get('mark')).toBe(original.mark);
    const correction = attendance(original.studentId, 'absent', { corrects: original.id });
    expect((await send(teacher, [correction])).result!.saved).toEqual([correction.id]);
    const log = await callAs(teacher, 'classFieldLog', { classId: CLASS });
    expect(log.status).toBe(200);
    expect(attendanceOf(log.result!.entries).map((e) => [e.mark, e.corrects ?? null])).toEqual([['present', null], ['late', null], ['absent', original.id]]);
    expect((await audits('field-log-viewed')).map((a) => a.summary)).toContain('Opened the field records of Fire & Shelter Skills (3 entries)');
  });

  it('flags the entries of a phone whose clock is more than 10 minutes off', async () => {
    const late = attendance(kids[2].studentId, 'left_early');
    const sentAt = new Date(Date.now() - 30 * 60_000).toISOString();
    expect((await send(teacher, [late], sentAt)).result!.saved).toEqual([late.id]);
    expect((await db().doc(`fieldEntries/${late.id}`).get()).get('clockOffMinutes')).toBe(30);
    expect((await audits('field-entry')).find((a) => a.studentId === kids[2].studentId)!.summary).toMatch(/the phone’s clock was 30 minutes off\)$/);
  });

  it('only the class’s instructors and the office send or read them; never finance', async () => {
    const entry = attendance(kids[0].studentId, 'present');
    const notMine = await send(other, [entry]);
    expect([notMine.status, notMine.error?.message]).toEqual([403, 'This class is not one of yours: ask the office to assign you to it.']);
    expect((await callAs(other, 'classFieldLog', { classId: CLASS })).status).toBe(403);
    expect((await send(finance, [entry])).status).toBe(403);
    expect((await callAs(finance, 'classFieldLog', { classId: CLASS })).status).toBe(403);
    expect((await callAs(demo.family, 'classFieldLog', { classId: CLASS })).status).toBe(403);
    expect(await db().doc(`fieldEntries/${entry.id}`).get().then((d) => d.exists)).toBe(false);
    expect((await callAs(demo.admin, 'classFieldLog', { classId: CLASS })).result!.entries).toHaveLength(4);
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
    expect(sheet.result!.attendance).toEqual([{ studentId: 'demo-ava', classId: avaClass, classTitle: title, meeting: day, mark: 'late', at: fix.at, by: DEMO.admin.email }]);
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
    const mail = async (kind: string, id: string) => (await db().doc(`mail/${kind}_${id}`).get()).data() as { to: string[]; message: { subject: string; text: string } } | undefined;
    const family = (await mail('incident-family', first.id))!;
    expect(family.to).toEqual([familyEmail]);
    const firstName = kids[0].name.split(' ')[0];
    expect(family.message.text).toContain(`what happened to ${firstName} at Fire & Shelter Skills`);
    expect(family.message.text).toContain('Slipped on a rock and scraped a knee.');
    for (const otherChild of kids.slice(1)) expect(family.message.text).not.toContain(otherChild.name.split(' ')[0]);
    expect(family.message.subject).not.toContain(firstName);
    const office = (await mail('incident-office', first.id))!;
    expect(office.to).toContain(DEMO.admin.email);
    expect(office.to).not.toContain('field.finance@example.com');
    expect(office.message.text).toContain(`field.teacher@example.com reported an incident of ${kids[0].name}`);
    // An account that never proved its address gets nothing; the office still does.
    expect(await mail('incident-family', unverified.id)).toBeUndefined();
    expect((await mail('incident-office', unverified.id))?.to).toContain(DEMO.admin.email);
    expect((await db().collection('mail').where('kind', '==', 'incident-family').get()).size).toBe(1);
    // A correction is a new report naming the first, emailed as a correction; it corrects an incident only.
    const fix = incident(kids[0].studentId, { corrects: first.id, incident: { ...first.incident, where: 'Meadow trail' } });
    const wrongKind = incident(kids[0].studentId, { corrects: (await kept()).find((e) => e.studentId === kids[0].studentId)!.id });
    const answer = await send(teacher, [fix, wrongKind]);
    expect(answer.result!.saved).toEqual([fix.id]);
    expect(answer.result!.refused.map((r) => r.id)).toEqual([wrongKind.id]);
    expect((await mail('incident-family', fix.id))!.message.subject).toBe('A correction to an incident report from class — Wildwood Outdoor School');
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
    // the outbox a week on (a TTL policy on mail.expiresAt), and its subject holds neither code nor child.
    const guardians = ava.guardians.filter((g) => g.email);
    expect(made.result!.emailed).toEqual(guardians.map((g) => g.name));
    const codeMails = (await db().collection('mail').where('kind', '==', 'pickup-code').get()).docs.map((d) => d.data() as { to: string[]; message: { subject: string; text: string; html: string }; expiresAt: Timestamp });
    expect(codeMails.map((m) => m.to).sort()).toEqual(guardians.map((g) => [g.email]).sort());
    for (const g of guardians) {
      const mail = codeMails.find((m) => m.to[0] === g.email)!;
      const own = codes.find((c) => c.name === g.name)!.code;
      expect(mail.message.text).toContain(`Hello ${g.name}. Ava's family made you a pickup code for the ${year} school year: ${own}`);
      for (const other of codes.filter((c) => c.name !== g.name && c.code !== own)) expect(mail.message.text).not.toContain(other.code);
      expect(mail.message.subject).toBe('Your pickup code — Wildwood Outdoor School');
      expect(Math.abs(mail.expiresAt.toMillis() - (Date.now() + 7 * 86_400_000))).toBeLessThan(120_000);
    }
    const ttl = (JSON.parse(readFileSync('firestore.indexes.json', 'utf8')) as { fieldOverrides: object[] }).fieldOverrides;
    expect(ttl).toContainEqual({ collectionGroup: 'mail', fieldPath: 'expiresAt', ttl: true, indexes: [] });

    // The family sees who has a code; the roster carries each adult's check value, and the phone's check works with it.
    expect((await callAs(demo.family, 'myStudents')).result!.pickupCodes['demo-ava']).toMatchObject({ year, adults });
    const avaClass = AVAS.classIds[0];
    const checks = async () => (await callAs(demo.admin, 'taughtRoster', { classId: avaClass })).result!.roster.entries.find((e) => e.student.id === 'demo-ava')!.pickups!;
    const onRoster = await checks();
    expect(onRoster.map((a) => a.name)).toEqual(adults);
    expect(await codeMatches(codes[0].code, onRoster[0])).toBe(true);
    expect(await codeMatches(codes[1].code, onRoster[0])).toBe(codes[1].code === codes[0].code);
    // New codes replace the old: the old code no longer passes.
    const renewed = (await callAs(demo.family, 'issuePickupCodes', { studentId: 'demo-ava' })).result!;
    const after = await checks();
    expect(await codeMatches(renewed.codes[0].code, after[0])).toBe(true);
    if (renewed.codes[0].code !== codes[0].code) expect(await codeMatches(codes[0].code, after[0])).toBe(false);

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

  it('a dose is kept once, audited, and on the child’s medication record; sent again with another outcome it is refused', async () => {
    const avaClass = AVAS.classIds[0];
    const day = meetingDates((await db().doc(`classes/${avaClass}`).get()).data() as ClassRecord)[1];
    const dose: FieldEntryInput = { id: entryId(), kind: 'dose', studentId: 'demo-ava', meeting: day, at: new Date().toISOString(), medication: 'Inhaler', outcome: 'given', initials: 'JM', note: 'Wheezing after the climb' };
    const sendDose = (entries: FieldEntryInput[]) => callAs(demo.admin, 'syncFieldEntries', { classId: avaClass, sentAt: new Date().toISOString(), entries });
    expect((await sendDose([dose])).result).toEqual({ saved: [dose.id], already: [], refused: [] });
    expect((await sendDose([dose, { ...dose, outcome: 'refused' } as FieldEntryInput])).result).toEqual({ saved: [], already: [dose.id], refused: [{ id: dose.id, reason: 'This entry was kept before with other details; an entry is never changed: record a correction instead.' }] });
    const sheet = (await callAs(demo.admin, 'adminStudent', { id: 'demo-ava' })).result!;
    expect(sheet.doses.map((d) => [d.medication, d.outcome, d.initials, d.note, d.by])).toEqual([['Inhaler', 'given', 'JM', 'Wheezing after the climb', DEMO.admin.email]]);
    expect((await audits('field-entry')).filter((a) => a.summary.startsWith('Dose: Inhaler given (JM)'))).toHaveLength(1);

    // Recorded by mistake: a correction is a new entry naming the first; the record keeps both, each saying so.
    const fix = { ...dose, id: entryId(), at: new Date(Date.now() + 1000).toISOString(), outcome: 'not-given', note: 'Recorded on the wrong child', corrects: dose.id } as FieldEntryInput;
    expect((await sendDose([fix])).result).toEqual({ saved: [fix.id], already: [], refused: [] });
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

  it('the office wins: a child withdrawn is refused with the reason, and an instructor taken off the class can send nothing more', async () => {
    const withdrawn = kids[2];
    const cancel = await callAs(demo.admin, 'adminCancelEnrollment', { enrollmentId: withdrawn.enrollmentId, classIds: [CLASS], refund: 0, note: 'Moved away' });
    expect(cancel.status, JSON.stringify(cancel.error)).toBe(200);
    const entries = [attendance(withdrawn.studentId, 'present'), attendance(kids[0].studentId, 'present', { meeting: meetingDates((await db().doc(`classes/${CLASS}`).get()).data() as ClassRecord)[1] })];
    const answer = await send(teacher, entries);
    expect(answer.result).toEqual({
      saved: [entries[1].id],
      already: [],
      refused: [{ id: entries[0].id, reason: 'This child is no longer on the class’s roster (the office changed it): the entry was not kept. Tell the office.' }],
    });
    const off = attendance(kids[0].studentId, 'absent', { meeting: 'not-a-day'.replace(/.*/, '2026-01-03') });
    expect((await send(teacher, [off])).result!.refused[0].reason).toBe('The class does not meet on that day: the entry was not kept.');

    await db().doc(`classes/${CLASS}`).update({ instructorUids: [] });
    const removed = await send(teacher, [attendance(kids[0].studentId, 'late')]);
    expect([removed.status, removed.error?.message]).toEqual([403, 'This class is not one of yours: ask the office to assign you to it.']);
    expect(await kept()).toHaveLength(5);
  });
});
