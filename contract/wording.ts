// How records read beyond the class list (money typed and shown, moments at the school, statuses,
// cards, t-shirt sizes), the same in the app and in emails. Apart from format.ts so that the landing
// page never loads them.
import { SCHOOL_TIME_ZONE, type Cents, type EnrollmentStatus, type IsoDate, type PaymentMethod } from './domain';
import { formatDate } from './format';
import { PAID_HOW } from './money';

/** "Balance due by Mon, May 3"; without a due date, a balance is due now, and says so. */
export const balanceDueLabel = (e: { balance: number; balanceDueDate?: IsoDate }) =>
  e.balance > 0 ? (e.balanceDueDate ? `Balance due by ${formatDate(e.balanceDueDate, true)}` : 'Balance due now') : 'Balance due';

/**
 * Cents from what a person types: "25", "25.5", "$1,025.50"; null when it is not an amount. A comma
 * is read only as a thousands separator in its place: "250,5" or "4,00" (a decimal comma elsewhere)
 * is refused rather than read as $2,505 or $400.
 */
export function parseDollars(text: string): number | null {
  const typed = text.trim().replace(/^\$/, '');
  if (!/^(\d+|\d{1,3}(,\d{3})+)(\.\d{1,2})?$/.test(typed)) return null;
  const [whole, fraction = ''] = typed.replace(/,/g, '').split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

let day: Intl.DateTimeFormat | undefined;
/**
 * "Nov 22, 2026" from an ISO timestamp, on the school's calendar (a receipt's dates agree, wherever it
 * is read or made). One formatter kept: `toLocaleDateString` with options builds a new one on every
 * call, and My Enrollments formats each payment's and each change's day on every render.
 */
export const formatDay = (iso: string) => (day ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: SCHOOL_TIME_ZONE })).format(new Date(iso));

/** "12.50": cents as a plain dollar amount, for form fields, CSV cells and payment links. */
export const plainDollars = (cents: Cents) => (cents / 100).toFixed(2);

/** "Youth M", "Adult 2XL": how a t-shirt size reads on the family form, the office pages and CSVs. */
export const tshirtLabel = (size: string) => `${size.startsWith('Y') ? 'Youth' : 'Adult'} ${size.slice(1)}`;

/** An enrollment's status as families and the office read it. */
export const ENROLLMENT_STATUS_LABELS: Record<EnrollmentStatus, string> = {
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  pending_payment: 'Waiting for card payment',
  expired: 'Not completed (unpaid)',
};

let clock: Intl.DateTimeFormat | undefined;
/** The time of day of an instant at the school, its zone named ("3:42 PM PST"): a family may be elsewhere. */
export const formatClock = (iso: string) =>
  (clock ??= new Intl.DateTimeFormat('en-US', { timeZone: SCHOOL_TIME_ZONE, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' })).format(new Date(iso));

let moment: Intl.DateTimeFormat | undefined;
/** An instant at the school, day and time, its zone named ("Tue, Nov 24, 3:42 PM PST"). */
export const formatMoment = (iso: string) =>
  (moment ??= new Intl.DateTimeFormat('en-US', { timeZone: SCHOOL_TIME_ZONE, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' })).format(new Date(iso));

/** Time left until `iso` as "27:05" (minutes:seconds), "0:00" once past. */
export function formatTimeLeft(iso: string, now: number): string {
  const s = Math.max(0, Math.floor((new Date(iso).getTime() - now) / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

const CARD_BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', jcb: 'JCB', diners: 'Diners Club', unionpay: 'UnionPay' };
/** A card as families read it: "Visa card ending 4242". */
export const formatCard = (card: { brand: string; last4: string }) => `${CARD_BRANDS[card.brand] ? `${CARD_BRANDS[card.brand]} ` : ''}card ending ${card.last4}`;

/** How a payment was made, as families read it: "by Visa card ending 4242", "by check". */
export const paidHow = (p: { method: PaymentMethod; card?: { brand: string; last4: string } }) => (p.card ? `by ${formatCard(p.card)}` : PAID_HOW[p.method]);

/**
 * Why a card payment that came after its checkout's time ran out was refunded whole, the same on the
 * family's page, in its email and on the office's record: the seats, or what they were priced with.
 */
export const SEATS_GONE = 'the seats (or the discount or financial aid they were priced with) were no longer available';
