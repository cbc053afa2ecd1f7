// A small limiter for the calls an attacker could repeat (code guessing through priceBasket, enroll,
// card testing through donate): one counter document per key and window, counted with an atomic
// increment (no transaction, so a burst of honest calls never contends), expiring by a TTL field a
// window after the window ends.
import { createHash } from 'node:crypto';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { RATE_LIMITS, RATE_WINDOW_S } from '../../../contract/constants';
import type { CallContext } from '../lib/callable';
import { COLLECTIONS, db } from './db';

export const TOO_MANY = 'Too many tries in a short time. Please wait a few minutes and try again.';

type Limited = keyof typeof RATE_LIMITS;
/** The window a moment falls in (RATE_WINDOW_S long). */
export const rateWindow = (now: Date) => Math.floor(now.getTime() / 1000 / RATE_WINDOW_S);
/** The counter of a key in a window; keys are hashed, so the documents never hold an address or an account id. */
export const rateCounterId = (name: Limited, key: string, window: number) => createHash('sha256').update(`${name}|${key}|${window}`).digest('hex').slice(0, 40);

/**
 * Counts this call against the caller's account; or, anonymous (when `anonymous` says it counts),
 * against its address and against everyone anonymous together (the ceiling an address cannot escape
 * by claiming another); refuses it past a limit.
 */
export async function takeRate(name: Limited, ctx: Pick<CallContext, 'uid'> & { address?: string | null }, now = new Date(), anonymous = true): Promise<void> {
  const limits: { perAccount: number; perAddress: number; anonymous: number } = RATE_LIMITS[name];
  const window = rateWindow(now);
  const expiresAt = Timestamp.fromMillis((window + 2) * RATE_WINDOW_S * 1000);
  const counters = ctx.uid
    ? [{ key: `account:${ctx.uid}`, limit: limits.perAccount }]
    : anonymous
      ? [...(ctx.address ? [{ key: `address:${ctx.address}`, limit: limits.perAddress }] : []), { key: 'anonymous', limit: limits.anonymous }]
      : [];
  for (const counter of counters) {
    const ref = db().collection(COLLECTIONS.rateLimits).doc(rateCounterId(name, counter.key, window));
    await ref.set({ count: FieldValue.increment(1), expiresAt }, { merge: true });
    if ((((await ref.get()).get('count') as number | undefined) ?? 0) > counter.limit) throw new HttpsError('resource-exhausted', TOO_MANY);
  }
}
