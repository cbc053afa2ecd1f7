// The enrollment steps' remote calls.
import type { Payload } from '../../../contract/callables';
import { ENROLLMENT_CALLS, useCallMutation, useCallQuery } from '../../lib/query';

export const useReleases = () => useCallQuery('releases');
export const usePriceQuote = (basket: Payload<'priceBasket'>) => useCallQuery('priceBasket', basket);
export const usePaymentOptions = () => useCallQuery('paymentOptions');
/** The enrollment a card payment is for, asked again every 1.5 s while its payment is on its way. */
export const useCheckoutEnrollment = (enrollmentId: string) =>
  useCallQuery('myEnrollment', { enrollmentId }, { pollMs: (answer) => (!answer || answer.enrollment.status === 'pending_payment' ? 1500 : false) });
export const useReleaseHold = () => useCallMutation('releaseHold', ENROLLMENT_CALLS);
