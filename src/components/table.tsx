// Sortable column headers, a pager and a scroll area for the office's tables.
import type { ReactNode } from 'react';
import { Button } from './Button';
import './table.css';

/**
 * A wide table scrolls sideways on a phone: the area is a named region that takes the keyboard focus,
 * so it can be scrolled with the arrow keys too.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/**
 * An office table in its scroll area: a caption for screen readers, one row of headers, then the rows.
 * `stacked`: on a phone each row is a card (table.css), and the roles keep it a table for screen readers.
 */
export function AdminTable({ label, caption, head, stacked, children }: { label: string; caption: ReactNode; head: ReactNode; stacked?: boolean; children: ReactNode }) {
  return (
    <TableScroll label={label}>
      <table className={stacked ? 'admin-table stacked-table' : 'admin-table'} role={stacked ? 'table' : undefined}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  );
}

/** The last cell of a row: its links and buttons, side by side (wrapping on a phone). */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <td>
      <div className="row-actions">{children}</div>
    </td>
  );
}

export interface Sort<F extends string> {
  field: F;
  order: 'asc' | 'desc';
}

/** A column header that sorts by its field; a second click reverses. Announced with aria-sort. */
export function SortHeader<F extends string>({
  label,
  field,
  sort,
  onSort,
  className,
}: {
  label: string;
  field: F;
  sort: Sort<F>;
  onSort: (next: Sort<F>) => void;
  className?: string;
}) {
  const active = sort.field === field;
  return (
    <th scope="col" className={className} aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        className="sort-button"
        onClick={() => onSort({ field, order: active && sort.order === 'asc' ? 'desc' : 'asc' })}
      >
        {label}
        <span className={`pi ${active ? (sort.order === 'asc' ? 'pi-sort-up-fill' : 'pi-sort-down-fill') : 'pi-sort'}`} aria-hidden="true" />
      </button>
    </th>
  );
}

/** "21–40 of 5 000" with previous and next buttons. */
export function Pager({ page, pageSize, total, onPage, label }: { page: number; pageSize: number; total: number; onPage: (page: number) => void; label: string }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : page * pageSize + 1;
  const to = Math.min(total, (page + 1) * pageSize);
  return (
    <nav className="pager" aria-label={`${label} pages`}>
      <Button variant="outlined" className="p-button-sm" disabled={page === 0} onClick={() => onPage(page - 1)}>
        <span className="pi pi-angle-left" aria-hidden="true" /> Previous
      </Button>
      <span aria-live="polite">
        {from.toLocaleString('en-US')}–{to.toLocaleString('en-US')} of {total.toLocaleString('en-US')}
      </span>
      <Button variant="outlined" className="p-button-sm" disabled={page >= pages - 1} onClick={() => onPage(page + 1)}>
        Next <span className="pi pi-angle-right" aria-hidden="true" />
      </Button>
    </nav>
  );
}

// Made on first sort and kept: `localeCompare` with options builds a collator for every comparison
// (80 ms to sort 500 classes instead of 1).
let collator: Intl.Collator | undefined;

/** Sorts rows in the browser (for lists the server sends whole, like a semester's classes). */
export function sortRows<T, F extends string>(rows: T[], sort: Sort<F>, value: (row: T, field: F) => string | number): T[] {
  const sign = sort.order === 'asc' ? 1 : -1;
  collator ??= new Intl.Collator('en', { numeric: true });
  return [...rows].sort((a, b) => {
    const x = value(a, sort.field);
    const y = value(b, sort.field);
    return sign * (typeof x === 'number' && typeof y === 'number' ? x - y : collator!.compare(String(x), String(y)));
  });
}

type Column = string | { label: string; num?: boolean; hidden?: boolean };

/**
 * Column headers that do not sort, in order: `num` ones are right-aligned over numbers; `hidden` ones
 * name a column of actions or checkboxes for screen readers only.
 */
export function ColumnHeaders({ columns }: { columns: Column[] }) {
  return (
    <>
      {columns.map((column) => {
        const { label, num, hidden } = typeof column === 'string' ? { label: column } : column;
        return (
          <th key={label} scope="col" className={num ? 'num' : undefined}>
            {hidden ? <span className="visually-hidden">{label}</span> : label}
          </th>
        );
      })}
    </>
  );
}
