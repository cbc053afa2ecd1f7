import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import type { PublicClass } from '../../../contract/domain';
import { formatCents } from '../../../contract/format';
import type { Selection, SelectionBlock } from './selection';
import { Button } from '../../components/Button';

/** The sticky "Selected (N)" bar: what is picked, with a way to remove each, and the next step. */
export function SelectionSummary({
  selection,
  classesById,
  onRemove,
  onClear,
  action,
  blocked = [],
}: {
  selection: Selection;
  classesById: Map<string, PublicClass>;
  onRemove: (classId: string) => void;
  onClear: () => void;
  action?: ReactNode;
  /** Choices that cannot go on (a price off the sliding scale), with what to fix. */
  blocked?: SelectionBlock[];
}) {
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState('');
  const bar = useRef<HTMLElement>(null);
  const chosen = Object.values(selection).filter((c) => classesById.has(c.classId));
  const shown = chosen.length > 0;
  // Each class at its price (or the sliding price chosen) with its add-ons: before any bundle or discount, which the review applies.
  const lines = chosen.map((choice) => {
    const c = classesById.get(choice.classId)!;
    const price = choice.price !== undefined && !Number.isNaN(choice.price) ? choice.price : c.price;
    return { c, price, addOns: c.addOns.filter((a) => choice.addOnIds.includes(a.id)) };
  });
  const sum = lines.reduce((total, l) => total + l.price + l.addOns.reduce((s, a) => s + a.price, 0), 0);
  // The page keeps the bar's height free at its end, and scrolling keeps focus above it.
  useEffect(() => {
    const root = document.documentElement;
    if (!shown || !bar.current) return;
    root.classList.add('has-selection-bar');
    const measure = () => root.style.setProperty('--selection-bar-height', `${bar.current?.offsetHeight ?? 0}px`);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(bar.current);
    return () => {
      observer?.disconnect();
      root.classList.remove('has-selection-bar');
      root.style.removeProperty('--selection-bar-height');
    };
  }, [shown]);
  if (!shown) return null;
  // A price off the sliding scale stops Continue here, with the card's field to fix it.
  const stop = (e: MouseEvent) => {
    if (!blocked.length) return;
    e.preventDefault();
    e.stopPropagation();
    setNotice(`${blocked[0].message} (${blocked[0].title})`);
    const field = document.getElementById(`price-${blocked[0].classId}`);
    field?.scrollIntoView({ block: 'center' });
    field?.focus({ preventScroll: true });
  };
  return (
    <aside className="selection-bar" aria-label="Selected classes" ref={bar}>
      {open && (
        <ul className="selection-list" id="selection-list">
          {lines.map(({ c, price, addOns }) => (
            <li key={c.id}>
              <span>
                {c.title} <span className="muted">{formatCents(price)}</span>
                {addOns.map((a) => (
                  <span key={a.id} className="muted">
                    {' '}
                    + {a.description} {formatCents(a.price)}
                  </span>
                ))}
              </span>
              <button type="button" className="link-button" onClick={() => onRemove(c.id)}>
                Remove<span className="visually-hidden"> {c.title}</span>
              </button>
            </li>
          ))}
          <li>
            <button type="button" className="link-button" onClick={onClear}>
              Clear all
            </button>
          </li>
        </ul>
      )}
      <div className="selection-bar-row">
        <Button
          variant="text" className="selection-toggle"
          aria-expanded={open}
          aria-controls="selection-list"
          onClick={() => setOpen((o) => !o)}
        >
          <span className={`pi ${open ? 'pi-chevron-down' : 'pi-chevron-up'}`} aria-hidden="true" />
          <span className="p-button-label">Selected ({chosen.length})</span>{' '}
          <span className="selection-sum">
            {formatCents(sum)}
            <span className="visually-hidden"> before bundles and discounts</span>
          </span>
        </Button>
        <div className="selection-action" onClickCapture={stop}>
          {action}
        </div>
      </div>
      {blocked.length > 0 && notice && (
        <p className="selection-notice field-error" role="alert">
          {notice}
        </p>
      )}
    </aside>
  );
}
