// The school's settings in config/portal, each with its default in code (contract/settings.ts).
import { CHECKOUT_METHODS, FAMILY_MAIL_KINDS, type FamilyMailKind, type PaymentOptions } from '../../../contract/domain';
import { DEFAULT_DONATION_RECEIPT_TEXT, DEFAULT_PAYMENT_INSTRUCTIONS, DEFAULT_PAYMENT_OPTIONS, DEFAULT_STUDENT_LIMIT } from '../../../contract/settings';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { howToPay } from '../mail/receipt';
import { portalOrigin } from '../payments/stripe';
import { COLLECTIONS, db } from './db';

const portal = () => db().collection(COLLECTIONS.config).doc('portal').get();

/** A count (a whole number, 0 or more), else the default. */
const whole = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback);
/** Some text, else the default. */
const text = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() ? value : fallback);

/** How families may pay at checkout: config/portal (paymentMethods, holdMinutes, payLaterLimit), else the defaults. */
function paymentOptionsOf(snap: DocumentSnapshot): PaymentOptions {
  const methods: unknown = snap.get('paymentMethods');
  const minutes: unknown = snap.get('holdMinutes');
  const chosen = Array.isArray(methods) ? CHECKOUT_METHODS.filter((m) => methods.includes(m)) : [];
  return {
    methods: chosen.length ? chosen : DEFAULT_PAYMENT_OPTIONS.methods,
    // Stripe keeps its page open 30 minutes to 24 hours.
    holdMinutes: typeof minutes === 'number' && Number.isInteger(minutes) ? Math.min(Math.max(minutes, 30), 24 * 60) : DEFAULT_PAYMENT_OPTIONS.holdMinutes,
    payLaterLimit: whole(snap.get('payLaterLimit'), DEFAULT_PAYMENT_OPTIONS.payLaterLimit),
  };
}
/** The receipts' how to pay: the school's words, and paying by card on the portal when the school takes cards. */
const paymentInstructionsOf = (snap: DocumentSnapshot) =>
  howToPay(text(snap.get('paymentInstructions'), DEFAULT_PAYMENT_INSTRUCTIONS), paymentOptionsOf(snap).methods.includes('card') ? portalOrigin(null) : null);

export const loadPaymentOptions = async (): Promise<PaymentOptions> => paymentOptionsOf(await portal());

/** How to pay, for confirmation emails (paymentInstructions). */
export const loadPaymentInstructions = async (): Promise<string> => paymentInstructionsOf(await portal());

/** What an enrollment needs of the settings (how families may pay, and the receipt's how-to-pay), from one read. */
export async function loadCheckoutSettings(): Promise<PaymentOptions & { paymentInstructions: string }> {
  const snap = await portal();
  return { ...paymentOptionsOf(snap), paymentInstructions: paymentInstructionsOf(snap) };
}

/** How many students one account may keep (studentLimit). */
export async function loadStudentLimit(): Promise<number> {
  return whole((await portal()).get('studentLimit'), DEFAULT_STUDENT_LIMIT);
}

/** The tax line of a donation receipt (donationReceiptText). */
export async function loadDonationReceiptText(): Promise<string> {
  return text((await portal()).get('donationReceiptText'), DEFAULT_DONATION_RECEIPT_TEXT);
}

/** The family emails the office switched off (familyEmailsOff: a list of FAMILY_MAIL_KINDS). */
export async function familyMailOff(): Promise<Set<FamilyMailKind>> {
  const off: unknown = (await portal()).get('familyEmailsOff');
  return new Set(Array.isArray(off) ? FAMILY_MAIL_KINDS.filter((k) => off.includes(k)) : []);
}
