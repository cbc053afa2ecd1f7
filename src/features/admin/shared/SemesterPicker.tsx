import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Semester } from '../../../../contract/domain';
import { LoadError } from '../../../components/LoadError';
import { PageLoading } from '../../../components/PageLoading';
import { useCall } from '../../../lib/useCall';

const ORDER: Record<Semester['status'], number> = { open: 0, draft: 1, closed: 2, archived: 3 };

/** Semesters for admin pages: open ones first, archived hidden. */
export function pickable(semesters: Semester[]): Semester[] {
  return semesters
    .filter((s) => s.status !== 'archived')
    .sort((a, b) => ORDER[a.status] - ORDER[b.status] || a.startDate.localeCompare(b.startDate));
}

/** The chosen semester (kept in the URL as ?semester=), a labelled picker for it, and the semesters loaded. */
export function useSemesterPicker() {
  const [state, reload] = useCall('adminSemesters');
  const [params, setParams] = useSearchParams();
  const list = state.status === 'loaded' ? pickable(state.value.semesters) : [];
  const wanted = params.get('semester');
  const chosen = list.find((s) => s.id === wanted) ?? list[0] ?? null;
  useEffect(() => {
    if (chosen && wanted !== chosen.id) setParams((p) => ({ ...Object.fromEntries(p), semester: chosen.id }), { replace: true });
  }, [chosen, wanted, setParams]);

  const picker =
    state.status === 'loading' ? (
      <PageLoading label="Loading semesters…" />
    ) : state.status === 'error' ? (
      <LoadError error={state.error} onRetry={reload} />
    ) : list.length === 0 ? (
      <p className="empty-panel">No semesters yet.</p>
    ) : (
      <div className="field semester-picker">
        <label htmlFor="semester-picker">Semester</label>
        <select
          id="semester-picker"
          className="p-inputtext p-component"
          value={chosen?.id}
          onChange={(e) => setParams((p) => ({ ...Object.fromEntries(p), semester: e.target.value }), { replace: true })}
        >
          {list.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} ({s.status})
            </option>
          ))}
        </select>
      </div>
    );
  return { semester: chosen, picker, pickable: list, all: state.status === 'loaded' ? state.value.semesters : null };
}
