// /staff/classes (phone first): the classes a person teaches — meeting today, this week,
// and all of them — each opening its roster.
import { Link } from 'react-router-dom';
import type { IsoDate, TaughtClass } from '../../../contract/domain';
import { formatDate, formatDateRange, formatTimeRange, formatWeekdays } from '../../../contract/format';
import { addDaysIso, meetingsBetween, schoolToday } from '../../../contract/schedule';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { useMyTaughtClasses } from './api';

function ClassLink({ c, on }: { c: TaughtClass; on?: IsoDate }) {
  return (
    <li className="taught-class">
      <Link to={c.id}>
        <strong>{c.title}</strong>
      </Link>
      <span className="muted">
        {on ? formatDate(on) : `${formatWeekdays(c.weekdays)} · ${formatDateRange(c.startDate, c.endDate)}`} · {formatTimeRange(c.startTime, c.endTime)}
        {c.location && ` · ${c.location}`} · {c.enrolled} {c.enrolled === 1 ? 'student' : 'students'}
      </span>
    </li>
  );
}

export default function MyClasses() {
  const [state, reload] = useMyTaughtClasses();
  if (state.status === 'loading') return <PageLoading label="Loading your classes…" />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={reload} />;
  const { classes } = state.value;
  const today = schoolToday();
  const meetings = meetingsBetween(classes, today, addDaysIso(today, 6));
  const todays = meetings.filter((m) => m.date === today);
  const later = meetings.filter((m) => m.date !== today);
  return (
    <div className="page teaching-page">
      <h1>My Classes</h1>
      {classes.length === 0 ? (
        <p className="empty-panel">No class is assigned to you yet. The office assigns instructors on each class’s form.</p>
      ) : (
        <>
          <section aria-labelledby="today-heading">
            <h2 id="today-heading">Today, {formatDate(today)}</h2>
            {todays.length ? (
              <ul className="taught-list">
                {todays.map((m) => (
                  <ClassLink key={m.klass.id} c={m.klass} />
                ))}
              </ul>
            ) : (
              <p className="muted">None of your classes meets today.</p>
            )}
          </section>
          <section aria-labelledby="week-heading">
            <h2 id="week-heading">Later this week</h2>
            {later.length ? (
              <ul className="taught-list">
                {later.map((m) => (
                  <ClassLink key={`${m.klass.id}-${m.date}`} c={m.klass} on={m.date} />
                ))}
              </ul>
            ) : (
              <p className="muted">No more meetings in the next six days.</p>
            )}
          </section>
          <section aria-labelledby="all-heading">
            <h2 id="all-heading">All my classes</h2>
            <ul className="taught-list">
              {classes.map((c) => (
                <ClassLink key={c.id} c={c} />
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}
