// The randomness beacon: real quicknet rounds check offline against the chain's key; anything else
// (another round, a changed value, another key) does not.
import { describe, expect, it } from 'vitest';
import { BEACON_STAND_IN, QUICKNET, beaconProblem, roundAt, roundTime, type BeaconValue } from '../../contract/beacon';
import { hex } from '../../contract/random';
import { signedRound } from '../../scripts/beacon/standIn';

// Rounds 2 and 3 of quicknet, as https://api.drand.sh/<quicknet>/public/2 and /3 give them.
const sig2 = 'b6b6a585449b66eb12e875b64fcbab3799861a00e4dbf092d99e969a5eac57dd3f798acf61e705fe4f093db926626807';
const sig3 = 'b3fab6df720b68cc47175f2c777e86d84187caab5770906f515ff1099cb01e4deaa027075d860823e49477b93c72bd64';
const sha = async (h: string) => hex(await crypto.subtle.digest('SHA-256', Uint8Array.from(h.match(/../g)!, (b) => parseInt(b, 16))));
const quicknet = async (round: number, signature: string): Promise<BeaconValue> => ({ round, signature, randomness: await sha(signature) });

describe('the beacon', () => {
  it('checks real quicknet rounds offline, and refuses another round, a changed value or another key', async () => {
    expect(await beaconProblem(QUICKNET, 3, await quicknet(3, sig3))).toBeNull();
    expect(await beaconProblem(QUICKNET, 2, await quicknet(2, sig2))).toBeNull();
    // Round 3's signature passed off as round 2's.
    expect(await beaconProblem(QUICKNET, 2, await quicknet(2, sig3))).toBe('The beacon’s signature does not check against the chain’s public key.');
    expect(await beaconProblem(QUICKNET, 4, await quicknet(3, sig3))).toBe('The beacon gave round 3, not round 4.');
    expect(await beaconProblem(QUICKNET, 3, { ...(await quicknet(3, sig3)), randomness: 'ab'.repeat(32) })).toBe('The beacon’s value is not the one its signature gives.');
    expect(await beaconProblem(BEACON_STAND_IN, 3, await quicknet(3, sig3))).toBe('The beacon’s signature does not check against the chain’s public key.');
  });

  it('the stand-in signs like quicknet, with its own key', async () => {
    const value = signedRound(1234);
    expect(await beaconProblem(BEACON_STAND_IN, 1234, value)).toBeNull();
    expect(await beaconProblem(QUICKNET, 1234, value)).not.toBeNull();
  });

  it('names the first round at or after a moment, and when a round is', () => {
    expect(roundTime(QUICKNET, 1)).toBe(QUICKNET.genesis);
    expect(roundAt(QUICKNET, QUICKNET.genesis + 6)).toBe(3);
    expect(roundAt(QUICKNET, QUICKNET.genesis + 7)).toBe(4);
    for (const t of [QUICKNET.genesis + 1_000_000, QUICKNET.genesis + 1_000_001, QUICKNET.genesis + 1_000_002]) {
      const r = roundAt(QUICKNET, t);
      expect(roundTime(QUICKNET, r)).toBeGreaterThanOrEqual(t);
      expect(roundTime(QUICKNET, r - 1)).toBeLessThan(t);
    }
  });
});
