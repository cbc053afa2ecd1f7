// The sheets taken into the field: sign-in / sign-out (written on) and health.
import type { SheetRoster } from '../../../contract/domain';
import { ageFor } from './rosterCsv';
import { Allergies, InstructorNotes, Lines, PrintedSheet } from './sheetParts';
import { insuranceText, medicationText, sortName, yesNo } from '../../lib/studentText';

export function SignInSheet({ roster }: { roster: SheetRoster }) {
  return (
    <PrintedSheet roster={roster} sheet="sign-in / sign-out" caption="Sign-in / sign-out sheet · Date: ____________" className="sign-in-sheet" columns={['Student', 'Time in', 'Signature in', 'Time out', 'Signature out', 'Authorized pickups']}>
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
    </PrintedSheet>
  );
}

export function HealthSheet({ roster }: { roster: SheetRoster }) {
  return (
    <PrintedSheet roster={roster} sheet="health sheet" caption="Health sheet" columns={['Student', 'Allergies', 'Medications', 'Medical notes', 'Doctor', 'Insurance']}>
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
    </PrintedSheet>
  );
}
