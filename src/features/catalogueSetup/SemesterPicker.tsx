import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { Semester } from '../../../contract/domain';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { useAdminSemesters } from './api';

const ORDER: Record<Semester['status'], number> = { open: 0, draft: 1, closed: 2, archived: 3 };

/** Semesters for admin pages: open ones first; archived ones only when asked for (or named in the URL). */
export function pickable(semesters: Semester[], withArchived = false, keep?: string | null): Semester[] {
  return semesters
    .filter((s) => withArchived || s.status !== 'archived' || s.id === keep)
    .sort((a, b) => ORDER[a.status] - ORDER[b.status] || a.startDate.localeCompare(b.startDate));
}

/** The chosen semester (kept in the URL as ?semester=), a labelled picker for it, and the semesters loaded. */
export function useSemesterPicker() {
  const [state, reload, refreshing] = useAdminSemesters();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('semester');
  const withArchived = params.get('archived') === '1';
  const list = state.status === 'loaded' ? pickable(state.value.semesters, withArchived, wanted) : [];
  const chosen = list.find((s) => s.id === wanted) ?? list[0] ?? null;
  const { pathname } = useLocation();
  // A semester named in the URL but missing from a cached list (made a moment ago) waits for the
  // fresh list rather than being replaced by the first one. A link followed while the semesters
  // loaded has already changed the address (the next page's code may still be on its way, with this
  // page on screen): writing the semester now would take the office back here.
  useEffect(() => {
    if (window.location.pathname !== pathname) return;
    if (refreshing && wanted && chosen?.id !== wanted) return;
    if (chosen && wanted !== chosen.id) setParams((p) => ({ ...Object.fromEntries(p), semester: chosen.id }), { replace: true });
  }, [chosen, wanted, setParams, refreshing, pathname]);

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
        <label className="checkbox-row">
          <input
            type="checkbox"
            checked={withArchived}
            onChange={(e) => {
              const on = e.target.checked;
              setParams(
                (p) => {
                  const next = new URLSearchParams(p);
                  if (on) next.set('archived', '1');
                  else next.delete('archived');
                  return next;
                },
                { replace: true },
              );
            }}
          />
          Include archived
        </label>
        {chosen?.status === 'archived' && <p className="muted">{chosen.name} is archived: you can read it; its classes, bundles and codes no longer change.</p>}
      </div>
    );
  return { semester: chosen, picker, pickable: list, all: state.status === 'loaded' ? state.value.semesters : null, loading: state.status === 'loading' };
}
