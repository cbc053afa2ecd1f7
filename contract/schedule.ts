// When classes meet, for both sides: calendar days, weekdays, and the rules that read them (grade
// eligibility, clashes between two classes of one child).
import { SCHOOL_TIME_ZONE, type ClassRecord, type IsoDate, type NoMeetingDate, type Weekday } from './domain';
import { andList, formatDate, formatDateRange, formatGrades, formatTimeRange, formatWeekdays, gradeName } from './format';

// Made on first use: a formatter with a time zone costs the page's start-up more than it saves.
let schoolDay: Intl.DateTimeFormat | undefined;

/** Today's date on the school's calendar (not the browser's, nor UTC's). */
export const schoolToday = (now: Date = new Date()): IsoDate =>
  (schoolDay ??= new Intl.DateTimeFormat('en-CA', { timeZone: SCHOOL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })).format(now);

let stamp: Intl.DateTimeFormat | undefined;
/** "2026-11-27 09:15": a moment on the school's clock, sortable (a file's column header names the zone). */
export function schoolStamp(iso: string): string {
  stamp ??= new Intl.DateTimeFormat('en-US', { timeZone: SCHOOL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const part = Object.fromEntries(stamp.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

const toDate = (iso: IsoDate) => new Date(`${iso}T12:00:00Z`);
export const toIso = (d: Date) => d.toISOString().slice(0, 10);

export function addDaysIso(iso: IsoDate, days: number): IsoDate {
  const d = toDate(iso);
  d.setUTCDate(d.getUTCDate() + days);
  return toIso(d);
}

export const weekdayOf = (iso: IsoDate) => toDate(iso).getUTCDay() as Weekday;

export type Schedule = Pick<ClassRecord, 'id' | 'title' | 'startDate' | 'endDate' | 'weekdays' | 'startTime' | 'endTime'>;

/** True when the two classes meet on a same day at overlapping times. */
export function meetingsOverlap(a: Schedule, b: Schedule): boolean {
  if (!(a.startTime < b.endTime && b.startTime < a.endTime)) return false;
  const from = a.startDate > b.startDate ? a.startDate : b.startDate;
  const to = a.endDate < b.endDate ? a.endDate : b.endDate;
  // A week of the common dates holds every weekday they can share.
  for (let day = from, n = 0; day <= to && n < 7; day = addDaysIso(day, 1), n++) {
    const w = weekdayOf(day);
    if (a.weekdays.includes(w) && b.weekdays.includes(w)) return true;
  }
  return false;
}

export const scheduleText = (c: Schedule) => `${formatWeekdays(c.weekdays)} ${formatTimeRange(c.startTime, c.endTime)}`;

export interface SelectionProblem {
  classId: string;
  message: string;
}

type Eligible = Schedule & Pick<ClassRecord, 'gradeMin' | 'gradeMax'>;

/** The class takes children of this grade. */
export const forGrade = (c: Pick<ClassRecord, 'gradeMin' | 'gradeMax'>, grade: number) => grade >= c.gradeMin && grade <= c.gradeMax;
type Child = { firstName: string; grade: number };

/** Why a child cannot take a class, given the classes they are enrolled in and the others chosen with it; null: they can. */
type Misfit = { kind: 'grade' } | { kind: 'enrolled' } | { kind: 'clash'; other: Schedule; enrolled: boolean };

function misfit(child: Child, c: Eligible, enrolled: Schedule[], others: Schedule[]): Misfit | null {
  if (!forGrade(c, child.grade)) return { kind: 'grade' };
  if (enrolled.some((e) => e.id === c.id)) return { kind: 'enrolled' };
  const other = [...enrolled, ...others].find((o) => o.id !== c.id && meetingsOverlap(c, o));
  return other ? { kind: 'clash', other, enrolled: enrolled.includes(other) } : null;
}

const gradesText = (c: Eligible) => formatGrades(c.gradeMin, c.gradeMax, true);

/**
 * Why a child cannot take each chosen class: not for the child's grade, already enrolled, or a time
 * clash with another chosen class or a class the child is enrolled in. One problem a class, in the
 * order of `chosen`.
 */
/** A class the child holds already, in the family's words (a checkout, a move, the class list). */
export const alreadyEnrolledIn = (firstName: string, title: string) => `${firstName} is already enrolled in ${title}.`;

export function selectionProblems(student: Child, chosen: Eligible[], enrolled: Schedule[]): SelectionProblem[] {
  const problems: SelectionProblem[] = [];
  for (const [i, c] of chosen.entries()) {
    const why = misfit(student, c, enrolled, chosen.slice(0, i));
    if (!why) continue;
    const message =
      why.kind === 'grade'
        ? `${c.title} is not for grade ${gradeName(student.grade)} (${gradesText(c)}).`
        : why.kind === 'enrolled'
          ? alreadyEnrolledIn(student.firstName, c.title)
          : `${c.title} (${scheduleText(c)}) clashes with ${why.other.title} (${scheduleText(why.other)})${why.enrolled ? `, which ${student.firstName} is enrolled in` : ''}.`;
    problems.push({ classId: c.id, message });
  }
  return problems;
}

/** What a class card says of one child ("who is this for"). */
export interface ChildFit {
  fits: boolean;
  /** "eligible", "not for grade 5 (grades 1–3)", "clashes with Nature Journaling (Wed 3:30–5:00)", "already enrolled", "full — join the waitlist". */
  text: string;
  /** The child is enrolled in it already: the class is shown locked for them. */
  enrolled?: boolean;
}

/**
 * Whether a child can take a class: the same checks as `selectionProblems` (grade, already enrolled, a
 * clash with a class they are enrolled in or another of `others`), then whether a seat is left.
 */
export function childFit(child: Child, c: Eligible & { seatsLeft: number }, enrolled: Schedule[], others: Schedule[] = []): ChildFit {
  const why = misfit(child, c, enrolled, others);
  if (why?.kind === 'grade') return { fits: false, text: `not for grade ${gradeName(child.grade)} (${gradesText(c)})` };
  if (why?.kind === 'enrolled') return { fits: false, text: 'already enrolled', enrolled: true };
  if (why) return { fits: false, text: `clashes with ${why.other.title} (${scheduleText(why.other)})` };
  return c.seatsLeft <= 0 ? { fits: false, text: 'full — join the waitlist' } : { fits: true, text: 'eligible' };
}

/** A class's meeting on one day. */
export interface Meeting<C> {
  date: IsoDate;
  klass: C;
}

/** A class's dates: its weekdays from its start to its end, less the semester's holidays and its own days off. */
export type Dated = Pick<ClassRecord, 'startDate' | 'endDate' | 'weekdays'> & Partial<Pick<ClassRecord, 'noMeetingDates' | 'holidays'>>;

/** The class's weekdays between from and to (inclusive), whether it meets on them or not. */
function weekdayDates(c: Dated, from: IsoDate, to: IsoDate): IsoDate[] {
  if (!c.startDate || !c.endDate) return [];
  // Counted in whole days since 1970-01-01 (a Thursday), stepping a week at a time from each weekday's
  // first date: every class card asks, so no date object is made for a day the class does not meet.
  const start = dayNumber(c.startDate > from ? c.startDate : from);
  const end = dayNumber(c.endDate < to ? c.endDate : to);
  const days: number[] = [];
  for (const w of new Set(c.weekdays)) for (let d = start + ((((w - start - 4) % 7) + 7) % 7); d <= end; d += 7) days.push(d);
  return days.sort((a, b) => a - b).map((d) => toIso(new Date(d * DAY_MS)));
}

/** A day's milliseconds (a UTC day: school dates are counted as whole days, not local hours). */
export const DAY_MS = 86_400_000;
/** The date as a number of days since 1970-01-01: two dates' difference is the days between them. */
export const dayNumber = (iso: IsoDate) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;

/** The days the class would meet but does not (holidays first on a clash of reasons), by date. */
export function skippedDays(c: Dated): NoMeetingDate[] {
  const off = new Map<IsoDate, NoMeetingDate>();
  for (const d of [...(c.noMeetingDates ?? []), ...(c.holidays ?? [])]) off.set(d.date, d);
  return weekdayDates(c, c.startDate, c.endDate).flatMap((day) => off.get(day) ?? []);
}

/** Every day the class meets, by date. */
export function meetingDates(c: Dated): IsoDate[] {
  return datesBetween(c, c.startDate, c.endDate);
}

function datesBetween(c: Dated, from: IsoDate, to: IsoDate): IsoDate[] {
  const off = new Set([...(c.noMeetingDates ?? []), ...(c.holidays ?? [])].map((d) => d.date));
  return weekdayDates(c, from, to).filter((day) => !off.has(day));
}

/**
 * The class as one weekly rule (a calendar feed's RRULE): its first weekday as the start, how many
 * weekdays from there to its end (COUNT), and the days it skips among them (EXDATE). Null: it never meets.
 */
export function weeklyRule(c: Dated): { first: IsoDate; count: number; skipped: IsoDate[] } | null {
  const days = weekdayDates(c, c.startDate, c.endDate);
  if (!days.length || meetingDates(c).length === 0) return null;
  return { first: days[0], count: days.length, skipped: skippedDays(c).map((d) => d.date) };
}

/** "10 meetings", "1 meeting". */
export const meetingsText = (n: number) => (n === 1 ? '1 meeting' : `${n} meetings`);

/**
 * "Dec 15, 2026 – Feb 16, 2027 · 9 meetings": from the class's first meeting to its last (its dates
 * when it never meets), the same on the class list, My Enrollments, the email and the receipt.
 */
export function classSpan(c: Dated): string {
  const meetings = meetingDates(c);
  return `${meetings.length ? formatDateRange(meetings[0], meetings.at(-1)!) : formatDateRange(c.startDate, c.endDate)} · ${meetingsText(meetings.length)}`;
}

/** "No class on Dec 24 and Dec 31 (Winter break), Jan 19 (Staff training)", or '' when it meets on all its weekdays. */
export function noClassText(c: Dated): string {
  const byReason = new Map<string, IsoDate[]>();
  for (const d of skippedDays(c)) byReason.set(d.reason, [...(byReason.get(d.reason) ?? []), d.date]);
  const parts = [...byReason].map(([reason, days]) => {
    const names = days.map((d) => formatDate(d));
    return `${andList(names)} (${reason})`;
  });
  return parts.length ? `No class on ${parts.join(', ')}` : '';
}

/** A class's meeting on one day. */
export interface Meeting<C> {
  date: IsoDate;
  klass: C;
}

/** Every meeting of these classes between from and to (inclusive), no-meeting days left out; by date, then start time. */
export function meetingsBetween<C extends Dated & Pick<ClassRecord, 'startTime'>>(classes: C[], from: IsoDate, to: IsoDate): Meeting<C>[] {
  const out = classes.flatMap((klass) => datesBetween(klass, from, to).map((date) => ({ date, klass })));
  return out.sort((a, b) => a.date.localeCompare(b.date) || a.klass.startTime.localeCompare(b.klass.startTime));
}

let clock: Intl.DateTimeFormat | undefined;
/** The moment (ISO, UTC) the school's clock shows `time` ("09:00") on `day`, whatever the browser's zone. */
export function schoolInstant(day: IsoDate, time: string): string {
  clock ??= new Intl.DateTimeFormat('en-US', { timeZone: SCHOOL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const wanted = Date.parse(`${day}T${time}:00Z`);
  // The zone's offset at a guess, twice: the second guess is right across a change of daylight time.
  let at = wanted;
  for (let i = 0; i < 2; i++) {
    const p = Object.fromEntries(clock.formatToParts(new Date(at)).map((x) => [x.type, x.value]));
    const shown = Date.parse(`${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:00Z`);
    at += wanted - shown;
  }
  return new Date(at).toISOString();
}
