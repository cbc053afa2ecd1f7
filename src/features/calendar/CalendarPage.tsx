import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { PublicClass } from '../../../contract/domain';
import { formatDateRange, formatGrades, formatTimeRange, formatWeekdays } from '../../../contract/format';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { useWideScreen } from '../../hooks/useMediaQuery';
import { addDaysIso, colourOf, meetingsBetween, monthGrid, toIso, weekStart } from './meetings';
import { meetingDates, noClassText, schoolToday } from '../../../contract/schedule';
import { useClassesBySemester, useOpenSemesters } from '../catalogue/api';
import { Button, LinkButton } from '../../components/Button';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const dayLabel = (iso: string) => {
  const d = new Date(`${iso}T12:00:00Z`);
  return `${DAYS[d.getUTCDay()]}, ${MONTHS[d.getUTCMonth()].slice(0, 3)} ${d.getUTCDate()}`;
};

function ClassDetails({ klass, onClose }: { klass: PublicClass; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from a chip far down the month: bring the details into view, with focus on them.
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [klass.id]);
  return (
    <section className="calendar-details" aria-labelledby="calendar-details-title" aria-live="polite">
      <h2 id="calendar-details-title" ref={heading} tabIndex={-1}>
        {klass.title}
      </h2>
      <p>
        {formatDateRange(klass.startDate, klass.endDate)} · {formatWeekdays(klass.weekdays)}, {formatTimeRange(klass.startTime, klass.endTime)}
      </p>
      <p>
        {formatGrades(klass.gradeMin, klass.gradeMax)} · {klass.location}
        {klass.instructors.length > 0 && ` · ${klass.instructors.join(', ')}`}
      </p>
      {noClassText(klass) && <p>{noClassText(klass)}.</p>}
      <div className="step-actions">
        <Button variant="outlined" onClick={onClose}>
          <span className="p-button-label">Close</span>
        </Button>
        {klass.status === 'live' && (
          <LinkButton to={`/classes/enrollment?semester=${klass.semesterId}&q=${encodeURIComponent(klass.title)}`}>
            <span className="p-button-label">See in Class Enrollment</span>
          </LinkButton>
        )}
      </div>
    </section>
  );
}

/** /calendar/classes: month and week views of class meetings; no login needed. */
export default function CalendarPage() {
  const wide = useWideScreen();
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'month' || (params.get('view') !== 'week' && wide) ? 'month' : 'week';
  const [semesters, reload] = useOpenSemesters();
  const ids = semesters.status === 'loaded' ? semesters.value.semesters.map((s) => s.id) : [];
  const [catalogue, reloadClasses] = useClassesBySemester(ids);
  const classes = useMemo(
    () => (catalogue.status === 'loaded' ? Object.values(catalogue.value).flatMap((s) => s.classes) : []),
    [catalogue],
  );
  // The first day any class meets (a class may start on a holiday), and the semesters' holidays by day.
  const { firstStart, holidays } = useMemo(() => {
    const first = classes.map((c) => meetingDates(c)[0]).filter(Boolean).sort()[0] ?? null;
    const off = new Map<string, string>();
    for (const c of classes) for (const d of c.holidays ?? []) off.set(d.date, d.reason);
    return { firstStart: first, holidays: off };
  }, [classes]);
  const today = schoolToday();
  const anchor = params.get('date') ?? (firstStart && firstStart > today ? firstStart : today);
  const [selected, setSelected] = useState<PublicClass | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const go = (date: string, nextView = view) => setParams({ date, view: nextView }, { replace: true });

  if (semesters.status === 'loading' || (ids.length > 0 && catalogue.status === 'loading')) return <PageLoading label="Loading the calendar…" />;
  if (semesters.status === 'error') return <LoadError error={semesters.error} onRetry={reload} />;
  if (catalogue.status === 'error') return <LoadError error={catalogue.error} onRetry={reloadClasses} />;

  const [y, m] = anchor.split('-').map(Number);
  const grid = monthGrid(y, m - 1);
  const weekFrom = weekStart(anchor);
  const from = view === 'month' ? grid[0][0] : weekFrom;
  const to = view === 'month' ? grid.at(-1)![6] : addDaysIso(weekFrom, 6);
  const meetings = meetingsBetween(classes, from, to);
  const byDay = new Map<string, typeof meetings>();
  for (const meeting of meetings) byDay.set(meeting.date, [...(byDay.get(meeting.date) ?? []), meeting]);
  const title = view === 'month' ? `${MONTHS[m - 1]} ${y}` : `Week of ${dayLabel(weekFrom)}`;
  const step = (dir: 1 | -1) =>
    go(view === 'month' ? toIso(new Date(Date.UTC(y, m - 1 + dir, 1, 12))) : addDaysIso(weekFrom, 7 * dir));

  const chip = (klass: PublicClass) => (
    <button type="button" key={klass.id} className={`calendar-chip ${colourOf(klass.id)}`} onClick={(e) => {
        opener.current = e.currentTarget;
        setSelected(klass);
      }}>
      <span className="calendar-chip-time">{formatTimeRange(klass.startTime, klass.endTime).split(' – ')[0]}</span> {klass.title}
    </button>
  );

  return (
    <div className="page calendar-page">
      <h1>Class Calendar</h1>
      <div className="calendar-toolbar">
        <div className="calendar-nav">
          <Button variant="outlined" onClick={() => step(-1)} aria-label={view === 'month' ? 'Previous month' : 'Previous week'}>
            <span className="pi pi-chevron-left" aria-hidden="true" />
          </Button>
          <Button variant="outlined" onClick={() => go(today)}>
            <span className="p-button-label">Today</span>
          </Button>
          <Button variant="outlined" onClick={() => step(1)} aria-label={view === 'month' ? 'Next month' : 'Next week'}>
            <span className="pi pi-chevron-right" aria-hidden="true" />
          </Button>
        </div>
        <h2 className="calendar-title" aria-live="polite">
          {title}
        </h2>
        <div className="calendar-views" role="group" aria-label="View">
          {(['month', 'week'] as const).map((v) => (
            <Button key={v} variant={view === v ? 'primary' : 'outlined'} aria-pressed={view === v} onClick={() => go(anchor, v)}>
              <span className="p-button-label">{v === 'month' ? 'Month' : 'Week'}</span>
            </Button>
          ))}
        </div>
      </div>
      {classes.length === 0 && <p className="empty-panel">No classes are scheduled in the semesters open now.</p>}
      {selected && (
        <ClassDetails
          klass={selected}
          onClose={() => {
            setSelected(null);
            // Back to the class chip the details were opened from.
            requestAnimationFrame(() => opener.current?.focus());
          }}
        />
      )}
      {view === 'month' ? (
        <table className="calendar-month">
          <caption className="visually-hidden">{title}: class meetings</caption>
          <thead>
            <tr>
              {DAYS.map((d) => (
                <th key={d} scope="col">
                  <abbr title={d}>{d.slice(0, 3)}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.map((week) => (
              <tr key={week[0]}>
                {week.map((day) => (
                  <td key={day} className={`${day.slice(5, 7) === String(m).padStart(2, '0') ? '' : 'other-month'}${day === today ? ' is-today' : ''}`}>
                    <div className="calendar-date" aria-label={dayLabel(day)}>
                      {Number(day.slice(8))}
                    </div>
                    {holidays.has(day) && <p className="calendar-off">{holidays.get(day)}</p>}
                    {(byDay.get(day) ?? []).map((meeting) => chip(meeting.klass))}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <ol className="calendar-week">
          {Array.from({ length: 7 }, (_, i) => addDaysIso(weekFrom, i)).map((day) => (
            <li key={day} className={day === today ? 'is-today' : ''}>
              <h3>{dayLabel(day)}</h3>
              {holidays.has(day) && <p className="calendar-off">No classes: {holidays.get(day)}</p>}
              {(byDay.get(day) ?? []).length === 0 ? !holidays.has(day) && <p className="muted">No classes</p> : <div className="calendar-day-list">{(byDay.get(day) ?? []).map((meeting) => chip(meeting.klass))}</div>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
