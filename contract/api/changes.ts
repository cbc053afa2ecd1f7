// Families changing their plans: what cancelling classes would get under the school's policy, and
// cancelling them when the policy lets the family do it.
// Each call: who may call it, its payload, its answer, and what it shows and changes (the app
// fetches again what a call made stale: src/lib/stale.ts, written from these).
import { z } from 'zod/mini';
import type { CancellationOutcome } from '../changes';
import type { FamilyEnrollment } from '../domain';
import { cents, id, text } from '../schemas';
import { ids, spec, UNCACHED } from './spec';

const classesOf = { enrollmentId: id, classIds: ids.check(z.minLength(1, 'must name a class')) };
export const ownCancellationSchema = z.strictObject(classesOf);
export const cancelOwnSchema = z.strictObject({ ...classesOf, expectedRefund: cents, reason: z.optional(text(300)) });

export const changesCalls = {
  /** What cancelling would get today, in figures and words (nothing changes). */
  cancellationOutcome: spec<{ outcome: CancellationOutcome; words: string }>()('user', ownCancellationSchema, UNCACHED),
  /** Cancels the classes inside the policy, at the refund the family was shown. */
  cancelOwnClasses: spec<{ enrollment: FamilyEnrollment; replayed: boolean }>()('user', cancelOwnSchema, { changes: ['seats', 'waitlist'] }),
};
