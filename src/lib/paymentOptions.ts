// How the school takes payments (card, the office): read by the review step and My Enrollments.
import { useCallQuery } from './query';

export const usePaymentOptions = () => useCallQuery('paymentOptions');
