// The audit trail's rules: which fields of a child's record are audited, and which changed.
// Only field names leave here: no medical value is ever copied into an entry. Pure.
import type { IsoDate, SheetRoster, StudentProfile } from '../../../contract/domain';
import type { AuditEntry } from '../../../contract/audit';
import { schoolToday } from '../../../contract/schedule';

/** The child's contact and pickup fields (each audited as a whole); every field of `health` is audited too. */
const CONTACT_FIELDS = ['guardians', 'emergencyContacts', 'authorizedPickups', 'pickupCodeWord'] as const;

/** The value with its object keys in one order (Firestore gives a stored map's keys sorted). */
const canonical = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(canonical) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, canonical(x)])) : (v ?? null);
const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/** The audited fields that differ between the stored profile (none for a new child) and the saved one. */
export function changedFields(before: StudentProfile | undefined, after: StudentProfile): string[] {
  const health = [...new Set([...Object.keys(before?.health ?? {}), ...Object.keys(after.health)])]
    .sort()
    .filter((k) => !same(before?.health[k as keyof StudentProfile['health']], after.health[k as keyof StudentProfile['health']]))
    .map((k) => `health.${k}`);
  const contacts = CONTACT_FIELDS.filter((k) => !same(before?.[k], after[k]));
  // Absent is "no": a profile saved before the question was asked has not changed by answering no.
  const alone = !!before?.mayLeaveAlone !== !!after.mayLeaveAlone ? ['mayLeaveAlone'] : [];
  return [...health, ...contacts, ...alone];
}

/** The entries for rosters opened (with their health sheets): one per class, naming how many students. */
export const rosterViews = (rosters: SheetRoster[]): Pick<AuditEntry, 'kind' | 'record' | 'summary'>[] =>
  rosters.map((r) => ({ kind: 'roster-viewed', record: { type: 'class', id: r.class.id }, summary: `Opened the roster and health sheet of ${r.class.title} (${r.entries.length} students)` }));

export interface AuditFilter {
  person?: string;
  child?: string;
  kind?: AuditEntry['kind'];
  /** School dates, inclusive. */
  from?: IsoDate;
  to?: IsoDate;
}

const has = (text: string | null, words: string | undefined) => !words || (text ?? '').toLowerCase().includes(words.trim().toLowerCase());

/** The entry matches the filters: its person (email), child (name), kind, and the school date it happened on. */
export const auditMatches = (e: AuditEntry, f: AuditFilter) =>
  has(e.by.email ?? e.by.uid, f.person) &&
  has(e.studentName, f.child) &&
  (!f.kind || e.kind === f.kind) &&
  (!f.from || schoolToday(new Date(e.at)) >= f.from) &&
  (!f.to || schoolToday(new Date(e.at)) <= f.to);
