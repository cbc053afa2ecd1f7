// The family's own data, read: its children, enrollments, waitlist places, attendance and who holds
// the account. Read by the class list (each child's fit), the enrollment steps and the account pages;
// what changes them is in the features that change them (account, enrollment), so that the class
// list loads no save.
import { useCallQuery } from '../../lib/query';

export const useMyStudents = (enabled = true) => useCallQuery('myStudents', undefined, { enabled });
export const useMyEnrollments = (enabled = true) => useCallQuery('myEnrollments', undefined, { enabled });
/** The children's attendance, as their instructors recorded it. */
export const useMyAttendance = () => useCallQuery('myAttendance');
export const useMyWaitlist = (enabled = true) => useCallQuery('myWaitlist', undefined, { enabled });
/** Who holds the account (name and phone). */
export const useMyAccount = (enabled = true) => useCallQuery('myAccount', undefined, { enabled });
/** The family's account credit: its balance and how it came and went. */
export const useMyCredit = (enabled = true) => useCallQuery('myCredit', undefined, { enabled });
/** The family's financial aid applications and what became of them. */
export const useMyAid = (enabled = true) => useCallQuery('myAid', undefined, { enabled });
