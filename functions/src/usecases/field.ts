// The field kit's use-cases: load the facts, plan (domain/field.ts), write. An instructor's sync keeps
// each entry once, audited; the class's records are read by its instructors and the office.
import { formatDate } from '../../../contract/format';
import { ATTENDANCE_LABELS, type AttendanceLine, type FieldEntry, type FieldSync, type FieldSyncResult } from '../../../contract/field';
import { meetingDates } from '../../../contract/schedule';
import type { StaffRole } from '../../../contract/roles';
import { auditInTx, auditReads, type Actor } from '../data/audit';
import { db, present, uniq } from '../data/db';
import { fieldEntryRef, loadClassFieldLog, loadStudentsFieldEntries } from '../data/field';
import { classTitles } from '../data/office';
import { loadOwnStudents } from '../data/students';
import { rosterRef, type RosterEntry } from '../data/seats';
import { taughtClassOf } from '../data/teaching';
import { attendanceLines, planFieldSync } from '../domain/field';

type Staff = Actor & { roles: StaffRole[] };

export async function syncFieldEntries(actor: Staff, sync: FieldSync, now = new Date()): Promise<FieldSyncResult> {
  const klass = await taughtClassOf(actor, sync.classId);
  const meetings = new Set(meetingDates(klass));
  const named = uniq(sync.entries.flatMap((e) => (e.corrects ? [e.id, e.corrects] : [e.id])));
  const children = uniq(sync.entries.map((e) => e.studentId));
  return db().runTransaction(async (tx) => {
    const [kept, roster] = await Promise.all([
      tx.getAll(...named.map(fieldEntryRef)).then((snaps) => present(snaps) as FieldEntry[]),
      tx.getAll(...children.map((s) => rosterRef(sync.classId, s))).then((snaps) => present(snaps) as RosterEntry[]),
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
          summary: `${entry.corrects ? 'Corrected attendance' : 'Attendance'}: ${ATTENDANCE_LABELS[entry.mark]} at ${klass.title} on ${formatDate(entry.meeting)}${entry.clockOffMinutes !== undefined ? ` (the phone’s clock was ${Math.abs(entry.clockOffMinutes)} minutes off)` : ''}`,
        },
        now,
      );
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
