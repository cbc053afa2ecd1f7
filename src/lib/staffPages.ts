// The staff pages and the roles that may open each: the one table the routes (app/AdminRoutes.tsx,
// app/routes.tsx), the side menu and the dashboard read.
// `menu`: listed in the side menu (the specification's entries); the others are reached from the dashboard.
import { ACCESS, STAFF_ROLES, type StaffRole } from '../../contract/roles';

export interface StaffPage {
  to: string;
  label: string;
  icon: string;
  access: readonly StaffRole[];
  menu: boolean;
}

export const STAFF_PAGES: StaffPage[] = [
  // For those who teach (the admin's and the office's menus stay the specification's).
  { to: '/staff/classes', label: 'My Classes', icon: 'pi-sun', access: ['instructor'], menu: true },
  { to: '/admin', label: 'Dashboard', icon: 'pi-chart-bar', access: ACCESS.money, menu: true },
  { to: '/admin/classes/management', label: 'Class management', icon: 'pi-cog', access: ACCESS.catalogue, menu: false },
  { to: '/admin/report', label: 'Class Forms and Contacts', icon: 'pi-file', access: ACCESS.care, menu: true },
  { to: '/admin/students', label: 'Student Info Sheets', icon: 'pi-id-card', access: ACCESS.care, menu: true },
  { to: '/admin/field', label: 'The day in the field', icon: 'pi-map', access: ACCESS.care, menu: false },
  { to: '/admin/t-shirts', label: 'T-shirt Sizes', icon: 'pi-tags', access: ACCESS.care, menu: true },
  { to: '/admin/enrollments', label: 'Enrollments', icon: 'pi-list', access: ACCESS.money, menu: true },
  { to: '/admin/requests', label: 'Requests from families', icon: 'pi-inbox', access: ACCESS.money, menu: false },
  { to: '/calendar/classes', label: 'Class Calendar', icon: 'pi-calendar', access: STAFF_ROLES, menu: true },
  { to: '/admin/messages', label: 'Announcements', icon: 'pi-megaphone', access: ACCESS.catalogue, menu: false },
  { to: '/admin/staff', label: 'Staff', icon: 'pi-users', access: ACCESS.staff, menu: false },
  { to: '/admin/audit', label: 'Audit trail', icon: 'pi-history', access: ACCESS.staff, menu: false },
];

/** The roles that may open the staff page at `to` (and the pages below it). */
export function accessOf(to: string): readonly StaffRole[] {
  const page = STAFF_PAGES.find((p) => p.to === to);
  if (!page) throw new Error(`No staff page at ${to}`);
  return page.access;
}
