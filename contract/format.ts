// How money, dates, times, weekdays and grades read, the same in the app and in emails.
import { GRADE_MAX, GRADE_MIN, SCHOOL_TIME_ZONE, WEEKDAY_NAMES, type Cents, type EnrollmentStatus, type IsoDate, type Weekday } from './domain';

export function formatCents(cents: Cents): string {
  const sign = cents < 0 ? '−' : '';
  const abs = Math.abs(cents);
  // Thousands separated by hand: toLocaleString builds a number formatter on every call, and a class
  // list formats a few hundred prices (96 ms of a phone's first render).
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = abs % 100;
  return `${sign}$${dollars}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function formatDate(date: IsoDate, withYear = false): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${MONTHS[m - 1]} ${d}${withYear ? `, ${y}` : ''}`;
}

/** "Balance due by Aug 15, 2027" for a balance with a due date, else "Balance due". */
export const balanceDueLabel = (e: { balance: number; balanceDueDate?: IsoDate }) =>
  e.balance > 0 && e.balanceDueDate ? `Balance due by ${formatDate(e.balanceDueDate, true)}` : 'Balance due';

/** "Jan 5 – Mar 9, 2027", or one day: "Jun 14, 2027". */
export function formatDateRange(start: IsoDate, end: IsoDate): string {
  if (start === end) return formatDate(start, true);
  const sameYear = start.slice(0, 4) === end.slice(0, 4);
  return `${formatDate(start, !sameYear)} – ${formatDate(end, true)}`;
}

/** "3:15 pm" from "15:15". */
export function formatTime(time: string): string {
  const [h, m] = time.split(':').map(Number);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

export const formatTimeRange = (start: string, end: string) => `${formatTime(start)} – ${formatTime(end)}`;

/** "Mondays", "Mondays & Wednesdays", "Monday – Friday". */
export function formatWeekdays(days: Weekday[]): string {
  const sorted = [...days].sort((a, b) => a - b);
  if (sorted.length >= 3 && sorted.every((d, i) => i === 0 || d === sorted[i - 1] + 1)) {
    return `${WEEKDAY_NAMES[sorted[0]]} – ${WEEKDAY_NAMES[sorted[sorted.length - 1]]}`;
  }
  const names = sorted.map((d) => `${WEEKDAY_NAMES[d]}s`);
  return names.length <= 2 ? names.join(' & ') : `${names.slice(0, -1).join(', ')} & ${names.at(-1)}`;
}

export const gradeName = (grade: number) => (grade === 0 ? 'K' : String(grade));

/** A grade in words: "Kindergarten", "Grade 3". */
export const gradeLabel = (grade: number) => (grade === 0 ? 'Kindergarten' : `Grade ${grade}`);

/** Every grade the school teaches, for a grade picker. */
export const GRADE_OPTIONS = Array.from({ length: GRADE_MAX - GRADE_MIN + 1 }, (_, i) => ({ value: GRADE_MIN + i, label: gradeLabel(GRADE_MIN + i) }));

/** "Grade K", "Grades 2–4". */
export function formatGrades(min: number, max: number): string {
  return min === max ? `Grade ${gradeName(min)}` : `Grades ${gradeName(min)}–${gradeName(max)}`;
}

/** Age in whole years on a date (both `YYYY-MM-DD`). */
export function ageOn(birthDate: IsoDate, date: IsoDate): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [y, m, d] = date.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

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

/** "Nov 22, 2026" from an ISO timestamp, on the reader's calendar. */
export const formatDay = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

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
/** The time of day of an instant at the school ("3:42 PM"). */
export const formatClock = (iso: string) => (clock ??= new Intl.DateTimeFormat('en-US', { timeZone: SCHOOL_TIME_ZONE, hour: 'numeric', minute: '2-digit' })).format(new Date(iso));

let moment: Intl.DateTimeFormat | undefined;
/** An instant at the school, day and time ("Tue, Nov 24, 3:42 PM"). */
export const formatMoment = (iso: string) =>
  (moment ??= new Intl.DateTimeFormat('en-US', { timeZone: SCHOOL_TIME_ZONE, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })).format(new Date(iso));

/** Time left until `iso` as "27:05" (minutes:seconds), "0:00" once past. */
export function formatTimeLeft(iso: string, now: number): string {
  const s = Math.max(0, Math.floor((new Date(iso).getTime() - now) / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

const CARD_BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', jcb: 'JCB', diners: 'Diners Club', unionpay: 'UnionPay' };
/** A card as families read it: "Visa card ending 4242". */
export const formatCard = (card: { brand: string; last4: string }) => `${CARD_BRANDS[card.brand] ? `${CARD_BRANDS[card.brand]} ` : ''}card ending ${card.last4}`;

/** "1st", "2nd", "23rd". */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' }) as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** "Ava", "Ava and Leo", "Ava, Leo and Mia". */
export const andList = (names: string[]): string => (names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);
