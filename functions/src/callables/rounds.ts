// Registration rounds: the office sets a round and runs its draw; families enter; anyone reads a
// round's commitments and, once drawn, its record. A scheduled job closes and draws rounds on time.
import { logger } from 'firebase-functions/logger';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { callables } from '../../../contract/callables';
import { FUNCTIONS_REGION } from '../../../contract/constants';
import { actorOf, callable } from '../lib/callable';
import { advanceRound, drawnRecord, ownEntry, publicRound, roundReport, roundsDue, saveEntry, saveRound } from '../usecases/rounds';

export const round = callable(callables.round, async ({ semesterId }) => ({ round: await publicRound(semesterId) }));

export const roundRecord = callable(callables.roundRecord, async ({ semesterId }) => ({ record: await drawnRecord(semesterId) }));

export const myRoundEntry = callable(callables.myRoundEntry, async ({ semesterId }, ctx) => ({ entry: await ownEntry(ctx.uid, semesterId) }));

export const saveRoundEntry = callable(callables.saveRoundEntry, async (input, ctx) => ({ entry: await saveEntry(ctx, input, new Date()) }));

export const adminSaveRound = callable(callables.adminSaveRound, async (input, ctx) => ({ round: await saveRound(actorOf(ctx), input, new Date()) }));

export const adminRunDraw = callable(callables.adminRunDraw, async ({ semesterId }, ctx) => ({ round: await advanceRound(actorOf(ctx), semesterId, new Date()) }));

const phaseOf = (r: { drawn: unknown; settledAt: string | null; offersMade: number }) => (r.settledAt ? 'settled' : r.drawn ? `drawn, ${r.offersMade} entries offered so far` : 'waiting');

export const adminRoundReport = callable(callables.adminRoundReport, async ({ semesterId, dryRun }, ctx) => ({ report: await roundReport(actorOf(ctx), semesterId, dryRun, new Date()) }));

/** Closes entries when their time comes (their hash published within the minute), draws once the beacon's round is out, and puts the places through the ledger. */
export const roundsJob = onSchedule({ schedule: 'every 1 minutes', region: FUNCTIONS_REGION }, async () => {
  const now = new Date();
  const actor = { uid: 'scheduler', email: null, roles: ['scheduler'], requestId: `rounds-${now.toISOString()}` };
  for (const semesterId of await roundsDue(now)) logger.info('round advanced', { semesterId, round: phaseOf(await advanceRound(actor, semesterId, now)) });
});
