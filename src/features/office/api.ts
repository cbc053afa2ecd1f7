// The office's remote calls: the dashboard, rosters and sheets, students, enrollments and their money,
// the day in the field, emails to classes and announcements. What a change makes stale follows from
// the contract (lib/stale.ts is written from it).
import type { Payload } from '../../../contract/callables';
import { useCallMutation } from '../../lib/mutation';
import { useCallQuery, useFetchCall } from '../../lib/query';

/** The term's money reports over these days. */
export const useMoneyReport = (semesterId: string | undefined, from: string, to: string) =>
  useCallQuery('adminMoneyReport', { semesterId: semesterId ?? '', from, to }, { enabled: !!semesterId && from <= to });
export const usePayouts = (from: string, to: string) => useCallQuery('adminPayouts', { from, to }, { enabled: from <= to });
export const useAdminDashboard = (semesterId: string | undefined) =>
  useCallQuery('adminDashboard', { semesterId: semesterId ?? '' }, { enabled: !!semesterId });
export const useAdminTshirts = (semesterId: string | undefined) =>
  useCallQuery('adminTshirts', { semesterId: semesterId ?? '' }, { enabled: !!semesterId });
export const useAdminRosters = (classIds: string[]) => useCallQuery('adminRosters', { classIds: classIds.slice(0, 100) });
export const useClassMessages = () => useCallQuery('adminClassMessages');
export const useAdminStudents = (query: Payload<'adminStudents'>) => useCallQuery('adminStudents', query);
export const useAdminStudent = (id: string) => useCallQuery('adminStudent', { id });
export const useHousehold = (uid: string) => useCallQuery('adminHousehold', { id: uid });
/** The office corrects a child's record, with its reason. */
export const useCorrectStudent = () => useCallMutation('adminCorrectStudent');
/** Enrolling by phone: the family's price first (changes nothing), then the enrollment. */
export const usePhonePrice = () => useCallMutation('adminPhoneEnroll', { quote: true });
export const usePhoneEnroll = () => useCallMutation('adminPhoneEnroll');
export const useFamilyData = () => useCallMutation('adminFamilyData');
export const useDeleteStudentForFamily = () => useCallMutation('adminDeleteStudent');
export const useDeleteDrafts = () => useCallMutation('adminDeleteDrafts');
export const useCreateFamily = () => useCallMutation('adminCreateFamily');
export const useAddStudent = () => useCallMutation('adminAddStudent');
export const useQuoteAddOnsForFamily = () => useCallMutation('adminAddAddOns', { quote: true });
export const useTakeAddOnsForFamily = () => useCallMutation('adminAddAddOns');
/** Every class meeting on a day, with its field records. */
export const useAdminFieldDay = (day: string) => useCallQuery('adminFieldDay', { day });
export const useAdminEnrollments = (query: Payload<'adminEnrollments'>) => useCallQuery('adminEnrollments', query);
/** One page of the enrollments table, asked afresh (the CSV export walks every page). */
export const useEnrollmentsPage = () => {
  const fetchCall = useFetchCall();
  return (query: Payload<'adminEnrollments'>) => fetchCall('adminEnrollments', query);
};

/** What cancelling these classes would do to the enrollment's total and refund; waits until a class is chosen. */
export const useCancelQuote = (enrollmentId: string, classIds: string[]) =>
  useCallQuery('adminCancelQuote', { enrollmentId, classIds }, { enabled: classIds.length > 0 });
export const useRecordPayment = () => useCallMutation('adminRecordPayment');
export const useGiveDiscount = () => useCallMutation('adminGiveDiscount');
export const useVoidPayment = () => useCallMutation('adminVoidPayment');
export const useRecordBalances = () => useCallMutation('adminRecordBalances');
export const useCancelEnrollment = () => useCallMutation('adminCancelEnrollment');
export const useReleaseHold = () => useCallMutation('adminReleaseHold');
/** The school cancels a class for everyone. */
export const useCancelClass = () => useCallMutation('adminCancelClass');
export const useCancelTerm = () => useCallMutation('adminCancelTerm');
/** The office moves a child to another class of the term: what the move does, then the move. */
export const useTransferPreview = () => useCallMutation('adminTransferOutcome', { quote: true });
export const useMoveClass = () => useCallMutation('adminMoveClass');

/** The families' requests waiting for the office, and its answer to one. */
export const useChangeRequests = () => useCallQuery('adminChangeRequests');
export const useDecideChangeRequest = () => useCallMutation('decideChangeRequest');

/** The account credit families have, and the office giving some (or taking some back). */
export const useCredits = () => useCallQuery('adminCredits');
export const useGiveCredit = () => useCallMutation('adminGiveCredit');

/** Financial aid (finance and admins): the applications with the funds, a batch of decisions, a fund. */
export const useAidApplications = () => useCallQuery('adminAid');
export const useAwardAid = () => useCallMutation('adminAwardAid');
export const useSaveFund = () => useCallMutation('adminSaveFund');

// Announcements: the office's list and the families' banner.
export const useAnnouncements = () => useCallQuery('adminAnnouncements');
export const useSaveAnnouncement = () => useCallMutation('adminSaveAnnouncement');
export const useDeleteAnnouncement = () => useCallMutation('adminDeleteAnnouncement');
