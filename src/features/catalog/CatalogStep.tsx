import { useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { PublicClass } from '../../../contract/domain';
import { Markdown } from '../../components/Markdown';
import { PageLoading } from '../../components/PageLoading';
import { ClassCard, type ClassAvailability } from './ClassCard';
import { CatalogFilters } from './CatalogFilters';
import { ClassGrid } from './ClassGrid';
import { filterClasses } from './filters';
import { GroupCard } from './GroupCard';
import {
  isGroupComplete,
  pruneSelection,
  selectGroup,
  setSlidingPrice,
  slidingPriceProblem,
  toggleAddOn,
  toggleClass,
  waitlistProblem,
  type Selection,
} from './selection';
import { SelectionSummary } from './SelectionSummary';
import { SemesterTabs } from './SemesterTabs';
import { LoadError } from '../../components/LoadError';
import { useAvailableClasses, useClassesBySemester, useOpenSemesters } from './api';
import { useMyWaitlist } from '../account/api';
import { useSession } from '../../lib/session';
import { ordinal } from '../../../contract/format';

function availabilityOf(c: PublicClass): ClassAvailability {
  return c.status === 'paused' ? 'paused' : c.status === 'info-only' ? 'info-only' : 'closed';
}

export interface CatalogStepProps {
  selection: Selection;
  setSelection: (change: (s: Selection) => Selection) => void;
  /** The next-step button shown in the selection bar. */
  action?: ReactNode;
}

/** /classes/enrollment, step 1: the classes open for enrollment, by semester, usable without an account. */
export function CatalogStep({ selection, setSelection, action }: CatalogStepProps) {
  const [semesters, reloadSemesters] = useOpenSemesters();
  const [available, reloadAvailable] = useAvailableClasses();
  const openIds = semesters.status === 'loaded' ? semesters.value.semesters.map((s) => s.id) : [];
  // Paused, info-only and closed classes are shown too, below the open ones: asked for once the open
  // ones are on screen, so they never hold up the list.
  const [browse] = useClassesBySemester(openIds, available.status === 'loaded');
  const [params, setParams] = useSearchParams();
  // A signed-in family sees its own place on the waitlists of the classes it waits for.
  const { user } = useSession();
  const [waits] = useMyWaitlist(!!user);
  const waitlistNotes = useMemo(() => {
    const notes = new Map<string, string[]>();
    if (waits.status !== 'loaded') return notes;
    for (const e of waits.value.entries) {
      const note =
        e.status === 'offered' ? `A seat is held for ${e.studentName}: claim it in My Enrollments` : e.status === 'waiting' && e.place ? `${e.studentName}: ${ordinal(e.place)} on the waitlist` : null;
      if (note) for (const id of e.classIds) notes.set(id, [...(notes.get(id) ?? []), note]);
    }
    return notes;
  }, [waits]);

  const offered = useMemo(() => {
    const map = new Map<string, PublicClass>();
    if (available.status === 'loaded') for (const s of Object.values(available.value)) for (const c of s.classes) map.set(c.id, c);
    return map;
  }, [available]);

  // Choices of classes that are no longer offered are dropped once the list is known.
  const shown = available.status === 'loaded' ? pruneSelection(selection, new Set(offered.keys())) : selection;

  if (semesters.status === 'loading' || available.status === 'loading') return <PageLoading label="Loading classes…" />;
  if (semesters.status === 'error' || available.status === 'error') {
    const error = semesters.status === 'error' ? semesters.error : available.status === 'error' ? available.error : null;
    return (
      <div className="page">
        <h1>Class Enrollment</h1>
        <LoadError
          error={error!}
          onRetry={() => {
            reloadSemesters();
            reloadAvailable();
          }}
        />
      </div>
    );
  }

  const list = semesters.value.semesters;
  const activeId = list.some((s) => s.id === params.get('semester')) ? params.get('semester')! : list[0]?.id;
  const active = list.find((s) => s.id === activeId);
  const query = params.get('q') ?? '';
  const gradeParam = params.get('grade');
  const grade = gradeParam !== null && gradeParam !== '' && !Number.isNaN(Number(gradeParam)) ? Number(gradeParam) : null;
  const setParam = (key: string, value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const catalogue = active ? available.value[active.id] : undefined;
  const openClasses = filterClasses(catalogue?.classes ?? [], { query, grade });
  const others =
    active && browse.status === 'loaded'
      ? filterClasses(
          (browse.value[active.id]?.classes ?? []).filter((c) => !offered.has(c.id)),
          { query, grade },
        )
      : [];
  const groups = catalogue?.groups ?? [];
  const filtering = query !== '' || grade !== null;
  const blocked = Object.values(shown).flatMap((choice) => {
    const c = offered.get(choice.classId);
    const message = c ? slidingPriceProblem(c, choice.price) : null;
    return c && message ? [{ classId: c.id, title: c.title, message }] : [];
  });
  const allGroups = Object.values(available.value).flatMap((s) => s.groups);
  const waitlistMessage = waitlistProblem(shown, allGroups);
  const waitlistChoice = Object.values(shown).find((c) => c.waitlist);
  if (waitlistMessage && waitlistChoice) blocked.push({ classId: waitlistChoice.classId, title: offered.get(waitlistChoice.classId)?.title ?? '', message: waitlistMessage });

  return (
    <div className="catalog-page">
      <h1>Class Enrollment</h1>
      {/* Before the list in the tab order: Continue is reachable without passing every card. */}
      <SelectionSummary
        selection={shown}
        classesById={offered}
        onRemove={(id) => setSelection((s) => toggleClass(s, offered.get(id)!))}
        onClear={() => setSelection(() => ({}))}
        action={action}
        blocked={blocked}
      />

      {list.length === 0 ? (
        <div className="empty-panel">
          <p>No semester is open for enrollment right now. Please check back soon.</p>
        </div>
      ) : (
        <>
          <SemesterTabs semesters={list} active={activeId!} onChange={(id) => setParam('semester', id)} />
          <section
            role="tabpanel"
            id={`panel-${activeId}`}
            aria-labelledby={`tab-${activeId}`}
            className="semester-panel"
          >
            {active?.infoMarkdown && <Markdown text={active.infoMarkdown} className="markdown info-panel" />}
            <CatalogFilters query={query} grade={grade} onChange={setParam} />
            <p className="result-count" role="status" aria-live="polite">
              {openClasses.length} {openClasses.length === 1 ? 'class' : 'classes'} open for registration
              {filtering ? ' match your search' : ''}
            </p>

            {groups.length > 0 && !filtering && (
              <div className="group-list">
                <h2>Bundles</h2>
                {groups.map((g) => (
                  <GroupCard
                    key={g.id}
                    group={g}
                    classes={g.classIds.map((id) => offered.get(id)!).filter(Boolean)}
                    complete={isGroupComplete(shown, g)}
                    onSelectAll={() => setSelection((s) => selectGroup(s, g, new Set(g.classIds.filter((id) => (offered.get(id)?.seatsLeft ?? 0) <= 0))))}
                  />
                ))}
              </div>
            )}

            <h2 className="visually-hidden">Classes</h2>
            {openClasses.length === 0 && (
              <div className="empty-panel">
                <p>{filtering ? 'No class matches your search. Try another word or grade.' : 'No classes are open for registration in this semester yet.'}</p>
                {filtering && (
                  <button type="button" className="link-button" onClick={() => setParams({ ...(activeId ? { semester: activeId } : {}) }, { replace: true })}>
                    Clear the search
                  </button>
                )}
              </div>
            )}
            <ClassGrid
              key={`open-${activeId}`}
              classes={openClasses}
              card={(c) => (
                <ClassCard
                  key={c.id}
                  klass={c}
                  availability="open"
                  choice={shown[c.id]}
                  onToggle={() => setSelection((s) => toggleClass(s, c))}
                  onPrice={(price) => setSelection((s) => setSlidingPrice(s, c.id, price))}
                  onAddOn={(addOnId) => setSelection((s) => toggleAddOn(s, c.id, addOnId))}
                  waitlistNotes={waitlistNotes.get(c.id)}
                />
              )}
            />

            {others.length > 0 && (
              <>
                <h2>Also this semester</h2>
                <ClassGrid key={`others-${activeId}`} classes={others} card={(c) => <ClassCard key={c.id} klass={c} availability={availabilityOf(c)} />} />
              </>
            )}
          </section>
        </>
      )}
    </div>
  );
}
