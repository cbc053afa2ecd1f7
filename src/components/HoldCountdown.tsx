import { useEffect, useState } from 'react';
import { formatClock, formatTimeLeft } from '../../contract/wording';

/** "Seats held for 27:05 more (until 3:45 pm)": a countdown a screen reader reads on request, not every second. */
export function HoldCountdown({ until }: { until: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const over = new Date(until).getTime() <= now;
  return over ? (
    <span>The time to pay has run out; the seats are going back.</span>
  ) : (
    <span>
      Seats held for <span role="timer">{formatTimeLeft(until, now)}</span> more (until {formatClock(until)}).
    </span>
  );
}
