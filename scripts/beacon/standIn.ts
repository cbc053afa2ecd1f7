// The randomness beacon's stand-in, for emulator runs only (served on the Stripe stand-in's port under
// /drand): drand's HTTP shape (/<chain hash>/info, /<chain hash>/public/<round>) and quicknet's
// schedule, each round signed with a test key of its own (never a real chain's). Like drand, a round
// whose time has not come is refused (425 Too Early). Tests move its clock (`/__standin/beacon`) rather
// than wait, and can make it unreachable.
import type { ServerResponse } from 'node:http';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { BEACON_DST, BEACON_STAND_IN, roundTime, type BeaconValue } from '../../contract/beacon';
import { createHash } from 'node:crypto';

// Its test key (its public key is BEACON_STAND_IN's, contract/beacon.ts).
const SECRET_KEY = Buffer.from('292a7fb08a8375bb370e9bb67b0f73b248e141e74b7b900f3e3d08cf2c206e66', 'hex');

/** Seconds the stand-in's clock is ahead of this machine's; and whether it answers at all. */
const state = { aheadSeconds: 0, down: false };

const message = (round: number) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(round));
  return createHash('sha256').update(bytes).digest();
};

/** `round` as the stand-in publishes it. */
export function signedRound(round: number): BeaconValue {
  const sigs = bls12_381.shortSignatures;
  const signature = sigs.sign(sigs.hash(message(round), BEACON_DST), SECRET_KEY).toHex();
  return { round, signature, randomness: createHash('sha256').update(Buffer.from(signature, 'hex')).digest('hex') };
}

const json = (res: ServerResponse, status: number, body: unknown) => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

/** Answers a beacon request (`path` after /drand). */
export function beaconRequest(path: string, res: ServerResponse): void {
  if (state.down) return void res.socket?.destroy();
  const chain = `/${BEACON_STAND_IN.hash}`;
  if (path === `${chain}/info`) {
    return json(res, 200, { public_key: BEACON_STAND_IN.publicKey, period: BEACON_STAND_IN.period, genesis_time: BEACON_STAND_IN.genesis, hash: BEACON_STAND_IN.hash, schemeID: 'bls-unchained-g1-rfc9380' });
  }
  const m = path.match(/^\/([0-9a-f]+)\/public\/(\d+)$/);
  if (!m || `/${m[1]}` !== chain) return json(res, 404, { error: 'no such chain or path' });
  const round = Number(m[2]);
  if (roundTime(BEACON_STAND_IN, round) > Date.now() / 1000 + state.aheadSeconds) return json(res, 425, { error: 'Requested future beacon' });
  json(res, 200, signedRound(round));
}

/** The test's control: `{ aheadSeconds, down }`. */
export function beaconControl(body: { aheadSeconds?: unknown; down?: unknown }): typeof state {
  if (body.aheadSeconds !== undefined) state.aheadSeconds = Number(body.aheadSeconds);
  if (body.down !== undefined) state.down = body.down === true;
  return { ...state };
}
