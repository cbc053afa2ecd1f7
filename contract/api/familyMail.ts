// The family's choices about the mail the school sends.
// Each call: who may call it, its payload, its answer, and what it shows and changes (the app
// fetches again what a call made stale: src/lib/stale.ts, written from these).
import { z } from 'zod/mini';
import { spec, UNCACHED } from './spec';

/** The reminders' unsubscribe link: its token, and whether the family wants them off (or back on). */
export const remindersSchema = z.strictObject({ token: z.string().check(z.regex(/^[A-Za-z0-9_-]{32}$/, 'is not a valid link')), off: z.boolean() });

export const familyMailCalls = {
  /** From a reminder's unsubscribe link: reminders off, or back on; receipts are always sent. */
  setReminders: spec<{ off: boolean }>()('public', remindersSchema, UNCACHED),
} as const;
