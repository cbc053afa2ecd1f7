// The public randomness beacon a round's draw takes its unpredictable part from: drand's quicknet
// chain (the League of Entropy), whose every round is a BLS signature by the chain's key on the round's
// number, published every 3 s and checkable offline with the chain's public key. Nobody, the school
// included, knows a round's value before its time. The server and the browser's Verify check a value
// the same way; the signature check (@noble/curves) is loaded only when a value is checked.
import { bytesOf, hex } from './random';

export interface BeaconChain {
  /** The chain's hash (drand's id of the chain). */
  hash: string;
  /** Its public key (BLS12-381, G2, hex): the one key every round's signature is checked against. */
  publicKey: string;
  /** When round 1 was (Unix seconds), and seconds between rounds. */
  genesis: number;
  period: number;
}

/** drand's quicknet (scheme bls-unchained-g1-rfc9380): https://drand.love. */
export const QUICKNET: BeaconChain = {
  hash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  publicKey:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  genesis: 1692803367,
  period: 3,
};

/** Where the stand-in answers, under the Stripe stand-in's address (one process fewer in every run). */
export const BEACON_STAND_IN_PATH = '/drand';

/**
 * The emulators' stand-in (scripts/beacon/standIn.ts): quicknet's shape and schedule, signed with a
 * test key of its own, never a real chain's; only emulator builds accept it.
 */
export const BEACON_STAND_IN: BeaconChain = {
  hash: '57696c64776f6f64206265616e6f6e207374616e642d696e2c206e6f74207265616c',
  publicKey:
    '830468526170c64204f38b0527d7f8acbceb801e2281d79aaf18f5ac066ddc5a9e84f9072b4b67e0e9a9287fec36d3360379c4c7cb1f51e49f716bad9069b69c3be2648808a7a17445da738bbfd71b20fc5824cc3a4ed20ff6c62b39441b45c9',
  genesis: QUICKNET.genesis,
  period: QUICKNET.period,
};

/** A round as the beacon publishes it (drand's JSON). */
export interface BeaconValue {
  round: number;
  /** SHA-256 of the signature (hex): the round's random value. */
  randomness: string;
  /** The chain's BLS signature on the round's number (hex). */
  signature: string;
}

/** When `round` is published (Unix seconds). */
export const roundTime = (chain: BeaconChain, round: number) => chain.genesis + (round - 1) * chain.period;

/** The first round published at or after `unixSeconds`. */
export const roundAt = (chain: BeaconChain, unixSeconds: number) => Math.max(1, Math.ceil((unixSeconds - chain.genesis) / chain.period) + 1);

/** What the chain signs for `round`: SHA-256 of the round's number as 8 bytes, big-endian. */
export async function roundMessage(round: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(round));
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
}

/** The hash-to-curve tag of quicknet's scheme (RFC 9380, signatures on G1). */
export const BEACON_DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';

/**
 * Null when `value` is `round` of `chain`, signed by its key, with the randomness its signature gives;
 * else what is wrong, in words.
 */
export async function beaconProblem(chain: BeaconChain, round: number, value: BeaconValue): Promise<string | null> {
  if (value.round !== round) return `The beacon gave round ${value.round}, not round ${round}.`;
  if (!/^[0-9a-f]{96}$/.test(value.signature)) return 'The beacon’s signature is not a signature.';
  const randomness = hex(await crypto.subtle.digest('SHA-256', bytesOf(value.signature)));
  if (randomness !== value.randomness) return 'The beacon’s value is not the one its signature gives.';
  const { bls12_381 } = await import('@noble/curves/bls12-381.js');
  const sigs = bls12_381.shortSignatures;
  const message = sigs.hash(await roundMessage(round), BEACON_DST);
  const valid = (() => {
    try {
      return sigs.verify(sigs.Signature.fromHex(value.signature), message, bytesOf(chain.publicKey));
    } catch {
      return false; // not a point of the curve
    }
  })();
  return valid ? null : 'The beacon’s signature does not check against the chain’s public key.';
}
