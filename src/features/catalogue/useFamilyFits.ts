// "Who is this for?": a signed-in family picks one of its children, or all of them, on the
// class list, and each open class's card says for each child whether they can take it. The checks are
// contract/schedule's childFit: the same grade, enrolled and clash rules the server applies at checkout.
import { useEffect } from 'react';
import type { PublicClass } from '../../../contract/domain';
import { childFit, type ChildFit, type Schedule } from '../../../contract/schedule';
import { useSession } from '../../lib/session';
import { useMyEnrollments, useMyStudents } from '../family/api';
import { useCatalogueCache } from './api';

export interface CardFit {
  studentId: string;
  firstName: string;
  fit: ChildFit;
}

/** The `?for=` value that shows every child of the family. */
export const ALL_CHILDREN = 'all';

/** The one child a `?for=` value names (not "all", not empty), or null: the Student step starts with them. */
export const childFromAddress = (search: string): string | null => {
  const id = new URLSearchParams(search).get('for');
  return id && id !== ALL_CHILDREN ? id : null;
};

/**
 * The family's children (for the picker) and what each card says of the chosen ones. `chosen`: the
 * classes already in the selection; with one child picked, a class that clashes with them says so.
 */
export function useFamilyFits(forChild: string | null, chosen: PublicClass[]) {
  const { user } = useSession();
  const [students] = useMyStudents(!!user);
  const children = user && students.status === 'loaded' ? students.value.students : [];
  const picked = forChild === ALL_CHILDREN ? children : children.filter((s) => s.id === forChild);
  const [mine] = useMyEnrollments(picked.length > 0);
  const enrolledIds = (studentId: string) =>
    mine.status === 'loaded' ? mine.value.enrollments.filter((e) => e.studentId === studentId && e.status === 'confirmed').flatMap((e) => e.classIds) : [];

  // The classes a child is enrolled in may be closed by now: they are read by id.
  const cache = useCatalogueCache();
  const wanted = [...new Set(picked.flatMap((s) => enrolledIds(s.id)))].join(',');
  useEffect(() => {
    if (wanted) void cache.ensureClasses(wanted.split(','));
  }, [wanted, cache]);
  const states = wanted ? wanted.split(',').map((id) => cache.classState(id)) : [];
  const ready = picked.length > 0 && mine.status === 'loaded' && states.every((s) => s && s.status !== 'loading');
  const classOf = (id: string): Schedule | null => {
    const s = cache.classState(id);
    return s?.status === 'loaded' ? s.value : null;
  };

  const fitsOf = (c: PublicClass): CardFit[] | undefined =>
    ready
      ? picked.map((s) => ({
          studentId: s.id,
          firstName: s.firstName,
          fit: childFit(s, c, enrolledIds(s.id).map(classOf).filter((k): k is Schedule => k !== null), picked.length === 1 ? chosen : []),
        }))
      : undefined;
  return { children, fitsOf, loading: picked.length > 0 && !ready };
}
