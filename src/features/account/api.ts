// What a family does to its own data: students saved, checkouts, add-ons, balances paid, waitlist
// places, the account holder and the calendar address (its reads are in features/family/api.ts).
import type { Payload } from '../../../contract/callables';
import { useCallMutation } from '../../lib/mutation';
import { useCallQuery, useFetchCall } from '../../lib/query';

export const useSaveStudent = () => useCallMutation('saveStudent');
/** Deletes a child's profile (refused while the child has somewhere to be). */
export const useDeleteStudent = () => useCallMutation('deleteStudent');
/** New pickup codes for a child's adults, shown once. */
export const useIssuePickupCodes = () => useCallMutation('issuePickupCodes');
/** One checkout for one child or several. */
export const useEnrollFamily = () => useCallMutation('enrollFamily');
/** Add-ons taken later: asked what they add (nothing changes), then taken. */
export const useQuoteAddOns = () => useCallMutation('addAddOns', { quote: true });
export const useTakeAddOns = () => useCallMutation('addAddOns');
/** Stripe's page for what an enrollment still owes. */
export const usePayBalance = () => useCallMutation('payBalance');
export const usePayInstalment = () => useCallMutation('payInstalment');
export const usePayFamilyBalance = () => useCallMutation('payFamilyBalance');

// The family's waitlist places and offers.
export const useJoinWaitlist = () => useCallMutation('joinWaitlist');
export const useLeaveWaitlist = () => useCallMutation('leaveWaitlist');
export const useDeclineOffer = () => useCallMutation('declineOffer');
export const useClaimOffer = () => useCallMutation('claimOffer');

export const useSaveAccount = () => useCallMutation('saveAccount');
/** Everything the portal keeps about the family, for its own copy (nothing changes). */
export const useMyData = () => useCallMutation('myData', { quote: true });

/** Cancelling classes under the school's policy: what it gives (nothing changes), then the cancellation. */
export const useCancellationOutcome = () => useCallMutation('cancellationOutcome', { quote: true });
export const useCancelOwnClasses = () => useCallMutation('cancelOwnClasses');
/** Outside what the family may do by itself: a request the office answers. */
export const useRequestCancellation = () => useCallMutation('requestCancellation');
/** Moving a child to another class of the term: what it does first, then the move, or a request the office answers. */
export const useTransferOutcome = () => useCallMutation('transferOutcome', { quote: true });
export const useMoveOwnClass = () => useCallMutation('moveOwnClass');
export const useRequestTransfer = () => useCallMutation('requestTransfer');
/** What the family owes, paid from its account credit (oldest first). */
export const usePayFromCredit = () => useCallMutation('payFromCredit');

/**
 * Today's price of one child's classes for the family, with its financial aid award (a waitlist claim
 * pays the lower of the quoted and today's), and `ask` for it afresh (at the claim).
 */
export const useTodaysPrice = (child: Payload<'priceCart'>['children'][number], codes: string[]) => {
  const fetchCall = useFetchCall();
  const payload = { children: [child], codes };
  const [state] = useCallQuery('priceCart', payload);
  return [state, () => fetchCall('priceCart', payload)] as const;
};
/** The family's calendar address: whether it has one, and a new one (the old one stops working). */
export const useCalendarFeed = () => useCallQuery('myCalendarFeed');
export const useNewCalendarFeed = () => useCallMutation('newCalendarFeed');
/** A financial aid application for the school year. */
export const useApplyForAid = () => useCallMutation('applyForAid');
