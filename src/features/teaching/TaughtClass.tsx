// /staff/classes/:id (phone first): one class's students as the field needs them — allergies
// (life-threatening in words), medications and their authorisation, phones to tap, who may pick up and
// the code word, the family's notes — and a printable packet (roster, health, sign-in/out). Taken
// offline, the class opens from the phone's copy when the server cannot be reached.
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { SheetRoster } from '../../../contract/domain';
import { formatDate, formatDateRange, formatTimeRange, formatWeekdays, gradeLabel } from '../../../contract/format';
import { formatMoment } from '../../../contract/wording';
import { Button } from '../../components/Button';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { Allergies, ageFor, ClassSheet, InstructorNotes } from '../office';
import { medicationText, yesNo } from '../../lib/studentText';
import { useClassFieldLog, useTaughtRoster } from './api';
import { FieldKit } from './Attendance';
import { HandOver } from './HandOver';
import { OfflineButton } from './OfflineButton';
import { Phones } from './Phones';
import { useOfflineCopy, useRefreshCopies, useRetryWhile, useUnreachable } from './offline';

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
        Code word: {entry.codeWord ? 'the family has one (ask for it at pickup: the phone checks it)' : 'none'}
        {s.mayLeaveAlone && ' · may leave on their own'}
      </p>
      {entry.addOns.length > 0 && <p>Add-ons: {entry.addOns.map((a) => a.description).join(', ')}</p>}
    </article>
  );
}

export default function TaughtClass() {
  const { id = '' } = useParams();
  const [state, reload, , rosterFailure] = useTaughtRoster(id);
  // The records, asked again each minute, also tell when the class is no longer this person's (the
  // roster on screen then goes, without waiting for a reload).
  const [, , , logFailure] = useClassFieldLog(id);
  const copy = useOfflineCopy(id);
  const refreshCopies = useRefreshCopies();
  const refusal = [rosterFailure, logFailure].find((f) => f?.code === 'permission-denied' || f?.code === 'not-found') ?? null;
  const refused = !!refusal;
  const live = !refused && state.status === 'loaded' ? state.value.roster : undefined;
  // A copy follows what the server says: downloaded again whenever the class is read with a signal
  // (pickup codes the family replaced stop passing), wiped when the class is no longer this instructor's.
  const hasCopy = !!copy;
  useEffect(() => {
    if (hasCopy && (live || refused)) void refreshCopies([copy!], refused ? [] : null);
    // Once per reading of the class: the copy itself changes with each refresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live, refused, hasCopy, id]);
  const noSignal = useUnreachable(state);
  const fromCopy = !live && copy && noSignal;
  useRetryWhile(!!fromCopy || (noSignal && !live), reload);
  if (!live && !fromCopy) {
    if (noSignal)
      return (
        <div className="page teaching-page">
          <p>
            <Link to="/staff/classes">← My Classes</Link>
          </p>
          <h1>Class records</h1>
          <p className="offline-note" role="status">
            <span className="pi pi-wifi" aria-hidden="true" /> No signal, and this class is not kept on this phone: an offline copy opens until the class’s next
            meeting day, and is downloaded again whenever there is a signal. It opens here as soon as the signal returns.
          </p>
        </div>
      );
    if (refusal || state.status === 'error')
      return (
        <div className="page teaching-page">
          <h1>Class records</h1>
          <LoadError error={refusal ?? (state.status === 'error' ? state.error : '')} onRetry={reload} />
          {refused && <HandOver classId={id} />}
        </div>
      );
    return <PageLoading label="Loading the roster…" />;
  }
  const roster = live ?? copy!.roster;
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
        {fromCopy ? (
          <p className="offline-note" role="status">
            <span className="pi pi-wifi" aria-hidden="true" /> No signal: this is the copy on this phone from {formatMoment(copy!.savedAt)}, kept until{' '}
            {formatDate(copy!.until)}. What you record is sent when the signal returns.
          </p>
        ) : (
          <OfflineButton klass={c} named={false} />
        )}
        <Button variant="outlined" onClick={() => window.print()}>
          <span className="pi pi-print" aria-hidden="true" /> Print the packet (roster, health, sign-in/out)
        </Button>
        {roster.entries.length === 0 ? (
          <p className="empty-panel">Nobody is enrolled in {c.title} yet.</p>
        ) : (
          <>
            <FieldKit roster={roster} offline={fromCopy ? copy! : undefined} />
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
