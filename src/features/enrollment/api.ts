// The enrollment steps' remote calls.
import type { Payload } from '../../../contract/callables';
import { useCallQuery } from '../../lib/query';

export const useReleases = () => useCallQuery('releases');
export const usePriceQuote = (basket: Payload<'priceBasket'>) => useCallQuery('priceBasket', basket);
