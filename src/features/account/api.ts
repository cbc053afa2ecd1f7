// The family's own data: students and enrollments.
import { ENROLLMENT_CALLS, useCallMutation, useCallQuery } from '../../lib/query';

export const useMyStudents = () => useCallQuery('myStudents');
export const useMyEnrollments = (enabled = true) => useCallQuery('myEnrollments', undefined, { enabled });
/** Saving a student changes the family's students and what the office reads about them. */
export const useSaveStudent = () => useCallMutation('saveStudent', ['myStudents', 'adminStudents', 'adminStudent', 'adminRosters', 'adminTshirts']);
export const useEnroll = () => useCallMutation('enroll', ENROLLMENT_CALLS);
/** Stripe's page for what an enrollment still owes. */
export const usePayBalance = () => useCallMutation('payBalance');
