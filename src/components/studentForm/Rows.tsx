// A list the user adds rows to and removes rows from (guardians, contacts, allergies, medications, add-ons).
import type { ReactNode } from 'react';
import { Button } from '../Button';

/** Replaces one item of a list, immutably. */
const setAt = <T,>(list: T[], index: number, item: T) => list.map((x, i) => (i === index ? item : x));
const removeAt = <T,>(list: T[], index: number) => list.filter((_, i) => i !== index);

/**
 * Each row is a group named "<noun> <n>" with its fields and, above `min` rows, its "Remove <noun> <n>"
 * link; the button below adds a blank row. `children` draws a row's fields and gets the row's setter.
 */
export function Rows<T>({
  items,
  onChange,
  noun,
  blank,
  min = 0,
  addLabel = `Add ${noun.toLowerCase()}`,
  children,
}: {
  items: T[];
  onChange: (items: T[]) => void;
  noun: string;
  blank: () => T;
  min?: number;
  addLabel?: string;
  children: (item: T, set: (item: T) => void, index: number) => ReactNode;
}) {
  return (
    <>
      {items.map((item, i) => (
        <div key={i} className="person-row" role="group" aria-label={`${noun} ${i + 1}`}>
          {children(item, (next) => onChange(setAt(items, i, next)), i)}
          {items.length > min && (
            <button type="button" className="link-button remove-row" onClick={() => onChange(removeAt(items, i))}>
              Remove {noun.toLowerCase()} {i + 1}
            </button>
          )}
        </div>
      ))}
      <Button variant="text" onClick={() => onChange([...items, blank()])}>
        <span className="pi pi-plus" aria-hidden="true" />
        <span className="p-button-label">{addLabel}</span>
      </Button>
    </>
  );
}
