// On My Enrollments: "Cancel this class" shows, before anything is sent, what the school's
// cancellation policy gives (money back to the card, what the school keeps, what is still owed), in
// the words the email uses; inside the policy the family cancels at once, otherwise it sends the
// office a request, which waits (said on the card) until the office answers.
import { useState } from 'react';
import { requestAsks, type CancellationOutcome } from '../../../contract/changes';
import type { FamilyEnrollment } from '../../../contract/domain';
import { Button } from '../../components/Button';
import { FormFailure } from '../../components/FormFailure';
import { useNotify } from '../../lib/toast';
import { formatDate } from '../../../contract/format';
import { useCancelOwnClasses, useCancellationOutcome, useRequestCancellation } from './api';

/** `many`: the enrollment has several classes, so the button names the class it cancels. */
export function CancelClass({ enrollment, classId, title, many }: { enrollment: FamilyEnrollment; classId: string; title: string; many: boolean }) {
  const preview = useCancellationOutcome();
  const cancel = useCancelOwnClasses();
  const ask = useRequestCancellation();
  const notify = useNotify();
  const [shown, setShown] = useState<{ outcome: CancellationOutcome; words: string } | null>(null);
  const [reason, setReason] = useState('');
  const first = enrollment.studentName.split(' ')[0];
  const request = { enrollmentId: enrollment.id, classIds: [classId] };
  const look = () => preview.mutateAsync(request).then(setShown, () => undefined);
  const confirm = () =>
    cancel.mutateAsync({ ...request, expectedRefund: shown!.outcome.refund, ...(reason.trim() ? { reason: reason.trim() } : {}) }).then(
      () => {
        notify({ severity: 'success', summary: 'Cancelled', detail: `${title} is cancelled for ${first}. ${shown!.words}` });
        setShown(null);
      },
      () => undefined,
    );
  const send = () =>
    ask.mutateAsync({ ...request, ...(reason.trim() ? { reason: reason.trim() } : {}) }).then(
      () => {
        notify({ severity: 'success', summary: 'Request sent', detail: `The office will answer your request about ${title} for ${first} by email.` });
        setShown(null);
      },
      () => undefined,
    );
  const reasonId = `cancel-reason-${enrollment.id}-${classId}`;
  const mine = (enrollment.requests ?? []).filter((r) => r.classIds.includes(classId));
  const waiting = mine.find((r) => r.status === 'waiting');
  const declined = mine.at(-1)?.status === 'declined' ? mine.at(-1) : undefined;
  // Inside the policy the family cancels; otherwise it asks the office.
  const go = shown?.outcome.allowed
    ? { run: confirm, isPending: cancel.isPending, label: cancel.isPending ? 'Cancelling…' : `Cancel ${title}` }
    : { run: send, isPending: ask.isPending, label: ask.isPending ? 'Sending…' : 'Send the request' };
  if (waiting)
    return (
      <p className="cancel-class muted" role="status">
        You asked the office on {formatDate(waiting.askedAt.slice(0, 10))} to {requestAsks(waiting)} for {first}: it answers by email.
      </p>
    );
  return (
    <div className="cancel-class">
      {declined && (
        <p className="muted">
          The office did not approve your request of {formatDate(declined.askedAt.slice(0, 10))} to {requestAsks(declined)}
          {declined.answer ? `: “${declined.answer}”` : '.'}
        </p>
      )}
      {shown === null ? (
        <Button variant="outlined" disabled={preview.isPending} onClick={() => void look()}>
          <span className="p-button-label">
            {preview.isPending ? 'Looking…' : many ? `Cancel ${title}…` : 'Cancel this class'}
            <span className="visually-hidden">
              {' '}
              ({title} for {first})
            </span>
          </span>
        </Button>
      ) : (
        <div className="inline-confirm" role="group" aria-label={`Cancel ${title} for ${first}`}>
          <p>
            <strong>If you cancel {title} for {first} today:</strong> {shown.words}
          </p>
          {!shown.outcome.allowed && <p>{shown.outcome.why}</p>}
          <div className="field">
            <label htmlFor={reasonId}>Why (optional, for the office)</label>
            <textarea id={reasonId} className="p-inputtextarea p-component" rows={2} maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} />
          </div>
          <div className="row-actions">
            <Button disabled={go.isPending} onClick={() => void go.run()}>
              <span className="p-button-label">{go.label}</span>
            </Button>
            <Button variant="outlined" onClick={() => setShown(null)}>
              <span className="p-button-label">Keep it</span>
            </Button>
          </div>
        </div>
      )}
      <FormFailure error={preview.error ?? cancel.error ?? ask.error} />
    </div>
  );
}
