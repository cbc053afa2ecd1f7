// The office's remote calls. Each save names what it changes: a class save refreshes that semester's
// class list, the dashboard, the rosters and the catalogue families see.
import type { Payload } from '../../../contract/callables';
import { ENROLLMENT_CALLS, OFFICE_CLASS_CALLS, useCallMutation, useCallQuery, useFetchCall } from '../../lib/query';

export const useAdminSemesters = (enabled = true) => useCallQuery('adminSemesters', undefined, { enabled });
/** Classes and bundles of a semester; waits until the semester is known. */
export const useAdminClasses = (semesterId: string | undefined) =>
  useCallQuery('adminClasses', { semesterId: semesterId ?? '' }, { enabled: !!semesterId });
export const useAdminDiscounts = (enabled = true) => useCallQuery('adminDiscounts', undefined, { enabled });
export const useAdminDashboard = (semesterId: string | undefined) =>
  useCallQuery('adminDashboard', { semesterId: semesterId ?? '' }, { enabled: !!semesterId });
export const useAdminTshirts = (semesterId: string | undefined) =>
  useCallQuery('adminTshirts', { semesterId: semesterId ?? '' }, { enabled: !!semesterId });
export const useAdminRosters = (classIds: string[]) => useCallQuery('adminRosters', { classIds: classIds.slice(0, 100) });
/** Emailing the families of classes (a preview first); the sent list is fetched again after a send. */
export const useEmailClasses = () => useCallMutation('adminEmailClasses', ['adminClassMessages']);
export const useClassMessages = () => useCallQuery('adminClassMessages');
export const useAdminStudents = (query: Payload<'adminStudents'>) => useCallQuery('adminStudents', query);
export const useAdminStudent = (id: string) => useCallQuery('adminStudent', { id });
export const useAdminEnrollments = (query: Payload<'adminEnrollments'>) => useCallQuery('adminEnrollments', query);

/** What cancelling these classes would do to the enrollment's total and refund; waits until a class is chosen. */
export const useCancelQuote = (enrollmentId: string, classIds: string[]) =>
  useCallQuery('adminCancelQuote', { enrollmentId, classIds }, { enabled: classIds.length > 0 });

export const useSaveSemester = () => useCallMutation('adminSaveSemester', OFFICE_CLASS_CALLS);
export const useSaveClass = () => useCallMutation('adminSaveClass', OFFICE_CLASS_CALLS);
export const useCopyClass = () => useCallMutation('adminCopyClass', OFFICE_CLASS_CALLS);
export const useCopySemester = () => useCallMutation('adminCopySemester', OFFICE_CLASS_CALLS);
export const useDeleteClass = () => useCallMutation('adminDeleteClass', OFFICE_CLASS_CALLS);
export const useSaveGroup = () => useCallMutation('adminSaveGroup', OFFICE_CLASS_CALLS);
export const useDeleteGroup = () => useCallMutation('adminDeleteGroup', OFFICE_CLASS_CALLS);
export const useSaveDiscount = () => useCallMutation('adminSaveDiscount', ['adminDiscounts']);
export const useDeleteDiscount = () => useCallMutation('adminDeleteDiscount', ['adminDiscounts']);
export const useRecordPayment = () => useCallMutation('adminRecordPayment', ENROLLMENT_CALLS);
export const useVoidPayment = () => useCallMutation('adminVoidPayment', ENROLLMENT_CALLS);
export const useCancelEnrollment = () => useCallMutation('adminCancelEnrollment', ENROLLMENT_CALLS);
export const useReleaseHold = () => useCallMutation('adminReleaseHold', ENROLLMENT_CALLS);

// The waitlist of a class: a change to it changes the list, the class's counts and the catalogue.
export const useAdminWaitlist = (classId: string) => useCallQuery('adminWaitlist', { classId });
const WAITLIST_CHANGES = ['adminWaitlist', 'myWaitlist', ...OFFICE_CLASS_CALLS] as const;
export const useWaitlistOffer = () => useCallMutation('adminWaitlistOffer', WAITLIST_CHANGES);
export const useWaitlistMove = () => useCallMutation('adminWaitlistMove', WAITLIST_CHANGES);
export const useWaitlistRemove = () => useCallMutation('adminWaitlistRemove', WAITLIST_CHANGES);

// The staff and their roles, on the admin's Staff page.
export const useAdminStaff = () => useCallQuery('adminStaff');
export const useSaveStaff = () => useCallMutation('adminSaveStaff', ['adminStaff', 'adminInstructors']);
export const useAdminInstructors = () => useCallQuery('adminInstructors');
export const useAdminAudit = (filter: Payload<'adminAudit'>) => useCallQuery('adminAudit', filter);

// Announcements: a change shows at once on the office's list and in the families' banner.
const ANNOUNCEMENT_CALLS = ['adminAnnouncements', 'openSemesters'] as const;
export const useAnnouncements = () => useCallQuery('adminAnnouncements');
export const useSaveAnnouncement = () => useCallMutation('adminSaveAnnouncement', ANNOUNCEMENT_CALLS);
export const useDeleteAnnouncement = () => useCallMutation('adminDeleteAnnouncement', ANNOUNCEMENT_CALLS);
/** One page of the enrollments table, asked afresh (the CSV export walks every page). */
export const useEnrollmentsPage = () => {
  const fetchCall = useFetchCall();
  return (query: Payload<'adminEnrollments'>) => fetchCall('adminEnrollments', query);
};
