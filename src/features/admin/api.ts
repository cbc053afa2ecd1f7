// The office's remote calls. What a save makes stale (a class save: that semester's class list, the
// dashboard, the rosters and the catalogue families see) follows from lib/stale.ts.
import type { Payload } from '../../../contract/callables';
import { useCallMutation } from '../../lib/mutation';
import { useCallQuery, useFetchCall } from '../../lib/query';

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
export const useEmailClasses = () => useCallMutation('adminEmailClasses');
export const useClassMessages = () => useCallQuery('adminClassMessages');
export const useAdminStudents = (query: Payload<'adminStudents'>) => useCallQuery('adminStudents', query);
export const useAdminStudent = (id: string) => useCallQuery('adminStudent', { id });
/** Every class meeting on a day, with its field records. */
export const useAdminFieldDay = (day: string) => useCallQuery('adminFieldDay', { day });
export const useAdminEnrollments = (query: Payload<'adminEnrollments'>) => useCallQuery('adminEnrollments', query);

/** What cancelling these classes would do to the enrollment's total and refund; waits until a class is chosen. */
export const useCancelQuote = (enrollmentId: string, classIds: string[]) =>
  useCallQuery('adminCancelQuote', { enrollmentId, classIds }, { enabled: classIds.length > 0 });

export const useSaveSemester = () => useCallMutation('adminSaveSemester');
export const useSaveClass = () => useCallMutation('adminSaveClass');
export const useCopyClass = () => useCallMutation('adminCopyClass');
export const useCopySemester = () => useCallMutation('adminCopySemester');
export const useDeleteClass = () => useCallMutation('adminDeleteClass');
export const useSaveGroup = () => useCallMutation('adminSaveGroup');
export const useDeleteGroup = () => useCallMutation('adminDeleteGroup');
export const useSaveDiscount = () => useCallMutation('adminSaveDiscount');
export const useDeleteDiscount = () => useCallMutation('adminDeleteDiscount');
export const useRecordPayment = () => useCallMutation('adminRecordPayment');
export const useVoidPayment = () => useCallMutation('adminVoidPayment');
export const useCancelEnrollment = () => useCallMutation('adminCancelEnrollment');
export const useReleaseHold = () => useCallMutation('adminReleaseHold');

// The waitlist of a class.
export const useAdminWaitlist = (classId: string) => useCallQuery('adminWaitlist', { classId });
export const useWaitlistOffer = () => useCallMutation('adminWaitlistOffer');
export const useWaitlistMove = () => useCallMutation('adminWaitlistMove');
export const useWaitlistRemove = () => useCallMutation('adminWaitlistRemove');

// The staff and their roles, on the admin's Staff page.
export const useAdminStaff = () => useCallQuery('adminStaff');
export const useSaveStaff = () => useCallMutation('adminSaveStaff');
export const useAdminInstructors = () => useCallQuery('adminInstructors');
export const useAdminAudit = (filter: Payload<'adminAudit'>) => useCallQuery('adminAudit', filter);

// Announcements: the office's list and the families' banner.
export const useAnnouncements = () => useCallQuery('adminAnnouncements');
export const useSaveAnnouncement = () => useCallMutation('adminSaveAnnouncement');
export const useDeleteAnnouncement = () => useCallMutation('adminDeleteAnnouncement');
/** One page of the enrollments table, asked afresh (the CSV export walks every page). */
export const useEnrollmentsPage = () => {
  const fetchCall = useFetchCall();
  return (query: Payload<'adminEnrollments'>) => fetchCall('adminEnrollments', query);
};
