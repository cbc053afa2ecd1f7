// The instructor's remote calls: their classes, one class's roster, its field records and sending them.
import { useCallMutation } from '../../lib/mutation';
import { useCallQuery, useFetchCall } from '../../lib/query';

// Quiet: without signal these pages show the phone's copy, or say on the page that nothing was kept.
export const useMyTaughtClasses = () => useCallQuery('myTaughtClasses', undefined, { quiet: true });
export const useTaughtRoster = (classId: string) => useCallQuery('taughtRoster', { classId }, { quiet: true });
/** A class's records, asked again every minute while the page is open: another phone's records appear, and a class no longer the instructor's closes. */
export const useClassFieldLog = (classId: string, enabled = true) => useCallQuery('classFieldLog', { classId }, { quiet: true, enabled, pollMs: () => FIELD_LOG_POLL_MS });
export const FIELD_LOG_POLL_MS = 60_000;
export const useSyncFieldEntries = () => useCallMutation('syncFieldEntries');

/** A class's roster and records as they stand now, for the phone's offline copy, and until when it opens (the server records the download; each read audited). */
export function useFieldKitDownload() {
  const fetchCall = useFetchCall();
  return async (classId: string) => {
    const [{ roster, offlineUntil }, { entries, names }] = await Promise.all([fetchCall('taughtRoster', { classId, offline: true }), fetchCall('classFieldLog', { classId })]);
    return { roster, entries, names, until: offlineUntil! };
  };
}
