// An enrollment's money, the same in the office's table, the family's page and the functions.
import { AID_CODE } from './aid';
import { STRIPE_MIN_CHARGE } from './constants';
import { DUPLICATE_PAYMENT_MS, type Cents, type EnrollmentStatus, type LineItem, type Payment, type PaymentMethod } from './domain';
import { formatCents } from './format';

/** The discount line of the office's discounts given by hand (contract/domain.ts OfficeDiscount). */
export const OFFICE_DISCOUNT = { code: 'office', description: 'Office discount' } as const;

/** A discount's line as every screen and receipt names it: "Sibling discount (SIB10)"; a financial aid award, and the office's discount, by its words alone. */
export const discountName = (d: { code: string; description: string }) => (d.code === AID_CODE || d.code === OFFICE_DISCOUNT.code || !d.description || d.description === d.code ? d.description || d.code : `${d.description} (${d.code})`);

/** What a discount taken from classes only was taken from, when the basket also has add-ons ("" otherwise). */
export const discountBasis = (d: { ofClasses?: Cents }) => (d.ofClasses === undefined ? '' : `, of the classes’ ${formatCents(d.ofClasses)}, not the add-ons`);

/** The money of an enrollment, as the office or the family sees it (the family view has no notes). */
interface Money {
  total: Cents;
  status: EnrollmentStatus;
  payments: readonly { amount: Cents; voided?: unknown }[];
  cancellations?: readonly { refund: Cents; fee: Cents }[];
  cardRefunds?: readonly { amount: Cents }[];
}

/** Payments received (voided ones not counted). */
export const paidOf = (e: Pick<Money, 'payments'>): Cents => e.payments.reduce((sum, p) => sum + (p.voided ? 0 : p.amount), 0);
/** Of the payments received, those made from the family's account credit (contract/credit.ts). */
export const paidInCreditOf = (e: { payments: readonly { amount: Cents; method: PaymentMethod; voided?: unknown }[] }): Cents => paidOf({ payments: e.payments.filter((p) => p.method === 'credit') });
/** Money given back: the office's cancellation refunds and card payments refunded because no seat was left. */
export const refundedOf = (e: Pick<Money, 'cancellations' | 'cardRefunds'>): Cents =>
  (e.cancellations ?? []).reduce((sum, c) => sum + c.refund, 0) + (e.cardRefunds ?? []).reduce((sum, r) => sum + r.amount, 0);
/** What a cancellation gave back to cards (the rest of its refund went back by its method). */
export const cardRefundedBy = (c: { cardRefunds?: readonly { amount: Cents }[] }): Cents => (c.cardRefunds ?? []).reduce((sum, r) => sum + r.amount, 0);
export const feesOf = (e: { cancellations?: readonly { fee: Cents }[] }): Cents => (e.cancellations ?? []).reduce((sum, c) => sum + c.fee, 0);

/** What the enrollment bills: its total; nothing for a card checkout that never completed (the dashboard's Billed, the CSV's Total). */
export const billedOf = (e: Pick<Money, 'status' | 'total'>): Cents => (e.status === 'expired' ? 0 : e.total);

/** What the family still owes: total − payments + refunds; nothing for a card checkout that never completed. */
export const balanceOf = (e: Money): Cents =>
  e.status === 'expired' ? 0 : e.total - paidOf(e) + refundedOf(e);

/** What the family has paid and kept: payments − refunds. */
export const netPaidOf = (e: Pick<Money, 'payments' | 'cancellations' | 'cardRefunds'>): Cents => paidOf(e) - refundedOf(e);

/** A line's price with its add-ons. */
export const lineTotalOf = (l: Pick<LineItem, 'price' | 'addOns'>): Cents => l.price + l.addOns.reduce((s, a) => s + a.price, 0);

/** What a bundle's classes cost separately, at the prices the family chose. */
export const separatelyOf = (l: Pick<LineItem, 'listPrice' | 'members'>): Cents => (l.members ? l.members.reduce((s, m) => s + m.price, 0) : l.listPrice);

/** A payment of the same amount and method recorded less than a minute before `now` (not voided), or null. */
export function duplicatePayment(payments: Payment[], payment: Pick<Payment, 'amount' | 'method'>, now: Date): Payment | null {
  return (
    payments.find(
      (p) => !p.voided && p.amount === payment.amount && p.method === payment.method && now.getTime() - new Date(p.at).getTime() < DUPLICATE_PAYMENT_MS,
    ) ?? null
  );
}

/** One definition of the money words, for every screen, CSV and email: paid, refunded, net paid, balance. */
export function moneyFigures(e: Money): [label: 'Total' | 'Paid' | 'Refunded' | 'Net paid' | 'Balance', value: Cents][] {
  return [
    ['Total', e.total],
    ['Paid', paidOf(e)],
    ['Refunded', refundedOf(e)],
    ['Net paid', netPaidOf(e)],
    ['Balance', balanceOf(e)],
  ];
}

/**
 * An enrollment's money as one of its payments left it: paid before it, the payment, refunds made
 * by then, and the balance after it (later payments and refunds not counted). For a payment's receipt.
 */
export function figuresAfter(
  e: { total: Cents; payments: readonly { amount: Cents; voided?: unknown; at: string }[]; cancellations?: readonly { refund: Cents; fee: Cents; at: string }[]; cardRefunds?: readonly { amount: Cents; at: string }[] },
  payment: { at: string; amount: Cents },
): [label: 'Total' | 'Paid before' | 'This payment' | 'Refunded' | 'Balance after this payment', value: Cents][] {
  const by = (x: { at: string }) => x.at <= payment.at;
  const counted = e.payments.filter((p) => !p.voided);
  const index = counted.findIndex((p) => p === payment || (p.at === payment.at && p.amount === payment.amount));
  const before = paidOf({ payments: counted.slice(0, Math.max(index, 0)) });
  const refunded = refundedOf({ cancellations: (e.cancellations ?? []).filter(by), cardRefunds: (e.cardRefunds ?? []).filter(by) });
  const figures: ReturnType<typeof figuresAfter> = [['Total', e.total], ['Paid before', before], ['This payment', payment.amount]];
  if (refunded) figures.push(['Refunded', refunded]);
  figures.push(['Balance after this payment', e.total - before - payment.amount + refunded]);
  return figures;
}

/** Why Stripe would refuse to charge this amount by card (its smallest charge), in words; null when it would not. */
export function cardMinimumProblem(amount: Cents): string | null {
  return amount > 0 && amount < STRIPE_MIN_CHARGE ? `Card payments start at ${formatCents(STRIPE_MIN_CHARGE)}: please pay the ${formatCents(amount)} at the office.` : null;
}

/**
 * Why this payment cannot be voided, or null. A card payment goes back by a refund (Stripe holds the
 * money); a payment a cancellation already counted stays (its refund or fee was worked out with it:
 * voiding it afterwards would turn a cancelled class into a debt).
 */
export function voidProblem(e: { cancellations?: readonly { at: string }[] }, payment: Pick<Payment, 'card' | 'voided' | 'at' | 'method'>): string | null {
  if (payment.voided) return 'This payment is already voided.';
  if (payment.card) return 'A card payment cannot be voided: give it back by cancelling classes with a refund by card.';
  if (payment.method === 'credit') return 'A payment from the account credit cannot be voided: give it back by cancelling classes with a refund as account credit.';
  if ((e.cancellations ?? []).some((c) => c.at >= payment.at)) return 'A cancellation has counted this payment (its refund and fee were worked out with it), so it cannot be voided now.';
  return null;
}


/** How money came or went back, in a sentence ("We received $120 by check", "$350 in cash"). */
export const PAID_HOW: Record<PaymentMethod, string> = { card: 'by card', check: 'by check', cash: 'in cash', venmo: 'by Venmo', other: 'through the office', credit: 'in account credit' };
