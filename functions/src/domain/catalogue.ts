// Pure rules of the public catalogue: which semesters are open, which classes may be enrolled in.
import { aidSeatsEnd } from './seats';
import type { ClassGroup, ClassRecord, IsoDate, PublicClass, PublicSemester, Semester, SheetClass } from '../../../contract/domain';

export function isOpenForEnrollment(semester: Semester, today: IsoDate): boolean {
  return (
    semester.status === 'open' && semester.registrationOpens <= today && today <= semester.registrationCloses
  );
}

/** The configured current semester, else the open one running today, else the next to start, else the latest. */
export function currentSemester(semesters: Semester[], today: IsoDate, configuredId?: string | null): Semester | null {
  const visible = semesters.filter((s) => s.status !== 'archived' && s.status !== 'draft');
  const configured = visible.find((s) => s.id === configuredId);
  if (configured) return configured;
  const byStart = [...visible].sort((a, b) => a.startDate.localeCompare(b.startDate));
  return (
    byStart.find((s) => s.startDate <= today && today <= s.endDate) ??
    byStart.find((s) => s.startDate > today) ??
    byStart.at(-1) ??
    null
  );
}

export function isEnrollable(klass: ClassRecord, semesterOpen: boolean, today: IsoDate): boolean {
  return semesterOpen && klass.status === 'live' && today <= klass.registrationDeadline;
}

/** The seats kept for families receiving aid at `now`: none from their release (they open to everyone then). */
export function aidSeatsLeft(klass: Pick<ClassRecord, 'aidSeats' | 'aidSeatsUntil' | 'aidKept'>, now: Date): number {
  const end = aidSeatsEnd(klass);
  return end && Date.parse(end) > now.getTime() ? (klass.aidKept ?? 0) : 0;
}

/**
 * Seats the public may take: none while families wait for the class (its freed seats are theirs), none
 * kept for a move the office decides, none kept for aid before their release.
 */
export function seatsLeft(klass: Pick<ClassRecord, 'capacity' | 'enrolledCount' | 'waiting' | 'keptSeats' | 'aidSeats' | 'aidSeatsUntil' | 'aidKept'>, now: Date): number {
  return (klass.waiting ?? 0) > 0 ? 0 : Math.max(0, klass.capacity - klass.enrolledCount - (klass.keptSeats ?? 0) - aidSeatsLeft(klass, now));
}

/**
 * What the public sees of a class, field by field (a field added to the stored class never leaks by
 * itself): the enrolled count becomes seats left.
 */
/** When and where a class meets and who teaches it, field by field: the core of every view of a class. */
export const sheetClass = (c: ClassRecord): SheetClass => ({
  id: c.id,
  semesterId: c.semesterId,
  title: c.title,
  location: c.location,
  startDate: c.startDate,
  endDate: c.endDate,
  weekdays: c.weekdays,
  startTime: c.startTime,
  endTime: c.endTime,
  instructors: c.instructors,
  noMeetingDates: c.noMeetingDates ?? [],
  holidays: c.holidays ?? [],
});

export function toPublicClass(c: ClassRecord, now: Date): PublicClass {
  const aid = aidSeatsLeft(c, now);
  return {
    ...sheetClass(c),
    description: c.description,
    classType: c.classType,
    gradeMin: c.gradeMin,
    gradeMax: c.gradeMax,
    capacity: c.capacity,
    price: c.price,
    slidingScale: c.slidingScale ?? null,
    addOns: c.addOns.map((a) => ({ id: a.id, description: a.description, price: a.price })),
    registrationDeadline: c.registrationDeadline,
    status: c.status,
    imageUrl: c.imageUrl ?? null,
    deposit: c.deposit ?? null,
    ...(c.version !== undefined ? { version: c.version } : {}),
    seatsLeft: seatsLeft(c, now),
    waiting: c.waiting ?? 0,
    ...(aid ? { aidSeats: c.aidSeats, aidSeatsUntil: c.aidSeatsUntil, aidSeatsLeft: aid } : {}),
  };
}

/** What the public sees of a semester, field by field (no confirmation text). */
export function toPublicSemester(s: Semester, today: IsoDate, round: PublicSemester['round']): PublicSemester {
  return {
    id: s.id,
    name: s.name,
    startDate: s.startDate,
    endDate: s.endDate,
    registrationOpens: s.registrationOpens,
    registrationCloses: s.registrationCloses,
    status: s.status,
    infoMarkdown: s.infoMarkdown,
    depositPerClass: s.depositPerClass ?? null,
    balanceDueDate: s.balanceDueDate ?? null,
    openForEnrollment: isOpenForEnrollment(s, today),
    round,
  };
}

/** What the public sees of a bundle, field by field. */
export function toPublicGroup(g: ClassGroup): ClassGroup {
  return { id: g.id, semesterId: g.semesterId, name: g.name, price: g.price, classIds: g.classIds };
}

/** Semesters the public catalogue shows: every one but a draft being prepared (past ones stay readable). */
export function isPublicSemester(s: Pick<Semester, 'status'>): boolean {
  return s.status !== 'draft';
}

/** Browsing shows live and paused classes and info-only ones (shown as such); never drafts. */
export function isBrowsable(klass: Pick<ClassRecord, 'status'>): boolean {
  return klass.status !== 'draft';
}
