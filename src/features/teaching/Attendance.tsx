// Attendance at a meeting, one tap per child: present, absent, late or left early, with the time.
// A tap is an entry made on the phone (its own id and time), kept on the phone encrypted
// (fieldStore.ts) and sent at once; an entry not sent yet waits, is shown as waiting, survives a
// reload or a closed tab, and goes when the signal returns. A changed mark is a new entry that
// corrects the one before: nothing kept is ever changed.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { SheetRoster } from '../../../contract/domain';
import { ATTENDANCE_LABELS, ATTENDANCE_MARKS, attendanceAt, type AttendanceMark, type FieldEntry, type FieldEntryInput } from '../../../contract/field';
import { formatDate } from '../../../contract/format';
import { meetingDates, schoolToday } from '../../../contract/schedule';
import { formatClock } from '../../../contract/wording';
import { ACCESS } from '../../../contract/roles';
import { Button } from '../../components/Button';
import { LoadError } from '../../components/LoadError';
import { downloadCsv, slug } from '../../lib/csv';
import { can, useSession } from '../../lib/session';
import { failureText } from '../../lib/query';
import { useClassFieldLog, useSyncFieldEntries } from './api';
import { attendanceCsvRows } from './attendanceCsv';
import { keepWaiting, sent, waitingFor } from './fieldStore';
import { useRetryWhile } from './offline';

/** Today's meeting if the class meets today, else the last one before today, else its first. */
export function meetingToShow(meetings: string[], today: string): string | undefined {
  return meetings.includes(today) ? today : ([...meetings].reverse().find((d) => d < today) ?? meetings[0]);
}

export function Attendance({ roster, offlineEntries }: { roster: SheetRoster; /** The records in the phone's offline copy, when the server cannot be reached. */ offlineEntries?: FieldEntry[] }) {
  const classId = roster.class.id;
  const meetings = useMemo(() => meetingDates(roster.class), [roster.class]);
  const [meeting, setMeeting] = useState(() => meetingToShow(meetings, schoolToday()));
  const [log, reloadLog] = useClassFieldLog(classId);
  const sync = useSyncFieldEntries();
  const [waiting, setWaiting] = useState<FieldEntryInput[]>([]);
  const [refused, setRefused] = useState<{ name: string; reason: string }[]>([]);
  const [sendFailure, setSendFailure] = useState('');
  const names = useMemo(() => new Map(roster.entries.map((e) => [e.student.id, `${e.student.firstName} ${e.student.lastName}`])), [roster.entries]);
  // The file is the office's (an instructor's phone keeps no copy of the class's records).
  const office = can(useSession(), ACCESS.care);

  const { mutateAsync, isPending } = sync;
  const send = useCallback(
    async (entries: FieldEntryInput[]) => {
      if (!entries.length) return;
      try {
        const result = await mutateAsync({ classId, sentAt: new Date().toISOString(), entries });
        const answered = new Set([...result.saved, ...result.already, ...result.refused.map((r) => r.id)]);
        setWaiting((w) => w.filter((e) => !answered.has(e.id)));
        void sent([...answered]).catch(() => undefined);
        setRefused((r) => [...r, ...result.refused.map((x) => ({ name: names.get(entries.find((e) => e.id === x.id)!.studentId) ?? 'A child', reason: x.reason }))]);
        setSendFailure('');
      } catch (e) {
        setSendFailure(failureText(e));
      }
    },
    [mutateAsync, classId, names],
  );

  // What waited on this phone when the page was last closed goes now.
  useEffect(() => {
    let gone = false;
    waitingFor(classId).then(
      (found) => {
        if (gone || !found.length) return;
        setWaiting((w) => [...w, ...found.filter((f) => !w.some((e) => e.id === f.id))]);
        void send(found);
      },
      () => undefined,
    );
    return () => {
      gone = true;
    };
    // Once per class: `send` changes with the roster's names, which does not bring anything back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [classId]);

  // The signal came back: what waits goes.
  const sendWaiting = useCallback(() => void send(waiting), [send, waiting]);
  useRetryWhile(waiting.length > 0 && !isPending, sendWaiting);

  if (!meeting) return null;
  if (log.status === 'error' && !offlineEntries) return <LoadError error={log.error} onRetry={reloadLog} />;
  const kept = log.status === 'loaded' ? log.value.entries : (offlineEntries ?? []);
  const now = attendanceAt([...kept, ...waiting], meeting);
  const mark = (studentId: string, value: AttendanceMark) => {
    const before = now.get(studentId);
    if (before?.mark === value) return;
    const entry: FieldEntryInput = { id: crypto.randomUUID(), kind: 'attendance', studentId, meeting, at: new Date().toISOString(), mark: value, ...(before && { corrects: before.id }) };
    const next = [...waiting, entry];
    setWaiting(next);
    // Kept on the phone first (storage refused, say in a private window: it waits on the page alone).
    void keepWaiting(classId, [entry])
      .catch(() => undefined)
      .then(() => send(next));
  };

  return (
    <section className="attendance" aria-labelledby="attendance-title">
      <h2 id="attendance-title">Attendance</h2>
      <label className="field attendance-meeting">
        <span>Meeting</span>
        <select value={meeting} onChange={(e) => setMeeting(e.target.value)}>
          {meetings.map((d) => (
            <option key={d} value={d}>
              {formatDate(d, true)}
              {d === schoolToday() ? ' (today)' : ''}
            </option>
          ))}
        </select>
      </label>
      <p role="status" className="attendance-sync">
        {waiting.length ? `${waiting.length} waiting to be sent${isPending ? '…' : ''}` : log.status === 'loaded' ? 'Everything is sent.' : offlineEntries ? 'Nothing waits on this phone.' : 'Loading what was recorded…'}
      </p>
      {sendFailure && waiting.length > 0 && (
        <p className="form-failure" role="alert">
          Not sent yet: {sendFailure} It is kept on this phone and goes when the signal returns.{' '}
          <button type="button" className="link-button" onClick={() => void send(waiting)}>
            Send now
          </button>
        </p>
      )}
      {refused.map((r, i) => (
        <p key={i} className="form-failure" role="alert">
          {r.name}: {r.reason}
        </p>
      ))}
      {office && log.status === 'loaded' && (
        <p>
          <Button variant="outlined" onClick={() => downloadCsv(`attendance-${slug(roster.class.title)}.csv`, attendanceCsvRows(log.value.entries, names))}>
            <span className="pi pi-download" aria-hidden="true" /> Download the attendance (CSV)
          </Button>
        </p>
      )}
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
