// The printable sheets of a class: roster with contacts, sign-in/out sheet, health sheet, email list.
// Each class prints on its own page (see office.css).
import type { ClassRoster, RosterEntry } from '../../../../contract/domain';
import { schoolToday } from '../../../../contract/schedule';
import { ageOn, formatDateRange, formatTimeRange, formatWeekdays } from '../../../../contract/format';
import { downloadCsv, slug, type CsvValue } from '../../../lib/csv';
import { useNotify } from '../../../lib/toast';
import { TableScroll } from '../shared/table';
import {
  allergyText,
  contactText,
  gradeText,
  guardianEmails,
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

const ageFor = (r: ClassRoster, e: RosterEntry) => ageOn(e.student.birthDate, r.class.startDate || schoolToday());

/** The roster CSV: one row per student per class, the same wording as the printed roster. */
export function rosterCsvRows(rosters: ClassRoster[]): CsvValue[][] {
  const header = [
    'Class', 'Last name', 'First name', 'Age', 'Grade', 'Guardians', 'Guardian emails', 'Emergency contacts', 'Authorized pickups',
    'Code word', 'Allergies', 'Life-threatening allergy', 'Medications', 'Medication authorized', 'Photo', 'Sunscreen', 'Bug spray', 'Add-ons',
    'Notes for instructors',
  ];
  return [
    header,
    ...rosters.flatMap((r) =>
      r.entries.map(({ student: s, addOns }, i) => [
        r.class.title, s.lastName, s.firstName, ageFor(r, r.entries[i]), gradeText(s.grade),
        s.guardians.map(guardianText).join('; '), s.guardians.map((g) => g.email).join('; '),
        s.emergencyContacts.map(contactText).join('; '), s.authorizedPickups.map(contactText).join('; '), s.pickupCodeWord,
        s.health.allergies.map(allergyText).join('; '), yesNo(s.health.allergies.some((a) => a.lifeThreatening)),
        s.health.medications.map(medicationText).join('; '), yesNo(s.health.medicationAuthorized),
        photoText(s.permissions.photo), yesNo(s.permissions.sunscreen), yesNo(s.permissions.bugSpray), addOns.map((a) => a.description).join('; '),
        s.notes,
      ]),
    ),
  ];
}

export function downloadRosterCsv(rosters: ClassRoster[]) {
  const name = rosters.length === 1 ? slug(rosters[0].class.title) : `${rosters.length}-classes`;
  downloadCsv(`roster-${name}.csv`, rosterCsvRows(rosters));
}

function Allergies({ entry }: { entry: RosterEntry }) {
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

const Lines = ({ items }: { items: string[] }) =>
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
const PrintedTitle = ({ roster, sheet, columns }: { roster: ClassRoster; sheet: string; columns: number }) => (
  <tr className="print-only">
    <th colSpan={columns} scope="colgroup">
      {roster.class.title}: {sheet}
    </th>
  </tr>
);

/** What the family told the instructors ("Gets cold easily; bring extra layer"). */
const InstructorNotes = ({ entry }: { entry: RosterEntry }) =>
  entry.student.notes ? <div className="instructor-notes">Notes: {entry.student.notes}</div> : null;

function RosterTable({ roster }: { roster: ClassRoster }) {
  return (
    <TableScroll label={`${roster.class.title}: roster and contacts`}>
      <table className="admin-table sheet-table">
        <caption>Roster and contacts</caption>
        <thead>
          <PrintedTitle roster={roster} sheet="roster and contacts" columns={8} />
          <tr>
            <th scope="col">Student</th>
            <th scope="col">Guardians</th>
            <th scope="col">Emergency contacts</th>
            <th scope="col">Authorized pickups</th>
            <th scope="col">Allergies</th>
            <th scope="col">Medications</th>
            <th scope="col">Permissions</th>
            <th scope="col">Add-ons</th>
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
            <th scope="col">Student</th>
            <th scope="col">Time in</th>
            <th scope="col">Signature in</th>
            <th scope="col">Time out</th>
            <th scope="col">Signature out</th>
            <th scope="col">Authorized pickups · code word</th>
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
            <th scope="col">Student</th>
            <th scope="col">Allergies</th>
            <th scope="col">Medications</th>
            <th scope="col">Medical notes</th>
            <th scope="col">Doctor</th>
            <th scope="col">Insurance</th>
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

function EmailList({ roster }: { roster: ClassRoster }) {
  const notify = useNotify();
  const emails = guardianEmails(roster.entries.map((e) => e.student));
  const id = `emails-${roster.class.id}`;
  const copy = () =>
    navigator.clipboard.writeText(emails.join(', ')).then(
      () => notify({ severity: 'success', summary: 'Copied', detail: `${emails.length} email addresses copied.` }),
      () => notify({ severity: 'error', summary: 'Not copied', detail: 'Copying was not allowed. Select the list and copy it instead.' }),
    );
  return (
    <div className="email-list no-print">
      <div className="card-header">
        <label htmlFor={id} className="sheet-subtitle">
          Class email list ({emails.length})
        </label>
        <button type="button" className="p-button p-button-sm p-button-outlined no-print" onClick={() => void copy()} disabled={!emails.length}>
          <span className="pi pi-copy" aria-hidden="true" /> Copy all<span className="visually-hidden"> emails of {roster.class.title}</span>
        </button>
      </div>
      <textarea id={id} className="p-inputtext p-component" readOnly rows={Math.min(6, Math.max(2, Math.ceil(emails.length / 3)))} value={emails.join(', ')} />
    </div>
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
    </section>
  );
}
