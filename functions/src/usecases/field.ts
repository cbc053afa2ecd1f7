// The field kit's use-cases: load the facts, plan (domain/field.ts), write. An instructor's sync keeps
// each entry once, audited, or holds it for the office; in the same transaction it emails each child's
// family an incident report or a pickup alert about their own child, and the office one email with
// everything it must look at (each email once: named by what it tells of). The class's records are
// read by its instructors and the office.
import { createHash } from 'node:crypto';
import { formatDate } from '../../../contract/format';
import { ATTENDANCE_LABELS, DOSE_OUTCOME_LABELS, FAILED_CHECKS, entryText, FIELD_KIND_LABELS, pickupText, uncorrected, type FieldDay, type AttendanceLine, type FieldEntry, type FieldSync, type FieldSyncResult, type HeldEntry } from '../../../contract/field';
import { meetingDates, schoolToday } from '../../../contract/schedule';
import { ACCESS, allows, type StaffRole } from '../../../contract/roles';
import type { ClassRecord, IsoDate, SheetRoster } from '../../../contract/domain';
import { auditInTx, auditReads, type Actor } from '../data/audit';
import { takeRate } from '../data/rateLimit';
import { db, getByIds, notFound, present, recordRef, records, uniq } from '../data/db';
import { accountEmails } from '../data/familyMail';
import { listStaff } from '../data/staff';
import { fieldOfficeMail, incidentFamilyMail, pickupAlertFamilyMail, type FieldOfficeNews, type IncidentReport } from '../mail/field';
import { outboxRef, queueMail } from '../mail/outbox';
import { portalOrigin } from '../payments/stripe';
import { fieldEntryRef, heldEntryRef, loadClassFieldLog, loadDayFieldEntries, loadDayHeld, loadPickupEntries, loadStudentsFieldEntries, offlineCopyRef, type OfflineCopyRecord } from '../data/field';
import { classTitles, loadRosters } from '../data/office';
import { loadOwnStudents } from '../data/students';
import { rosterRef } from '../data/seats';
import type { RosterRecord } from '../domain/seats';
import { loadTaughtRoster, taughtClassOf, teaches } from '../data/teaching';
import { attendanceLines, offlineCopyOf, planFieldSync, seatDaysOf, type CurrentCodes } from '../domain/field';
import { currentCodes, forThePhone } from './pickupCodes';
import { rosterViews } from '../domain/audit';
import { orRefused } from '../lib/refused';

type Staff = Actor & { roles: StaffRole[] };

/** Who is told of what a sync brings: each child's family (the account's proven email), the office, and the children's names. */
async function audience(classId: string, children: string[]) {
  if (!children.length) return { families: new Map<string, { email?: string; firstName: string }>(), office: [] as string[], names: new Map<string, string>() };
  const [roster, students, staff] = await Promise.all([
    db().getAll(...children.map((s) => rosterRef(classId, s))).then((snaps) => present(snaps) as RosterRecord[]),
    getByIds('students', children).then((r) => r.found),
    listStaff(),
  ]);
  const owners = new Map([...students.map((st) => [st.id, st.ownerUid] as const), ...roster.map((r) => [r.studentId, r.ownerUid] as const)]);
  // A child's health never goes to an address its account never proved its own.
  const accounts = await accountEmails([...owners.values()], { verifiedOnly: true });
  return {
    families: new Map(students.map((st) => [st.id, { email: accounts.get(owners.get(st.id)!), firstName: st.firstName }])),
    office: staff.filter((m) => allows(m.roles, ACCESS.care)).map((m) => m.email),
    names: new Map(students.map((st) => [st.id, `${st.firstName} ${st.lastName}`])),
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

/** The facts a sync's plan reads outside its transaction: the seats of children no longer on the roster, their pickup codes, earlier failed checks. */
async function syncFacts(klass: ClassRecord, sync: FieldSync, now: Date) {
  const children = uniq(sync.entries.map((e) => e.studentId));
  const released = uniq(sync.entries.flatMap((e) => (e.kind === 'pickup' && e.check === 'code' ? [e.studentId] : [])));
  const failedAt = uniq(sync.entries.flatMap((e) => (e.kind === 'pickup' && FAILED_CHECKS.includes(e.check) ? [e.meeting] : [])));
  const [enrollments, students, pickups] = await Promise.all([
    Promise.all(children.map((s) => records('enrollments').where('studentId', '==', s).get())).then((snaps) => snaps.flatMap((x) => x.docs.map((d) => d.data()))),
    getByIds('students', released).then((r) => r.found),
    loadPickupEntries(klass.id, failedAt),
  ]);
  const codes = new Map<string, CurrentCodes>([...(await currentCodes(students, now))].map(([id, c]) => [id, { issuedAt: c.issuedAt, adults: new Set(c.adults.map((a) => a.name)) }]));
  const failures = new Map<string, number>();
  for (const p of uncorrected<FieldEntry>(pickups)) if (p.kind === 'pickup' && FAILED_CHECKS.includes(p.check)) failures.set(`${p.studentId}/${p.meeting}`, (failures.get(`${p.studentId}/${p.meeting}`) ?? 0) + 1);
  const seatDays = new Map(children.map((s) => [s, seatDaysOf(enrollments.filter((e) => e.studentId === s), klass.id)]));
  return { codes, failures, seatDays };
}

/** A short, stable name for a set of entries (an email about them is written once). */
const keyOf = (ids: string[]) => createHash('sha256').update([...ids].sort().join('\n')).digest('hex').slice(0, 32);

export async function keepFieldEntries(actor: Staff, sync: FieldSync, now = new Date()): Promise<FieldSyncResult> {
  const klass = (await recordRef('classes', sync.classId).get()).data();
  if (!klass) throw notFound('This class');
  const [teaching, facts, told] = await Promise.all([teaches(actor, klass), syncFacts(klass, sync, now), audience(sync.classId, uniq(sync.entries.map((e) => e.studentId)))]);
  // Everything of a class the caller does not teach goes to the office: a phone's backlog passes, a
  // flood is refused (the phone keeps what waits and sends it later: nothing is lost).
  if (!teaching) await takeRate('fieldHeld', actor, now);
  const named = uniq(sync.entries.flatMap((e) => (e.corrects ? [e.id, e.corrects] : [e.id])));
  const children = uniq(sync.entries.map((e) => e.studentId));
  const portal = portalOrigin(null);
  return db().runTransaction(async (tx) => {
    const [kept, held, roster] = await Promise.all([
      tx.getAll(...named.map(fieldEntryRef)).then((snaps) => present(snaps) as FieldEntry[]),
      tx.getAll(...sync.entries.map((e) => heldEntryRef(e.id))).then((snaps) => present(snaps) as HeldEntry[]),
      tx.getAll(...children.map((s) => rosterRef(sync.classId, s))).then((snaps) => present(snaps) as RosterRecord[]),
    ]);
    const plan = planFieldSync(sync, {
      now,
      by: { uid: actor.uid, email: actor.email },
      teaches: teaching,
      rosterIds: new Set(roster.map((r) => r.studentId)),
      seatDays: facts.seatDays,
      meetings: new Set(meetingDates(klass)),
      kept: new Map(kept.map((e) => [e.id, e])),
      held: new Map(held.map((e) => [e.id, e])),
      codes: facts.codes,
      failures: facts.failures,
    });
    // A child's failed checks alert once a meeting, however the syncs fall.
    const alertRefs = plan.escalations.map((e) => outboxRef('pickup-alert-family', `${sync.classId}_${e.studentId}_${e.meeting}`));
    const escalated = new Set(alertRefs.length ? (await tx.getAll(...alertRefs)).filter((x) => x.exists).map((x) => x.id) : []);
    const names = new Map([...told.names, ...roster.map((r) => [r.studentId, r.studentName] as const)]);
    const nameOf = (studentId: string) => names.get(studentId) ?? 'A child not known to the school';
    const by = actor.email ?? 'An instructor';
    const news: FieldOfficeNews = { classId: sync.classId, classTitle: klass.title, by, incidents: [], pickups: [], held: [] };
    for (const entry of plan.create) {
      tx.create(fieldEntryRef(entry.id), entry);
      auditInTx(tx, actor, { kind: 'field-entry', record: { type: 'class', id: sync.classId }, studentId: entry.studentId, studentName: names.get(entry.studentId) ?? null, summary: entrySummary(entry, klass) }, now);
      const family = told.families.get(entry.studentId);
      if (entry.kind === 'incident') {
        const report: IncidentReport = {
          firstName: family?.firstName ?? 'Your child',
          childName: nameOf(entry.studentId),
          classId: sync.classId,
          classTitle: klass.title,
          meeting: entry.meeting,
          incident: entry.incident,
          by,
          correction: !!entry.corrects,
          family: !!family?.email,
        };
        queueMail(tx, { kind: 'incident-family', to: family?.email ? [family.email] : [], message: incidentFamilyMail(report, portal) }, entry.id);
        news.incidents.push(report);
      }
    }
    const alerts = [...plan.oldCodeReleases.map((e) => ({ e, kind: 'old-code' as const, key: e.id })), ...plan.escalations.flatMap((e) => (escalated.has(`pickup-alert-family_${sync.classId}_${e.studentId}_${e.meeting}`) ? [] : [{ e, kind: 'failures' as const, key: `${sync.classId}_${e.studentId}_${e.meeting}` }]))];
    for (const { e, kind, key } of alerts) {
      if (e.kind !== 'pickup') continue;
      const family = told.families.get(e.studentId);
      queueMail(tx, { kind: 'pickup-alert-family', to: family?.email ? [family.email] : [], message: pickupAlertFamilyMail({ firstName: family?.firstName ?? 'Your child', classTitle: klass.title, meeting: e.meeting, pickup: e, kind }, portal) }, key);
      news.pickups.push({ childName: nameOf(e.studentId), meeting: e.meeting, pickup: e, kind });
    }
    for (const entry of plan.hold) {
      const studentName = names.get(entry.studentId);
      tx.create(heldEntryRef(entry.id), { ...entry, classTitle: klass.title, ...(studentName && { studentName }) });
      const what = `${FIELD_KIND_LABELS[entry.kind]}: ${entryText(entry)}`;
      auditInTx(tx, actor, { kind: 'field-held', record: { type: 'class', id: sync.classId }, studentId: entry.studentId, studentName: studentName ?? null, summary: `${FIELD_KIND_LABELS[entry.kind]} held for the office, not on the record of ${klass.title} on ${formatDate(entry.meeting)}: ${entry.reason}` }, now);
      news.held.push({ childName: nameOf(entry.studentId), meeting: entry.meeting, what, reason: entry.reason });
    }
    if (news.incidents.length + news.pickups.length + news.held.length) queueMail(tx, { kind: 'field-office', to: told.office, message: fieldOfficeMail(news, portal) }, keyOf([...plan.create, ...plan.hold].map((e) => e.id)));
    return plan.result;
  });
}

/** A class's field records for its instructors and the office, with the children's names (a child withdrawn since keeps theirs); each opening is audited. */
export async function fieldLogOf(actor: Staff, classId: string): Promise<{ entries: FieldEntry[]; names: Record<string, string> }> {
  const klass = await taughtClassOf(actor, classId);
  const entries = await loadClassFieldLog(classId);
  const { found } = await getByIds('students', uniq(entries.map((e) => e.studentId)));
  await auditReads(actor, [{ kind: 'field-log-viewed', record: { type: 'class', id: classId }, summary: `Opened the field records of ${klass.title} (${entries.length} entries)` }]);
  return { entries, names: Object.fromEntries(found.map((s) => [s.id, `${s.firstName} ${s.lastName}`])) };
}

/**
 * A class's roster as an instructor's phone gets it (forThePhone), audited as a roster view. For an
 * offline copy, the server says until when it opens (the class's next meeting day) and records it:
 * the family's page says until when such a phone may still accept a code since replaced.
 */
export async function fieldRoster(actor: Staff, { classId, offline }: { classId: string; offline?: boolean }, now = new Date()): Promise<{ roster: SheetRoster; offlineUntil?: IsoDate }> {
  const klass = await taughtClassOf(actor, classId);
  const until = offline ? orRefused(offlineCopyOf(klass.title, meetingDates(klass), schoolToday(now))).until : null;
  const roster = await forThePhone(await loadTaughtRoster(actor, classId), now);
  await auditReads(actor, rosterViews([roster]), now);
  if (!until) return { roster };
  const copy: OfflineCopyRecord = { uid: actor.uid, classId, studentIds: roster.entries.map((e) => e.student.id), savedAt: now.toISOString(), until };
  await offlineCopyRef(actor.uid, classId).set(copy);
  return { roster, offlineUntil: until };
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
  const [running, entries, held] = await Promise.all([records('classes').where('endDate', '>=', day).get(), loadDayFieldEntries(day), loadDayHeld(day)]);
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
    held,
    names: Object.fromEntries(named),
  };
}
