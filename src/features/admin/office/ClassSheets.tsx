// The printable sheets of a class: roster with contacts, sign-in/out sheet, health sheet, email list.
// Each class prints on its own page (see office.css).
import type { ClassRoster } from '../../../../contract/domain';
import { formatDateRange, formatMoment, formatTimeRange, formatWeekdays, ordinal } from '../../../../contract/format';
import { ColumnHeaders, TableScroll } from '../shared/table';
import { EmailList } from './EmailList';
import { ageFor } from './rosterCsv';
import { Allergies, InstructorNotes, Lines, PrintedTitle } from './sheetParts';
import {
  contactText,
  gradeText,
  guardianText,
  insuranceText,
  medicationText,
  photoText,
  sortName,
  yesNo,
} from './studentText';

export const SHEETS = [
  { id: 'all', label: 'All sheets' },
  { id: 'roster', label: 'Roster and contacts' },
  { id: 'sign-in', label: 'Sign-in / sign-out' },
  { id: 'health', label: 'Health' },
  { id: 'emails', label: 'Email list' },
] as const;
export type SheetId = (typeof SHEETS)[number]['id'];

function RosterTable({ roster }: { roster: ClassRoster }) {
  return (
    <TableScroll label={`${roster.class.title}: roster and contacts`}>
      <table className="admin-table sheet-table">
        <caption>Roster and contacts</caption>
        <thead>
          <PrintedTitle roster={roster} sheet="roster and contacts" columns={8} />
          <tr>
            <ColumnHeaders
              columns={[
                'Student', 'Guardians', 'Emergency contacts', 'Authorized pickups', 'Allergies', 'Medications', 'Permissions', 'Add-ons',
              ]}
            />
          </tr>
        </thead>
        <tbody>
          {roster.entries.map((e) => {
            const s = e.student;
            return (
              <tr key={s.id}>
                <th scope="row">
                  {sortName(s)}
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
                  <div>Code word: {s.pickupCodeWord || <span className="muted">none</span>}</div>
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
        </tbody>
      </table>
    </TableScroll>
  );
}

function SignInSheet({ roster }: { roster: ClassRoster }) {
  return (
    <TableScroll label={`${roster.class.title}: sign-in / sign-out sheet`}>
      <table className="admin-table sheet-table sign-in-sheet">
        <caption>Sign-in / sign-out sheet · Date: ____________</caption>
        <thead>
          <PrintedTitle roster={roster} sheet="sign-in / sign-out" columns={6} />
          <tr>
            <ColumnHeaders columns={['Student', 'Time in', 'Signature in', 'Time out', 'Signature out', 'Authorized pickups · code word']} />
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
                {[...s.guardians.map((g) => g.name), ...s.authorizedPickups.map((p) => p.name)].join(', ')}
                {s.pickupCodeWord && ` · “${s.pickupCodeWord}”`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function HealthSheet({ roster }: { roster: ClassRoster }) {
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

/** One class: its heading and the chosen sheets. */
export function ClassSheet({ roster, sheet }: { roster: ClassRoster; sheet: SheetId }) {
  const c = roster.class;
  const show = (id: SheetId) => sheet === 'all' || sheet === id;
  return (
    <section className="class-sheet admin-card" aria-labelledby={`sheet-${c.id}`}>
      <h2 id={`sheet-${c.id}`}>{c.title}</h2>
      <p className="sheet-meta">
        {roster.semesterName}
        {c.startDate && c.endDate && ` · ${formatDateRange(c.startDate, c.endDate)}`}
        {c.weekdays.length > 0 && ` · ${formatWeekdays(c.weekdays)}`}
        {c.startTime && c.endTime && ` ${formatTimeRange(c.startTime, c.endTime)}`}
        {c.location && ` · ${c.location}`}
        {c.instructors.length > 0 && ` · ${c.instructors.join(', ')}`}
        {` · ${roster.entries.length} ${roster.entries.length === 1 ? 'student' : 'students'}`}
      </p>
      {roster.entries.length === 0 ? (
        <p className="empty-panel">Nobody is enrolled in {c.title} yet.</p>
      ) : (
        <>
          {show('roster') && <RosterTable roster={roster} />}
          {show('sign-in') && <SignInSheet roster={roster} />}
          {show('health') && <HealthSheet roster={roster} />}
          {show('emails') && <EmailList roster={roster} />}
        </>
      )}
      {roster.waitlist.length > 0 && (
        <div className="sheet-waitlist">
          <h3>Waitlist ({roster.waitlist.length}), not enrolled</h3>
          <ol>
            {roster.waitlist.map((w, i) => (
              <li key={i}>
                {w.studentName}: {w.status === 'offered' && w.offerExpiresAt ? `seat offered until ${formatMoment(w.offerExpiresAt)}` : `waiting${w.place ? `, ${ordinal(w.place)}` : ''}`}
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
