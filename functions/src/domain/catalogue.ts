// Pure rules of the public catalogue: which semesters are open, which classes may be enrolled in.
import type { ClassRecord, IsoDate, PublicClass, PublicSemester, Semester } from '../../../contract/domain';

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

export function seatsLeft(klass: Pick<ClassRecord, 'capacity' | 'enrolledCount'>): number {
  return Math.max(0, klass.capacity - klass.enrolledCount);
}

/** Drops everything that is not for the public: the enrolled count becomes seats left. */
export function toPublicClass(klass: ClassRecord): PublicClass {
  const { enrolledCount: _enrolled, ...rest } = klass;
  return { ...rest, seatsLeft: seatsLeft(klass) };
}

export function toPublicSemester(semester: Semester, today: IsoDate): PublicSemester {
  const { confirmationMarkdown: _confirmation, ...rest } = semester;
  return { ...rest, openForEnrollment: isOpenForEnrollment(semester, today) };
}

/** Browsing shows live and paused classes (PRODUCT §4) and info-only ones (shown as such); never drafts. */
export function isBrowsable(klass: Pick<ClassRecord, 'status'>): boolean {
  return klass.status !== 'draft';
}
