// Family callables: students, price preview, enroll, own enrollments; and the releases to sign.
import { callables } from '../../../contract/callables';
import { depositPlan } from '../domain/deposits';
import { checkoutInstalments } from '../domain/instalments';
import { startInstalmentPage } from '../usecases/instalments';
import { familyCartQuote, previewCatalogue } from '../usecases/preview';
import { familyView } from '../domain/familyView';
import { loadCheckoutSettings, loadPaymentOptions } from '../data/settings';
import { oneChild, loadEnrollment, loadOwnEnrollments, loadReleases, loadFamilyEnrollments, loadCodeUses } from '../data/enrollments';
import { checkout } from '../usecases/checkout';
import { askedOf, replacedBy } from '../domain/checkout';
import { issuePickupCodes as issueCodes, pickupCodesStatus, VERIFY_FOR_CODES } from '../usecases/pickupCodes';
import { assertOwnStudents, loadOwnStudents } from '../data/students';
import { deleteStudentProfile, saveOwnStudent } from '../usecases/students';
import { schoolToday } from '../domain/calendar';
import { priceBasket as price, siblingContext } from '../domain/pricing';
import { precondition } from '../data/db';
import { endHold, startCheckout } from '../usecases/cardPayments';
import { startBalanceCheckout } from '../usecases/balance';
import { startDonation } from '../usecases/donations';
import { portalOrigin } from '../payments/stripe';
import { HttpsError } from 'firebase-functions/v2/https';
import { actorOf, callable, type CallContext } from '../lib/callable';
import type { CheckoutMethod, Enrollment } from '../../../contract/domain';
import { takeRate } from '../data/rateLimit';
import { addOnsToEnrollment } from '../usecases/addOns';
import { familyAttendance } from '../usecases/field';

export const releases = callable(callables.releases, async () => ({ releases: await loadReleases() }));

/**
 * The school's catalogue facts for a preview, read by the loader the checkout uses (`loadCatalogueFacts`), so that
 * the preview and the submit price the same facts; classes not browsable are left out (and reported).
 */
/** The preview uses the same engine and data as the submit; classes not offered are reported. */
export const priceBasket = callable(callables.priceBasket, async (payload, ctx) => {
  // Anonymous previews cost the shared budget only when they try codes.
  await takeRate('priceBasket', ctx, new Date(), payload.codes.length > 0);
  const ids = [...new Set(payload.lines.map((l) => l.classId))];
  const { catalogue, offered, codes } = await previewCatalogue(ids, payload.codes);
  // The family's enrollments, when the price depends on them (the sibling rule, a per-family code limit).
  const family = ctx.uid && (payload.studentId || codes.discounts.some((d) => d.maxUsesPerFamily != null)) ? await loadFamilyEnrollments(ctx.uid) : [];
  const semesterIds = [...new Set(offered.map((c) => c.semesterId))];
  const siblings = payload.studentId ? siblingContext(family, payload.studentId, semesterIds) : undefined;
  const now = new Date();
  const replaced = payload.studentId ? replacedBy(family, askedOf([{ studentId: payload.studentId, lines: payload.lines }]), now) : [];
  const uses = await loadCodeUses(codes.discounts, family, replaced);
  const today = schoolToday(now);
  const quote = price({ classes: offered, groups: catalogue.groups, lines: payload.lines, ...codes, rules: catalogue.rules, siblings, uses, today });
  return { ...quote, deposit: depositPlan(offered, catalogue.semesters, quote.total, today), instalments: checkoutInstalments([{ classes: offered, total: quote.total }], catalogue.semesters, today)?.offer ?? null };
});

/** The price of one checkout for several children (the review step): the same engine and data as `enrollFamily`. */
export const priceCart = callable(callables.priceCart, async (payload, ctx) => {
  await takeRate('priceBasket', ctx);
  const [quote] = await Promise.all([familyCartQuote(ctx.uid, payload.children, payload.codes, new Date()), assertOwnStudents(ctx.uid, payload.children.map((c) => c.studentId))]);
  return quote;
});

export const myStudents = callable(callables.myStudents, async (_payload, ctx) => {
  const students = await loadOwnStudents(ctx.uid);
  return { students, pickupCodes: await pickupCodesStatus(students) };
});

export const issuePickupCodes = callable(callables.issuePickupCodes, async ({ studentId }, ctx) => {
  // Each set of codes emails the guardians: only from a proven address, and a few times at most.
  if (!ctx.emailVerified) throw precondition(VERIFY_FOR_CODES);
  await takeRate('issuePickupCodes', ctx);
  return issueCodes(actorOf(ctx), studentId);
});

export const saveStudent = callable(callables.saveStudent, (payload, ctx) => saveOwnStudent(actorOf(ctx), payload.id, payload.profile, payload.reviewed, payload.version));

export const deleteStudent = callable(callables.deleteStudent, ({ studentId }, ctx) => deleteStudentProfile(actorOf(ctx), studentId, new Date()));

export const paymentOptions = callable(callables.paymentOptions, () => loadPaymentOptions());

export const donate = callable(
  callables.donate,
  async (gift, ctx) => {
    await takeRate('donate', ctx);
    if (!(await loadPaymentOptions()).methods.includes('card')) throw new HttpsError('failed-precondition', 'Card donations are not offered: please give with Venmo.');
    return { checkoutUrl: await startDonation(gift, portalOrigin(ctx.origin), new Date()) };
  },
);

/**
 * Before an enrollment (or a claimed waitlist offer): the call counts against the rate limit, and the
 * way to pay must be one the school offers. Returns the school's checkout settings and that way.
 */
export async function checkoutFor(ctx: CallContext, payWith: CheckoutMethod | undefined, now: Date) {
  const [options] = await Promise.all([loadCheckoutSettings(), takeRate('enroll', ctx, now)]);
  const method = payWith ?? 'office';
  if (!options.methods.includes(method)) {
    throw new HttpsError('failed-precondition', method === 'card' ? 'Card payments are not offered: please choose another way to pay.' : 'Please pay by card.');
  }
  return { options: { ...options, emailVerified: ctx.emailVerified }, method };
}

/** The family's answer to a checkout made: its enrollments, and Stripe's page when they are held for a card payment. */
export async function checkoutAnswer(result: { enrollments: Enrollment[]; replayed: boolean }, ctx: CallContext, now: Date) {
  const answer = { enrollments: result.enrollments.map(familyView), replayed: result.replayed };
  if (result.enrollments[0].status !== 'pending_payment') return answer;
  return { ...answer, checkoutUrl: await startCheckout(result.enrollments, ctx.email, portalOrigin(ctx.origin), now) };
}

/** The same for one child (enroll, claimOffer). */
export async function enrolledAnswer(result: { enrollments: Enrollment[]; replayed: boolean }, ctx: CallContext, now: Date) {
  const { enrollments, ...answer } = await checkoutAnswer(result, ctx, now);
  return { ...answer, enrollment: enrollments[0] };
}

export const enroll = callable(
  callables.enroll,
  async (payload, ctx) => {
    const now = new Date();
    const { options, method } = await checkoutFor(ctx, payload.payWith, now);
    const result = await checkout(ctx.uid, ctx.email, oneChild({ ...payload, payWith: method }), now, options);
    return enrolledAnswer(result, ctx, now);
  },
);

/** One checkout for several children: every seat or none, one payment. */
export const enrollFamily = callable(
  callables.enrollFamily,
  async (payload, ctx) => {
    const now = new Date();
    const { options, method } = await checkoutFor(ctx, payload.payWith, now);
    return checkoutAnswer(await checkout(ctx.uid, ctx.email, { ...payload, payWith: method }, now, options), ctx, now);
  },
);

export const myEnrollment = callable(callables.myEnrollment, async ({ enrollmentId }, ctx) => ({ enrollment: familyView(await loadEnrollment(enrollmentId, ctx.uid)) }));

export const payBalance = callable(
  callables.payBalance,
  async ({ enrollmentId }, ctx) => {
    const [enrollment, options] = await Promise.all([loadEnrollment(enrollmentId, ctx.uid), loadPaymentOptions()]);
    if (!options.methods.includes('card')) throw new HttpsError('failed-precondition', 'Card payments are not offered: please pay the office.');
    return { checkoutUrl: await startBalanceCheckout([enrollment], false, ctx.email, portalOrigin(ctx.origin), new Date()) };
  },
);

export const payInstalment = callable(callables.payInstalment, async ({ enrollmentId }, ctx) => ({ checkoutUrl: await startInstalmentPage(ctx.uid, enrollmentId, portalOrigin(ctx.origin), new Date()) }));

export const payFamilyBalance = callable(callables.payFamilyBalance, async (_payload, ctx) => {
  const [enrollments, options] = await Promise.all([loadOwnEnrollments(ctx.uid), loadPaymentOptions()]);
  if (!options.methods.includes('card')) throw new HttpsError('failed-precondition', 'Card payments are not offered: please pay the office.');
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
