// The donation page's remote call: Stripe's page for a gift by card.
import { useCallMutation } from '../../lib/mutation';

export const useDonate = () => useCallMutation('donate');
