// What a callable is in the contract: who may call it, its payload schema, its response type, and
// what it shows and changes (from which the app knows what a successful call made stale).
// zod/mini keeps the browser bundle small: only the checks used here are shipped.
import { z } from 'zod/mini';
import { MAX_IDS } from '../constants';
import type { StaffAccess } from '../roles';
import { id } from '../schemas';

/** Who may call: anyone, any signed-in account, or staff holding one of the roles listed (contract/roles.ts). */
export type Access = 'public' | 'user' | StaffAccess;

/** The kinds of record an answer shows and a call changes. */
export type Records = 'classes' | 'seats' | 'waitlist' | 'students' | 'account' | 'discounts' | 'announcements' | 'classMessages' | 'staff' | 'calendar' | 'field' | 'rounds' | 'credit' | 'aid';

/**
 * Every callable says what it shows and changes (or that it is UNCACHED). `shows`: what the answer shows; `changes`: what a successful call changes. After a call every cached
 * answer that shows what it changed is fetched again; an answer that shows nothing is never stale, a
 * call that changes nothing makes nothing stale.
 */
export interface Tags {
  readonly shows?: readonly Records[];
  readonly changes?: readonly Records[];
}

export interface CallableSpec<P extends z.ZodMiniType = z.ZodMiniType, R = unknown, A extends Access = Access> extends Tags {
  readonly access: A;
  readonly payload: P;
  /** Type-only marker for the response. */
  readonly response?: R;
}

export const spec =
  <R>() =>
  <P extends z.ZodMiniType, const A extends Access>(access: A, payload: P, tags: Tags): CallableSpec<P, R, A> => ({ access, payload, ...tags });

/**
 * Said of a call whose answer the app keeps for no other page and that changes nothing an answer
 * shows (a price quote, a Stripe page, the draft its own provider keeps): nothing to fetch again.
 */
export const UNCACHED: Tags = { shows: [], changes: [] };

export const ids = z.array(id).check(z.maxLength(MAX_IDS, 'has too many ids'));
/** "No payload": the callable protocol sends null for undefined. */
export const none = z.optional(z.null());
