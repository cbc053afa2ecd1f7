// The audit trail as the office reads it: what each entry is about, by name, and its CSV file.
import { SCHOOL_TIME_ZONE } from '../../../contract/domain';
import { type AuditEntry } from '../../../contract/audit';
import { schoolStamp } from '../../../contract/schedule';

const RECORD_WORD: Record<AuditEntry['record']['type'], string> = { student: 'Student', enrollment: 'Enrollment', staff: 'Staff', class: 'Class', round: 'Registration round of', account: 'Family account', fund: 'Aid fund' };
/** What the entry is about, by name: the child, the class, the staff member (an id only when the record is gone). */
export const what = (e: AuditEntry) => e.studentName ?? `${RECORD_WORD[e.record.type]} ${e.recordName ?? e.record.id}`;

export function auditCsvRows(entries: AuditEntry[]) {
  return [
    // The school's clock, named, as on the screen (not UTC).
    [`When (${SCHOOL_TIME_ZONE})`, 'Who', 'Roles', 'Kind', 'Record', 'Name', 'Child', 'Fields', 'Details', 'Request'],
    ...entries.map((e) => [schoolStamp(e.at), e.by.email ?? e.by.uid, e.by.roles.join(' '), e.kind, `${e.record.type}/${e.record.id}`, e.recordName ?? '', e.studentName, e.fields.join(' '), e.summary, e.requestId]),
  ];
}
