// The staff, their roles and the audit trail.
// Each call: who may call it, its payload, its answer, and what it shows and changes (the app
// fetches again what a call made stale: src/lib/stale.ts, written from these).
import { ACCESS } from '../roles';
import type { StaffMember } from '../domain';
import type { AuditEntry } from '../audit';
import { auditSearchSchema, staffSchema } from '../schemas';
import { spec, none, UNCACHED } from './spec';

export const staffCalls = {
  /** The staff and their roles. */
  adminStaff: spec<{ staff: StaffMember[] }>()(ACCESS.staff, none, { shows: ['staff'] }),
  adminSaveStaff: spec<{ member: StaffMember; invited: boolean }>()(ACCESS.staff, staffSchema, { changes: ['staff'] }),
  /** The audit trail, newest first (at most AUDIT_PAGE entries; `more` when the filters match more). */
  adminAudit: spec<{ entries: AuditEntry[]; more: boolean }>()(ACCESS.staff, auditSearchSchema, UNCACHED),
  /** The instructors a class may be assigned to, for the class form. */
  adminInstructors: spec<{ instructors: { uid: string; email: string }[] }>()(ACCESS.catalogue, none, { shows: ['staff'] }),
} as const;
