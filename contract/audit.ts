// The audit trail's entries: what each kind of action is called, and what an entry holds. For the
// office's pages and the functions only (the landing page never loads it).
export const AUDIT_KINDS = ['student-changed', 'payment-recorded', 'payment-voided', 'card-payment', 'cancellation', 'class-moved', 'roles-changed', 'roster-viewed', 'student-sheet-viewed', 'students-listed', 'field-entry', 'field-held', 'field-log-viewed', 'pickup-codes-issued', 'round-set', 'round-drawn', 'round-results-viewed', 'change-requested', 'change-decided', 'change-requests-viewed', 'data-exported', 'credit-given', 'student-deleted', 'health-erased', 'aid-applied', 'aid-viewed', 'aid-decided', 'aid-fund-changed', 'household-viewed', 'enrolled-by-phone', 'drafts-deleted', 'family-created', 'add-ons-added', 'discount-given'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  'student-changed': 'Child’s health, pickup or contact data changed',
  'payment-recorded': 'Payment recorded',
  'payment-voided': 'Payment voided',
  'card-payment': 'Card payment received',
  cancellation: 'Classes cancelled (and refund)',
  'class-moved': 'A child moved to another class (and the price difference)',
  'roles-changed': 'Staff roles changed',
  'roster-viewed': 'Roster and health sheet opened',
  'student-sheet-viewed': 'Student info sheet opened',
  'students-listed': 'Student Info Sheets table read (with allergy flags)',
  'round-results-viewed': 'A registration round’s results read (children by name)',
  'field-entry': 'Recorded in the field (attendance, pickups, doses, incidents)',
  'field-held': 'Held for the office from the field (not on a class’s record)',
  'field-log-viewed': 'A class’s field records opened',
  'pickup-codes-issued': 'Pickup codes made for a child',
  'round-set': 'Registration round set (its seed’s hash published)',
  'round-drawn': 'Registration round drawn',
  'change-requested': 'A family asked the office to cancel or move a class',
  'change-decided': 'The office answered a family’s request',
  'change-requests-viewed': 'The families’ requests read (children by name, their words)',
  'data-exported': 'A family’s data downloaded (by the family, or by the office at its request)',
  'credit-given': 'Account credit given or taken back by the office',
  'student-deleted': 'A child’s profile deleted (health erased; money records kept without the name)',
  'health-erased': 'A child’s health information erased (no class for two school years)',
  'aid-applied': 'A family applied for financial aid',
  'aid-viewed': 'Financial aid applications read (income, household, children by name)',
  'aid-decided': 'Financial aid awarded or declined',
  'aid-fund-changed': 'A financial aid fund created, renamed or given money',
  'household-viewed': 'A family’s page read (its children, contacts and money)',
  'enrolled-by-phone': 'A child enrolled by the office over the phone (releases agreed by phone)',
  'drafts-deleted': 'Enrollments families started and left, deleted by the office',
  'family-created': 'An account made by the office for a family (the family claims it by email)',
  'add-ons-added': 'An add-on added to an enrollment by the office, for the family',
  'discount-given': 'A discount given by hand by the office (with its reason)',
};

/**
 * One audited action, written in the transaction of the action itself: who (with their roles), what,
 * which record, which fields (names only: no medical value is ever copied here), when, and the call's
 * request id. Entries are only ever created.
 */
export interface AuditEntry {
  id: string;
  at: string;
  kind: AuditKind;
  by: { uid: string; email: string | null; roles: string[] };
  record: { type: 'student' | 'enrollment' | 'staff' | 'class' | 'round' | 'account' | 'fund'; id: string };
  /** Read back with the entry, for a record that is not a child's: the class's title, the staff member's email. */
  recordName?: string;
  studentId: string | null;
  studentName: string | null;
  /** The fields changed, by name ("health.allergies", "guardians"). */
  fields: string[];
  /** In words, without medical values ("Recorded $120.00 by check"). */
  summary: string;
  requestId: string;
}
