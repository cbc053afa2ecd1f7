// The instructor's remote calls: their classes, one class's roster, its field records and sending them.
import { useCallMutation } from '../../lib/mutation';
import { useCallQuery, useFetchCall } from '../../lib/query';

// Quiet: without signal these pages show the phone's copy, or say on the page that nothing was kept.
export const useMyTaughtClasses = () => useCallQuery('myTaughtClasses', undefined, { quiet: true });
export const useTaughtRoster = (classId: string) => useCallQuery('taughtRoster', { classId }, { quiet: true });
export const useClassFieldLog = (classId: string) => useCallQuery('classFieldLog', { classId }, { quiet: true });
export const useSyncFieldEntries = () => useCallMutation('syncFieldEntries');

/** A class's roster and records as they stand now, for the phone's offline copy (each read audited as a roster view). */
export function useFieldKitDownload() {
  const fetchCall = useFetchCall();
  return async (classId: string) => {
    const [{ roster }, { entries }] = await Promise.all([fetchCall('taughtRoster', { classId }), fetchCall('classFieldLog', { classId })]);
    return { roster, entries };
  };
}
