import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import type { PublicClass } from '../../../contract/domain';
import { Markdown } from '../../components/Markdown';
import { PageLoading } from '../../components/PageLoading';
import { ClassCard, type ClassAvailability } from './ClassCard';
import { CatalogueFilters } from './CatalogueFilters';
import { ClassGrid } from './ClassGrid';
import { filterClasses } from './filters';
import { GroupCard } from './GroupCard';
import { isGroupComplete, pruneSelection, selectGroup, selectionBlocks, setSlidingPrice, toggleAddOn, toggleClass, type Selection } from './selection';
import { SelectionSummary } from './SelectionSummary';
import { SemesterTabs } from './SemesterTabs';
import { LoadError } from '../../components/LoadError';
import { useAvailableClasses, useClassesBySemester, useOpenSemesters } from './api';
import { useAidTerms } from './useAidTerms';
import { Announcements } from './Announcements';
import { useCatalogueParams } from './useCatalogueParams';
import { useWaitlistNotes } from './useWaitlistNotes';
import { useFamilyFits } from './useFamilyFits';

const RoundBanner = lazy(() => import('./RoundBanner'));

function availabilityOf(c: PublicClass): ClassAvailability {
  return c.status === 'paused' ? 'paused' : c.status === 'info-only' ? 'info-only' : 'closed';
}

export interface CatalogueStepProps {
  selection: Selection;
  setSelection: (change: (s: Selection) => Selection) => void;
  /** The next-step button shown in the selection bar. */
  action?: ReactNode;
}

/** /classes/enrollment, step 1: the classes open for enrollment, by semester, usable without an account. */
export function CatalogueStep({ selection, setSelection, action }: CatalogueStepProps) {
  const [semesters, reloadSemesters] = useOpenSemesters();
  const [available, reloadAvailable] = useAvailableClasses();
  const openIds = semesters.status === 'loaded' ? semesters.value.semesters.map((s) => s.id) : [];
  // Paused, info-only and closed classes are shown too, below the open ones: asked for once the open
  // ones are on screen, so they never hold up the list.
  const [browse] = useClassesBySemester(openIds, available.status === 'loaded');
  const { semester, query, grade, forChild, setParam, clearSearch } = useCatalogueParams();
  // A signed-in family sees its own place on the waitlists of the classes it waits for.
  const waitlistNotes = useWaitlistNotes();

  // A family receiving aid (or whose application is under review) may take the seats kept for aid too.
  const aidTerms = useAidTerms();
  const offered = useMemo(() => {
    const map = new Map<string, PublicClass>();
    if (available.status === 'loaded') {
      for (const s of Object.values(available.value)) for (const c of s.classes) map.set(c.id, aidTerms.has(c.semesterId) && c.aidSeatsLeft ? { ...c, seatsLeft: c.seatsLeft + c.aidSeatsLeft } : c);
    }
    return map;
  }, [available, aidTerms]);

  // Choices of classes that are no longer offered are dropped once the list is known.
  const shown = available.status === 'loaded' ? pruneSelection(selection, new Set(offered.keys())) : selection;
  // A signed-in family can see, on each card, which of its children may take the class.
  const family = useFamilyFits(forChild, Object.keys(shown).flatMap((id) => offered.get(id) ?? []));

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
  const activeId = list.some((s) => s.id === semester) ? semester! : list[0]?.id;
  const active = list.find((s) => s.id === activeId);
  // While a registration round gives the semester's places, nothing is taken first come.
  const drawing = !!active?.round && !active.round.drawn;

  const catalogue = active ? available.value[active.id] : undefined;
  const openClasses = filterClasses((catalogue?.classes ?? []).map((c) => offered.get(c.id) ?? c), { query, grade });
  const others =
    active && browse.status === 'loaded'
      ? filterClasses(
          (browse.value[active.id]?.classes ?? []).filter((c) => !offered.has(c.id)),
          { query, grade },
        )
      : [];
  const groups = catalogue?.groups ?? [];
  const filtering = query !== '' || grade !== null;
  const blocked = selectionBlocks(shown, offered, Object.values(available.value).flatMap((s) => s.groups));

  return (
    <div className="catalogue-page">
      <h1>Class Enrollment</h1>
      <Announcements list={semesters.value.announcements ?? []} />
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
            {active?.round && !active.round.drawn && (
              <Suspense fallback={null}>
                <RoundBanner semester={active} round={active.round} />
              </Suspense>
            )}
            <CatalogueFilters query={query} grade={grade} family={family.children} forChild={forChild ?? ''} onChange={setParam} />
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
                    onSelectAll={drawing ? undefined : () => setSelection((s) => selectGroup(s, g, new Set(g.classIds.filter((id) => (offered.get(id)?.seatsLeft ?? 0) <= 0))))}
                  />
                ))}
              </div>
            )}

            <h2 className="visually-hidden">Classes</h2>
            {openClasses.length === 0 && (
              <div className="empty-panel">
                <p>{filtering ? 'No class matches your search. Try another word or grade.' : 'No classes are open for registration in this semester yet.'}</p>
                {filtering && (
                  <button type="button" className="link-button" onClick={() => clearSearch(activeId)}>
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
                  availability={drawing ? 'drawn' : 'open'}
                  choice={shown[c.id]}
                  onToggle={() => setSelection((s) => toggleClass(s, c))}
                  onPrice={(price) => setSelection((s) => setSlidingPrice(s, c.id, price))}
                  onAddOn={(addOnId) => setSelection((s) => toggleAddOn(s, c.id, addOnId))}
                  waitlistNotes={waitlistNotes.get(c.id)}
                  fits={family.fitsOf(c)}
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
