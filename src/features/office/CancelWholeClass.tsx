// The Enrollments page, filtered by a class: the school cancels that class for everyone. What each
// family gets back is everything it paid for the class, to its cards first; the office chooses how the
// rest goes back (account credit, or from the office). Asked twice before it is done; what was done
// is listed after.
import { useState, type FormEvent } from 'react';
import type { ClassCancellation } from '../../../contract/changes';
import { formatCents } from '../../../contract/format';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { FormFailure } from '../../components/FormFailure';
import { useCancelClass } from './api';

const REST_WORDS = { credit: 'as account credit', other: 'from the office' } as const;

export function CancelWholeClass({ classId, title, onDone }: { classId: string; title: string; onDone: () => void }) {
  const cancel = useCancelClass();
  const [otherWay, setOtherWay] = useState<'credit' | 'other'>('credit');
  const [note, setNote] = useState('');
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState<ClassCancellation | null>(null);
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const wrong = note.trim() ? '' : 'Say why, in words for the families.';
    setProblem(wrong);
    if (wrong) return;
    if (!asking) return setAsking(true);
    cancel.mutate(
      { classId, otherWay, note: note.trim() },
      {
        onSuccess: ({ cancellation }) => {
          setDone(cancellation);
          setAsking(false);
          onDone();
        },
      },
    );
  };
  return (
    <Card id="cancel-whole-class" title={`Cancel ${title} for everyone`} className="cancel-whole-class">
      <p className="muted">
        For a class the school cannot hold: it leaves enrollment, its waitlist ends, card checkouts still being paid end, and every family gets back all it paid for the class — to the card it
        paid with first, the rest as you choose below. Each family gets one email. Running it again changes nothing more.
      </p>
      <form onSubmit={submit} noValidate>
        <fieldset className="pay-choice">
          <legend>What was not paid by card goes back</legend>
          <label className="pay-option">
            <input type="radio" name="cancel-class-rest" checked={otherWay === 'credit'} onChange={() => setOtherWay('credit')} />
            <span>As account credit for the family’s next enrollment</span>
          </label>
          <label className="pay-option">
            <input type="radio" name="cancel-class-rest" checked={otherWay === 'other'} onChange={() => setOtherWay('other')} />
            <span>From the office (you give it back by check or cash)</span>
          </label>
        </fieldset>
        <div className="field">
          <label htmlFor="cancel-class-note">Why (the families read it in their enrollment)</label>
          <input id="cancel-class-note" className="p-inputtext p-component" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
        {asking && (
          <p role="alert" className="field-error">
            This cancels {title} for every family now and gives their money back. It cannot be undone.
          </p>
        )}
        <FormFailure error={cancel.error} />
        <div className="inline-actions">
          <Button type="submit" variant={asking ? 'danger' : 'outlined'} disabled={cancel.isPending}>
            <span className="p-button-label">{cancel.isPending ? 'Cancelling…' : asking ? `Yes, cancel ${title} for everyone` : `Cancel ${title} for everyone…`}</span>
          </Button>
          {asking && (
            <Button type="button" variant="text" onClick={() => setAsking(false)}>
              <span className="p-button-label">Keep the class</span>
            </Button>
          )}
        </div>
      </form>
      {done && (
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
      )}
    </Card>
  );
}
