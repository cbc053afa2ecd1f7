import { useState, type ReactNode } from 'react';
import type { PublicClass } from '../../../contract/domain';
import { formatCents } from '../../../contract/format';
import type { Selection } from './selection';

/** The sticky "Selected (N)" bar: what is picked, with a way to remove each, and the next step. */
export function SelectionSummary({
  selection,
  classesById,
  onRemove,
  onClear,
  action,
}: {
  selection: Selection;
  classesById: Map<string, PublicClass>;
  onRemove: (classId: string) => void;
  onClear: () => void;
  action?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const chosen = Object.values(selection).filter((c) => classesById.has(c.classId));
  if (!chosen.length) return null;
  return (
    <aside className="selection-bar" aria-label="Selected classes">
      {open && (
        <ul className="selection-list" id="selection-list">
          {chosen.map((choice) => {
            const c = classesById.get(choice.classId)!;
            const price = choice.price !== undefined && !Number.isNaN(choice.price) ? choice.price : c.price;
            return (
              <li key={c.id}>
                <span>
                  {c.title} <span className="muted">{formatCents(price)}</span>
                  {choice.addOnIds.length > 0 && (
                    <span className="muted"> + {choice.addOnIds.length} add-on{choice.addOnIds.length > 1 ? 's' : ''}</span>
                  )}
                </span>
                <button type="button" className="link-button" onClick={() => onRemove(c.id)}>
                  Remove<span className="visually-hidden"> {c.title}</span>
                </button>
              </li>
            );
          })}
          <li>
            <button type="button" className="link-button" onClick={onClear}>
              Clear all
            </button>
          </li>
        </ul>
      )}
      <div className="selection-bar-row">
        <button
          type="button"
          className="p-button p-component p-button-text selection-toggle"
          aria-expanded={open}
          aria-controls="selection-list"
          onClick={() => setOpen((o) => !o)}
        >
          <span className={`pi ${open ? 'pi-chevron-down' : 'pi-chevron-up'}`} aria-hidden="true" />
          <span className="p-button-label">Selected ({chosen.length})</span>
        </button>
        {action}
      </div>
    </aside>
  );
}
