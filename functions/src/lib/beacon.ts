// Fetching a round of the randomness beacon: drand's quicknet in production (its relays, one after
// another), the stand-in on the emulators. A value is used only once its signature checks against the
// chain's key; until a round is out, or while no relay answers, the draw waits (it never falls back
// to randomness of the server's own).
import { BEACON_STAND_IN, BEACON_STAND_IN_PATH, QUICKNET, beaconProblem, roundTime, type BeaconChain, type BeaconValue } from '../../../contract/beacon';
import emulators from '../../../contract/emulators.json';
import { portOffset } from '../../../contract/emulatorPorts';
import { formatMoment } from '../../../contract/wording';

/** The chain this deployment draws from. */
export const beaconChain = (): BeaconChain => (process.env.FUNCTIONS_EMULATOR === 'true' ? BEACON_STAND_IN : QUICKNET);

/** drand's public relays for quicknet (the League of Entropy's), tried in turn. */
const RELAYS = ['https://api.drand.sh', 'https://api2.drand.sh', 'https://api3.drand.sh', 'https://drand.cloudflare.com'];

/** The round's value, or why the draw waits, in words. */
export async function fetchBeacon(chain: BeaconChain, round: number): Promise<{ value: BeaconValue } | { waiting: string }> {
  const relays = chain === QUICKNET ? RELAYS : [`http://127.0.0.1:${emulators.stripeStandIn.port + portOffset()}${BEACON_STAND_IN_PATH}`];
  const due = formatMoment(new Date(roundTime(chain, round) * 1000).toISOString());
  let last = 'no relay answered';
  for (const relay of relays) {
    try {
      const res = await fetch(`${relay}/${chain.hash}/public/${round}`, { signal: AbortSignal.timeout(10_000) });
      // drand answers 425 (Too Early), or 404 on some relays, for a round not out yet.
      if (res.status === 425 || res.status === 404) return { waiting: `The draw waits for the beacon’s round ${round}, due ${due}.` };
      if (!res.ok) {
        last = `${relay} answered ${res.status}`;
        continue;
      }
      const value = (await res.json()) as BeaconValue;
      const problem = await beaconProblem(chain, round, value);
      if (problem) {
        last = `${relay}: ${problem}`;
        continue;
      }
      return { value: { round: value.round, randomness: value.randomness, signature: value.signature } };
    } catch (error) {
      last = `${relay}: ${(error as Error).message}`;
    }
  }
  return { waiting: `The beacon could not be reached (${last}): the draw waits and tries again; it never runs without the beacon.` };
}
