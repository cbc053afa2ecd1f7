// The checkout and the card payments run in the test's own process against the emulators, so that a
// test can make a race's moment happen rather than wait for it (with the pauses of ./pauses.ts).
import type { Student } from '../../contract/domain';
import { adminDb } from '../../scripts/demo/adminApp';
import { STANDIN } from '../../scripts/stripe/config';
import { callAs, seededEmulators } from './fixtures';
import { addClassesLikeWildArt, AVA, signedReleases } from './samples';

const OPTIONS = { holdMinutes: 30, payLaterLimit: 2, emailVerified: true, paymentInstructions: 'Pay the office.' };

/**
 * A class of its own like Wild Art and one family's child (Stripe's calls going to the stand-in):
 * `pay(key)` checks the child out for the class by card, in this process.
 */
export async function oneChildOneClass(klass: { id: string; title: string; capacity: number; weekday: number }, uid: string, studentId: string) {
  process.env.FUNCTIONS_EMULATOR = 'true';
  process.env.STRIPE_SECRET_KEY = STANDIN.secretKey;
  await seededEmulators();
  await addClassesLikeWildArt([klass]);
  await adminDb().doc(`students/${studentId}`).set({ ...AVA, id: studentId, firstName: 'In', lastName: 'Process', ownerUid: uid, infoReviewedAt: new Date().toISOString() } as Student);
  const total = (await callAs(null, 'priceBasket', { lines: [{ classId: klass.id, addOnIds: [] }], codes: [] })).result!.total;
  const { checkout } = await import('../../functions/src/usecases/checkout');
  const pay = (key: string) =>
    checkout(uid, `${uid}@example.com`, {
      children: [{ studentId, lines: [{ classId: klass.id, addOnIds: [] }], infoConfirmed: false, releases: signedReleases(AVA.guardians[0].name) }],
      codes: [], expectedTotal: total, idempotencyKey: key, payWith: 'card',
    }, new Date(), OPTIONS);
  return { total, pay };
}
