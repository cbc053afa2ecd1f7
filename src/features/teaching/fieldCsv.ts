// The office's files of a class's field records (attendance, pickups, doses, incident reports): every
// entry as kept (corrections beside what they correct, each naming the other, nothing rewritten), on
// the school's clock with its zone named in the headers; the medication record also lists the doses
// due and missed at past meetings.
import { missedDoses } from '../../../contract/doses';
import { SCHOOL_TIME_ZONE, type SheetRoster } from '../../../contract/domain';
import { ATTENDANCE_LABELS, attendanceOf, DOSE_OUTCOME_LABELS, pickupText, uncorrected, type DoseInput, type FieldEntry, type IncidentInput, type PickupInput } from '../../../contract/field';
import { meetingDates, schoolStamp } from '../../../contract/schedule';
import type { CsvValue } from '../../lib/csv';
import { byRecording, RECORD_COLUMNS, recordColumns } from '../../lib/fieldRecordsCsv';

export function attendanceCsvRows(records: readonly FieldEntry[], names: ReadonlyMap<string, string>): CsvValue[][] {
  const entries = byRecording(attendanceOf(records));
  const trail = recordColumns(records);
  return [
    ['Meeting', 'Child', 'Attendance', `Recorded (${SCHOOL_TIME_ZONE})`, 'Recorded by', ...RECORD_COLUMNS],
    ...entries.map((e) => [e.meeting, names.get(e.studentId) ?? e.studentId, ATTENDANCE_LABELS[e.mark], schoolStamp(e.at), e.by.email ?? e.by.uid, ...trail(e)]),
  ];
}

export function incidentCsvRows(records: readonly FieldEntry[], names: ReadonlyMap<string, string>): CsvValue[][] {
  const reports = byRecording(records.filter((e): e is Extract<FieldEntry, IncidentInput> => e.kind === 'incident'));
  const trail = recordColumns(records);
  return [
    ['Meeting', 'Child', 'Time', 'Where', 'What happened', 'First aid given', 'Who was told', 'Reported by', ...RECORD_COLUMNS],
    ...reports.map((e) => [e.meeting, names.get(e.studentId) ?? e.studentId, e.incident.time, e.incident.where, e.incident.what, e.incident.firstAid, e.incident.told, e.by.email ?? e.by.uid, ...trail(e)]),
  ];
}

/** Who collected each child and when, and every attempt stopped. */
export function pickupCsvRows(records: readonly FieldEntry[], names: ReadonlyMap<string, string>): CsvValue[][] {
  const pickups = byRecording(records.filter((e): e is Extract<FieldEntry, PickupInput> => e.kind === 'pickup'));
  const trail = recordColumns(records);
  return [
    ['Meeting', 'Child', 'What happened', 'Adult', `At (${SCHOOL_TIME_ZONE})`, 'Recorded by', ...RECORD_COLUMNS],
    ...pickups.map((e) => [e.meeting, names.get(e.studentId) ?? e.studentId, pickupText(e), e.adult, schoolStamp(e.at), e.by.email ?? e.by.uid, ...trail(e)]),
  ];
}

/**
 * The class's medication record: every dose recorded, as kept (a correction beside what it corrects,
 * each naming the other), then each dose due at a past meeting with nothing recorded for it within
 * the hour (`now`: the school's clock, "YYYY-MM-DD HH:MM").
 */
export function doseCsvRows(records: readonly FieldEntry[], names: ReadonlyMap<string, string>, roster: SheetRoster, now = schoolStamp(new Date().toISOString())): CsvValue[][] {
  const doses = byRecording(records.filter((e): e is Extract<FieldEntry, DoseInput> => e.kind === 'dose'));
  const trail = recordColumns(records);
  const missed = missedDoses(
    roster.entries.map((e) => e.student),
    roster.class,
    meetingDates(roster.class),
    uncorrected(doses).map((d) => ({ ...d, stamp: schoolStamp(d.at) })),
    now,
  );
  return [
    ['Meeting', 'Child', 'Medication', 'What happened', `At (${SCHOOL_TIME_ZONE})`, 'Initials', 'Note', 'Recorded by', ...RECORD_COLUMNS],
    ...doses.map((e) => [e.meeting, names.get(e.studentId) ?? e.studentId, e.medication, DOSE_OUTCOME_LABELS[e.outcome], schoolStamp(e.at), e.initials, e.note, e.by.email ?? e.by.uid, ...trail(e)]),
    ...missed.map((m) => [m.meeting, names.get(m.studentId) ?? m.studentId, m.medication, `Missed: due ${m.time}, nothing recorded within the hour`, `${m.meeting} ${m.time}`, '', '', '', '', '', '', '', '']),
  ];
}
