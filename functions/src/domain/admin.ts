// Pure rules of the school office's edits.
import { WEEKDAY_NAMES, type ClassGroup, type ClassRecord, type IsoDate, type NoMeetingDate, type Semester } from '../../../contract/domain';
import { formatDateRange } from '../../../contract/format';
import { addDaysIso, dayNumber, weekdayOf } from '../../../contract/schedule';
import { classValueProblems, missingForPublish } from '../../../contract/classRules';
import { ROLE_ADMIN, type StaffRole } from '../../../contract/roles';
import { no, refuse, type Refusal } from './refusal';
import type { Seat } from './seats';

type ClassFields = Omit<ClassRecord, 'id' | 'enrolledCount'>;

export { classValueProblems, missingForPublish };


/** The distance between two semesters' starts in whole weeks (as days), so a copied class keeps its weekday. */
export function copyShiftDays(from: Pick<Semester, 'startDate'>, to: Pick<Semester, 'startDate'>): number {
  return Math.round((dayNumber(to.startDate) - dayNumber(from.startDate)) / 7) * 7;
}

/**
 * A copy as a draft in a semester: its dates and deadline moved by `days` (blank ones stay blank), the
 * target's holidays, none of the original's own days off.
 */
export function copiedClass(c: ClassRecord, to: { id: string; semesterId: string; days: number; sameSemester: boolean; holidays?: NoMeetingDate[] }): ClassRecord {
  const move = (iso: IsoDate) => (iso ? addDaysIso(iso, to.days) : iso);
  // A copy starts with its own seats: none taken, no number ever closed.
  // Its seats kept for aid are made when the office next saves it (their release moved with its dates).
  const { seatNumbers: _seatNumbers, keptSeats: _kept, aidKept: _aid, ...original } = c;
  return {
    ...original,
    id: to.id,
    semesterId: to.semesterId,
    title: to.sameSemester ? `${c.title} (copy)` : c.title,
    startDate: move(c.startDate),
    endDate: move(c.endDate),
    registrationDeadline: move(c.registrationDeadline),
    ...(c.aidSeatsUntil ? { aidSeatsUntil: move(c.aidSeatsUntil) } : {}),
    status: 'draft',
    copiedFrom: c.id,
    enrolledCount: 0,
    // Nobody waits for a new copy (the count would keep its seats from everyone).
    waiting: 0,
    // A weather cancellation was the original's; the holidays are the target semester's.
    noMeetingDates: [],
    holidays: to.holidays ?? [],
  };
}

/**
 * Why a class cannot be published in its semester: dates outside it, a late deadline, a weekday that
 * never comes (asked once its own values are right: an end before its start is said as that).
 */
export function scheduleProblems(c: ClassFields, semester: Semester): string[] {
  const problems: string[] = [];
  if (c.startDate < semester.startDate || c.endDate > semester.endDate) {
    problems.push(`The class dates must be within ${semester.name} (${formatDateRange(semester.startDate, semester.endDate)}).`);
  }
  if (c.registrationDeadline > c.endDate) problems.push('The registration deadline must not be after the class ends.');
  let meets = false;
  for (let day = c.startDate, n = 0; day <= c.endDate && n < 7 && !meets; day = addDaysIso(day, 1), n++) meets = c.weekdays.includes(weekdayOf(day));
  if (!meets) problems.push(`The class never meets: no ${c.weekdays.map((d) => WEEKDAY_NAMES[d]).join(' or ')} between its start and end dates.`);
  return problems;
}

/**
 * What "Copy all classes" copies into a semester that may already hold copies (a second press, or a
 * copy-all after single copies): a class already there (copied from it, or with its title and moved
 * start) and a bundle already there (copied from it, or with its name) are left as they are.
 */
export function planSemesterCopy(classes: ClassRecord[], groups: ClassGroup[], there: ClassRecord[], thereGroups: ClassGroup[], days: number) {
  // One batch of writes (Firestore takes 500): the classes and their bundles.
  if (classes.length > MAX_CLASSES_COPIED) return no(`A semester of more than ${MAX_CLASSES_COPIED} classes cannot be copied at once.`);
  const copyOf = (c: ClassRecord) =>
    there.find((t) => t.copiedFrom === c.id) ?? there.find((t) => !t.copiedFrom && t.title === c.title && t.startDate === (c.startDate ? addDaysIso(c.startDate, days) : ''));
  const found = classes.map((c) => ({ from: c, copy: copyOf(c) }));
  const bundleThere = (g: ClassGroup) => thereGroups.some((t) => t.copiedFrom === g.id || t.name === g.name);
  return {
    classes: found.filter((x) => !x.copy).map((x) => x.from).sort((a, b) => a.title.localeCompare(b.title)),
    groups: groups.filter((g) => !bundleThere(g)),
    alreadyThere: {
      classes: found.filter((x): x is { from: ClassRecord; copy: ClassRecord } => !!x.copy),
      groups: groups.filter(bundleThere).map((g) => g.name),
    },
  };
}

const MAX_CLASSES_COPIED = 400;

/** Why no class can be copied from one semester into another: the same one, or an archived one; or null. */
export const copyTargetRefusal = (fromSemesterId: string, to: Pick<Semester, 'id' | 'name' | 'status'>): Refusal | null =>
  fromSemesterId === to.id ? refuse('invalid-argument', 'toSemesterId: Choose another semester to copy to.') : archivedRefusal(to);

/** Archived semesters are kept as they were: readable, never changed. */
export const archivedRefusal = (semester: Pick<Semester, 'name' | 'status'> | undefined): Refusal | null =>
  semester?.status === 'archived' ? no(`${semester.name} is archived: its classes and bundles cannot change. Set its status back to Closed first.`) : null;

/**
 * Why a class cannot be saved as the office wrote it, or null: said in the order the office can act
 * on it, its own values first (an end before its start is said as that, not as a deadline after the
 * end). `strangers`: how many of its instructors do not hold the instructor role.
 */
export function classSaveRefusal(c: ClassFields, semester: Semester, strangers: number): Refusal | null {
  const archived = archivedRefusal(semester);
  if (archived) return archived;
  const [wrongValue] = classValueProblems(c);
  if (wrongValue) return no(wrongValue.message);
  if (c.status !== 'draft') {
    const missing = missingForPublish(c);
    if (missing.length) return no(`To publish this class, fill in: ${missing.join(', ')}.`);
    const wrong = scheduleProblems(c, semester);
    if (wrong.length) return no(`To publish this class: ${wrong.join(' ')}`);
  }
  if (c.deposit && !semester.balanceDueDate) return no('A class deposit needs a balance due date: set it on the semester first.');
  if (strangers) return no('Only staff with the instructor role can be assigned to a class: check its instructors.');
  return null;
}

/** Why the class as stored cannot take these values, or null: its enrolled students keep their semester and their seats. */
export function classChangeRefusal(stored: Pick<ClassRecord, 'semesterId' | 'enrolledCount'> | undefined, c: Pick<ClassFields, 'semesterId' | 'capacity'>): Refusal | null {
  const enrolled = stored?.enrolledCount ?? 0;
  if (stored && stored.semesterId !== c.semesterId && enrolled > 0) return no('A class with enrolled students cannot move to another semester.');
  if (c.capacity < enrolled) return no(`Capacity cannot be below the ${enrolled} students already enrolled.`);
  return null;
}

/** The shortest new discount code. */
const MIN_NEW_CODE = 6;

/**
 * Why a discount code cannot be saved as `code`: another code's already, or too short to be safe from
 * guessing (a new code, or one renamed: a short code the school already uses may be kept).
 */
export function codeProblem(code: string, before: string | undefined, takenByAnother: boolean): Refusal | null {
  if (code.length < MIN_NEW_CODE && before !== code) return no(`A new code needs at least ${MIN_NEW_CODE} letters or digits, so that it cannot be guessed.`);
  if (takenByAnother) return refuse('already-exists', `The code ${code} is already used.`);
  return null;
}

/** A group needs at least two distinct classes of its semester, each in no other group. */
export function groupRefusal(group: Omit<ClassGroup, 'id'> & { id?: string }, classes: ClassRecord[], others: ClassGroup[]): Refusal | null {
  const ids = new Set(group.classIds);
  if (ids.size < 2) return no('A bundle needs at least two different classes.');
  if (classes.length !== ids.size) return no('A class in this bundle does not exist.');
  if (classes.some((c) => c.semesterId !== group.semesterId)) return no('Every class of a bundle must be in its semester.');
  const taken = others.find((g) => g.id !== group.id && g.classIds.some((id) => ids.has(id)));
  if (taken) return no(`A class is already in the bundle "${taken.name}".`);
  return null;
}

/**
 * Why a class cannot be deleted, or null: a student holds it (`rostered`: its roster names someone),
 * a family is offered or paying for one of its seats, or a bundle (`bundle`: its name) names it.
 */
export function classDeleteRefusal(klass: Pick<ClassRecord, 'title' | 'enrolledCount'>, rostered: boolean, seats: Iterable<Pick<Seat, 'state'>>, bundle: string | undefined): Refusal | null {
  if (klass.enrolledCount > 0 || rostered) return no(`${klass.title} cannot be deleted: ${klass.enrolledCount} students are enrolled.`);
  if ([...seats].some((s) => s.state === 'offered' || s.state === 'held')) return no(`${klass.title} cannot be deleted: a seat is offered to a family on its waitlist, or held while a family pays.`);
  if (bundle !== undefined) return no(`Remove ${klass.title} from the bundle "${bundle}" first.`);
  return null;
}

/** The portal always keeps an admin: `uid` may lose the role only while someone else holds it. */
export const lastAdminRefusal = (uid: string, roles: readonly StaffRole[], adminUids: readonly string[]): Refusal | null =>
  roles.includes(ROLE_ADMIN) || adminUids.some((id) => id !== uid) ? null : no('The portal needs at least one admin: make someone else an admin first.');
