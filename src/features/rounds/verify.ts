// Verify, in the browser: the published record drawn again from scratch, the seed against the hash
// published when the round opened, the entries against the hash published when they closed, and the
// beacon's value against its chain's key. Nothing is taken on the server's word.
import type { Response } from '../../../contract/callables';
import { BEACON_STAND_IN, QUICKNET, beaconProblem } from '../../../contract/beacon';
import { verifyRecord } from '../../../contract/draw';
import type { PublicRound } from '../../../contract/rounds';
import { useEmulators } from '../../lib/firebaseConfig';

type Record = Response<'roundRecord'>['record'];

/** The chains this build accepts (the stand-in only in emulator builds). */
const CHAINS = useEmulators ? [QUICKNET, BEACON_STAND_IN] : [QUICKNET];

/** Null when the record matches what the round published and draws again to the same placements; else what does not, in words. */
export async function recordProblem(record: Record, round: PublicRound): Promise<string | null> {
  if (record.seedHash !== round.seedHash) return 'The record’s seed hash is not the one published when the round opened.';
  if (record.entriesHash !== round.entriesHash) return 'The record’s entries hash is not the one published when entries closed.';
  if (record.beaconRound !== round.beacon.round) return `The record uses the beacon’s round ${record.beaconRound}; the round named round ${round.beacon.round} when it opened.`;
  const chain = CHAINS.find((c) => c.hash === record.chain && c.hash === round.beacon.chain);
  if (!chain) return 'The record names a beacon chain this page does not know.';
  const beacon = await beaconProblem(chain, record.beaconRound, { round: record.beaconRound, randomness: record.beacon, signature: record.beaconSignature });
  return beacon ?? verifyRecord(record);
}
