// Every callable of the portal, exported under its contract name.
import './lib/globalOptions';
import type { CallableName } from '../../contract/callables';
import type * as Exported from './index';

/** A callable of the contract without its function here is a type error (it would deploy without it). */
export type EveryCallableHasAFunction = Expect<Exclude<CallableName, keyof typeof Exported>>;
type Expect<Missing extends never> = Missing;
export { roles } from './callables/roles';
export { availableEnrollmentClasses, classGroups, classes, classesBySemester, openSemesters } from './callables/catalogue';
export { addAddOns, donate, enroll, enrollFamily, issuePickupCodes, myAttendance, myEnrollment, myEnrollments, myStudents, payBalance, paymentOptions, priceBasket, priceCart, releaseHold, releases, saveStudent } from './callables/enrollment';
export { stripeWebhook, sweepHolds } from './callables/stripe';
export { deleteDraft, loadDraft, myAccount, saveAccount, saveDraft } from './callables/drafts';
export { adminAudit, adminInstructors, adminSaveStaff, adminStaff } from './callables/staff';
export { adminFieldDay, classFieldLog, myTaughtClasses, syncFieldEntries, taughtRoster } from './callables/teaching';
export { calendarFeed, myCalendarFeed, newCalendarFeed } from './callables/calendar';
export { familyReminders, setReminders } from './callables/familyMail';
export {
  adminAnnouncements,
  adminClasses,
  adminCopyClass,
  adminCopySemester,
  adminDashboard,
  adminDeleteAnnouncement,
  adminDeleteClass,
  adminDeleteDiscount,
  adminDeleteGroup,
  adminDiscounts,
  adminSaveAnnouncement,
  adminSaveClass,
  adminSaveDiscount,
  adminSaveGroup,
  adminSaveSemester,
  adminSemesters,
} from './callables/admin';
export {
  adminCancelEnrollment,
  adminClassMessages,
  adminEmailClasses,
  adminCancelQuote,
  adminEnrollments,
  adminRecordPayment,
  adminReleaseHold,
  adminRosters,
  adminStudent,
  adminStudents,
  adminTshirts,
  adminVoidPayment,
} from './callables/office';
export {
  adminWaitlist,
  adminWaitlistMove,
  adminWaitlistOffer,
  adminWaitlistRemove,
  claimOffer,
  declineOffer,
  joinWaitlist,
  leaveWaitlist,
  myWaitlist,
  waitlistJob,
} from './callables/waitlist';
