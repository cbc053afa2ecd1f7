// The family's choices about the mail the school sends.
// Each call: who may call it, its payload, its answer, and what it shows and changes (the app
// fetches again what a call made stale: src/lib/stale.ts, written from these).
import { remindersSchema } from '../schemas';
import { spec, UNCACHED } from './spec';

export const familyMailCalls = {
  /** From a reminder's unsubscribe link: reminders off, or back on; receipts are always sent. */
  setReminders: spec<{ off: boolean }>()('public', remindersSchema, UNCACHED),
} as const;
