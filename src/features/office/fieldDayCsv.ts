// The office's file of a day in the field: every record of that day across the classes meeting, on
// the school's clock with its zone named in the headers.
import { SCHOOL_TIME_ZONE } from '../../../contract/domain';
import { entryText, FIELD_KIND_LABELS as RECORD_LABELS, type FieldEntry, type HeldEntry } from '../../../contract/field';
import type { CsvValue } from '../../lib/csv';
import { schoolStamp } from '../../../contract/schedule';
import { byRecording, RECORD_COLUMNS, recordColumns } from '../../lib/fieldRecordsCsv';

/**
 * Everything recorded in the field on one day, every class, in the order it was recorded and as kept
 * (the office's day view); then what was held for the office, each with why.
 */
export function dayCsvRows(records: readonly FieldEntry[], names: ReadonlyMap<string, string>, titles: ReadonlyMap<string, string>, held: readonly HeldEntry[] = []): CsvValue[][] {
  const trail = recordColumns(records);
  return [
    ['Class', 'Meeting', 'Child', 'Record', 'What happened', `At (${SCHOOL_TIME_ZONE})`, 'Recorded by', ...RECORD_COLUMNS, 'Held for the office because'],
    ...byRecording(records).map((e) => [titles.get(e.classId) ?? e.classId, e.meeting, names.get(e.studentId) ?? e.studentId, RECORD_LABELS[e.kind], entryText(e), schoolStamp(e.at), e.by.email ?? e.by.uid, ...trail(e), '']),
    ...held.map((h) => [h.classTitle ?? h.classId, h.meeting, h.studentName ?? names.get(h.studentId) ?? h.studentId, RECORD_LABELS[h.kind], entryText(h), schoolStamp(h.at), h.by.email ?? h.by.uid, schoolStamp(h.receivedAt), h.id, h.corrects ?? '', '', '', h.reason]),
  ];
}
