// My Enrollments' order: what needs the family now first (a checkout held while they pay, with its
// timer), then what they have — a child's enrollments in a semester together, the first one first and
// the classes added to it after, the groups newest first (by their latest enrollment) — and last,
// folded, the attempts that ended unpaid (nothing was charged).
import type { FamilyEnrollment } from '../../../contract/domain';

/** Where an enrollment stands on the page. */
export type Section = 'held' | 'enrolled' | 'abandoned';

interface Listing<E> {
  enrollment: E;
  section: Section;
  /** Classes added to the child's first enrollment of the semester (an addendum). */
  added: boolean;
  /** The last confirmed enrollment of its group: where "Add classes" goes. */
  last: boolean;
  /** The other children paid for in the same checkout, by name. */
  checkoutWith: string[];
}

type Listed = Pick<FamilyEnrollment, 'id' | 'studentId' | 'studentName' | 'semesterIds' | 'createdAt' | 'checkoutIds' | 'status'>;

const sectionOf = (e: Listed): Section => (e.status === 'pending_payment' ? 'held' : e.status === 'expired' ? 'abandoned' : 'enrolled');

export function listEnrollments<E extends Listed>(enrollments: E[]): Listing<E>[] {
  const names = new Map(enrollments.map((e) => [e.id, e.studentName]));
  const listing = (enrollment: E, added: boolean, last: boolean): Listing<E> => ({
    enrollment,
    section: sectionOf(enrollment),
    added,
    last,
    checkoutWith: (enrollment.checkoutIds ?? []).filter((id) => id !== enrollment.id).flatMap((id) => names.get(id) ?? []),
  });
  const newestFirst = (a: E, b: E) => b.createdAt.localeCompare(a.createdAt);
  const groups = new Map<string, E[]>();
  for (const e of enrollments.filter((x) => sectionOf(x) === 'enrolled')) {
    const key = `${e.studentId}|${[...e.semesterIds].sort().join(',')}`;
    groups.set(key, [...(groups.get(key) ?? []), e]);
  }
  const latest = (group: E[]) => group.reduce((a, e) => (e.createdAt > a ? e.createdAt : a), '');
  const enrolled = [...groups.values()]
    .sort((a, b) => latest(b).localeCompare(latest(a)))
    .flatMap((group) => {
      const sorted = [...group].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      const lastConfirmed = sorted.findLastIndex((e) => e.status === 'confirmed');
      return sorted.map((e, i) => listing(e, i > 0, i === lastConfirmed));
    });
  const held = enrollments.filter((e) => sectionOf(e) === 'held').sort(newestFirst).map((e) => listing(e, false, false));
  const abandoned = enrollments.filter((e) => sectionOf(e) === 'abandoned').sort(newestFirst).map((e) => listing(e, false, false));
  return [...held, ...enrolled, ...abandoned];
}
