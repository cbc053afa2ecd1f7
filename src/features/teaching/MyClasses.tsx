// /staff/classes (phone first): the classes a person teaches — meeting today, this week,
// and all of them — each opening its roster, each one to take offline. Without signal: the classes
// taken offline on this phone.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import type { IsoDate, TaughtClass } from '../../../contract/domain';
import { formatDate, formatDateRange, formatTimeRange, formatWeekdays } from '../../../contract/format';
import { addDaysIso, meetingsBetween, schoolToday } from '../../../contract/schedule';
import { Button } from '../../components/Button';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { useMyTaughtClasses } from './api';
import { OfflineButton } from './OfflineButton';
import { useFieldOwner, useOfflineCopies, useRefreshCopies, useRetryWhile, useUnreachable } from './offline';
import { classesWithRecords } from './fieldStore';

function ClassLink({ c, on, offline }: { c: TaughtClass; on?: IsoDate; /** Offers to take it offline. */ offline?: boolean }) {
  return (
    <li className="taught-class">
      <Link to={c.id}>
        <strong>{c.title}</strong>
      </Link>
      <span className="muted">
        {on ? formatDate(on) : `${formatWeekdays(c.weekdays)} · ${formatDateRange(c.startDate, c.endDate)}`} · {formatTimeRange(c.startTime, c.endTime)}
        {c.location && ` · ${c.location}`} · {c.enrolled} {c.enrolled === 1 ? 'student' : 'students'}
      </span>
      {offline && <OfflineButton klass={c} />}
    </li>
  );
}

/** Without signal: the classes this phone keeps, each until its last day. */
function OnThisPhone({ retry }: { retry: () => void }) {
  const kept = useOfflineCopies().data ?? [];
  useRetryWhile(true, retry);
  return (
    <div className="page teaching-page">
      <h1>My Classes</h1>
      <p className="offline-note" role="status">
        <span className="pi pi-wifi" aria-hidden="true" /> No signal: the classes taken offline on this phone.
      </p>
      <Button variant="text" onClick={retry}>
        Try again
      </Button>
      {kept.length ? (
        <ul className="taught-list">
          {kept.map(({ roster: { class: c }, until }) => (
            <li key={c.id} className="taught-class">
              <Link to={c.id}>
                <strong>{c.title}</strong>
              </Link>
              <span className="muted">
                {formatWeekdays(c.weekdays)} · {formatTimeRange(c.startTime, c.endTime)} · kept until {formatDate(until)}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-panel">No class is kept on this phone. With a signal, open My Classes and take a class offline before you go.</p>
      )}
    </div>
  );
}

export default function MyClasses() {
  const [state, reload] = useMyTaughtClasses();
  const noSignal = useUnreachable(state);
  const kept = useOfflineCopies().data;
  const refreshCopies = useRefreshCopies();
  const mine = state.status === 'loaded' ? state.value.classes.map((c) => c.id).join(' ') : null;
  const uid = useFieldOwner();
  const { data: withRecords } = useQuery({ queryKey: ['field-records-on-phone', uid, mine], queryFn: () => classesWithRecords(uid), enabled: !!uid && mine !== null, meta: { quiet: true } });
  // With a signal, every copy on this phone is downloaded again (before a meeting, its pickup codes as they stand now).
  useEffect(() => {
    if (mine !== null && kept?.length) void refreshCopies(kept, mine ? mine.split(' ') : []);
    // Once per reading of the list (the copies change with each refresh).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mine, !!kept?.length]);
  if (noSignal) return <OnThisPhone retry={reload} />;
  if (state.status === 'loading') return <PageLoading label="Loading your classes…" />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={reload} />;
  const { classes } = state.value;
  const elsewhere = (withRecords ?? []).filter((id) => !classes.some((c) => c.id === id));
  const today = schoolToday();
  const meetings = meetingsBetween(classes, today, addDaysIso(today, 6));
  const todays = meetings.filter((m) => m.date === today);
  const later = meetings.filter((m) => m.date !== today);
  return (
    <div className="page teaching-page">
      <h1>My Classes</h1>
      {elsewhere.length > 0 && (
        <section className="field-notices" aria-labelledby="elsewhere-heading">
          <h2 id="elsewhere-heading">Records on this phone for classes no longer yours</h2>
          <p>Open each to hand what you recorded to the office:</p>
          <ul className="taught-list">
            {elsewhere.map((id) => (
              <li key={id}>
                <Link to={id}>A class no longer assigned to you ({id})</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
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
                <ClassLink key={c.id} c={c} offline />
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}
