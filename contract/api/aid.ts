// Financial aid: a family's application and what became of it, finance's batch of applications with
// the funds, the awards typed together, and the funds themselves. Applications are finance's and
// admins' only: instructors and office-only staff never see who receives aid.
// Each call: who may call it, its payload, its answer, and what it shows and changes (the app
// fetches again what a call made stale: src/lib/stale.ts, written from these).
import { z } from 'zod/mini';
import { INCOME_BAND_IDS, type AidApplication, type AidFund, type FamilyAid } from '../aid';
import { ACCESS } from '../roles';
import { cents, id, idempotencyKey, isoDay, required, text } from '../schemas';
import { ids, none, spec } from './spec';

export const applyForAidSchema = z.strictObject({
  semesterId: id,
  studentIds: ids.check(z.minLength(1, 'must name at least one child')),
  householdSize: z.int().check(z.minimum(1, 'must be at least 1'), z.maximum(20, 'must be at most 20')),
  incomeBand: z.enum(INCOME_BAND_IDS),
  benefits: z.boolean(),
  words: text(1000),
});

const percent = z.int().check(z.minimum(1, 'must be at least 1'), z.maximum(100, 'must be at most 100'));
const positive = z.int().check(z.minimum(1, 'must be more than $0'), z.maximum(100_000_00, 'is too large'));

/** One decision of the batch: an award (a percent with a cap for each child, or an amount) or "not this time". */
export const aidDecisionSchema = z.strictObject({
  applicationId: id,
  award: z.boolean(),
  fundId: z.optional(id),
  percent: z.optional(percent),
  amount: z.optional(positive),
  capPerChild: z.optional(positive),
  addOns: z.optional(z.boolean()),
  expiresOn: z.optional(isoDay),
  note: text(500),
});

export const awardAidSchema = z.strictObject({ decisions: z.array(aidDecisionSchema).check(z.minLength(1, 'must hold a decision'), z.maxLength(200, 'has too many decisions')), idempotencyKey });

export const saveFundSchema = z.strictObject({
  /** Absent: a new fund. */
  id: z.optional(id),
  name: required(80),
  /** Money moved into the fund (the school's budget, another fund): added to what it holds. */
  transfer: z.optional(cents),
  /** First come until it runs out: the terms each application is awarded on arrival (null: reviewed together). */
  firstCome: z.optional(z.nullable(z.strictObject({ percent, capPerChild: positive, expiresOn: isoDay }))),
});

export const aidCalls = {
  /** The funds a donor may give to (their names only). */
  donationFunds: spec<{ funds: { id: string; name: string }[] }>()('public', none, { shows: ['aid'] }),
  /** Applies for this school year (once per family), for these children and this term. */
  applyForAid: spec<{ application: FamilyAid }>()('user', applyForAidSchema, { changes: ['aid'] }),
  /** The family's applications and what became of them, newest first. */
  myAid: spec<{ applications: FamilyAid[] }>()('user', none, { shows: ['aid'] }),
  /** Every application, most in need first, with the funds (the read is audited). */
  adminAid: spec<{ applications: AidApplication[]; funds: AidFund[] }>()(ACCESS.aid, none, { shows: ['aid'] }),
  /** Awards (or declines) a batch in one transaction: no fund ever gives more than it holds. */
  adminAwardAid: spec<{ applications: AidApplication[]; funds: AidFund[]; replayed: boolean }>()(ACCESS.aid, awardAidSchema, { changes: ['aid'] }),
  /** Creates a fund, renames one, or moves money into it. */
  adminSaveFund: spec<{ fund: AidFund }>()(ACCESS.aid, saveFundSchema, { changes: ['aid'] }),
};
