// The roster-and-contacts sheet of a class: everyone's guardians, contacts, pickups, health and
// permissions; on the office's page each child's name opens the family's page.
import { Link } from 'react-router-dom';
import type { SheetRoster } from '../../../contract/domain';
import { ageFor } from './rosterCsv';
import { Allergies, InstructorNotes, Lines, PrintedSheet } from './sheetParts';
import { contactText, gradeText, guardianText, medicationText, photoText, sortName, yesNo } from '../../lib/studentText';

export function RosterTable({ roster, familyLinks = false }: { roster: SheetRoster; familyLinks?: boolean }) {
  return (
    <PrintedSheet roster={roster} sheet="roster and contacts" caption="Roster and contacts" columns={['Student', 'Guardians', 'Emergency contacts', 'Authorized pickups', 'Allergies', 'Medications', 'Permissions', 'Add-ons']}>
      {roster.entries.map((e) => {
        const s = e.student;
        return (
          <tr key={s.id}>
            <th scope="row">
              {familyLinks && s.ownerUid ? <Link to={`/admin/families/${s.ownerUid}`}>{sortName(s)}</Link> : sortName(s)}
              <div className="muted">
                Age {ageFor(roster, e)} · {gradeText(s.grade)}
                {s.pronouns && ` · ${s.pronouns}`}
              </div>
              <InstructorNotes entry={e} />
            </th>
            <td>
              <Lines items={s.guardians.map(guardianText)} />
            </td>
            <td>
              <Lines items={s.emergencyContacts.map(contactText)} />
            </td>
            <td>
              <Lines items={s.authorizedPickups.map(contactText)} />
              <div>Code word: {s.pickupCodeWord || (e.codeWord ? <span className="muted">the family has one (the phone checks it)</span> : <span className="muted">none</span>)}</div>
            </td>
            <td>
              <Allergies entry={e} />
            </td>
            <td>
              <Lines items={s.health.medications.map(medicationText)} />
              {s.health.medications.length > 0 && <div>Authorized to give: {yesNo(s.health.medicationAuthorized)}</div>}
            </td>
            <td>
              <div>Photo: {photoText(s.permissions.photo)}</div>
              <div>Sunscreen: {yesNo(s.permissions.sunscreen)}</div>
              <div>Bug spray: {yesNo(s.permissions.bugSpray)}</div>
            </td>
            <td>
              <Lines items={e.addOns.map((a) => a.description)} />
            </td>
          </tr>
        );
      })}
    </PrintedSheet>
  );
}
