// The staff, their roles and the audit trail.
// Each call: who may call it, its payload, its answer, and what it shows and changes (the app
// fetches again what a call made stale: src/lib/stale.ts, written from these).
import { ACCESS, STAFF_ROLES } from '../roles';
import type { StaffMember } from '../domain';
import { AUDIT_KINDS, type AuditEntry } from '../audit';
import { email, isoDay, text } from '../schemas';
import { spec, none, UNCACHED } from './spec';
import { z } from 'zod/mini';

/** The audit trail's filters: a person (email), a child (name), a kind, dates (inclusive). */
export const auditSearchSchema = z.strictObject({
  person: z.optional(text(254)),
  child: z.optional(text(120)),
  kind: z.optional(z.enum(AUDIT_KINDS)),
  from: z.optional(isoDay),
  to: z.optional(isoDay),
});

/** A staff member's roles, set by an admin by email: a new address gets an account and an invitation; no roles removes them from the staff. */
export const staffSchema = z.strictObject({
  email,
  roles: z.array(z.enum(STAFF_ROLES)).check(z.maxLength(STAFF_ROLES.length, 'has too many roles')),
});

export const staffCalls = {
  /** The staff and their roles. */
  adminStaff: spec<{ staff: StaffMember[] }>()(ACCESS.staff, none, { shows: ['staff'] }),
  adminSaveStaff: spec<{ member: StaffMember; invited: boolean }>()(ACCESS.staff, staffSchema, { changes: ['staff'] }),
  /** The audit trail, newest first (at most AUDIT_PAGE entries; `more` when the filters match more). */
  adminAudit: spec<{ entries: AuditEntry[]; more: boolean }>()(ACCESS.staff, auditSearchSchema, UNCACHED),
  /** The instructors a class may be assigned to, for the class form. */
  adminInstructors: spec<{ instructors: { uid: string; email: string }[] }>()(ACCESS.catalogue, none, { shows: ['staff'] }),
} as const;
