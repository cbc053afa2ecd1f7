// A family's account credit: what it has and how it came and went (My Enrollments), and finance's
// ledger, where the office gives a credit (or takes one back) with its reason.
// Each call: who may call it, its payload, its answer, and what it shows and changes (the app
// fetches again what a call made stale: src/lib/stale.ts, written from these).
import { z } from 'zod/mini';
import type { FamilyCredit, OfficeCredit } from '../credit';
import { ACCESS } from '../roles';
import type { Cents, FamilyEnrollment } from '../domain';
import { email, id, idempotencyKey, required } from '../schemas';
import { none, spec } from './spec';

export const giveCreditSchema = z.strictObject({
  email,
  amount: z.int().check(z.minimum(1, 'must be at least 1 cent'), z.maximum(100_000_00, 'is too large')),
  /** Takes that much credit back (a mistake), never more than the family has. */
  takeBack: z.optional(z.boolean()),
  reason: required(300),
  idempotencyKey,
});

export const payFromCreditSchema = z.strictObject({ enrollmentId: z.optional(id) });

export const creditCalls = {
  /** The family's credit: its balance and every entry, newest first. */
  myCredit: spec<FamilyCredit>()('user', none, { shows: ['credit'] }),
  /** Pays what the family's enrollments owe (one, or all) from its account credit, oldest first. */
  payFromCredit: spec<{ enrollments: FamilyEnrollment[]; used: Cents }>()('user', payFromCreditSchema, { changes: ['credit', 'seats'] }),
  /** Every family with a credit or an entry, with the entries, largest balance first. */
  adminCredits: spec<{ families: OfficeCredit[] }>()(ACCESS.money, none, { shows: ['credit'] }),
  /** Gives a family credit (or takes some back) with the reason it reads on My Enrollments. */
  adminGiveCredit: spec<{ family: OfficeCredit; replayed: boolean }>()(ACCESS.money, giveCreditSchema, { changes: ['credit'] }),
};
