// The family's calendar subscription.
// Each call: who may call it, its payload, its answer, and what it shows and changes (the app
// fetches again what a call made stale: src/lib/stale.ts, written from these).
import { spec, none } from './spec';

export const calendarCalls = {
  /** The family's calendar subscription: whether it has one, since when (its address is shown only when made). */
  myCalendarFeed: spec<{ createdAt: string | null }>()('user', none, { shows: ['calendar'] }),
  /** A new private calendar address for the family; the one before stops working. `token` goes in /cal/<token>.ics. */
  newCalendarFeed: spec<{ token: string; createdAt: string }>()('user', none, { changes: ['calendar'] }),
} as const;
