// Every page of the portal, in one table: its address, its module, who may open it and its entry in
// the staff menus. The router (app/routes.tsx), the side menu, the dashboard's links and the
// accessibility sweep (test/e2e/accessibility.test.ts) all read it. Adding a page: its file, and a
// line here.
import type { ComponentType } from 'react';
import { ACCESS, STAFF_ROLES, type StaffRole } from '../../contract/roles';
import type { StaffLink } from '../lib/staffLinks';

/** A page's module, loaded when the page is first opened. */
type Load = () => Promise<{ default: ComponentType }>;

/** A named export of a module as a page (a list and its forms in one file). */
const named =
  <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M): Load =>
  () =>
    load().then((m) => ({ default: m[name] as ComponentType }));

export interface Page {
  /** The address; `:id` takes a record's id (or `new`); `/*` when the page has steps of its own. */
  path: string;
  /** Absent for the landing page only: it comes with the app (app/routes.tsx), no second download before the class list. */
  load?: Load;
  /** Who may open it: anyone, a person signed in, or staff holding one of these roles. */
  who: 'anyone' | 'signed-in' | readonly StaffRole[];
  /** A form: shown in the narrow page frame. */
  form?: true;
  /**
   * Its link for staff: in the side menu (`side`, the specification's entries) or on the dashboard
   * only; shown to `access` when it differs from who may open the page.
   */
  menu?: { label: string; icon: string; side: boolean; access?: readonly StaffRole[] };
}

export const PAGES: Page[] = [
  { path: '/classes/enrollment/*', who: 'anyone' },
  { path: '/user/login', load: named(() => import('../features/auth/LoginPage'), 'SignInPage'), who: 'anyone' },
  { path: '/user/create', load: named(() => import('../features/auth/LoginPage'), 'CreateAccountPage'), who: 'anyone' },
  { path: '/donate-venmo', load: () => import('../features/donate/DonatePage'), who: 'anyone' },
  { path: '/help', load: () => import('../features/help/HelpPage'), who: 'anyone' },
  { path: '/unsubscribe', load: () => import('../features/reminders/UnsubscribePage'), who: 'anyone' },
  { path: '/rounds/:semesterId', load: () => import('../features/rounds/RoundPage'), who: 'anyone' },
  { path: '/rounds/:semesterId/entry', load: () => import('../features/rounds/EntryPage'), who: 'signed-in' },
  { path: '/account/enrollments', load: () => import('../features/account/MyEnrollments'), who: 'signed-in' },
  { path: '/account/students', load: () => import('../features/account/MyStudents'), who: 'signed-in' },
  { path: '/account/students/:id', load: () => import('../features/account/EditStudent'), who: 'signed-in' },
  { path: '/account/manage', load: () => import('../features/account/ManageAccount'), who: 'signed-in' },
  { path: '/account/aid', load: () => import('../features/account/AidPage'), who: 'signed-in' },
  // For those who teach (the admin's and the office's menus stay the specification's).
  { path: '/staff/classes', load: () => import('../features/teaching/MyClasses'), who: ACCESS.teach, menu: { label: 'My Classes', icon: 'pi-sun', side: true, access: ['instructor'] } },
  { path: '/staff/classes/:id', load: () => import('../features/teaching/TaughtClass'), who: ACCESS.teach },
  { path: '/admin', load: () => import('../features/office/Dashboard'), who: ACCESS.money, menu: { label: 'Dashboard', icon: 'pi-chart-bar', side: true } },
  { path: '/admin/classes/management', load: () => import('../features/catalogueSetup/ClassManagement'), who: ACCESS.catalogue, menu: { label: 'Class management', icon: 'pi-cog', side: false } },
  { path: '/admin/classes/management/semester/:id', load: () => import('../features/catalogueSetup/SemesterForm'), who: ACCESS.catalogue, form: true },
  { path: '/admin/classes/management/class/:id', load: () => import('../features/catalogueSetup/ClassForm'), who: ACCESS.catalogue, form: true },
  { path: '/admin/classes/management/group/:id', load: () => import('../features/catalogueSetup/GroupForm'), who: ACCESS.catalogue, form: true },
  { path: '/admin/classes/management/waitlist/:id', load: () => import('../features/catalogueSetup/WaitlistPage'), who: ACCESS.catalogue },
  { path: '/admin/classes/management/discounts', load: () => import('../features/catalogueSetup/DiscountCodes'), who: ACCESS.catalogue },
  { path: '/admin/classes/management/discounts/new', load: named(() => import('../features/catalogueSetup/DiscountCodes'), 'NewCode'), who: ACCESS.catalogue, form: true },
  { path: '/admin/classes/management/discounts/:id', load: named(() => import('../features/catalogueSetup/DiscountCodes'), 'EditCode'), who: ACCESS.catalogue, form: true },
  { path: '/admin/report', load: () => import('../features/office/RostersPage'), who: ACCESS.care, menu: { label: 'Class Forms and Contacts', icon: 'pi-file', side: true } },
  { path: '/admin/students', load: () => import('../features/office/StudentInfo'), who: ACCESS.care, menu: { label: 'Student Info Sheets', icon: 'pi-id-card', side: true } },
  { path: '/admin/students/:id', load: () => import('../features/office/StudentSheet'), who: ACCESS.care },
  { path: '/admin/families/new', load: () => import('../features/office/NewFamily'), who: ACCESS.care, form: true },
  { path: '/admin/families/:id', load: () => import('../features/office/HouseholdPage'), who: ACCESS.money },
  { path: '/admin/families/:id/child', load: () => import('../features/office/AddStudent'), who: ACCESS.care, form: true },
  { path: '/admin/students/:id/correct', load: () => import('../features/office/CorrectStudent'), who: ACCESS.care, form: true },
  { path: '/admin/field', load: () => import('../features/office/FieldDayPage'), who: ACCESS.care, menu: { label: 'The day in the field', icon: 'pi-map', side: false } },
  { path: '/admin/t-shirts', load: () => import('../features/office/TshirtSizes'), who: ACCESS.care, menu: { label: 'T-shirt Sizes', icon: 'pi-tags', side: true } },
  { path: '/admin/enrollments', load: () => import('../features/office/Enrollments'), who: ACCESS.money, menu: { label: 'Enrollments', icon: 'pi-list', side: true } },
  { path: '/admin/requests', load: () => import('../features/office/RequestsPage'), who: ACCESS.money, menu: { label: 'Requests from families', icon: 'pi-inbox', side: false } },
  { path: '/admin/reports', load: () => import('../features/office/MoneyReports'), who: ACCESS.money, menu: { label: 'Money reports', icon: 'pi-chart-line', side: false } },
  { path: '/admin/credits', load: () => import('../features/office/CreditsPage'), who: ACCESS.money, menu: { label: 'Account credit', icon: 'pi-wallet', side: false } },
  { path: '/admin/aid', load: () => import('../features/office/AidReview'), who: ACCESS.aid, menu: { label: 'Financial aid', icon: 'pi-heart', side: false } },
  { path: '/calendar/classes', load: () => import('../features/calendar/CalendarPage'), who: 'anyone', menu: { label: 'Class Calendar', icon: 'pi-calendar', side: true, access: STAFF_ROLES } },
  { path: '/admin/messages', load: () => import('../features/office/AnnouncementsPage'), who: ACCESS.catalogue, menu: { label: 'Announcements', icon: 'pi-megaphone', side: false } },
  { path: '/admin/messages/new', load: named(() => import('../features/office/AnnouncementsPage'), 'NewAnnouncement'), who: ACCESS.catalogue, form: true },
  { path: '/admin/messages/:id', load: named(() => import('../features/office/AnnouncementsPage'), 'EditAnnouncement'), who: ACCESS.catalogue, form: true },
  { path: '/admin/staff', load: () => import('../features/staff/StaffPage'), who: ACCESS.staff, menu: { label: 'Staff', icon: 'pi-users', side: false } },
  { path: '/admin/staff/new', load: named(() => import('../features/staff/StaffPage'), 'NewMember'), who: ACCESS.staff, form: true },
  { path: '/admin/staff/:id', load: named(() => import('../features/staff/StaffPage'), 'EditMember'), who: ACCESS.staff, form: true },
  { path: '/admin/audit', load: () => import('../features/staff/AuditPage'), who: ACCESS.staff, menu: { label: 'Audit trail', icon: 'pi-history', side: false } },
];

/** The staff pages' links, in the table's order. */
export const STAFF_LINKS: StaffLink[] = PAGES.flatMap((p) =>
  p.menu ? [{ to: p.path, label: p.menu.label, icon: p.menu.icon, side: p.menu.side, access: p.menu.access ?? (typeof p.who === 'string' ? STAFF_ROLES : p.who) }] : [],
);
