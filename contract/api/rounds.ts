// Registration rounds: the office sets a semester's round and runs its draw; families enter; anyone
// reads what a round has published and downloads a drawn round's record to check it.
// Each call: who may call it, its payload, its answer, and what it shows and changes (the app
// fetches again what a call made stale: src/lib/stale.ts, written from these).
import { z } from 'zod/mini';
import type { DrawRecord } from '../draw';
import { ACCESS } from '../roles';
import { GROUP_RULES, MAX_CHOICES, type PublicRound, type RoundEntry, type RoundReport } from '../rounds';
import { CHECKOUT_METHODS } from '../domain';
import { id, required, semesterIdSchema, signatures } from '../schemas';
import { spec } from './spec';

/** A moment as JSON carries it (UTC). */
const moment = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{3})?)?Z$/, 'must be a moment (ISO, UTC)'));

export const roundSettingsSchema = z.strictObject({
  semesterId: id,
  entriesOpen: moment,
  entriesClose: moment,
  drawAt: moment,
  claimHours: z.int().check(z.minimum(1, 'must be at least 1 hour'), z.maximum(14 * 24, 'must be at most two weeks')),
  maxChoices: z.int().check(z.minimum(1, 'must be at least 1'), z.maximum(MAX_CHOICES, `must be at most ${MAX_CHOICES}`)),
  groups: z
    .array(z.strictObject({ label: required(80), rule: z.enum(GROUP_RULES) }))
    .check(
      z.maxLength(GROUP_RULES.length, 'has too many groups'),
      z.refine((groups) => new Set(groups.map((g) => g.rule)).size === groups.length, 'names a group twice'),
    ),
});

export const entrySchema = z.strictObject({
  semesterId: id,
  children: z
    .array(
      z.strictObject({
        studentId: id,
        choices: z
          .array(id)
          .check(
            z.minLength(1, 'must rank at least one class'),
            z.maxLength(MAX_CHOICES, `must rank at most ${MAX_CHOICES}`),
            z.refine((choices) => new Set(choices).size === choices.length, 'ranks a class twice'),
          ),
        infoConfirmed: z.optional(z.boolean()),
      }),
    )
    .check(
      z.minLength(1, 'must name a child'),
      z.maxLength(6, 'has too many children'),
      z.refine((children) => new Set(children.map((c) => c.studentId)).size === children.length, 'lists a child twice'),
    ),
  linked: z.boolean(),
  waitlist: z.boolean(),
  releases: signatures,
  payWith: z.optional(z.enum(CHECKOUT_METHODS)),
});

export const roundReportSchema = z.strictObject({ semesterId: id, dryRun: z.boolean() });

export const roundsCalls = {
  /** A semester's round as published (null: registration is first come). */
  round: spec<{ round: PublicRound | null }>()('public', semesterIdSchema, { shows: ['rounds'] }),
  /** A drawn round's whole record: everything needed to draw it again (contract/draw.ts's verifyRecord). */
  roundRecord: spec<{ record: DrawRecord & { beaconRound: number; beaconSignature: string; chain: string } }>()('public', semesterIdSchema, { shows: ['rounds'] }),
  /** The family's entry in a semester's round; once drawn and offered, each child's result (entry.results). */
  myRoundEntry: spec<{ entry: RoundEntry | null }>()('user', semesterIdSchema, { shows: ['rounds', 'waitlist'] }),
  /** Enters the round, or changes the entry, until entries close. */
  saveRoundEntry: spec<{ entry: RoundEntry }>()('user', entrySchema, { changes: ['rounds'] }),
  /** Sets a semester's round (its commitment is made when saved; nothing changes once entries open). */
  adminSaveRound: spec<{ round: PublicRound }>()(ACCESS.catalogue, roundSettingsSchema, { changes: ['rounds'] }),
  /** Closes entries once their time has passed and draws once the beacon's round is out (else says why it waits). */
  adminRunDraw: spec<{ round: PublicRound }>()(ACCESS.catalogue, semesterIdSchema, { changes: ['rounds', 'seats', 'waitlist'] }),
  /** Demand against seats so far; the draw's fairness and results once drawn, or a dry run's before (never published). */
  adminRoundReport: spec<{ report: RoundReport }>()(ACCESS.catalogue, roundReportSchema, { shows: ['rounds', 'seats'] }),
} as const;
