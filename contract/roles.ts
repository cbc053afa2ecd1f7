// Staff roles: who on the school's staff may do what. The server checks them on every call
// (functions/src/lib/callable.ts); the app uses the same sets to show only the pages a person may open.

export const ROLE_ADMIN = 'admin';
export const STAFF_ROLES = ['admin', 'office', 'finance', 'instructor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Admin',
  office: 'Office',
  finance: 'Finance',
  instructor: 'Instructor',
};

export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  admin: 'Everything, and manages staff.',
  office: 'Everything except staff and roles.',
  finance: 'Enrollments, payments, refunds and the dashboard; no health, pickup or contact data.',
  instructor: 'Only the classes they are assigned to, and no money.',
};

/** Who may do a kind of staff work: the roles that allow it. */
export const ACCESS = {
  /** Managing staff accounts and roles. */
  staff: ['admin'],
  /** Semesters, classes, bundles and discount codes: changing them. */
  catalogue: ['admin', 'office'],
  /** Semesters and classes, read (the pickers of the money pages). */
  catalogueRead: ['admin', 'office', 'finance'],
  /** Enrollments, payments, refunds, the dashboard's money and the CSV. */
  money: ['admin', 'office', 'finance'],
  /** Children's records: rosters, health, pickups, contacts, student sheets, t-shirts, the waitlists. */
  care: ['admin', 'office'],
  /** Financial aid: families' applications, awards and funds (never office-only staff or instructors). */
  aid: ['admin', 'finance'],
  /** The classes a person teaches (assigned on the class form): their rosters and field sheets. */
  teach: ['admin', 'office', 'instructor'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffAccess = (typeof ACCESS)[keyof typeof ACCESS];

/** The staff roles among a list of role names (anything else stored is ignored). */
export const staffRolesOf = (roles: readonly string[]): StaffRole[] => STAFF_ROLES.filter((r) => roles.includes(r));

/** One of these roles allows the work. */
export const allows = (roles: readonly string[], access: readonly StaffRole[]) => access.some((r) => roles.includes(r));
