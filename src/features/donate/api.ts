// The donation page's remote calls: Stripe's page for a gift by card, and the financial aid funds a gift may go to.
import { useCallMutation } from '../../lib/mutation';
import { useCallQuery } from '../../lib/query';

export const useDonate = () => useCallMutation('donate');
/** The financial aid funds a gift may go to. */
export const useDonationFunds = () => useCallQuery('donationFunds');
