// The instructor's remote calls: their classes, one class's roster, its field records and sending them.
import { useCallMutation } from '../../lib/mutation';
import { useCallQuery } from '../../lib/query';

export const useMyTaughtClasses = () => useCallQuery('myTaughtClasses');
export const useTaughtRoster = (classId: string) => useCallQuery('taughtRoster', { classId });
export const useClassFieldLog = (classId: string) => useCallQuery('classFieldLog', { classId });
export const useSyncFieldEntries = () => useCallMutation('syncFieldEntries');
