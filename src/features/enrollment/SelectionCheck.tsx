// Once the student is known: which chosen classes the child cannot take (grade, already enrolled,
// a time clash), with a way to remove each right there. The server refuses the same things.
import { useEffect } from 'react';
import type { PublicClass } from '../../../contract/domain';
import { selectionProblems, type SelectionProblem } from '../../../contract/schedule';
import { useCatalogueCache } from '../catalogue/api';
import { useFlow } from './FlowContext';
import { useMyEnrollments } from '../family/api';

/** The problems of the current selection for the chosen student; null while the classes load. */
export function useSelectionProblems(): SelectionProblem[] | null {
  const { state } = useFlow();
  const cache = useCatalogueCache();
  const savedId = state.studentChoice && state.studentChoice !== 'new' ? state.studentChoice : null;
  const [mine] = useMyEnrollments(!!savedId);
  const enrolledIds =
    savedId && mine.status === 'loaded'
      ? mine.value.enrollments.filter((e) => e.studentId === savedId && e.status === 'confirmed').flatMap((e) => e.classIds)
      : [];
  const chosenIds = Object.keys(state.selection);
  const wanted = [...chosenIds, ...enrolledIds].join(',');
  useEffect(() => {
    if (wanted) void cache.ensureClasses(wanted.split(','));
  }, [wanted, cache]);
  if (!state.profile || (savedId && mine.status === 'loading')) return null;
  const classOf = (id: string) => {
    const s = cache.classState(id);
    return s?.status === 'loaded' ? s.value : null;
  };
  const chosen = chosenIds.map(classOf);
  if (chosen.some((c) => c === null)) return null;
  const enrolled = enrolledIds.map(classOf).filter((c): c is PublicClass => c !== null);
  return selectionProblems(state.profile, chosen as PublicClass[], enrolled);
}

export function SelectionCheck() {
  const { state, update } = useFlow();
  const problems = useSelectionProblems();
  if (!problems?.length || !state.profile) return null;
  const remove = (classId: string) =>
    update((s) => {
      const { [classId]: _removed, ...rest } = s.selection;
      return { ...s, selection: rest };
    });
  return (
    <section className="selection-check" aria-labelledby="selection-check-title" aria-live="polite">
      <h2 id="selection-check-title">
        <span className="pi pi-exclamation-triangle" aria-hidden="true" /> {state.profile.firstName} cannot take every class chosen
      </h2>
      <ul>
        {problems.map((p) => (
          <li key={p.classId}>
            <span>{p.message}</span>{' '}
            <button type="button" className="link-button" onClick={() => remove(p.classId)}>
              Remove this class
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
