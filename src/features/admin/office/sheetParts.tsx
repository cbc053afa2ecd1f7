// Pieces the printed sheets share: lists, allergies (life-threatening first in words), the repeated title.
import type { SheetRoster, Student } from '../../../../contract/domain';

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

/** Printed, a long sheet goes over several pages: the header row, with the class name, repeats on each. */
export const PrintedTitle = ({ roster, sheet, columns }: { roster: SheetRoster; sheet: string; columns: number }) => (
  <tr className="print-only">
    <th colSpan={columns} scope="colgroup">
      {roster.class.title}: {sheet}
    </th>
  </tr>
);

/** What the family told the instructors ("Gets cold easily; bring extra layer"). */
export const InstructorNotes = ({ entry }: { entry: Entry }) =>
  entry.student.notes ? <div className="instructor-notes">Notes: {entry.student.notes}</div> : null;
