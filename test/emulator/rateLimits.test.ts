// Issue 19: priceBasket and enroll are rate-limited per account and per client address, so codes
// cannot be guessed by the thousand and an account cannot hammer the seat transaction.
import { beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS, RATE_WINDOW_S } from '../../contract/constants';
import { rateCounterId, rateWindow } from '../../functions/src/data/rateLimit';
import { adminDb } from '../../scripts/demo/adminApp';
import { callFunction, createUser, type CallResult, type TestUser } from '../support/emulators';
import { seededEmulators, signInDemo } from '../support/fixtures';
import { AVA, signedReleases } from '../support/samples';

const TOO_MANY = 'Too many tries in a short time. Please wait a few minutes and try again.';
const guess = (n: number) => ({ lines: [{ classId: 'wild-art', addOnIds: [] }], codes: Array.from({ length: 10 }, (_, i) => `GUESS${n}X${i}`) });
/** `count` calls one after the other (a burst in parallel would start a fresh emulator worker per call); their HTTP statuses. */
async function burst(count: number, call: (i: number) => Promise<CallResult<unknown>>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await call(i)).status);
  return statuses;
}
const from = (address: string) => ({ 'fastly-client-ip': address });
const counter = (name: keyof typeof RATE_LIMITS, key: string) => adminDb().doc(`rateLimits/${rateCounterId(name, key, rateWindow(new Date()))}`);
/** Waits for a fresh window when this one ends within `seconds` (a test's calls stay in one window). */
async function sameWindowFor(seconds: number) {
  const left = RATE_WINDOW_S - ((Date.now() / 1000) % RATE_WINDOW_S);
  if (left < seconds) await new Promise((r) => setTimeout(r, left * 1000 + 500));
}

describe('rate limits on pricing and enrolling (issue 19)', () => {
  let family: TestUser;
  let guesser: TestUser;
  beforeAll(async () => {
    await seededEmulators();
    family = await signInDemo('family');
    guesser = await createUser('guesser@example.com');
  });

  it('one client guessing codes anonymously is stopped at the limit; another client is not; the counters keep no address', async () => {
    await sameWindowFor(40);
    const limit = RATE_LIMITS.priceBasket.perClient;
    // Each call counts (50 real ones), then the client is taken to one call short of the limit.
    expect(new Set(await burst(50, (i) => callFunction('priceBasket', guess(i), undefined, from('198.51.100.7'))))).toEqual(new Set([200]));
    expect((await counter('priceBasket', 'client:198.51.100.7').get()).get('count')).toBe(50);
    await counter('priceBasket', 'client:198.51.100.7').update({ count: limit - 1 });
    expect((await callFunction('priceBasket', guess(0), undefined, from('198.51.100.7'))).status).toBe(200);
    const refused = await callFunction('priceBasket', guess(1), undefined, from('198.51.100.7'));
    expect(refused.status).toBe(429);
    expect(refused.error?.message).toBe(TOO_MANY);
    expect((await callFunction('priceBasket', guess(0), undefined, from('198.51.100.8'))).status).toBe(200);
    for (const d of (await adminDb().collection('rateLimits').get()).docs) {
      expect(Object.keys(d.data()).sort()).toEqual(['count', 'expiresAt']);
      expect(d.id).not.toContain('198.51');
      // Gone (by TTL) once the window after this one has passed.
      expect((d.get('expiresAt') as { toMillis(): number }).toMillis()).toBe((rateWindow(new Date()) + 2) * RATE_WINDOW_S * 1000);
    }
  });

  it('an account is stopped at its limit even when it changes address, for previews and for enroll attempts', async () => {
    await sameWindowFor(60);
    const account = `account:${guesser.uid}`;
    expect(new Set(await burst(30, (i) => callFunction('priceBasket', guess(i), guesser.idToken, from(`203.0.113.${i}`))))).toEqual(new Set([200]));
    expect((await counter('priceBasket', account).get()).get('count')).toBe(30);
    await counter('priceBasket', account).update({ count: RATE_LIMITS.priceBasket.perAccount - 1 });
    expect((await callFunction('priceBasket', guess(0), guesser.idToken, from('192.0.2.54'))).status).toBe(200);
    const refused = await callFunction('priceBasket', guess(0), guesser.idToken, from('192.0.2.55'));
    expect(refused.status).toBe(429);
    // Another family, from the same addresses, is not held back.
    expect((await callFunction('priceBasket', guess(0), family.idToken, from('203.0.113.1'))).status).toBe(200);

    // Enroll attempts, all of them real (here at another family's child: refused as not found, yet counted).
    const attempts = RATE_LIMITS.enroll.perAccount;
    const attempt = (i: number) =>
      callFunction('enroll', {
        studentId: 'demo-ava', lines: [{ classId: 'wild-art', addOnIds: [] }], codes: [], expectedTotal: 26000, infoConfirmed: false,
        releases: signedReleases(AVA.guardians[0].name), idempotencyKey: `rate-limit-${i}`,
      }, guesser.idToken, from(`192.0.2.${i}`));
    expect(new Set(await burst(attempts, attempt))).toEqual(new Set([404]));
    const stopped = await attempt(attempts);
    expect(stopped.status).toBe(429);
    expect(stopped.error?.message).toBe(TOO_MANY);
    expect((await adminDb().collection('enrollments').where('ownerUid', '==', guesser.uid).count().get()).data().count).toBe(0);
  });
});
