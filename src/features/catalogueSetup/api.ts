// Setting up the catalogue: semesters, classes, bundles, discount codes, a class's waitlist and its
// instructors. The office's pages read the semesters and classes through these too. What a save
// makes stale (a class save: that semester's class list, the dashboard, the rosters and the catalogue
// families see) follows from the contract (lib/stale.ts is written from it).
import { useCallMutation } from '../../lib/mutation';
import { useCallQuery } from '../../lib/query';

export const useAdminSemesters = (enabled = true) => useCallQuery('adminSemesters', undefined, { enabled });
/** Classes and bundles of a semester; waits until the semester is known. */
export const useAdminClasses = (semesterId: string | undefined) =>
  useCallQuery('adminClasses', { semesterId: semesterId ?? '' }, { enabled: !!semesterId });
export const useAdminDiscounts = () => useCallQuery('adminDiscounts');
export const useAdminInstructors = () => useCallQuery('adminInstructors');

export const useSaveSemester = () => useCallMutation('adminSaveSemester');
export const useSaveClass = () => useCallMutation('adminSaveClass');
export const useCopyClass = () => useCallMutation('adminCopyClass');
export const useCopySemester = () => useCallMutation('adminCopySemester');
export const useDeleteClass = () => useCallMutation('adminDeleteClass');
export const useSaveGroup = () => useCallMutation('adminSaveGroup');
export const useDeleteGroup = () => useCallMutation('adminDeleteGroup');
export const useSaveDiscount = () => useCallMutation('adminSaveDiscount');
export const useDeleteDiscount = () => useCallMutation('adminDeleteDiscount');
/** Emailing the families of classes (a preview first; days off, and the office's class emails); the sent list is fetched again after a send. */
export const useEmailClasses = () => useCallMutation('adminEmailClasses');

// The waitlist of a class.
export const useAdminWaitlist = (classId: string) => useCallQuery('adminWaitlist', { classId });
export const useWaitlistOffer = () => useCallMutation('adminWaitlistOffer');
export const useWaitlistMove = () => useCallMutation('adminWaitlistMove');
export const useWaitlistRemove = () => useCallMutation('adminWaitlistRemove');
