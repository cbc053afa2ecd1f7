// The sheets taken into the field: sign-in / sign-out (written on) and health.
import type { SheetRoster } from '../../../../contract/domain';
import { ColumnHeaders, TableScroll } from '../shared/table';
import { ageFor } from './rosterCsv';
import { Allergies, InstructorNotes, Lines, PrintedTitle } from './sheetParts';
import { insuranceText, medicationText, sortName, yesNo } from './studentText';

export function SignInSheet({ roster }: { roster: SheetRoster }) {
  return (
    <TableScroll label={`${roster.class.title}: sign-in / sign-out sheet`}>
      <table className="admin-table sheet-table sign-in-sheet">
        <caption>Sign-in / sign-out sheet · Date: ____________</caption>
        <thead>
          <PrintedTitle roster={roster} sheet="sign-in / sign-out" columns={6} />
          <tr>
            <ColumnHeaders columns={['Student', 'Time in', 'Signature in', 'Time out', 'Signature out', 'Authorized pickups']} />
          </tr>
        </thead>
        <tbody>
          {roster.entries.map(({ student: s }) => (
            <tr key={s.id}>
              <th scope="row">{sortName(s)}</th>
              <td className="write-in" />
              <td className="write-in" />
              <td className="write-in" />
              <td className="write-in" />
              <td>
                {/* Parents sign this sheet at the door: the code word stays on the instructor's view and the roster. */}
                {[...s.guardians.map((g) => g.name), ...s.authorizedPickups.map((p) => p.name)].join(', ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

export function HealthSheet({ roster }: { roster: SheetRoster }) {
  return (
    <TableScroll label={`${roster.class.title}: health sheet`}>
      <table className="admin-table sheet-table">
        <caption>Health sheet</caption>
        <thead>
          <PrintedTitle roster={roster} sheet="health sheet" columns={6} />
          <tr>
            <ColumnHeaders columns={['Student', 'Allergies', 'Medications', 'Medical notes', 'Doctor', 'Insurance']} />
          </tr>
        </thead>
        <tbody>
          {roster.entries.map((e) => {
            const h = e.student.health;
            return (
              <tr key={e.student.id}>
                <th scope="row">
                  {sortName(e.student)}
                  <div className="muted">Age {ageFor(roster, e)}</div>
                  <InstructorNotes entry={e} />
                </th>
                <td>
                  <Allergies entry={e} />
                </td>
                <td>
                  <Lines items={h.medications.map(medicationText)} />
                  {h.medications.length > 0 && <div>Authorized to give: {yesNo(h.medicationAuthorized)}</div>}
                </td>
                <td>{h.medicalNotes || <span className="muted">None</span>}</td>
                <td>{[h.doctorName, h.doctorPhone].filter(Boolean).join(', ') || <span className="muted">Not given</span>}</td>
                <td>{insuranceText(e.student)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
