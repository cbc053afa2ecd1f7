// The catalogue's remote calls (public: no account needed).
import { useCallQuery } from '../../lib/query';

export const useOpenSemesters = () => useCallQuery('openSemesters');
export const useAvailableClasses = () => useCallQuery('availableEnrollmentClasses');
/** Every class of these semesters (paused, info-only and closed included); waits while `enabled` is false. */
export const useClassesBySemester = (semesterIds: string[], enabled = true) =>
  useCallQuery('classesBySemester', semesterIds, { enabled: enabled && semesterIds.length > 0 });
