// The printable sheets of a class: roster with contacts, sign-in/out sheet, health sheet, email list.
// Each class prints on its own page (see office.css).
import type { ClassRoster, SheetRoster } from '../../../contract/domain';
import { formatDateRange, formatTimeRange, formatWeekdays, ordinal } from '../../../contract/format';
import { formatMoment } from '../../../contract/wording';
import { EmailList } from './EmailList';
import { HealthSheet, SignInSheet } from './FieldSheets';
import { RosterTable } from './RosterTable';

export const SHEETS = [
  { id: 'all', label: 'All sheets' },
  { id: 'roster', label: 'Roster and contacts' },
  { id: 'sign-in', label: 'Sign-in / sign-out' },
  { id: 'health', label: 'Health' },
  { id: 'emails', label: 'Email list' },
] as const;
export type SheetId = (typeof SHEETS)[number]['id'];

/** One class: its heading and the chosen sheets (`familyLinks`: each child's name opens the family's page, for the office). */
export function ClassSheet({ roster, sheet, familyLinks = false }: { roster: SheetRoster & { waitlist?: ClassRoster['waitlist'] }; sheet: SheetId; familyLinks?: boolean }) {
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
          {show('roster') && <RosterTable roster={roster} familyLinks={familyLinks} />}
          {show('sign-in') && <SignInSheet roster={roster} />}
          {show('health') && <HealthSheet roster={roster} />}
          {show('emails') && <EmailList roster={roster} />}
        </>
      )}
      {!!roster.waitlist?.length && (
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
