// The enrollment steps' remote calls.
import type { Payload } from '../../../contract/callables';
import type { FamilyEnrollment } from '../../../contract/domain';
import { useCallMutation } from '../../lib/mutation';
import { useCallQuery, useFetchCall } from '../../lib/query';

/** The price of the checkout by child (one child or several): the engine the submit uses. */
export const usePriceCart = (cart: Payload<'priceCart'>, enabled = true) => useCallQuery('priceCart', cart, { enabled });
/** The enrollment a card payment is for, asked again every 1.5 s while `waiting` says its payment is on its way. */
export const useCheckoutEnrollment = (enrollmentId: string, waiting: (e: FamilyEnrollment | undefined) => boolean) =>
  useCallQuery('myEnrollment', { enrollmentId }, { pollMs: (answer) => (waiting(answer?.enrollment) ? 1500 : false) });
export const useReleaseHold = () => useCallMutation('releaseHold');
/** The checkout priced with a code tried (asked afresh: the box says at once whether it applies). */
export const useTryCart = () => {
  const fetchCall = useFetchCall();
  return (cart: Payload<'priceCart'>) => fetchCall('priceCart', cart);
};
