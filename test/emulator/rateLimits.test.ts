// priceBasket, enroll and donate are rate-limited per account; anonymous code checks and gifts per
// caller's address, under one ceiling for every anonymous caller together (an address a caller sends
// proves nothing): codes cannot be guessed by the thousand, an account cannot hammer the seat
// transaction, cards cannot be tested, and one visitor's flood does not make everyone else wait.
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
/**
 * Runs a test's calls in one rate window without waiting for a fresh one: should the window turn while
 * they run (their counts then split over two windows, which can fail the test or pass it wrongly),
 * they run again from no counters, in the window that has just begun. Whatever the calls prove, they
 * prove it inside one window.
 */
async function inOneWindow(calls: (run: number) => Promise<void>) {
  for (let run = 0; run < 2; run++) {
    const window = rateWindow(new Date());
    const failure = await calls(run).then(() => null, (error: unknown) => ({ error }));
    if (rateWindow(new Date()) === window) {
      if (failure) throw failure.error;
      return;
    }
    await adminDb().recursiveDelete(adminDb().collection('rateLimits'));
  }
  throw new Error(`The rate window (${RATE_WINDOW_S} s) turned during both runs of the calls.`);
}

describe('rate limits on pricing and enrolling', () => {
  let family: TestUser;
  let guesser: TestUser;
  beforeAll(async () => {
    await seededEmulators();
    family = await signInDemo('family');
    guesser = await createUser('guesser@example.com');
  });

  it('anonymous code guessing is stopped per address, and by one ceiling whatever address the caller claims; the counters keep no address', () =>
    inOneWindow(async () => {
      const limit = RATE_LIMITS.priceBasket.anonymous;
      const anonymous = counter('priceBasket', 'anonymous');
      // Each anonymous call with codes counts for its address and towards the ceiling.
      expect(new Set(await burst(20, (i) => callFunction('priceBasket', guess(i), undefined, from(`198.51.100.${i}`))))).toEqual(new Set([200]));
      expect((await anonymous.get()).get('count')).toBe(20);
      expect((await counter('priceBasket', 'address:198.51.100.3').get()).get('count')).toBe(1);
      // One address at its limit is refused; another visitor is not held back by it.
      await counter('priceBasket', 'address:198.51.100.50').set({ count: RATE_LIMITS.priceBasket.perAddress }, { merge: true });
      const flooded = await callFunction('priceBasket', guess(2), undefined, from('198.51.100.50'));
      expect([flooded.status, flooded.error?.message]).toEqual([429, TOO_MANY]);
      expect((await callFunction('priceBasket', guess(3), undefined, from('198.51.100.51'))).status).toBe(200);
      // Browsing prices without a code costs nothing. (The refused call stopped at its address: 21 in all.)
      expect((await callFunction('priceBasket', { lines: guess(0).lines, codes: [] })).status).toBe(200);
      expect((await anonymous.get()).get('count')).toBe(21);
      await anonymous.update({ count: limit - 1 });
      expect((await callFunction('priceBasket', guess(0), undefined, from('198.51.100.7'))).status).toBe(200);
      for (const address of ['198.51.100.7', '198.51.100.8', '203.0.113.99']) {
        const refused = await callFunction('priceBasket', guess(1), undefined, from(address));
        expect(refused.status).toBe(429);
        expect(refused.error?.message).toBe(TOO_MANY);
      }
      // A signed-in family is not held back by strangers.
      expect((await callFunction('priceBasket', guess(0), family.idToken)).status).toBe(200);
      for (const d of (await adminDb().collection('rateLimits').get()).docs) {
        expect(Object.keys(d.data()).sort()).toEqual(['count', 'expiresAt']);
        expect(d.id).not.toContain('198.51');
        // Gone (by TTL) once the window after this one has passed.
        expect((d.get('expiresAt') as { toMillis(): number }).toMillis()).toBe((rateWindow(new Date()) + 2) * RATE_WINDOW_S * 1000);
      }
  }));

  it('gifts by card are limited per account, per anonymous visitor, and for everyone anonymous together (no card testing)', () =>
    inOneWindow(async () => {
      const gift = (i: number) => ({ amount: 100 + i, note: '', email: 'friend@example.com', idempotencyKey: `gift-rate-${Date.now()}-${i}` });
      // One visitor's many gifts stop that visitor only.
      await counter('donate', 'address:198.51.100.30').set({ count: RATE_LIMITS.donate.perAddress }, { merge: true });
      expect((await callFunction('donate', gift(5), undefined, from('198.51.100.30'))).status).toBe(429);
      expect((await callFunction('donate', gift(6), undefined, from('198.51.100.31'))).status).toBe(200);
      // Past the ceiling, nobody anonymous gives, whatever address it claims.
      await counter('donate', 'anonymous').set({ count: RATE_LIMITS.donate.anonymous - 1 }, { merge: true });
      expect((await callFunction('donate', gift(1), undefined, from('198.51.100.20'))).status).toBe(200);
      const refused = await callFunction('donate', gift(2), undefined, from('198.51.100.21'));
      expect([refused.status, refused.error?.message]).toEqual([429, TOO_MANY]);
      await counter('donate', `account:${guesser.uid}`).set({ count: RATE_LIMITS.donate.perAccount }, { merge: true });
      expect((await callFunction('donate', gift(3), guesser.idToken)).status).toBe(429);
      expect((await callFunction('donate', gift(4), family.idToken)).status).toBe(200);
  }));

  it('an account is stopped at its limit even when it changes address, for previews and for enroll attempts', () =>
    inOneWindow(async (run) => {
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
          releases: signedReleases(AVA.guardians[0].name), idempotencyKey: `rate-limit-${run}-${i}`,
        }, guesser.idToken, from(`192.0.2.${i}`));
      expect(new Set(await burst(attempts, attempt))).toEqual(new Set([404]));
      const stopped = await attempt(attempts);
      expect(stopped.status).toBe(429);
      expect(stopped.error?.message).toBe(TOO_MANY);
      expect((await adminDb().collection('enrollments').where('ownerUid', '==', guesser.uid).count().get()).data().count).toBe(0);
  }));
});
