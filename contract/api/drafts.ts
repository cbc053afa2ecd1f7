// The account holder and the enrollment draft kept between visits.
// Each call: who may call it, its payload, its answer, and what it shows and changes (the app
// fetches again what a call made stale: src/lib/stale.ts, written from these).
import type { AccountHolder } from '../domain';
import type { FamilyData } from '../family';
import { accountHolderSchema, plain } from '../schemas';
import { spec, none, UNCACHED } from './spec';
import { ACCESS } from '../roles';
import { DRAFT_DAYS } from '../constants';
import { z } from 'zod/mini';

/** The family's in-progress enrollment: their own scratch state, never trusted by the enroll check. */
export const draftSchema = z.strictObject({
  json: z.string().check(z.maxLength(100_000, 'is too large'), plain),
  /** Which enrollment the draft belongs to: a save of one a checkout has ended is not kept. */
  flow: z.string().check(z.regex(/^[A-Za-z0-9-]{8,64}$/, 'must be a flow id')),
});

export const deleteDraftsSchema = z.strictObject({
  olderThanDays: z.int().check(z.minimum(1, 'must be at least 1'), z.maximum(DRAFT_DAYS, `must be at most ${DRAFT_DAYS} (drafts go by themselves then)`)),
  send: z.boolean(),
});

export const draftsCalls = {
  /** The account holder's name and phone (null until given: asked at the first checkout, kept on Manage Account). */
  myAccount: spec<{ holder: AccountHolder | null }>()('user', none, { shows: ['account'] }),
  saveAccount: spec<{ holder: AccountHolder }>()('user', accountHolderSchema, { changes: ['account'] }),
  /** Everything the portal keeps about the family ("Download our data" on Manage Account); each download is in the audit trail. */
  myData: spec<FamilyData>()('user', none, UNCACHED),
  loadDraft: spec<{ json: string; updatedAt: string } | null>()('user', none, UNCACHED),
  saveDraft: spec<{ updatedAt: string; saved: boolean }>()('user', draftSchema, UNCACHED),
  deleteDraft: spec<{ deleted: boolean }>()('user', none, UNCACHED),
  /** Enrollments families started and left, not saved for `olderThanDays`: counted (`send: false`) or deleted (audited). */
  adminDeleteDrafts: spec<{ found: number; deleted: number }>()(ACCESS.care, deleteDraftsSchema, UNCACHED),
} as const;
