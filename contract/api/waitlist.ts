// Waitlists: families joining and claiming offers, the office running the lists.
// Each call: who may call it, its payload, its answer, and what it shows and changes (the app
// fetches again what a call made stale: src/lib/stale.ts, written from these).
import { ACCESS } from '../roles';
import type { FamilyEnrollment, FamilyWaitlistEntry, OfficeWaitlistEntry } from '../domain';
import { cents, classIdSchema, id, idempotencyKey, joinWaitlistSchema, payment, required, signatures } from '../schemas';
import { z } from 'zod/mini';
import { spec, none } from './spec';

/**
 * Claiming a waitlist offer: the request is the one the family made when it joined; `releases` when a
 * release changed since and the family signs it again.
 */
export const claimOfferSchema = z.strictObject({ entryId: id, expectedTotal: cents, idempotencyKey, ...payment, releases: z.optional(signatures), infoConfirmed: z.optional(z.boolean()) });

export const entryIdSchema = z.strictObject({ entryId: id });

/** The office moves an entry before another (or to the end: null), saying why. */
export const waitlistMoveSchema = z.strictObject({ entryId: id, beforeEntryId: z.nullable(id), reason: required(300) });

export const waitlistRemoveSchema = z.strictObject({ entryId: id, reason: required(300) });

export const waitlistCalls = {
  joinWaitlist: spec<{ entry: FamilyWaitlistEntry; replayed: boolean }>()('user', joinWaitlistSchema, { changes: ['waitlist', 'seats'] }),
  myWaitlist: spec<{ entries: FamilyWaitlistEntry[] }>()('user', none, { shows: ['waitlist'] }),
  leaveWaitlist: spec<{ entry: FamilyWaitlistEntry }>()('user', entryIdSchema, { changes: ['waitlist', 'seats'] }),
  declineOffer: spec<{ entry: FamilyWaitlistEntry }>()('user', entryIdSchema, { changes: ['waitlist', 'seats'] }),
  claimOffer: spec<{ enrollment: FamilyEnrollment; replayed: boolean; checkoutUrl?: string }>()('user', claimOfferSchema, { changes: ['waitlist', 'seats', 'credit'] }),
  adminWaitlist: spec<{ title: string; seatsToOffer: number; entries: OfficeWaitlistEntry[] }>()(ACCESS.care, classIdSchema, { shows: ['waitlist'] }),
  adminWaitlistOffer: spec<{ entry: OfficeWaitlistEntry }>()(ACCESS.care, entryIdSchema, { changes: ['waitlist', 'seats'] }),
  adminWaitlistMove: spec<{ entry: OfficeWaitlistEntry }>()(ACCESS.care, waitlistMoveSchema, { changes: ['waitlist', 'seats'] }),
  adminWaitlistRemove: spec<{ entry: OfficeWaitlistEntry }>()(ACCESS.care, waitlistRemoveSchema, { changes: ['waitlist', 'seats'] }),
} as const;
