// The office's file of a class's attendance: every entry as kept (corrections beside what they
// correct, nothing rewritten), on the school's clock with its zone named in the headers.
import { SCHOOL_TIME_ZONE } from '../../../contract/domain';
import { ATTENDANCE_LABELS, attendanceOf, type FieldEntry } from '../../../contract/field';
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
