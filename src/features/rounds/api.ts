// Registration rounds' remote calls: a round as published, its record (for Verify), the family's
// entry, and the office's settings and draw.
import type { Payload } from '../../../contract/callables';
import { useCallMutation } from '../../lib/mutation';
import { useCallQuery, useFetchCall } from '../../lib/query';

export const useRound = (semesterId: string) => useCallQuery('round', { semesterId });
export const useMyRoundEntry = (semesterId: string, enabled = true) => useCallQuery('myRoundEntry', { semesterId }, { enabled });
export const useSaveRoundEntry = () => useCallMutation('saveRoundEntry');
export const useSaveRound = () => useCallMutation('adminSaveRound');
export const useRunDraw = () => useCallMutation('adminRunDraw');
export const useRoundReport = (semesterId: string) => useCallQuery('adminRoundReport', { semesterId, dryRun: false });

/** A dry run of the draw, when the office asks: a new one each time. */
export function useDryRun() {
  const fetchCall = useFetchCall({ staleTime: 0 });
  return (payload: Payload<'adminRoundReport'>) => fetchCall('adminRoundReport', payload);
}

/** The drawn round's record, fetched when Verify or the download is pressed, once: it never changes. */
export function useRecordFetch() {
  const fetchCall = useFetchCall({ staleTime: Infinity });
  return (payload: Payload<'roundRecord'>) => fetchCall('roundRecord', payload);
}
