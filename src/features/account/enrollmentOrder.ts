// My Enrollments' order: a child's enrollments in a semester stand together, the first one
// first and the classes added to it after; the groups newest first (by their latest enrollment).
import type { FamilyEnrollment } from '../../../contract/domain';

interface Listing<E> {
  enrollment: E;
  /** Classes added to the child's first enrollment of the semester (an addendum). */
  added: boolean;
  /** The last confirmed enrollment of its group: where "Add classes" goes. */
  last: boolean;
  /** The other children paid for in the same checkout, by name. */
  checkoutWith: string[];
}

type Listed = Pick<FamilyEnrollment, 'id' | 'studentId' | 'studentName' | 'semesterIds' | 'createdAt' | 'checkoutIds' | 'status'>;

export function listEnrollments<E extends Listed>(enrollments: E[]): Listing<E>[] {
  const groups = new Map<string, E[]>();
  for (const e of enrollments) {
    const key = `${e.studentId}|${[...e.semesterIds].sort().join(',')}`;
    groups.set(key, [...(groups.get(key) ?? []), e]);
  }
  const latest = (group: E[]) => group.reduce((a, e) => (e.createdAt > a ? e.createdAt : a), '');
  const names = new Map(enrollments.map((e) => [e.id, e.studentName]));
  return [...groups.values()]
    .sort((a, b) => latest(b).localeCompare(latest(a)))
    .flatMap((group) => {
      const sorted = [...group].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      const lastConfirmed = sorted.findLastIndex((e) => e.status === 'confirmed');
      return sorted.map((enrollment, i) => ({
          enrollment,
          added: i > 0,
          last: i === lastConfirmed,
          checkoutWith: (enrollment.checkoutIds ?? []).filter((id) => id !== enrollment.id).flatMap((id) => names.get(id) ?? []),
        }));
    });
}
