// A family's account credit: money the school owes the family that pays for its next enrollments (a
// credit the office gives with a reason, a refund given back as credit). A ledger: every credit and
// every use is an entry, never edited; the balance (on the family's account) is their sum, never
// below nothing. Shared by the functions, the review step and the office's page.
import { STRIPE_MIN_CHARGE } from './constants';
import type { Cents } from './domain';
import { formatCents } from './format';

/**
 * given: by the office, with its reason (less than nothing: taken back, never below the balance);
 * used: paid part of a checkout; returned: a checkout's use given back (its card payment never came);
 * refund: a cancellation's refund given back as credit.
 */
export const CREDIT_KINDS = ['given', 'used', 'returned', 'refund'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

export interface CreditEntry {
  id: string;
  ownerUid: string;
  /** What it adds to the balance (less than nothing for a use). */
  amount: Cents;
  kind: CreditKind;
  /** In the family's words: the office's reason, or what it paid for. */
  words: string;
  at: string;
  /** Who made it: the office member's email, or the portal. */
  by: string;
  /** The enrollment it paid for or came from. */
  enrollmentId?: string;
}

/** A family's credit as it sees it on My Enrollments. */
export interface FamilyCredit {
  balance: Cents;
  entries: Pick<CreditEntry, 'id' | 'amount' | 'kind' | 'words' | 'at'>[];
}

/** A family's credit as finance sees it: its balance and the entries, with the family's email. */
export interface OfficeCredit {
  ownerUid: string;
  email: string;
  balance: Cents;
  entries: CreditEntry[];
}

/**
 * How much of the family's credit a checkout uses, of what it pays now (`due`, the deposit or the
 * total): all it can, except that what is left for the card is never below Stripe's smallest charge
 * (then a little less credit is used, and the rest stays on the account). Each child's part follows,
 * in the order of the checkout, up to what that child pays now.
 */
export function creditToUse(balance: Cents, dues: Cents[], byCard: boolean): { total: Cents; parts: Cents[] } {
  const due = dues.reduce((s, d) => s + d, 0);
  let total = Math.max(0, Math.min(balance, due));
  const left = due - total;
  if (byCard && left > 0 && left < STRIPE_MIN_CHARGE) total = Math.max(0, due - STRIPE_MIN_CHARGE);
  let rest = total;
  const parts = dues.map((d) => {
    const part = Math.min(rest, d);
    rest -= part;
    return part;
  });
  return { total, parts };
}

/** The review step's words for the credit used: "Your account credit pays $50.00 of this; $30.00 stays on your account." */
export const creditWords = (used: Cents, balance: Cents) =>
  `Your account credit pays ${formatCents(used)} of this${balance > used ? `; ${formatCents(balance - used)} stays on your account` : ''}.`;

/** An entry's amount as the ledger shows it: "+$50", "−$25". */
export const signedCents = (cents: Cents) => (cents < 0 ? `−${formatCents(-cents)}` : `+${formatCents(cents)}`);

/** The refusal when the credit the family was shown is not what it has now. */
export const CREDIT_CHANGED = 'Your account credit changed since you looked: please check the amount to pay again.';

/** Each kind of credit entry in the office's words. */
export const CREDIT_KIND_WORDS: Record<CreditKind, string> = { given: 'Given by the office', used: 'Used at a checkout', returned: 'Given back (card payment not completed)', refund: 'Refund as credit' };
