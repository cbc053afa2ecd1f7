// The admin's Staff page (issue 22): who is on the staff, with which roles. Admins only.
import { callables } from '../../../contract/callables';
import { listInstructors, listStaff, saveStaff } from '../data/staff';
import { callable, staffOf } from '../lib/callable';
import { portalOrigin } from '../payments/stripe';

export const adminStaff = callable(callables.adminStaff, async () => ({ staff: await listStaff() }));

export const adminInstructors = callable(callables.adminInstructors, async () => ({ instructors: await listInstructors() }));

export const adminSaveStaff = callable(callables.adminSaveStaff, async ({ email, roles }, ctx) => saveStaff(email, roles, staffOf(ctx), portalOrigin(ctx.origin)));
