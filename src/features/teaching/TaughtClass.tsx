// /staff/classes/:id (phone first): one class's students as the field needs them — allergies
// (life-threatening in words), medications and their authorisation, phones to tap, who may pick up and
// the code word, the family's notes — and a printable packet (roster, health, sign-in/out) for days
// without signal.
import { Link, useParams } from 'react-router-dom';
import type { Contact, SheetRoster } from '../../../contract/domain';
import { formatDateRange, formatTimeRange, formatWeekdays, gradeLabel } from '../../../contract/format';
import { Button } from '../../components/Button';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { Allergies, ageFor, ClassSheet, InstructorNotes, medicationText, yesNo } from '../admin';
import { useTaughtRoster } from './api';
import { Attendance } from './Attendance';

/** A phone number to tap: "Sam Rivera (Parent) (555) 123-4567". */
function Phones({ people, empty }: { people: Contact[]; empty: string }) {
  if (!people.length) return <p className="muted">{empty}</p>;
  return (
    <ul className="plain-list phone-list">
      {people.map((p, i) => (
        <li key={i}>
          {p.name} ({p.relationship}){' '}
          <a href={`tel:${p.phone.replace(/[^\d+]/g, '')}`}>
            {p.phone}
            <span className="visually-hidden"> — call {p.name}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

function StudentCard({ roster, entry }: { roster: SheetRoster; entry: SheetRoster['entries'][number] }) {
  const s = entry.student;
  const meds = s.health.medications;
  const headingId = `student-${s.id}`;
  return (
    <article className="admin-card student-card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {s.firstName} {s.lastName}
      </h2>
      <p className="muted">
        Age {ageFor(roster, entry)} · {gradeLabel(s.grade)}
        {s.pronouns && ` · ${s.pronouns}`}
      </p>
      <InstructorNotes entry={entry} />
      <h3>Allergies</h3>
      <Allergies entry={entry} />
      <h3>Medications</h3>
      {meds.length ? (
        <>
          <ul className="plain-list">
            {meds.map((m, i) => (
              <li key={i}>{medicationText(m)}</li>
            ))}
          </ul>
          <p>Authorized to give: {yesNo(s.health.medicationAuthorized)}</p>
        </>
      ) : (
        <p className="muted">None</p>
      )}
      <h3>Guardians</h3>
      <Phones people={s.guardians} empty="None given" />
      <h3>Emergency contacts</h3>
      <Phones people={s.emergencyContacts} empty="None given" />
      <h3>May pick up</h3>
      <p>{[...s.guardians.map((g) => g.name), ...s.authorizedPickups.map((p) => p.name)].join(', ')}</p>
      <p>
        Code word: <strong>{s.pickupCodeWord || 'none'}</strong>
      </p>
      {entry.addOns.length > 0 && <p>Add-ons: {entry.addOns.map((a) => a.description).join(', ')}</p>}
    </article>
  );
}

export default function TaughtClass() {
  const { id = '' } = useParams();
  const [state, reload] = useTaughtRoster(id);
  if (state.status === 'loading') return <PageLoading label="Loading the roster…" />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={reload} />;
  const { roster } = state.value;
  const c = roster.class;
  return (
    <div className="page teaching-page">
      <div className="screen-only">
        <p>
          <Link to="/staff/classes">← My Classes</Link>
        </p>
        <h1>{c.title}</h1>
        <p className="muted">
          {formatWeekdays(c.weekdays)} {formatTimeRange(c.startTime, c.endTime)} · {formatDateRange(c.startDate, c.endDate)}
          {c.location && ` · ${c.location}`} · {roster.entries.length} {roster.entries.length === 1 ? 'student' : 'students'}
        </p>
        <Button variant="outlined" onClick={() => window.print()}>
          <span className="pi pi-print" aria-hidden="true" /> Print the packet (roster, health, sign-in/out)
        </Button>
        {roster.entries.length === 0 ? (
          <p className="empty-panel">Nobody is enrolled in {c.title} yet.</p>
        ) : (
          <>
            <Attendance roster={roster} />
            {roster.entries.map((e) => (
              <StudentCard key={e.student.id} roster={roster} entry={e} />
            ))}
          </>
        )}
      </div>
      <div className="print-packet">
        <ClassSheet roster={roster} sheet="all" />
      </div>
    </div>
  );
}
