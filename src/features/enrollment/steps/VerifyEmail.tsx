import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/Button';
import { recheckEmailVerified, sendVerificationEmail } from '../../../lib/auth';

type Status = 'idle' | 'busy' | 'sent' | 'not-yet' | 'failed';
const MESSAGES: Record<Status, (email: string) => string> = {
  idle: () => '',
  busy: () => '',
  sent: (email) => `We sent a new link to ${email}. Open it, then come back here.`,
  'not-yet': () => 'Your email is not verified yet: open the link in the email, then try again.',
  failed: () => 'Something went wrong. Please try again in a moment.',
};

/** How often the box asks whether the link was opened, while the page is in view. */
const RECHECK_MS = 8000;

/**
 * Taking a seat (by card, at the office, for free) or a place on a waitlist needs a proven email: the
 * way to prove it without leaving the review step. It carries on by itself once the link is opened
 * (when the family comes back to the page, and every few seconds while it is in view).
 * `waitlist`: the family is joining a waitlist.
 */
export function VerifyEmail({ email, onVerified, waitlist = false }: { email: string; onVerified: () => void; waitlist?: boolean }) {
  const [status, setStatus] = useState<Status>('idle');
  const verified = useRef(onVerified);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    verified.current = () => {
      // The box goes away: a keyboard's focus inside it moves to its section's heading, not to the page's start.
      const inside = !!root.current?.contains(document.activeElement);
      const heading = root.current?.closest('section')?.querySelector<HTMLElement>('h2');
      onVerified();
      if (inside) heading?.focus();
    };
  });
  useEffect(() => {
    let stopped = false;
    const check = () => {
      if (document.visibilityState !== 'visible') return;
      recheckEmailVerified().then((yes) => yes && !stopped && verified.current(), () => undefined);
    };
    const timer = setInterval(check, RECHECK_MS);
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, []);
  // The buttons stay enabled while busy (a disabled button drops the keyboard's focus to the page).
  const run = (work: () => Promise<Status | 'verified'>) => {
    if (status === 'busy') return;
    setStatus('busy');
    work().then(
      (next) => {
        if (next === 'verified') verified.current();
        else setStatus(next);
      },
      () => setStatus('failed'),
    );
  };
  return (
    <div ref={root} className="verify-email" role="group" aria-labelledby="verify-email-title">
      <h3 id="verify-email-title">{waitlist ? 'Verify your email to join the waitlist' : 'Verify your email to enroll'}</h3>
      <p>
        {waitlist ? 'Seat offers are emailed: ' : 'Seats are held only for a proven address: '}please confirm that <strong>{email}</strong> is yours by opening the link we emailed you when you
        created your account.
      </p>
      <div className="inline-actions">
        <Button aria-disabled={status === 'busy'} onClick={() => run(async () => ((await recheckEmailVerified()) ? 'verified' : 'not-yet'))}>
          <span className="p-button-label">I have opened the link</span>
        </Button>
        <Button variant="outlined" aria-disabled={status === 'busy'} onClick={() => run(async () => (await sendVerificationEmail(), 'sent'))}>
          <span className="p-button-label">Send the link again</span>
        </Button>
      </div>
      <p role="status" className="muted">
        {MESSAGES[status](email)}
      </p>
    </div>
  );
}
