// Instalment plans: a family pays a card checkout in monthly payments, the first at checkout, the
// rest charged to the card it saved on Stripe's page by a daily job. The amounts are never stored:
// each payment is the balance left shared over the dates left, so a cancellation, a move, an aid award
// or account credit changes what the next payments are, and no payment is ever more than is owed.
import { STRIPE_MIN_CHARGE } from './constants';
import { creditToUse } from './credit';
import type { Cents, DepositPlan, IsoDate } from './domain';
import { formatCents, formatDate } from './format';
import { formatCard } from './wording';

/** The most monthly payments a semester may offer. */
export const MAX_INSTALMENTS = 6;
/** After a charge fails: tried again so many days after the first failure, then the office is told. */
export const INSTALMENT_RETRY_DAYS = [3, 7] as const;

/** One payment of a plan as the family reads it. */
export interface InstalmentDue {
  due: IsoDate;
  amount: Cents;
}

/** What the review offers: the payments in order, the first paid now. */
export interface InstalmentOffer {
  payments: InstalmentDue[];
}

/** A card the plan charges, as Stripe describes it. */
export interface SavedCard {
  brand: string;
  last4: string;
}

/** An enrollment's plan (kept on it): the dates, how far it is paid, the saved card, a failure. */
export interface Instalments {
  /** The payment dates, the first the checkout's own. */
  dates: IsoDate[];
  /** How many of the dates are paid. */
  paid: number;
  /** Stripe's customer and the card saved for the plan (known once the first payment's page is paid). */
  customer?: string;
  paymentMethod?: string;
  card?: SavedCard;
  /** When the daily job next charges it (absent: nothing left to charge, or the office was told). */
  nextOn?: IsoDate;
  /** The charge of `dates[paid]` that failed: the day of its first failure, the tries so far, Stripe's reason, the amount. */
  failed?: { since: IsoDate; tries: number; reason: string; amount: Cents };
  /** The retries ended without a payment: when the office was told (the seat stays). */
  officeTold?: string;
}

/** What the family sees of its plan: no Stripe ids. */
export type FamilyInstalments = Omit<Instalments, 'customer' | 'paymentMethod'>;

/** `total` in `n` payments as even as cents allow: the odd cents on the first. */
export function splitEvenly(total: Cents, n: number): Cents[] {
  if (n <= 0) return [];
  const each = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => (i === 0 ? total - each * (n - 1) : each));
}

/**
 * What a waitlist claim (one child) may pay now besides the whole, from today's price of its classes,
 * at the claim's own total (the lower of its quote and today's): the same deposit while it is less than
 * the total, and the same dates with the total shared over them while no payment falls under Stripe's
 * minimum — as the functions' checkout decides from the same facts.
 */
export function claimPayParts(today: { deposit: DepositPlan | null; instalments: InstalmentOffer | null }, total: Cents): { deposit: DepositPlan | null; instalments: InstalmentOffer | null } {
  const deposit = today.deposit && today.deposit.amount < total ? today.deposit : null;
  const dates = today.instalments?.payments.map((p) => p.due) ?? [];
  const shares = splitEvenly(total, dates.length);
  const instalments = dates.length && shares.every((amount) => amount >= STRIPE_MIN_CHARGE) ? { payments: dates.map((due, i) => ({ due, amount: shares[i] })) } : null;
  return { deposit, instalments };
}

/**
 * The monthly payments a family may choose, given its account credit: only while the credit leaves part
 * of the first payment to the card (the card paid on Stripe's page is the one saved), as the functions'
 * checkout refuses otherwise.
 */
export function monthlyWithCredit(offer: InstalmentOffer | null, creditBalance: Cents): InstalmentOffer | null {
  const first = offer?.payments[0].amount ?? 0;
  return offer && creditToUse(creditBalance, [first], true).total < first ? offer : null;
}

/** The payments still to come: the balance shared over the dates not yet paid (none when nothing is owed). */
export function remainingPayments(plan: Pick<Instalments, 'dates' | 'paid'>, balance: Cents): InstalmentDue[] {
  const left = plan.dates.slice(plan.paid);
  if (balance <= 0 || !left.length) return [];
  return splitEvenly(balance, left.length).map((amount, i) => ({ due: left[i], amount }));
}

/** A checkout's payments to come, its children's added date by date (each child's plan has the same dates). */
export function checkoutPaymentsLeft(checkout: { instalments?: Pick<Instalments, 'dates' | 'paid'>; balance: Cents }[]): InstalmentDue[] {
  const byDate = new Map<IsoDate, Cents>();
  for (const e of checkout) for (const p of e.instalments ? remainingPayments(e.instalments, e.balance) : []) byDate.set(p.due, (byDate.get(p.due) ?? 0) + p.amount);
  return [...byDate].sort(([a], [b]) => a.localeCompare(b)).map(([due, amount]) => ({ due, amount }));
}

/** "$100 today, $100 on Dec 29, 2026, $100 on Jan 29, 2027": the review's, the receipt's and My Enrollments' words. */
export function paymentsText(payments: InstalmentDue[], today?: IsoDate): string {
  const when = (p: InstalmentDue) => (p.due === today ? 'today' : `on ${formatDate(p.due, true)}`);
  return payments.map((p) => `${formatCents(p.amount)} ${when(p)}`).join(', ');
}

/** A plan in a sentence, for the family's card and the office's dialog: how far paid, with which card, what comes. */
export function planWords(plan: Pick<Instalments, 'dates' | 'paid' | 'card'>, balance: Cents): string {
  const of = plan.dates.length;
  const left = remainingPayments(plan, balance);
  return `Monthly payments: ${Math.min(plan.paid, of)} of ${of} paid${plan.card ? ` with the ${formatCard(plan.card)}` : ''}.${left.length ? ` To come: ${paymentsText(left)}.` : ''}`;
}

/** "Monthly payment 2 of 3": a plan's payment by its place (`index` from 0), as every message names it. */
export const paymentName = (index: number, of: number) => `Monthly payment ${index + 1} of ${of}`;

/**
 * A payment the card declined, with the amount now due, in a sentence (which, since when, why, what
 * happens next); null when the plan has no declined payment left to pay.
 */
export function declinedPayment(plan: Pick<Instalments, 'dates' | 'paid' | 'failed' | 'nextOn'>, balance: Cents): { amount: Cents; words: string } | null {
  const failed = plan.failed;
  const next = remainingPayments(plan, balance)[0];
  if (!failed || !next) return null;
  const then = plan.nextOn ? `The card is tried again on ${formatDate(plan.nextOn, true)}.` : 'The card is not tried again: it is to be paid by hand.';
  return { amount: next.amount, words: `${paymentName(plan.paid, plan.dates.length)} (${formatCents(next.amount)}) did not go through on ${formatDate(failed.since, true)}: ${failed.reason}. ${then}` };
}

