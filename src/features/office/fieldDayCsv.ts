// The office's file of a day in the field: every record of that day across the classes meeting, on
// the school's clock with its zone named in the headers.
import { SCHOOL_TIME_ZONE } from '../../../contract/domain';
import { ATTENDANCE_LABELS, DOSE_OUTCOME_LABELS, pickupText, type FieldEntry, type FieldEntryInput } from '../../../contract/field';
import { schoolStamp, type CsvValue } from '../../lib/csv';

const RECORD_LABELS: Record<FieldEntryInput['kind'], string> = { attendance: 'Attendance', pickup: 'Pickup', dose: 'Dose', incident: 'Incident' };

/** An entry in words, one cell of the day's file. */
function entryText(e: FieldEntry): string {
  switch (e.kind) {
    case 'attendance':
      return ATTENDANCE_LABELS[e.mark];
    case 'pickup':
      return pickupText(e);
    case 'dose':
      return `${e.medication}: ${DOSE_OUTCOME_LABELS[e.outcome]} (${e.initials})${e.note ? ` — ${e.note}` : ''}`;
    case 'incident':
      return `${e.incident.what} (at ${e.incident.time}, ${e.incident.where}; first aid: ${e.incident.firstAid}; told: ${e.incident.told})`;
  }
}

/** Everything recorded in the field on one day, every class, oldest first and as kept (the office's day view). */
export function dayCsvRows(records: readonly FieldEntry[], names: ReadonlyMap<string, string>, titles: ReadonlyMap<string, string>): CsvValue[][] {
  const byId = new Map(records.map((e) => [e.id, e]));
  return [
    ['Class', 'Meeting', 'Child', 'Record', 'What happened', `At (${SCHOOL_TIME_ZONE})`, 'Recorded by', `Received (${SCHOOL_TIME_ZONE})`, 'Corrects', 'Phone clock off (minutes)'],
    ...[...records]
      .sort((a, b) => a.at.localeCompare(b.at))
      .map((e) => {
        const corrected = e.corrects ? byId.get(e.corrects) : undefined;
        return [
          titles.get(e.classId) ?? e.classId,
          e.meeting,
          names.get(e.studentId) ?? e.studentId,
          RECORD_LABELS[e.kind],
          entryText(e),
          schoolStamp(e.at),
          e.by.email ?? e.by.uid,
          schoolStamp(e.receivedAt),
          corrected ? `${entryText(corrected)}, recorded ${schoolStamp(corrected.at)}` : e.corrects ? 'an earlier entry' : '',
          e.clockOffMinutes ?? '',
        ];
      }),
  ];
}
