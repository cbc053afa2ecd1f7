// Written by npm run contract:write from the contract (contract/api/: what each call changes and each
// answer shows); never edited by hand. Which cached answers a successful call makes stale.
import type { CallableName } from '../../contract/callables';

const STALE: Partial<Record<CallableName, readonly CallableName[]>> = {
  adminSaveSemester: ['adminSemesters', 'adminClasses', 'adminDashboard', 'classes', 'availableEnrollmentClasses', 'classGroups', 'classesBySemester', 'openSemesters', 'adminRosters', 'adminTshirts', 'myTaughtClasses'],
  adminSaveClass: ['adminSemesters', 'adminClasses', 'adminDashboard', 'classes', 'availableEnrollmentClasses', 'classGroups', 'classesBySemester', 'openSemesters', 'adminRosters', 'adminTshirts', 'myTaughtClasses'],
  adminCopyClass: ['adminSemesters', 'adminClasses', 'adminDashboard', 'classes', 'availableEnrollmentClasses', 'classGroups', 'classesBySemester', 'openSemesters', 'adminRosters', 'adminTshirts', 'myTaughtClasses'],
  adminCopySemester: ['adminSemesters', 'adminClasses', 'adminDashboard', 'classes', 'availableEnrollmentClasses', 'classGroups', 'classesBySemester', 'openSemesters', 'adminRosters', 'adminTshirts', 'myTaughtClasses'],
  adminDeleteClass: ['adminSemesters', 'adminClasses', 'adminDashboard', 'classes', 'availableEnrollmentClasses', 'classGroups', 'classesBySemester', 'openSemesters', 'adminRosters', 'adminTshirts', 'myTaughtClasses'],
  adminSaveGroup: ['adminSemesters', 'adminClasses', 'adminDashboard', 'classes', 'availableEnrollmentClasses', 'classGroups', 'classesBySemester', 'openSemesters', 'adminRosters', 'adminTshirts', 'myTaughtClasses'],
  adminDeleteGroup: ['adminSemesters', 'adminClasses', 'adminDashboard', 'classes', 'availableEnrollmentClasses', 'classGroups', 'classesBySemester', 'openSemesters', 'adminRosters', 'adminTshirts', 'myTaughtClasses'],
  adminSaveDiscount: ['adminDiscounts'],
  adminDeleteDiscount: ['adminDiscounts'],
  adminSaveAnnouncement: ['adminAnnouncements', 'openSemesters'],
  adminDeleteAnnouncement: ['adminAnnouncements', 'openSemesters'],
  newCalendarFeed: ['myCalendarFeed'],
  cancelOwnClasses: ['adminClasses', 'adminDashboard', 'classes', 'availableEnrollmentClasses', 'classGroups', 'classesBySemester', 'openSemesters', 'myStudents', 'myEnrollments', 'myEnrollment', 'adminRosters', 'adminStudents', 'adminStudent', 'adminTshirts', 'adminEnrollments', 'adminCancelQuote', 'myRoundEntry', 'adminRoundReport', 'myTaughtClasses', 'taughtRoster', 'myWaitlist', 'adminWaitlist'],
  saveAccount: ['myAccount', 'adminStudent'],
  issuePickupCodes: ['myStudents', 'adminRosters', 'adminStudents', 'adminStudent', 'adminTshirts', 'taughtRoster'],
  saveStudent: ['myStudents', 'adminRosters', 'adminStudents', 'adminStudent', 'adminTshirts', 'taughtRoster'],
  enroll: ['adminClasses', 'adminDashboard', 'classes', 'availableEnrollmentClasses', 'classGroups', 'classesBySemester', 'openSemesters', 'myStudents', 'myEnrollments', 'myEnrollment', 'adminRosters', 'adminStudents', 'adminStudent', 'adminTshirts', 'adminEnrollments', 'adminCancelQuote', 'adminRoundReport', 'myTaughtClasses', 'taughtRoster'],
  enrollFamily: ['adminClasses', 'adminDashboard', 'classes', 'availableEnrollmentClasses', 'classGroups', 'classesBySemester', 'openSemesters', 'myStudents', 'myEnrollments', 'myEnrollment', 'adminRosters', 'adminStudents', 'adminStudent', 'adminTshirts', 'adminEnrollments', 'adminCancelQuote', 'adminRoundReport', 'myTaughtClasses', 'taughtRoster'],
  releaseHold: ['adminClasses', 'adminDashboard', 'classes', 'availableEnrollmentClasses', 'classGroups', 'classesBySemester', 'openSemesters', 'myStudents', 'myEnrollments', 'myEnrollment', 'adminRosters', 'adminStudents', 'adminStudent', 'adminTshirts', 'adminEnrollments', 'adminCancelQuote', 'adminRoundReport', 'myTaughtClasses', 'taughtRoster'],
  addAddOns: ['adminClasses', 'adminDashboard', 'classes', 'availableEnrollmentClasses', 'classGroups', 'classesBySemester', 'openSemesters', 'myStudents', 'myEnrollments', 'myEnrollment', 'adminRosters', 'adminStudents', 'adminStudent', 'adminTshirts', 'adminEnrollments', 'adminCancelQuote', 'adminRoundReport', 'myTaughtClasses', 'taughtRoster'],
  adminEmailClasses: ['adminClassMessages'],
  adminRecordPayment: ['adminClasses', 'adminDashboard', 'classes', 'availableEnrollmentClasses', 'classGroups', 'classesBySemester', 'openSemesters', 'myStudents', 'myEnrollments', 'myEnrollment', 'adminRosters', 'adminStudents', 'adminStudent', 'adminTshirts', 'adminEnrollments', 'adminCancelQuote', 'adminRoundReport', 'myTaughtClasses', 'taughtRoster'],
  adminVoidPayment: ['adminClasses', 'adminDashboard', 'classes', 'availableEnrollmentClasses', 'classGroups', 'classesBySemester', 'openSemesters', 'myStudents', 'myEnrollments', 'myEnrollment', 'adminRosters', 'adminStudents', 'adminStudent', 'adminTshirts', 'adminEnrollments', 'adminCancelQuote', 'adminRoundReport', 'myTaughtClasses', 'taughtRoster'],
  adminCancelEnrollment: ['adminClasses', 'adminDashboard', 'classes', 'availableEnrollmentClasses', 'classGroups', 'classesBySemester', 'openSemesters', 'myStudents', 'myEnrollments', 'myEnrollment', 'adminRosters', 'adminStudents', 'adminStudent', 'adminTshirts', 'adminEnrollments', 'adminCancelQuote', 'adminRoundReport', 'myTaughtClasses', 'taughtRoster'],
  adminReleaseHold: ['adminClasses', 'adminDashboard', 'classes', 'availableEnrollmentClasses', 'classGroups', 'classesBySemester', 'openSemesters', 'myStudents', 'myEnrollments', 'myEnrollment', 'adminRosters', 'adminStudents', 'adminStudent', 'adminTshirts', 'adminEnrollments', 'adminCancelQuote', 'adminRoundReport', 'myTaughtClasses', 'taughtRoster'],
  saveRoundEntry: ['round', 'roundRecord', 'myRoundEntry', 'adminRoundReport'],
  adminSaveRound: ['round', 'roundRecord', 'myRoundEntry', 'adminRoundReport'],
  adminRunDraw: ['adminClasses', 'adminDashboard', 'classes', 'availableEnrollmentClasses', 'classGroups', 'classesBySemester', 'openSemesters', 'myStudents', 'myEnrollments', 'myEnrollment', 'adminRosters', 'adminStudents', 'adminStudent', 'adminTshirts', 'adminEnrollments', 'adminCancelQuote', 'round', 'roundRecord', 'myRoundEntry', 'adminRoundReport', 'myTaughtClasses', 'taughtRoster', 'myWaitlist', 'adminWaitlist'],
  adminSaveStaff: ['adminStaff', 'adminInstructors'],
  syncFieldEntries: ['myAttendance', 'adminStudent', 'classFieldLog', 'adminFieldDay'],
  joinWaitlist: ['adminClasses', 'adminDashboard', 'classes', 'availableEnrollmentClasses', 'classGroups', 'classesBySemester', 'openSemesters', 'myStudents', 'myEnrollments', 'myEnrollment', 'adminRosters', 'adminStudents', 'adminStudent', 'adminTshirts', 'adminEnrollments', 'adminCancelQuote', 'myRoundEntry', 'adminRoundReport', 'myTaughtClasses', 'taughtRoster', 'myWaitlist', 'adminWaitlist'],
  leaveWaitlist: ['adminClasses', 'adminDashboard', 'classes', 'availableEnrollmentClasses', 'classGroups', 'classesBySemester', 'openSemesters', 'myStudents', 'myEnrollments', 'myEnrollment', 'adminRosters', 'adminStudents', 'adminStudent', 'adminTshirts', 'adminEnrollments', 'adminCancelQuote', 'myRoundEntry', 'adminRoundReport', 'myTaughtClasses', 'taughtRoster', 'myWaitlist', 'adminWaitlist'],
  declineOffer: ['adminClasses', 'adminDashboard', 'classes', 'availableEnrollmentClasses', 'classGroups', 'classesBySemester', 'openSemesters', 'myStudents', 'myEnrollments', 'myEnrollment', 'adminRosters', 'adminStudents', 'adminStudent', 'adminTshirts', 'adminEnrollments', 'adminCancelQuote', 'myRoundEntry', 'adminRoundReport', 'myTaughtClasses', 'taughtRoster', 'myWaitlist', 'adminWaitlist'],
  claimOffer: ['adminClasses', 'adminDashboard', 'classes', 'availableEnrollmentClasses', 'classGroups', 'classesBySemester', 'openSemesters', 'myStudents', 'myEnrollments', 'myEnrollment', 'adminRosters', 'adminStudents', 'adminStudent', 'adminTshirts', 'adminEnrollments', 'adminCancelQuote', 'myRoundEntry', 'adminRoundReport', 'myTaughtClasses', 'taughtRoster', 'myWaitlist', 'adminWaitlist'],
  adminWaitlistOffer: ['adminClasses', 'adminDashboard', 'classes', 'availableEnrollmentClasses', 'classGroups', 'classesBySemester', 'openSemesters', 'myStudents', 'myEnrollments', 'myEnrollment', 'adminRosters', 'adminStudents', 'adminStudent', 'adminTshirts', 'adminEnrollments', 'adminCancelQuote', 'myRoundEntry', 'adminRoundReport', 'myTaughtClasses', 'taughtRoster', 'myWaitlist', 'adminWaitlist'],
  adminWaitlistMove: ['adminClasses', 'adminDashboard', 'classes', 'availableEnrollmentClasses', 'classGroups', 'classesBySemester', 'openSemesters', 'myStudents', 'myEnrollments', 'myEnrollment', 'adminRosters', 'adminStudents', 'adminStudent', 'adminTshirts', 'adminEnrollments', 'adminCancelQuote', 'myRoundEntry', 'adminRoundReport', 'myTaughtClasses', 'taughtRoster', 'myWaitlist', 'adminWaitlist'],
  adminWaitlistRemove: ['adminClasses', 'adminDashboard', 'classes', 'availableEnrollmentClasses', 'classGroups', 'classesBySemester', 'openSemesters', 'myStudents', 'myEnrollments', 'myEnrollment', 'adminRosters', 'adminStudents', 'adminStudent', 'adminTshirts', 'adminEnrollments', 'adminCancelQuote', 'myRoundEntry', 'adminRoundReport', 'myTaughtClasses', 'taughtRoster', 'myWaitlist', 'adminWaitlist'],
};

/** The answers to fetch again after `name` succeeds. */
export function staleAfter(name: CallableName): readonly CallableName[] {
  return STALE[name] ?? [];
}
