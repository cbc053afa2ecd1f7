// Family callables: students, price preview, enroll, own enrollments; and the releases to sign.
import { callables } from '../../../contract/callables';
import { loadClassesByIds, loadGroupsOfSemesters } from '../data/catalogue';
import { enroll as enrollInTransaction, loadPaymentOptions, loadDiscountsByCodes, loadOwnEnrollments, loadReleases, loadFamilyEnrollments, loadRuleDiscounts, hasSiblingIn } from '../data/enrollments';
import { loadOwnStudents, saveOwnStudent } from '../data/students';
import { schoolToday } from '../domain/calendar';
import { isBrowsable } from '../domain/catalogue';
import { priceBasket as price } from '../domain/pricing';
import { COLLECTIONS, db, notFound, SEAT_CALL_TIMEOUT_S } from '../data/db';
import { startCheckout } from '../data/checkout';
import { releaseHold as releaseHeldSeats } from '../data/holds';
import { isStripeError, portalOrigin, stripe, STRIPE_SECRET_KEY } from '../payments/stripe';
import { HttpsError } from 'firebase-functions/v2/https';
import type { Enrollment } from '../../../contract/domain';
import { callable } from '../lib/callable';

export const releases = callable(callables.releases, async () => ({ releases: await loadReleases() }));

/** The preview uses the same engine and data as the submit; classes not offered are reported. */
export const priceBasket = callable(callables.priceBasket, async (payload, ctx) => {
  const ids = [...new Set(payload.lines.map((l) => l.classId))];
  const [{ found }, codes] = await Promise.all([loadClassesByIds(ids), loadDiscountsByCodes(payload.codes)]);
  const offered = found.filter(isBrowsable);
  const semesterIds = [...new Set(offered.map((c) => c.semesterId))];
  const [groups, rules, sibling] = await Promise.all([
    loadGroupsOfSemesters(semesterIds),
    loadRuleDiscounts(),
    ctx.uid && payload.studentId ? loadFamilyEnrollments(ctx.uid).then((family) => hasSiblingIn(family, payload.studentId!, semesterIds)) : false,
  ]);
  return price({ classes: offered, groups, lines: payload.lines, ...codes, rules, siblingEnrolled: sibling, today: schoolToday(new Date()) });
});

export const myStudents = callable(callables.myStudents, async (_payload, ctx) => ({
  students: await loadOwnStudents(ctx.uid!),
}));

export const saveStudent = callable(callables.saveStudent, async (payload, ctx) => ({
  student: await saveOwnStudent(ctx.uid!, payload.id, payload.profile, payload.reviewed, payload.version),
}));

export const paymentOptions = callable(callables.paymentOptions, () => loadPaymentOptions());

export const enroll = callable(
  callables.enroll,
  async (payload, ctx) => {
    const now = new Date();
    const options = await loadPaymentOptions();
    const method = payload.payWith ?? 'office';
    if (!options.methods.includes(method)) {
      throw new HttpsError('failed-precondition', method === 'card' ? 'Card payments are not offered: please choose another way to pay.' : 'Please pay by card.');
    }
    const result = await enrollInTransaction(ctx.uid!, ctx.email, payload, schoolToday(now), now, options.holdMinutes);
    if (result.enrollment.status !== 'pending_payment') return result;
    return { ...result, checkoutUrl: await startCheckout(result.enrollment, ctx.email, portalOrigin(ctx.origin), now) };
  },
  { timeoutSeconds: SEAT_CALL_TIMEOUT_S, secrets: [STRIPE_SECRET_KEY] },
);

export const myEnrollment = callable(callables.myEnrollment, async ({ enrollmentId }, ctx) => {
  const snap = await db().collection(COLLECTIONS.enrollments).doc(enrollmentId).get();
  if (!snap.exists || snap.get('ownerUid') !== ctx.uid) throw notFound('This enrollment');
  return { enrollment: snap.data() as Enrollment };
});

/** The family left Stripe's page: the session is closed and the seats go back at once. */
export const releaseHold = callable(
  callables.releaseHold,
  async ({ enrollmentId }, ctx) => {
    const snap = await db().collection(COLLECTIONS.enrollments).doc(enrollmentId).get();
    if (!snap.exists || snap.get('ownerUid') !== ctx.uid) throw notFound('This enrollment');
    const held = snap.data() as Enrollment;
    if (held.status !== 'pending_payment') return { enrollment: held };
    // Closed first, so the family cannot pay on a page whose seats are gone. A page that cannot be
    // closed may have been paid: its webhook confirms it (or refunds it, if the seats went meanwhile).
    if (held.hold?.sessionId) {
      const closed = await stripe().checkout.sessions.expire(held.hold.sessionId).catch((e: unknown) => {
        if (isStripeError(e)) return null;
        throw e;
      });
      if (!closed) {
        const session = await stripe().checkout.sessions.retrieve(held.hold.sessionId).catch(() => null);
        if (session?.status === 'complete') return { enrollment: held };
      }
    }
    return { enrollment: await releaseHeldSeats(enrollmentId, new Date(), ctx.uid!) };
  },
  { secrets: [STRIPE_SECRET_KEY] },
);

export const myEnrollments = callable(callables.myEnrollments, async (_payload, ctx) => ({
  enrollments: await loadOwnEnrollments(ctx.uid!),
}));
