// The reminders' remote call: a family turning its reminders off (or on again) from an email's link.
import { useCallMutation } from '../../lib/mutation';

export const useSetReminders = () => useCallMutation('setReminders');
