import type { PaymentOptions } from './domain';

// Defaults shared by the app (Remote Config defaults) and the functions (confirmation emails).
export const DEFAULT_PAYMENT_INSTRUCTIONS =
  'Pay by check (to *Wildwood Outdoor School*), cash at the office, or Venmo **@WildwoodOutdoorSchool**. Please write the student name in the note.';

/**
 * Checkout: card (Stripe) and the office (check, cash, Venmo), seats held 30 minutes while paying by
 * card, at most 2 enrollments per account waiting to be paid at the office.
 */
export const DEFAULT_PAYMENT_OPTIONS: PaymentOptions = { methods: ['card', 'office'], holdMinutes: 30, payLaterLimit: 2 };

/** Students one family account may keep (config/portal.studentLimit overrides it). */
export const DEFAULT_STUDENT_LIMIT = 8;

/** The tax line of a donation receipt (config/portal.donationReceiptText overrides it). */
export const DEFAULT_DONATION_RECEIPT_TEXT =
  'Wildwood Outdoor School is a tax-exempt 501(c)(3) nonprofit organization. No goods or services were provided in exchange for this gift; keep this receipt for your tax records.';
