// Cancelling many enrollments in one action (a class for everyone, a child's whole term): how what
// was not paid by card goes back, the words the families read, asked twice before it is done, and
// what was done listed after — each family's refund, to the card first.
import { useState, type FormEvent, type ReactNode } from 'react';
import type { BulkCancellation } from '../../../contract/changes';
import { formatCents } from '../../../contract/format';
import { Button } from '../../components/Button';
import { FormFailure } from '../../components/FormFailure';

const REST_WORDS = { credit: 'as account credit', other: 'from the office' } as const;

export type RestWay = 'credit' | 'other';

export function BulkCancelForm({
  idPrefix,
  what,
  warning,
  pending,
  error,
  onRun,
  children,
}: {
  idPrefix: string;
  /** "Lichen Lab for everyone", "Ava’s Spring 2027". */
  what: string;
  /** Said when asked for the second time, before it is done. */
  warning: string;
  pending: boolean;
  error: unknown;
  onRun: (asked: { otherWay: RestWay; note: string }, done: () => void) => void;
  children?: ReactNode;
}) {
  const [otherWay, setOtherWay] = useState<RestWay>('credit');
  const [note, setNote] = useState('');
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState('');
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const wrong = note.trim() ? '' : 'Say why, in words for the families.';
    setProblem(wrong);
    if (wrong) return;
    if (!asking) return setAsking(true);
    onRun({ otherWay, note: note.trim() }, () => setAsking(false));
  };
  return (
    <form className="bulk-cancel" onSubmit={submit} noValidate aria-label={`Cancel ${what}`}>
      {children}
      <fieldset className="pay-choice">
        <legend>What was not paid by card goes back</legend>
        <label className="pay-option">
          <input type="radio" name={`${idPrefix}-rest`} checked={otherWay === 'credit'} onChange={() => setOtherWay('credit')} />
          <span>As account credit for the family’s next enrollment</span>
        </label>
        <label className="pay-option">
          <input type="radio" name={`${idPrefix}-rest`} checked={otherWay === 'other'} onChange={() => setOtherWay('other')} />
          <span>From the office (you give it back by check or cash)</span>
        </label>
      </fieldset>
      <div className="field">
        <label htmlFor={`${idPrefix}-note`}>Why (the families read it in their enrollment)</label>
        <input id={`${idPrefix}-note`} className="p-inputtext p-component" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      {asking && (
        <p role="alert" className="field-error">
          {warning}
        </p>
      )}
      <FormFailure error={error} />
      <div className="inline-actions">
        <Button type="submit" variant={asking ? 'danger' : 'outlined'} disabled={pending}>
          <span className="p-button-label">{pending ? 'Cancelling…' : asking ? `Yes, cancel ${what}` : `Cancel ${what}…`}</span>
        </Button>
        {asking && (
          <Button type="button" variant="text" onClick={() => setAsking(false)}>
            <span className="p-button-label">Keep it</span>
          </Button>
        )}
      </div>
    </form>
  );
}

/** What one action cancelled: how many enrollments and what went back, each family's refund by way. */
export function BulkCancelDone({ done }: { done: BulkCancellation }) {
  return (
    <div role="status" className="cancel-class-done">
      <p>
        <strong>{done.title} is cancelled.</strong> {done.refunds.length} {done.refunds.length === 1 ? 'enrollment' : 'enrollments'}, {formatCents(done.refunds.reduce((s, r) => s + r.refund, 0))} given back;{' '}
        {done.holdsEnded} card {done.holdsEnded === 1 ? 'checkout' : 'checkouts'} ended; {done.waitlistRemoved} taken off the waitlist; {done.familiesTold} {done.familiesTold === 1 ? 'family' : 'families'} emailed.
      </p>
      {done.refunds.length > 0 && (
        <ul>
          {done.refunds.map((r) => (
            <li key={r.enrollmentId}>
              {r.studentName}: {r.refund ? [r.toCard ? `${formatCents(r.toCard)} to the card` : '', r.rest ? `${formatCents(r.rest)} ${REST_WORDS[r.restHow]}` : ''].filter(Boolean).join(', ') : 'nothing was paid'}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
