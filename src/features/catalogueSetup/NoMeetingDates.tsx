// Days without class: a semester's holidays, or one class's own days off (a weather
// cancellation). The office adds one day or a run of days with a reason, and removes a day.
import { useId, useState } from 'react';
import type { IsoDate, NoMeetingDate } from '../../../contract/domain';
import { formatDate } from '../../../contract/format';
import { addDaysIso, weekdayOf } from '../../../contract/schedule';
import { Button } from '../../components/Button';
import { fieldMessage, type Errors } from '../../components/studentForm/errors';

const WEEKDAY = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MAX_RUN = 31;

/** The dates a day off must fall within, and what they are ("the semester"). */
export interface DaySpan {
  start: IsoDate;
  end: IsoDate;
  what: string;
}

/** The days from `from` to `to` (inclusive; `to` empty: one day), or why not. */
export function daysToAdd(from: IsoDate, to: IsoDate, reason: string, listed: NoMeetingDate[], span?: DaySpan): NoMeetingDate[] | string {
  if (!from) return 'Choose the first day.';
  if (!reason.trim()) return 'Say why there is no class (families read it).';
  const last = to || from;
  if (last < from) return 'The last day must not be before the first.';
  // A day outside the dates would never be seen by a class, and the save would refuse it.
  if (span?.start && span.end && (from < span.start || last > span.end))
    return `Days off must be within ${span.what}, ${formatDate(span.start, true)} to ${formatDate(span.end, true)}.`;
  const days: NoMeetingDate[] = [];
  for (let day = from; day <= last; day = addDaysIso(day, 1)) {
    if (days.length === MAX_RUN) return `Add at most ${MAX_RUN} days at once.`;
    if (!listed.some((d) => d.date === day)) days.push({ date: day, reason: reason.trim() });
  }
  return days.length ? days : 'These days are already listed.';
}

interface Props {
  legend: string;
  hint: string;
  days: NoMeetingDate[];
  errors: Errors;
  onChange: (days: NoMeetingDate[]) => void;
  /** The dates days off must fall within (the semester's, the class's). */
  span?: DaySpan;
}

export function NoMeetingDatesField({ legend, hint, days, errors, onChange, span }: Props) {
  const id = useId();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const saved = Object.entries(errors).find(([path]) => path === 'noMeetingDates' || path.startsWith('noMeetingDates.'));
  const add = () => {
    const more = daysToAdd(from, to, reason, days, span);
    if (typeof more === 'string') return setProblem(more);
    onChange([...days, ...more].sort((a, b) => a.date.localeCompare(b.date)));
    setProblem('');
    setFrom('');
    setTo('');
  };
  return (
    <fieldset className="form-section no-meeting-dates">
      <legend>{legend}</legend>
      <p className="muted">{hint}</p>
      {days.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ul className="day-list">
          {days.map((d) => (
            <li key={d.date}>
              <span>
                {WEEKDAY[weekdayOf(d.date)]} {formatDate(d.date, true)} · {d.reason}
              </span>
              <button type="button" className="link-button danger" onClick={() => onChange(days.filter((x) => x.date !== d.date))}>
                Remove<span className="visually-hidden"> {formatDate(d.date, true)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-from`}>First day off</label>
          <input id={`${id}-from`} type="date" className="p-inputtext p-component" value={from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>Last day off (optional)</label>
          <input id={`${id}-to`} type="date" className="p-inputtext p-component" value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-reason`}>Reason</label>
          <input id={`${id}-reason`} className="p-inputtext p-component" maxLength={80} placeholder="Winter break" value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
      </div>
      <Button variant="outlined" className="add-days" onClick={add}>
        <span className="pi pi-plus" aria-hidden="true" />
        <span className="p-button-label">Add days off</span>
      </Button>
      {(problem || saved) && (
        <p className="field-error" role="alert">
          {problem || fieldMessage('Days off', saved![1])}
        </p>
      )}
    </fieldset>
  );
}
