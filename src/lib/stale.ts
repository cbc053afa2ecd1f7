// Which cached answers a successful call makes stale, derived from one table: what each answer reads
// and what each call changes. A new callable is added here once (a call that changes something names
// it; an answer names what it shows) and every mutation hook follows, with no list of its own.
import type { CallableName } from '../../contract/callables';

/** The kinds of record an answer shows and a call changes. */
type Records = 'classes' | 'seats' | 'waitlist' | 'students' | 'account' | 'discounts' | 'announcements' | 'classMessages' | 'staff' | 'calendar' | 'field';

const CATALOGUE = ['classes', 'classGroups', 'classesBySemester', 'availableEnrollmentClasses', 'openSemesters'] as const;

/** The answers that show each kind of record. */
const SHOWN_BY: Record<Records, readonly CallableName[]> = {
  // Classes, bundles and semesters, and the seats left that the catalogue shows beside them.
  classes: [...CATALOGUE, 'adminSemesters', 'adminClasses', 'adminDashboard', 'adminRosters', 'adminTshirts'],
  // Enrollments, payments and the seats they take.
  seats: [...CATALOGUE, 'adminEnrollments', 'adminCancelQuote', 'adminDashboard', 'adminRosters', 'adminTshirts', 'adminStudents', 'adminStudent', 'adminClasses', 'myEnrollments', 'myStudents'],
  waitlist: ['myWaitlist', 'adminWaitlist'],
  students: ['myStudents', 'adminStudents', 'adminStudent', 'adminRosters', 'adminTshirts'],
  account: ['myAccount', 'adminStudent'],
  discounts: ['adminDiscounts'],
  announcements: ['adminAnnouncements', 'openSemesters'],
  classMessages: ['adminClassMessages'],
  staff: ['adminStaff', 'adminInstructors'],
  calendar: ['myCalendarFeed'],
  field: ['classFieldLog', 'myAttendance', 'adminStudent', 'adminFieldDay'],
};

const CATALOGUE_EDIT = ['classes'] as const;
const MONEY_OR_SEATS = ['seats'] as const;
const WAITLIST = ['waitlist', 'seats'] as const;

/** What each call that changes something changes (calls not listed change nothing the app shows). */
const CHANGES: Partial<Record<CallableName, readonly Records[]>> = {
  adminSaveSemester: CATALOGUE_EDIT,
  adminSaveClass: CATALOGUE_EDIT,
  adminCopyClass: CATALOGUE_EDIT,
  adminCopySemester: CATALOGUE_EDIT,
  adminDeleteClass: CATALOGUE_EDIT,
  adminSaveGroup: CATALOGUE_EDIT,
  adminDeleteGroup: CATALOGUE_EDIT,
  adminSaveDiscount: ['discounts'],
  adminDeleteDiscount: ['discounts'],
  adminSaveAnnouncement: ['announcements'],
  adminDeleteAnnouncement: ['announcements'],
  adminEmailClasses: ['classMessages'],
  adminSaveStaff: ['staff'],
  adminRecordPayment: MONEY_OR_SEATS,
  adminVoidPayment: MONEY_OR_SEATS,
  adminCancelEnrollment: MONEY_OR_SEATS,
  adminReleaseHold: MONEY_OR_SEATS,
  adminWaitlistOffer: WAITLIST,
  adminWaitlistMove: WAITLIST,
  adminWaitlistRemove: WAITLIST,
  enrollFamily: MONEY_OR_SEATS,
  addAddOns: MONEY_OR_SEATS,
  releaseHold: MONEY_OR_SEATS,
  joinWaitlist: WAITLIST,
  leaveWaitlist: WAITLIST,
  declineOffer: WAITLIST,
  claimOffer: WAITLIST,
  saveStudent: ['students'],
  issuePickupCodes: ['students'],
  saveAccount: ['account'],
  newCalendarFeed: ['calendar'],
  syncFieldEntries: ['field'],
};

/** The answers to fetch again after `name` succeeds. */
export function staleAfter(name: CallableName): CallableName[] {
  return [...new Set((CHANGES[name] ?? []).flatMap((records) => SHOWN_BY[records]))];
}
