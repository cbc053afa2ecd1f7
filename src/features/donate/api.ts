// The donation page's remote call: Stripe's page for a gift by card.
import { useCallMutation } from '../../lib/query';

export const useDonate = () => useCallMutation('donate');
