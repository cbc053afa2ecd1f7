// The admin's Staff page and audit trail: who is on the staff, with which roles, and what they did. Admins only.
import { callables } from '../../../contract/callables';
import { listInstructors, listStaff } from '../data/staff';
import { saveStaff } from '../usecases/staff';
import { searchAudit } from '../data/audit';
import { actorOf, callable } from '../lib/callable';
import { portalOrigin } from '../payments/stripe';

export const adminStaff = callable(callables.adminStaff, async () => ({ staff: await listStaff() }));

export const adminInstructors = callable(callables.adminInstructors, async () => ({ instructors: await listInstructors() }));

export const adminSaveStaff = callable(callables.adminSaveStaff, async ({ email, roles }, ctx) => saveStaff(email, roles, actorOf(ctx), portalOrigin(ctx.origin)));

export const adminAudit = callable(callables.adminAudit, async (filter) => searchAudit(filter));
