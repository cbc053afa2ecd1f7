// The instructor's remote calls: their classes, one class's roster.
import { useCallQuery } from '../../lib/query';

export const useMyTaughtClasses = () => useCallQuery('myTaughtClasses');
export const useTaughtRoster = (classId: string) => useCallQuery('taughtRoster', { classId });
