// When classes meet, for both sides: calendar days, weekdays, and the rules that read them (grade
// eligibility, clashes between two classes of one child).
import { SCHOOL_TIME_ZONE, type ClassRecord, type IsoDate, type Weekday } from './domain';
import { formatGrades, formatTimeRange, formatWeekdays, gradeName } from './format';

const schoolDay = new Intl.DateTimeFormat('en-CA', { timeZone: SCHOOL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's date on the school's calendar (not the browser's, nor UTC's). */
export const schoolToday = (now: Date = new Date()): IsoDate => schoolDay.format(now);

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

/**
 * Why a child cannot take each chosen class: not for the child's grade, already enrolled, or a time
 * clash with another chosen class or a class the child is enrolled in. One problem a class, in the
 * order of `chosen`.
 */
export function selectionProblems(
  student: { firstName: string; grade: number },
  chosen: (Schedule & Pick<ClassRecord, 'gradeMin' | 'gradeMax'>)[],
  enrolled: Schedule[],
): SelectionProblem[] {
  const problems: SelectionProblem[] = [];
  const enrolledIds = new Set(enrolled.map((c) => c.id));
  for (const [i, c] of chosen.entries()) {
    if (student.grade < c.gradeMin || student.grade > c.gradeMax) {
      const grades = formatGrades(c.gradeMin, c.gradeMax).replace(/^G/, 'g');
      problems.push({ classId: c.id, message: `${c.title} is not for grade ${gradeName(student.grade)} (${grades}).` });
      continue;
    }
    if (enrolledIds.has(c.id)) {
      problems.push({ classId: c.id, message: `${student.firstName} is already enrolled in ${c.title}.` });
      continue;
    }
    const other = [...enrolled, ...chosen.slice(0, i)].find((o) => o.id !== c.id && meetingsOverlap(c, o));
    if (other) {
      problems.push({
        classId: c.id,
        message: `${c.title} (${scheduleText(c)}) clashes with ${other.title} (${scheduleText(other)})${enrolledIds.has(other.id) ? `, which ${student.firstName} is enrolled in` : ''}.`,
      });
    }
  }
  return problems;
}

/** A class's meeting on one day. */
export interface Meeting<C> {
  date: IsoDate;
  klass: C;
}

/** Every meeting of these classes between from and to (inclusive): their weekdays between their start and end dates; by date, then start time. */
export function meetingsBetween<C extends Pick<ClassRecord, 'startDate' | 'endDate' | 'weekdays' | 'startTime'>>(classes: C[], from: IsoDate, to: IsoDate): Meeting<C>[] {
  const out: Meeting<C>[] = [];
  for (const klass of classes) {
    if (!klass.startDate || !klass.endDate) continue;
    const start = klass.startDate > from ? klass.startDate : from;
    const end = klass.endDate < to ? klass.endDate : to;
    for (let day = start; day <= end; day = addDaysIso(day, 1)) {
      if (klass.weekdays.includes(weekdayOf(day))) out.push({ date: day, klass });
    }
  }
  return out.sort((a, b) => a.date.localeCompare(b.date) || a.klass.startTime.localeCompare(b.klass.startTime));
}
