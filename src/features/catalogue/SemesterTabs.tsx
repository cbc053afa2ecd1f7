import { useRef, type KeyboardEvent } from 'react';
import type { PublicSemester } from '../../../contract/domain';

/** One tab per semester open for enrollment (WAI-ARIA tabs: arrow keys, Home, End). */
export function SemesterTabs({
  semesters,
  active,
  onChange,
}: {
  semesters: PublicSemester[];
  active: string;
  onChange: (id: string) => void;
}) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const move = (e: KeyboardEvent, index: number) => {
    const last = semesters.length - 1;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const target = semesters[(next + semesters.length) % semesters.length];
    onChange(target.id);
    refs.current[target.id]?.focus();
  };
  return (
    <div role="tablist" aria-label="Semesters" className="semester-tabs">
      {semesters.map((s, i) => (
        <button
          key={s.id}
          ref={(el) => {
            refs.current[s.id] = el;
          }}
          type="button"
          role="tab"
          id={`tab-${s.id}`}
          aria-selected={s.id === active}
          aria-controls={`panel-${s.id}`}
          tabIndex={s.id === active ? 0 : -1}
          className="semester-tab"
          onClick={() => onChange(s.id)}
          onKeyDown={(e) => move(e, i)}
        >
          {s.name}
        </button>
      ))}
    </div>
  );
}
