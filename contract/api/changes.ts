// Families changing their plans: what cancelling classes would get under the school's policy,
// cancelling them when the policy lets the family do it, and otherwise asking the office, which decides.
// Each call: who may call it, its payload, its answer, and what it shows and changes (the app
// fetches again what a call made stale: src/lib/stale.ts, written from these).
import { z } from 'zod/mini';
import type { CancellationOutcome, OfficeChangeRequest, TransferOutcome } from '../changes';
import { PAYMENT_METHODS, type Enrollment, type FamilyEnrollment } from '../domain';
import { ACCESS } from '../roles';
import { cents, id, required, text } from '../schemas';
import { ids, none, spec, UNCACHED } from './spec';

const classesOf = { enrollmentId: id, classIds: ids.check(z.minLength(1, 'must name a class')) };
export const ownCancellationSchema = z.strictObject(classesOf);
export const cancelOwnSchema = z.strictObject({ ...classesOf, expectedRefund: cents, reason: z.optional(text(300)) });
export const requestCancellationSchema = z.strictObject({ ...classesOf, reason: z.optional(text(300)) });
const moveOf = { enrollmentId: id, fromClassId: id, toClassId: id };
export const transferOutcomeSchema = z.strictObject(moveOf);
export const moveOwnSchema = z.strictObject({ ...moveOf, expectedTotal: cents });
export const requestTransferSchema = z.strictObject({ ...moveOf, reason: z.optional(text(300)) });
/** The office may move a child at no charge whatever the policy says: the new class at the price paid for the old one. */
const atNoCharge = { atNoCharge: z.optional(z.boolean()) };
export const officeTransferOutcomeSchema = z.strictObject({ ...moveOf, ...atNoCharge });
export const officeMoveSchema = z.strictObject({ ...moveOf, ...atNoCharge, expectedTotal: cents, reason: required(300) });
export const decideRequestSchema = z.strictObject({
  enrollmentId: id,
  requestId: id,
  approve: z.boolean(),
  /** Another refund than the policy's (then `answer` says why). */
  refund: z.optional(cents),
  /** How the part of the refund that does not go back to a card is given back. */
  refundMethod: z.optional(z.enum(PAYMENT_METHODS)),
  /** A move approved at no charge, whatever the policy says (then `answer` says why). */
  ...atNoCharge,
  answer: z.optional(text(500)),
});

export const changesCalls = {
  /** What cancelling would get today, in figures and words (nothing changes). */
  cancellationOutcome: spec<{ outcome: CancellationOutcome; words: string }>()('user', ownCancellationSchema, UNCACHED),
  /** Cancels the classes inside the policy, at the refund the family was shown. */
  cancelOwnClasses: spec<{ enrollment: FamilyEnrollment; replayed: boolean }>()('user', cancelOwnSchema, { changes: ['seats', 'waitlist', 'aid'] }),
  /** Asks the office to cancel classes the family may not cancel by itself (nothing changes until it answers). */
  requestCancellation: spec<{ enrollment: FamilyEnrollment; replayed: boolean }>()('user', requestCancellationSchema, { changes: ['seats'] }),
  /** What moving the child to another class of the term would do today, in figures and words (nothing changes). */
  transferOutcome: spec<{ outcome: TransferOutcome; words: string }>()('user', transferOutcomeSchema, UNCACHED),
  /** Moves the child inside the policy, at the new total the family was shown. */
  moveOwnClass: spec<{ enrollment: FamilyEnrollment; replayed: boolean }>()('user', moveOwnSchema, { changes: ['seats', 'waitlist', 'credit', 'aid'] }),
  /** Asks the office to move the child (a seat in the new class kept meanwhile). */
  requestTransfer: spec<{ enrollment: FamilyEnrollment; replayed: boolean }>()('user', requestTransferSchema, { changes: ['seats'] }),
  /** What the office's move of a child would do (the policy's price rule; allowed whenever the child fits). */
  adminTransferOutcome: spec<{ outcome: TransferOutcome; words: string }>()(ACCESS.money, officeTransferOutcomeSchema, UNCACHED),
  /** The office moves a child to another class of the term, with a reason. */
  adminMoveClass: spec<{ enrollment: Enrollment; replayed: boolean }>()(ACCESS.money, officeMoveSchema, { changes: ['seats', 'waitlist', 'credit', 'aid'] }),
  /** The office's queue: the families' requests waiting for an answer, oldest first. */
  adminChangeRequests: spec<{ requests: OfficeChangeRequest[] }>()(ACCESS.money, none, { shows: ['seats'] }),
  /** Approves (cancelling, with the refund) or declines a request, with words for the family. */
  decideChangeRequest: spec<{ request: OfficeChangeRequest; replayed: boolean }>()(ACCESS.money, decideRequestSchema, { changes: ['seats', 'waitlist', 'credit', 'aid'] }),
};
