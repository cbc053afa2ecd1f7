// How money, dates, times, weekdays and grades read, the same in the app and in emails: what the
// class list needs (it loads with the landing page). The rest is in wording.ts.
import { GRADE_MAX, GRADE_MIN, WEEKDAY_NAMES, type Cents, type IsoDate, type Weekday } from './domain';

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

/** "Grade K", "Grades 2–4"; within a sentence "grade K", "grades 2–4". */
export function formatGrades(min: number, max: number, inSentence = false): string {
  const word = inSentence ? 'grade' : 'Grade';
  return min === max ? `${word} ${gradeName(min)}` : `${word}s ${gradeName(min)}–${gradeName(max)}`;
}

/** Age in whole years on a date (both `YYYY-MM-DD`). */
export function ageOn(birthDate: IsoDate, date: IsoDate): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [y, m, d] = date.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** "1st", "2nd", "23rd". */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' }) as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** "Ava", "Ava and Leo", "Ava, Leo and Mia". */
export const andList = (names: string[]): string => (names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/** "1 child", "2 children": a count with its noun. */
export const counted = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
