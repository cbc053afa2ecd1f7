// The office's files of a class's field records (attendance, pickups, doses, incident reports): every entry as kept
// (corrections beside what they correct, nothing rewritten), on the school's clock with its zone named
// in the headers.
import { SCHOOL_TIME_ZONE } from '../../../contract/domain';
import { ATTENDANCE_LABELS, attendanceOf, DOSE_OUTCOME_LABELS, pickupText, type DoseInput, type FieldEntry, type IncidentInput, type PickupInput } from '../../../contract/field';
import { schoolStamp, type CsvValue } from '../../lib/csv';

export function attendanceCsvRows(records: readonly FieldEntry[], names: ReadonlyMap<string, string>): CsvValue[][] {
  const entries = attendanceOf(records);
  const byId = new Map(entries.map((e) => [e.id, e]));
  return [
    ['Meeting', 'Child', 'Attendance', `Recorded (${SCHOOL_TIME_ZONE})`, 'Recorded by', `Received (${SCHOOL_TIME_ZONE})`, 'Corrects', 'Phone clock off (minutes)'],
    ...entries.map((e) => {
      const corrected = e.corrects ? byId.get(e.corrects) : undefined;
      return [
        e.meeting,
        names.get(e.studentId) ?? e.studentId,
        ATTENDANCE_LABELS[e.mark],
        schoolStamp(e.at),
        e.by.email ?? e.by.uid,
        schoolStamp(e.receivedAt),
        corrected ? `${ATTENDANCE_LABELS[corrected.mark]} recorded ${schoolStamp(corrected.at)}` : e.corrects ? 'an earlier entry' : '',
        e.clockOffMinutes ?? '',
      ];
    }),
  ];
}

export function incidentCsvRows(records: readonly FieldEntry[], names: ReadonlyMap<string, string>): CsvValue[][] {
  const reports = records.filter((e): e is Extract<FieldEntry, IncidentInput> => e.kind === 'incident');
  return [
    ['Meeting', 'Child', 'Time', 'Where', 'What happened', 'First aid given', 'Who was told', 'Reported by', `Received (${SCHOOL_TIME_ZONE})`, 'Corrects the report received', 'Phone clock off (minutes)'],
    ...reports.map((e) => {
      const corrected = e.corrects ? reports.find((r) => r.id === e.corrects) : undefined;
      return [
        e.meeting,
        names.get(e.studentId) ?? e.studentId,
        e.incident.time,
        e.incident.where,
        e.incident.what,
        e.incident.firstAid,
        e.incident.told,
        e.by.email ?? e.by.uid,
        schoolStamp(e.receivedAt),
        corrected ? schoolStamp(corrected.receivedAt) : e.corrects ? 'an earlier report' : '',
        e.clockOffMinutes ?? '',
      ];
    }),
  ];
}

/** Who collected each child and when, and every attempt stopped. */
export function pickupCsvRows(records: readonly FieldEntry[], names: ReadonlyMap<string, string>): CsvValue[][] {
  const pickups = records.filter((e): e is Extract<FieldEntry, PickupInput> => e.kind === 'pickup');
  return [
    ['Meeting', 'Child', 'What happened', 'Adult', `At (${SCHOOL_TIME_ZONE})`, 'Recorded by', `Received (${SCHOOL_TIME_ZONE})`, 'Phone clock off (minutes)'],
    ...pickups.map((e) => [e.meeting, names.get(e.studentId) ?? e.studentId, pickupText(e), e.adult, schoolStamp(e.at), e.by.email ?? e.by.uid, schoolStamp(e.receivedAt), e.clockOffMinutes ?? '']),
  ];
}

/** The class's medication record: every dose recorded, as kept (a correction beside what it corrects). */
export function doseCsvRows(records: readonly FieldEntry[], names: ReadonlyMap<string, string>): CsvValue[][] {
  const doses = records.filter((e): e is Extract<FieldEntry, DoseInput> => e.kind === 'dose');
  return [
    ['Meeting', 'Child', 'Medication', 'What happened', `At (${SCHOOL_TIME_ZONE})`, 'Initials', 'Note', 'Recorded by', `Received (${SCHOOL_TIME_ZONE})`, 'Corrects', 'Phone clock off (minutes)'],
    ...doses.map((e) => [e.meeting, names.get(e.studentId) ?? e.studentId, e.medication, DOSE_OUTCOME_LABELS[e.outcome], schoolStamp(e.at), e.initials, e.note, e.by.email ?? e.by.uid, schoolStamp(e.receivedAt), e.corrects ? 'an earlier entry' : '', e.clockOffMinutes ?? '']),
  ];
}
