// Attendance at a meeting, one tap per child: present, absent, late or left early, with the time. A
// changed mark is a new entry that corrects the one before: nothing kept is ever changed. With the
// doses, pickups and incident reports below it, the field kit of a class's page (FieldKit), one queue to the server.
import { useMemo, useState } from 'react';
import type { SheetRoster } from '../../../contract/domain';
import { SCHOOL_OFFICE_PHONE } from '../../../contract/constants';
import { ATTENDANCE_LABELS, ATTENDANCE_MARKS, attendanceAt, type AttendanceMark, type FieldEntry } from '../../../contract/field';
import { formatDate } from '../../../contract/format';
import { meetingDates, schoolToday } from '../../../contract/schedule';
import { formatClock } from '../../../contract/wording';
import { LoadError } from '../../components/LoadError';
import { Incidents, type IncidentStart } from './Incidents';
import { Pickups } from './Pickups';
import { Doses } from './Doses';
import { attendanceCsvRows } from './fieldCsv';
import { RecordsCsv } from './RecordsCsv';
import { FieldNotices } from './HandOver';
import { madeNow, useFieldSync, type FieldSync } from './useFieldSync';

/** Today's meeting if the class meets today, else the last one before today, else its first. */
export function meetingToShow(meetings: string[], today: string): string | undefined {
  return meetings.includes(today) ? today : ([...meetings].reverse().find((d) => d < today) ?? meetings[0]);
}

/** The class page's field kit: the meeting, its attendance, doses, pickups and incident reports. */
export function FieldKit({ roster, offline }: { roster: SheetRoster; /** The phone's offline copy's records, when the server cannot be reached. */ offline?: { entries: FieldEntry[]; names: Record<string, string> } }) {
  const field = useFieldSync(roster.class.id, roster, offline);
  const all = useMemo(() => meetingDates(roster.class), [roster.class]);
  // Records are for meetings that have begun: never a meeting still to come.
  const meetings = useMemo(() => all.filter((d) => d <= schoolToday()), [all]);
  const [meeting, setMeeting] = useState(() => meetingToShow(meetings, schoolToday()));
  // An epinephrine auto-injector given opens an incident report for the child.
  const [incident, setIncident] = useState<IncidentStart | null>(null);
  if (!meeting) {
    return all.length ? (
      <p className="muted field-not-yet">
        {roster.class.title} meets first on {formatDate(all[0], true)}: attendance, doses, pickups and incident reports open that day.
      </p>
    ) : null;
  }
  if (field.log.status === 'error' && !field.fromCopy) return <LoadError error={field.log.error} onRetry={field.reloadLog} />;
  return (
    <>
      <Attendance roster={roster} field={field} meetings={meetings} meeting={meeting} onMeeting={setMeeting} />
      <Doses roster={roster} field={field} meeting={meeting} onEpinephrine={(studentId, medication) => setIncident({ studentId, what: `${medication} (epinephrine auto-injector) given.`, key: crypto.randomUUID() })} />
      <Pickups roster={roster} field={field} meeting={meeting} />
      <Incidents roster={roster} field={field} meeting={meeting} start={incident} />
    </>
  );
}

function Attendance({ roster, field, meetings, meeting, onMeeting }: { roster: SheetRoster; field: FieldSync; meetings: string[]; meeting: string; onMeeting: (d: string) => void }) {
  const { log, kept, waiting, record, sendWaiting, isPending, sendFailure } = field;
  const now = attendanceAt([...kept, ...waiting], meeting);
  const mark = (studentId: string, value: AttendanceMark) => {
    const before = now.get(studentId);
    if (before?.mark === value) return;
    record({ ...madeNow(), kind: 'attendance', studentId, meeting, mark: value, ...(before && { corrects: before.id }) });
  };

  return (
    <section className="attendance" aria-labelledby="attendance-title">
      <h2 id="attendance-title">Attendance</h2>
      <label className="field attendance-meeting">
        <span>Meeting</span>
        <select value={meeting} onChange={(e) => onMeeting(e.target.value)}>
          {meetings.map((d) => (
            <option key={d} value={d}>
              {formatDate(d, true)}
              {d === schoolToday() ? ' (today)' : ''}
            </option>
          ))}
        </select>
      </label>
      <p role="status" className="attendance-sync">
        {waiting.length ? `${waiting.length} waiting to be sent${isPending ? '…' : ''}` : log.status === 'loaded' ? 'Everything is sent.' : field.fromCopy ? 'Nothing waits on this phone.' : 'Loading what was recorded…'}
      </p>
      {sendFailure && waiting.length > 0 && (
        <p className="form-failure" role="alert">
          Not sent yet: {sendFailure.text}{' '}
          {sendFailure.noSignal
            ? 'It is kept on this phone and goes when the signal returns.'
            : `It is kept on this phone and sent again every few seconds; if this message stays, call the office at ${SCHOOL_OFFICE_PHONE} and do not sign out.`}{' '}
          <button type="button" className="link-button" onClick={sendWaiting}>
            Send now
          </button>
        </p>
      )}
      <FieldNotices field={field} />
      <RecordsCsv roster={roster} field={field} kind="attendance" rows={attendanceCsvRows}>
        Download the attendance (CSV)
      </RecordsCsv>
      <ul className="attendance-list">
        {roster.entries.map(({ student }) => {
          const name = `${student.firstName} ${student.lastName}`;
          const current = now.get(student.id);
          return (
            <li key={student.id}>
              <span className="attendance-name">{name}</span>
              <span className="attendance-marks" role="group" aria-label={`Attendance of ${name}`}>
                {ATTENDANCE_MARKS.map((m) => (
                  <button key={m} type="button" className="attendance-mark" aria-pressed={current?.mark === m} onClick={() => mark(student.id, m)}>
                    {ATTENDANCE_LABELS[m]}
                  </button>
                ))}
              </span>
              <span className="muted attendance-when">{current ? `${ATTENDANCE_LABELS[current.mark]} at ${formatClock(current.at)}${waiting.some((w) => w.id === current.id) ? ' · not sent yet' : ''}` : 'Not marked'}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
