// /admin/field: the office's day in the field — every class meeting that day, with its attendance as
// it stands, the doses due and given (a missed one in red, even where nobody recorded anything), who
// collected whom, and the incidents; each class links to its page (records and CSV files).
import { Link, useSearchParams } from 'react-router-dom';
import { doseStatus, dosesDue, isEpinephrine } from '../../../contract/doses';
import {
  ATTENDANCE_LABELS,
  ATTENDANCE_MARKS,
  attendanceAt,
  DOSE_OUTCOME_LABELS,
  entryText,
  FAILED_CHECKS,
  FIELD_KIND_LABELS,
  flagsText,
  PICKUP_FAILURES_ESCALATE,
  pickupText,
  uncorrected,
  type FieldDay,
  type FieldEntry,
  type HeldEntry,
} from '../../../contract/field';
import { formatDate, formatTime, formatTimeRange } from '../../../contract/format';
import { schoolToday } from '../../../contract/schedule';
import { formatClock } from '../../../contract/wording';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { schoolStamp } from '../../../contract/schedule';
import { CsvButton } from '../../components/CsvButton';
import { dayCsvRows } from './fieldDayCsv';
import { useAdminFieldDay } from './api';
import './office.css';

type DayClass = FieldDay['classes'][number];

/** When an entry reached the server, and what to look at on it (the phone's times are the phone's). */
function Arrival({ entry }: { entry: Pick<FieldEntry, 'receivedAt' | 'flags' | 'clockOffMinutes'> }) {
  const flags = flagsText(entry);
  return (
    <>
      <span className="muted"> · received {formatClock(entry.receivedAt)}</span>
      {flags && <strong className="field-flag"> · Look at this: {flags}</strong>}
    </>
  );
}

/** What the server could not put on a class's record that day: the office decides what to do with each. */
function Held({ held, names }: { held: HeldEntry[]; names: Record<string, string> }) {
  return (
    <section className="admin-card field-held" aria-labelledby="field-held-title">
      <h2 id="field-held-title">Held for you to review</h2>
      <p className="muted">Records instructors sent that are not on a class’s record (a child off the roster that day, an instructor taken off the class…). Nothing was dropped: call the instructor or the family as needed.</p>
      <ul className="plain-list">
        {held.map((h) => (
          <li key={h.id}>
            <strong>{h.studentName ?? names[h.studentId] ?? 'A child not known to the school'}</strong>, {h.classTitle ?? h.classId}: {FIELD_KIND_LABELS[h.kind]} — {entryText(h)}. {h.reason} (
            {h.by.email ?? h.by.uid}
            <Arrival entry={h} />)
          </li>
        ))}
      </ul>
    </section>
  );
}

function ClassDay({ klass, entries, names, day }: { klass: DayClass; entries: FieldEntry[]; names: Record<string, string>; day: string }) {
  const standing = uncorrected(entries);
  const marks = [...attendanceAt(entries, day).values()];
  const doses = standing.filter((e) => e.kind === 'dose');
  const status = doseStatus(dosesDue(klass.medicated, klass), doses.map((d) => ({ ...d, stamp: schoolStamp(d.at) })), day, schoolStamp(new Date().toISOString()));
  const unscheduled = doses.filter((d) => !status.some((x) => x.dose?.id === d.id));
  const pickups = standing.filter((e) => e.kind === 'pickup');
  const failed = new Map<string, number>();
  for (const p of pickups) if (FAILED_CHECKS.includes(p.check)) failed.set(p.studentId, (failed.get(p.studentId) ?? 0) + 1);
  const incidents = standing.filter((e) => e.kind === 'incident');
  const headingId = `field-day-${klass.id}`;
  const name = (id: string) => names[id] ?? 'A child';
  return (
    <section className="admin-card field-day-class" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Link to={`/staff/classes/${klass.id}`}>{klass.title}</Link>
      </h2>
      <p className="muted">
        {formatTimeRange(klass.startTime, klass.endTime)} · {klass.enrolled} {klass.enrolled === 1 ? 'student' : 'students'}
      </p>
      {klass.enrolled === 0 && entries.length === 0 ? (
        <p className="muted">Nobody is enrolled.</p>
      ) : (
        <>
          <h3>Attendance</h3>
          <p>
            {ATTENDANCE_MARKS.map((m) => `${ATTENDANCE_LABELS[m]}: ${marks.filter((x) => x.mark === m).length}`).join(' · ')} · Not marked: {Math.max(klass.enrolled - marks.length, 0)}
          </p>
          <h3>Doses</h3>
          {status.length + unscheduled.length === 0 ? (
            <p className="muted">None due, none recorded.</p>
          ) : (
            <ul className="plain-list">
              {status.map(({ due, dose, missed }) => (
                <li key={`${due.studentId}/${due.medication}/${due.time}`} className={missed ? 'dose-missed' : undefined}>
                  {name(due.studentId)}: {due.medication} due {formatTime(due.time)} —{' '}
                  {dose ? `${DOSE_OUTCOME_LABELS[dose.outcome].toLowerCase()} at ${formatClock(dose.at)} (${dose.initials})` : missed ? 'missed: nothing recorded within the hour' : 'not recorded yet'}
                </li>
              ))}
              {unscheduled.map((d) => (
                <li key={d.id} className={d.outcome === 'given' && isEpinephrine(d.medication) ? 'dose-epinephrine' : undefined}>
                  {d.outcome === 'given' && isEpinephrine(d.medication) && <strong>Epinephrine given: </strong>}
                  {name(d.studentId)}: {d.medication} {DOSE_OUTCOME_LABELS[d.outcome].toLowerCase()} at {formatClock(d.at)} ({d.initials}){d.note && ` — ${d.note}`}
                  <Arrival entry={d} />
                </li>
              ))}
            </ul>
          )}
          <h3>Pickups</h3>
          {pickups.length ? (
            <ul className="plain-list">
              {pickups.map((p) => (
                <li key={p.id} className={(failed.get(p.studentId) ?? 0) >= PICKUP_FAILURES_ESCALATE ? 'pickup-escalated' : undefined}>
                  {name(p.studentId)}: {pickupText(p)} at {formatClock(p.at)}
                  <Arrival entry={p} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">None recorded.</p>
          )}
          <h3>Incidents</h3>
          {incidents.length ? (
            <ul className="plain-list">
              {incidents.map((r) => (
                <li key={r.id}>
                  {name(r.studentId)}: {formatTime(r.incident.time)}, {r.incident.where} — {r.incident.what}
                  <Arrival entry={r} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">None reported.</p>
          )}
        </>
      )}
    </section>
  );
}

export default function FieldDayPage() {
  const [params, setParams] = useSearchParams();
  const day = params.get('day') || schoolToday();
  const [state, reload] = useAdminFieldDay(day);
  return (
    <div className="page admin-page">
      <h1>The day in the field</h1>
      <p className="muted">
        Pickups are checked on the instructor’s phone, without signal if need be: the school knows which pickup codes the phone had (a release on a code the
        family has replaced since is flagged), not what was typed at the door.
      </p>
      <label className="field field-day-pick">
        <span>Day</span>
        <input type="date" className="p-inputtext" value={day} onChange={(e) => e.target.value && setParams({ day: e.target.value }, { replace: true })} />
      </label>
      {state.status === 'loading' && <PageLoading label="Loading the day’s records…" />}
      {state.status === 'error' && <LoadError error={state.error} onRetry={reload} />}
      {state.status === 'loaded' && state.value.entries.length + state.value.held.length > 0 && (
        <p>
          <CsvButton file={`field-records-${day}.csv`} rows={() => dayCsvRows(state.value.entries, new Map(Object.entries(state.value.names)), new Map(state.value.classes.map((c) => [c.id, c.title])), state.value.held)}>
            Download the day’s records (CSV)
          </CsvButton>
        </p>
      )}
      {state.status === 'loaded' && state.value.held.length > 0 && <Held held={state.value.held} names={state.value.names} />}
      {state.status === 'loaded' &&
        (state.value.classes.length === 0 ? (
          <p className="empty-panel">No class meets on {formatDate(day, true)}.</p>
        ) : (
          state.value.classes.map((c) => <ClassDay key={c.id} klass={c} entries={state.value.entries.filter((e) => e.classId === c.id)} names={state.value.names} day={day} />)
        ))}
    </div>
  );
}
