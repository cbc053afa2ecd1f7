// The school office's tables: search, filters, sorting and paging done on the server so
// the page stays light with 5 000 students. Pure.
import {
  TSHIRT_SIZES,
  type Discount,
  type Enrollment,
  type EnrollmentRow,
  type EnrollmentStatus,
  type EnrollmentSort,
  type RosterEntry,
  type Student,
  type StudentRow,
  type StudentSort,
  type TshirtTally,
} from '../../../contract/domain';
import { matchesSearch } from '../../../contract/rules';

export type Order = 'asc' | 'desc';

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export function pageOf<T>(rows: T[], page = 0, pageSize = 25): { rows: T[]; total: number } {
  return { rows: rows.slice(page * pageSize, (page + 1) * pageSize), total: rows.length };
}

const byName = (a: { lastName: string; firstName: string }, b: { lastName: string; firstName: string }) =>
  collator.compare(a.lastName, b.lastName) || collator.compare(a.firstName, b.firstName);

export type StudentFields = Pick<Student, 'firstName' | 'lastName' | 'grade' | 'school' | 'birthDate' | 'guardians' | 'health'> & { id: string };

export function studentRow(s: StudentFields): StudentRow {
  return {
    id: s.id,
    firstName: s.firstName,
    lastName: s.lastName,
    grade: s.grade,
    school: s.school,
    birthDate: s.birthDate,
    guardianEmails: s.guardians.map((g) => g.email),
    guardianNames: s.guardians.map((g) => g.name),
    lifeThreateningAllergy: s.health.allergies.some((a) => a.lifeThreatening),
  };
}

/** Searches the child's and the guardians' names, the school and guardian emails (accent-blind); sorts; the name breaks ties. */
export function searchStudents(students: StudentRow[], query: string | undefined, sort: StudentSort = 'name', order: Order = 'asc'): StudentRow[] {
  const found = students.filter((s) => matchesSearch([`${s.firstName} ${s.lastName}`, s.school, ...s.guardianNames, ...s.guardianEmails], query));
  const compare = (a: StudentRow, b: StudentRow) =>
    sort === 'grade' ? a.grade - b.grade : sort === 'school' ? collator.compare(a.school, b.school) : 0;
  const sign = order === 'desc' ? -1 : 1;
  return found.sort((a, b) => sign * (compare(a, b) || byName(a, b)));
}

export function sortRoster(entries: RosterEntry[]): RosterEntry[] {
  return [...entries].sort((a, b) => byName(a.student, b.student));
}

export interface EnrollmentFilter {
  classId?: string;
  status?: EnrollmentStatus;
  balanceDue?: boolean;
  /** Paying in monthly payments ('plan'), or with a payment the card declined ('declined'). */
  monthly?: 'plan' | 'declined';
  search?: string;
  sort?: EnrollmentSort;
  order?: Order;
}

/** What filtering and sorting read of a row (so that the rows of a whole semester can be read in part). */
export const FILTER_FIELDS = ['id', 'classIds', 'cancellations', 'status', 'balance', 'studentName', 'total', 'createdAt', 'instalments'] as const;
type FilterRow = Pick<EnrollmentRow, (typeof FILTER_FIELDS)[number] | 'classTitles'>;

/** Filters and sorts the office's enrollment rows; newest first unless asked otherwise. */
export function filterEnrollments<R extends FilterRow>(rows: R[], f: EnrollmentFilter): R[] {
  const found = rows.filter(
    (r) =>
      (!f.classId || r.classIds.includes(f.classId) || (r.cancellations ?? []).some((c) => c.classIds.includes(f.classId!))) &&
      (!f.status || r.status === f.status) &&
      (!f.balanceDue || r.balance > 0) &&
      (!f.monthly || (!!r.instalments && (f.monthly === 'plan' || !!r.instalments.failed))) &&
      matchesSearch([r.studentName, ...r.classTitles], f.search),
  );
  const sort = f.sort ?? 'createdAt';
  const sign = (f.order ?? (sort === 'createdAt' ? 'desc' : 'asc')) === 'desc' ? -1 : 1;
  const compare = (a: R, b: R) =>
    sort === 'studentName'
      ? collator.compare(a.studentName, b.studentName)
      : sort === 'total' || sort === 'balance'
        ? a[sort] - b[sort]
        : a.createdAt.localeCompare(b.createdAt);
  return found.sort((a, b) => sign * (compare(a, b) || a.id.localeCompare(b.id)));
}

/** Counts for every offered size, zeros included, and the students sorted by name. */
export function tallyTshirts(semesterId: string, students: TshirtTally['students']): TshirtTally {
  return {
    semesterId,
    counts: TSHIRT_SIZES.map((size) => ({ size, count: students.filter((s) => s.size === size).length })),
    students: [...students].sort(byName),
  };
}

/**
 * How often each code was used, by code: `uses` counts confirmed enrollments that applied it; `counted`,
 * for limited codes only, the uses held against the limit (checkouts in progress included), by discount id.
 */
export function discountUses(
  discounts: Pick<Discount, 'id' | 'code' | 'maxUses'>[],
  enrollments: Pick<Enrollment, 'status' | 'discounts'>[],
  countedById: Map<string, number>,
): { uses: Record<string, number>; counted: Record<string, number> } {
  const uses: Record<string, number> = {};
  for (const e of enrollments) {
    if (e.status !== 'confirmed') continue;
    for (const a of e.discounts ?? []) uses[a.code] = (uses[a.code] ?? 0) + 1;
  }
  const counted: Record<string, number> = {};
  for (const d of discounts) if (d.maxUses != null) counted[d.code] = countedById.get(d.id) ?? 0;
  return { uses, counted };
}
