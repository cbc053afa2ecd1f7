// The field kit's use-cases: load the facts, plan (domain/field.ts), write. An instructor's sync keeps
// each entry once, audited; an incident report is emailed to the child's family and to the office in
// the same transaction (once: the email is named by the entry). The class's records are read by its
// instructors and the office.
import { formatDate } from '../../../contract/format';
import { ATTENDANCE_LABELS, DOSE_OUTCOME_LABELS, pickupText, type FieldDay, type AttendanceLine, type FieldEntry, type FieldSync, type FieldSyncResult } from '../../../contract/field';
import { meetingDates } from '../../../contract/schedule';
import { ACCESS, allows, type StaffRole } from '../../../contract/roles';
import type { ClassRecord } from '../../../contract/domain';
import { auditInTx, auditReads, type Actor } from '../data/audit';
import { db, getByIds, present, recordRef, records, uniq } from '../data/db';
import { accountEmails } from '../data/familyMail';
import { listStaff } from '../data/staff';
import { incidentFamilyMail, incidentOfficeMail } from '../mail/field';
import { queueMail } from '../mail/outbox';
import { portalOrigin } from '../payments/stripe';
import { fieldEntryRef, loadClassFieldLog, loadDayFieldEntries, loadStudentsFieldEntries } from '../data/field';
import { classTitles, loadRosters } from '../data/office';
import { loadOwnStudents } from '../data/students';
import { rosterRef } from '../data/seats';
import type { RosterRecord } from '../domain/seats';
import { taughtClassOf } from '../data/teaching';
import { attendanceLines, planFieldSync } from '../domain/field';

type Staff = Actor & { roles: StaffRole[] };

/** Who is told of the incidents a sync reports: each child's family (the account's email) and the office. */
async function incidentAudience(classId: string, sync: FieldSync) {
  const children = uniq(sync.entries.filter((e) => e.kind === 'incident').map((e) => e.studentId));
  if (!children.length) return { families: new Map<string, { email?: string; firstName: string }>(), office: [] as string[] };
  const [roster, students, staff] = await Promise.all([
    db().getAll(...children.map((s) => rosterRef(classId, s))).then((snaps) => present(snaps) as RosterRecord[]),
    db().getAll(...children.map((s) => recordRef('students', s))).then(present),
    listStaff(),
  ]);
  // A child's health never goes to an address its account never proved its own.
  const accounts = await accountEmails(roster.map((r) => r.ownerUid), { verifiedOnly: true });
  const firstNames = new Map(students.map((st) => [st.id, st.firstName]));
  return {
    families: new Map(roster.map((r) => [r.studentId, { email: accounts.get(r.ownerUid), firstName: firstNames.get(r.studentId) ?? r.studentName }])),
    office: staff.filter((m) => allows(m.roles, ACCESS.care)).map((m) => m.email),
  };
}

/** The audit line of a kept entry. */
function entrySummary(entry: FieldEntry, klass: ClassRecord): string {
  const named = (kind: string) => (entry.corrects ? `Corrected ${kind.toLowerCase()}` : kind);
  const what =
    entry.kind === 'attendance'
      ? `${named('Attendance')}: ${ATTENDANCE_LABELS[entry.mark]}`
      : entry.kind === 'incident'
        ? `${named('Incident report')}: ${entry.incident.what.slice(0, 120)}`
        : entry.kind === 'pickup'
          ? `${named('Pickup')}: ${pickupText(entry)}`
          : `${named('Dose')}: ${entry.medication} ${DOSE_OUTCOME_LABELS[entry.outcome].toLowerCase()} (${entry.initials})`;
  const clock = entry.clockOffMinutes !== undefined ? ` (the phone’s clock was ${Math.abs(entry.clockOffMinutes)} minutes off)` : '';
  return `${what} at ${klass.title} on ${formatDate(entry.meeting)}${clock}`;
}

export async function syncFieldEntries(actor: Staff, sync: FieldSync, now = new Date()): Promise<FieldSyncResult> {
  const klass = await taughtClassOf(actor, sync.classId);
  const meetings = new Set(meetingDates(klass));
  const named = uniq(sync.entries.flatMap((e) => (e.corrects ? [e.id, e.corrects] : [e.id])));
  const children = uniq(sync.entries.map((e) => e.studentId));
  const audience = await incidentAudience(sync.classId, sync);
  const portal = portalOrigin(null);
  return db().runTransaction(async (tx) => {
    const [kept, roster] = await Promise.all([
      tx.getAll(...named.map(fieldEntryRef)).then((snaps) => present(snaps) as FieldEntry[]),
      tx.getAll(...children.map((s) => rosterRef(sync.classId, s))).then((snaps) => present(snaps) as RosterRecord[]),
    ]);
    const { create, result } = planFieldSync(sync, {
      now,
      by: { uid: actor.uid, email: actor.email },
      rosterIds: new Set(roster.map((r) => r.studentId)),
      meetings,
      kept: new Map(kept.map((e) => [e.id, e])),
    });
    const names = new Map(roster.map((r) => [r.studentId, r.studentName]));
    for (const entry of create) {
      tx.create(fieldEntryRef(entry.id), entry);
      auditInTx(
        tx,
        actor,
        {
          kind: 'field-entry',
          record: { type: 'class', id: sync.classId },
          studentId: entry.studentId,
          studentName: names.get(entry.studentId) ?? null,
          summary: entrySummary(entry, klass),
        },
        now,
      );
      if (entry.kind !== 'incident') continue;
      const family = audience.families.get(entry.studentId);
      const report = {
        firstName: family?.firstName ?? 'Your child',
        childName: names.get(entry.studentId) ?? 'A child',
        classId: sync.classId,
        classTitle: klass.title,
        meeting: entry.meeting,
        incident: entry.incident,
        by: actor.email ?? 'An instructor',
        correction: !!entry.corrects,
      };
      queueMail(tx, { kind: 'incident-family', to: family?.email ? [family.email] : [], message: incidentFamilyMail(report, portal) }, entry.id);
      queueMail(tx, { kind: 'incident-office', to: audience.office, message: incidentOfficeMail(report, portal) }, entry.id);
    }
    return result;
  });
}

/** A class's field records for its instructors and the office; each opening is audited. */
export async function classFieldLog(actor: Staff, classId: string): Promise<FieldEntry[]> {
  const klass = await taughtClassOf(actor, classId);
  const entries = await loadClassFieldLog(classId);
  await auditReads(actor, [{ kind: 'field-log-viewed', record: { type: 'class', id: classId }, summary: `Opened the field records of ${klass.title} (${entries.length} entries)` }]);
  return entries;
}

/** The family's own children's attendance (not who recorded it). */
export async function familyAttendance(uid: string): Promise<AttendanceLine[]> {
  const children = await loadOwnStudents(uid);
  if (!children.length) return [];
  const entries = await loadStudentsFieldEntries(children.map((c) => c.id));
  return attendanceLines(entries, await classTitles(uniq(entries.map((e) => e.classId))), false);
}

/**
 * The office's day in the field: the classes meeting that day (not drafts) and any class with records
 * for it, their records, and their children with medications (a dose may be due and missed where
 * nothing was recorded at all). Audited as a reading of each class's records.
 */
export async function fieldDay(actor: Staff, day: string): Promise<FieldDay> {
  // Classes not yet over that day: the school's coming terms, not every class it ever ran.
  const [running, entries] = await Promise.all([records('classes').where('endDate', '>=', day).get(), loadDayFieldEntries(day)]);
  const meeting = running.docs.map((d) => d.data()).filter((c) => c.status !== 'draft' && c.startDate <= day && meetingDates(c).includes(day));
  const { rosters } = await loadRosters(uniq([...meeting.map((c) => c.id), ...entries.map((e) => e.classId)]));
  rosters.sort((a, b) => a.class.startTime.localeCompare(b.class.startTime) || a.class.title.localeCompare(b.class.title));
  const name = (s: { firstName: string; lastName: string }) => `${s.firstName} ${s.lastName}`;
  const students = rosters.flatMap((r) => r.entries.map((e) => e.student));
  const named = new Map(students.map((s) => [s.id, name(s)]));
  // A child withdrawn since keeps their name on the records of the day.
  const missing = uniq(entries.map((e) => e.studentId).filter((id) => !named.has(id)));
  if (missing.length) for (const s of (await getByIds('students', missing)).found) named.set(s.id, name(s));
  await auditReads(
    actor,
    rosters.map((r) => ({ kind: 'field-log-viewed' as const, record: { type: 'class' as const, id: r.class.id }, summary: `Opened the field records of ${r.class.title} for ${formatDate(day)} (the day’s view)` })),
  );
  return {
    day,
    classes: rosters.map((r) => ({
      id: r.class.id,
      title: r.class.title,
      startTime: r.class.startTime,
      endTime: r.class.endTime,
      enrolled: r.entries.length,
      medicated: r.entries.filter((e) => e.student.health.medications.length).map((e) => ({ id: e.student.id, name: name(e.student), health: { medications: e.student.health.medications } })),
    })),
    entries,
    names: Object.fromEntries(named),
  };
}
