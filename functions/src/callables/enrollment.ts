// Family callables: students, price preview, enroll, own enrollments; and the releases to sign.
import { callables } from '../../../contract/callables';
import { startInstalmentPage } from '../usecases/instalments';
import { basketQuote, familyCartQuote } from '../usecases/preview';
import { enrollChild, enrollChildren } from '../usecases/familyCheckout';
import { familyView } from '../domain/familyView';
import { loadPaymentOptions } from '../data/settings';
import { loadEnrollment, loadOwnEnrollments, loadReleases } from '../data/enrollments';
import * as pickupCodeCases from '../usecases/pickupCodes';
import { assertOwnStudents, loadOwnStudents } from '../data/students';
import { deleteStudentProfile, saveOwnStudent } from '../usecases/students';
import { endHold } from '../usecases/cardPayments';
import { startBalanceCheckout } from '../usecases/balance';
import { startDonation } from '../usecases/donations';
import { portalOrigin } from '../payments/stripe';
import { CARD_NOT_OFFERED, unlessOffered } from '../domain/checkout';
import { VERIFY_FOR_CODES } from '../domain/field';
import { unlessVerified } from '../domain/refusal';
import { throwIfRefused } from '../lib/refused';
import { actorOf, callable } from '../lib/callable';
import { takeRate } from '../data/rateLimit';
import { addOnsToEnrollment } from '../usecases/addOns';
import { familyAttendance } from '../usecases/field';

export const releases = callable(callables.releases, async () => ({ releases: await loadReleases() }));

/** The preview uses the same engine and data as the submit; classes not offered are reported. */
export const priceBasket = callable(callables.priceBasket, async (payload, ctx) => {
  // Anonymous previews cost the shared budget only when they try codes.
  await takeRate('priceBasket', ctx, new Date(), payload.codes.length > 0);
  return basketQuote(ctx.uid, payload, new Date());
});

/** The price of one checkout for several children (the review step): the same engine and data as `enrollFamily`. */
export const priceCart = callable(callables.priceCart, async (payload, ctx) => {
  await takeRate('priceBasket', ctx);
  const [quote] = await Promise.all([familyCartQuote(ctx.uid, payload.children, payload.codes, new Date()), assertOwnStudents(ctx.uid, payload.children.map((c) => c.studentId))]);
  return quote;
});

export const myStudents = callable(callables.myStudents, async (_payload, ctx) => {
  const students = await loadOwnStudents(ctx.uid);
  return { students, pickupCodes: await pickupCodeCases.pickupCodesStatus(students) };
});

export const issuePickupCodes = callable(callables.issuePickupCodes, async ({ studentId }, ctx) => {
  // Each set of codes emails the guardians: only from a proven address, and a few times at most.
  throwIfRefused(unlessVerified(ctx.emailVerified, VERIFY_FOR_CODES));
  await takeRate('issuePickupCodes', ctx);
  return pickupCodeCases.issuePickupCodes(actorOf(ctx), studentId);
});

export const saveStudent = callable(callables.saveStudent, (payload, ctx) => saveOwnStudent(actorOf(ctx), payload.id, payload.profile, payload.reviewed, payload.version));

export const deleteStudent = callable(callables.deleteStudent, ({ studentId }, ctx) => deleteStudentProfile(actorOf(ctx), studentId, new Date()));

export const paymentOptions = callable(callables.paymentOptions, () => loadPaymentOptions());

export const donate = callable(
  callables.donate,
  async (gift, ctx) => {
    await takeRate('donate', ctx);
    throwIfRefused(unlessOffered((await loadPaymentOptions()).methods, 'card', 'Card donations are not offered: please give with Venmo.'));
    return { checkoutUrl: await startDonation(gift, portalOrigin(ctx.origin), new Date()) };
  },
);

export const enroll = callable(callables.enroll, (payload, ctx) => enrollChild(ctx, payload, new Date()));

export const enrollFamily = callable(callables.enrollFamily, (payload, ctx) => enrollChildren(ctx, payload, new Date()));

export const myEnrollment = callable(callables.myEnrollment, async ({ enrollmentId }, ctx) => ({ enrollment: familyView(await loadEnrollment(enrollmentId, ctx.uid)) }));

export const payBalance = callable(
  callables.payBalance,
  async ({ enrollmentId }, ctx) => {
    const [enrollment, options] = await Promise.all([loadEnrollment(enrollmentId, ctx.uid), loadPaymentOptions()]);
    throwIfRefused(unlessOffered(options.methods, 'card', CARD_NOT_OFFERED));
    return { checkoutUrl: await startBalanceCheckout([enrollment], false, ctx.email, portalOrigin(ctx.origin), new Date()) };
  },
);

export const payInstalment = callable(callables.payInstalment, async ({ enrollmentId }, ctx) => ({ checkoutUrl: await startInstalmentPage(ctx.uid, enrollmentId, portalOrigin(ctx.origin), new Date()) }));

export const payFamilyBalance = callable(callables.payFamilyBalance, async (_payload, ctx) => {
  const [enrollments, options] = await Promise.all([loadOwnEnrollments(ctx.uid), loadPaymentOptions()]);
  throwIfRefused(unlessOffered(options.methods, 'card', CARD_NOT_OFFERED));
  // Oldest first: the page's lines in the order the children were enrolled.
  return { checkoutUrl: await startBalanceCheckout(enrollments.reverse(), true, ctx.email, portalOrigin(ctx.origin), new Date()) };
});

/** The family left Stripe's page: the page is closed and the seats go back at once. */
export const releaseHold = callable(
  callables.releaseHold,
  async ({ enrollmentId }, ctx) => ({ enrollment: familyView(await endHold(enrollmentId, new Date(), ctx.uid)) }),
);

export const addAddOns = callable(callables.addAddOns, async (payload, ctx) => {
  const { enrollment, ...result } = await addOnsToEnrollment({ family: ctx.uid }, payload, new Date());
  return { ...result, enrollment: familyView(enrollment) };
});

export const myEnrollments = callable(callables.myEnrollments, async (_payload, ctx) => ({
  enrollments: (await loadOwnEnrollments(ctx.uid)).map(familyView),
}));

export const myAttendance = callable(callables.myAttendance, async (_payload, ctx) => ({ attendance: await familyAttendance(ctx.uid) }));
