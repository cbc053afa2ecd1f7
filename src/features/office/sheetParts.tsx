// Pieces the printed sheets share: the sheet's table (with its repeated title), lists, allergies
// (life-threatening first in words).
import type { ReactNode } from 'react';
import type { SheetRoster, Student } from '../../../contract/domain';
import { ColumnHeaders, TableScroll } from '../../components/table';

type Entry = { student: Student };

export function Allergies({ entry }: { entry: Entry }) {
  const list = entry.student.health.allergies;
  if (!list.length) return <span className="muted">None</span>;
  return (
    <ul className="plain-list">
      {list.map((a, i) => (
        <li key={i} className={a.lifeThreatening ? 'life-threatening' : undefined}>
          {a.lifeThreatening && <strong>LIFE-THREATENING: </strong>}
          {a.allergen}
          {a.reaction && ` (${a.reaction})`}
        </li>
      ))}
    </ul>
  );
}

export const Lines = ({ items }: { items: string[] }) =>
  items.length ? (
    <ul className="plain-list">
      {items.map((t, i) => (
        <li key={i}>{t}</li>
      ))}
    </ul>
  ) : (
    <span className="muted">None</span>
  );

/**
 * A sheet's table in its scroll area: its caption (hidden where a heading above already says it), a
 * row above the column headers when given, and the rows.
 */
export function SheetTable({ label, caption, hideCaption, columns, above, className, children }: { label: string; caption: string; hideCaption?: boolean; columns: string[]; above?: ReactNode; className?: string; children: ReactNode }) {
  return (
    <TableScroll label={label}>
      <table className={className ? `admin-table sheet-table ${className}` : 'admin-table sheet-table'}>
        <caption className={hideCaption ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          {above}
          <tr>
            <ColumnHeaders columns={columns} />
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  );
}

/**
 * One of a class's sheets, named after the class, with a header row that repeats the class and the
 * sheet on each printed page (a long sheet goes over several).
 */
export function PrintedSheet({ roster, sheet, ...table }: { roster: SheetRoster; sheet: string; caption: string; columns: string[]; className?: string; children: ReactNode }) {
  const title = `${roster.class.title}: ${sheet}`;
  const printed = (
    <tr className="print-only">
      <th colSpan={table.columns.length} scope="colgroup">
        {title}
      </th>
    </tr>
  );
  return <SheetTable label={title} above={printed} {...table} />;
}

/** What the family told the instructors ("Gets cold easily; bring extra layer"). */
export const InstructorNotes = ({ entry }: { entry: Entry }) =>
  entry.student.notes ? <div className="instructor-notes">Notes: {entry.student.notes}</div> : null;
