// The family's own data: students and enrollments.
import type { Payload } from '../../../contract/callables';
import { CATALOGUE_CALLS, ENROLLMENT_CALLS, useCallMutation, useCallQuery, useFetchCall } from '../../lib/query';

export const useMyStudents = (enabled = true) => useCallQuery('myStudents', undefined, { enabled });
export const useMyEnrollments = (enabled = true) => useCallQuery('myEnrollments', undefined, { enabled });
/** Saving a student changes the family's students and what the office reads about them. */
export const useSaveStudent = () => useCallMutation('saveStudent', ['myStudents', 'adminStudents', 'adminStudent', 'adminRosters', 'adminTshirts']);
/** One checkout for one child or several. */
export const useEnrollFamily = () => useCallMutation('enrollFamily', ENROLLMENT_CALLS);
/** Add-ons taken later: asked what they add (nothing changes), then taken. */
export const useQuoteAddOns = () => useCallMutation('addAddOns');
export const useTakeAddOns = () => useCallMutation('addAddOns', ENROLLMENT_CALLS);
/** Stripe's page for what an enrollment still owes. */
export const usePayBalance = () => useCallMutation('payBalance');

// The waitlist: a change to it changes the family's list and the classes' seats and counts.
const WAITLIST_CALLS = ['myWaitlist', 'adminWaitlist', ...CATALOGUE_CALLS] as const;
export const useMyWaitlist = (enabled = true) => useCallQuery('myWaitlist', undefined, { enabled });
export const useJoinWaitlist = () => useCallMutation('joinWaitlist', WAITLIST_CALLS);
export const useLeaveWaitlist = () => useCallMutation('leaveWaitlist', WAITLIST_CALLS);
export const useDeclineOffer = () => useCallMutation('declineOffer', WAITLIST_CALLS);
export const useClaimOffer = () => useCallMutation('claimOffer', [...WAITLIST_CALLS, ...ENROLLMENT_CALLS]);

// Who holds the account (name and phone): the office's student sheet reads it too.
export const useMyAccount = (enabled = true) => useCallQuery('myAccount', undefined, { enabled });
export const useSaveAccount = () => useCallMutation('saveAccount', ['myAccount', 'adminStudent']);

/** Today's price of a basket, asked afresh (a waitlist claim pays the lower of the quoted and today's). */
export const useTodaysPrice = () => {
  const fetchCall = useFetchCall();
  return (basket: Payload<'priceBasket'>) => fetchCall('priceBasket', basket);
};
/** The family's calendar address: whether it has one, and a new one (the old one stops working). */
export const useCalendarFeed = () => useCallQuery('myCalendarFeed');
export const useNewCalendarFeed = () => useCallMutation('newCalendarFeed', ['myCalendarFeed']);
