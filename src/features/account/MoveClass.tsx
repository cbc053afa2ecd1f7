// On My Enrollments: "Move to another class" lets the family pick another class of the same term
// for the child and shows, before anything is sent, what the move does to the money (nothing more,
// the difference owed, or a cheaper class's difference paid as account credit); inside the school's
// policy the child moves at once, otherwise the family asks the office, which keeps a seat in the new
// class for the child until it answers.
import { useState } from 'react';
import type { TransferOutcome } from '../../../contract/changes';
import type { FamilyEnrollment } from '../../../contract/domain';
import { Button } from '../../components/Button';
import { FormFailure } from '../../components/FormFailure';
import { useNotify } from '../../lib/toast';
import { ClassChoice } from '../../components/ClassChoice';
import { useClassesBySemester } from '../catalogue/api';
import { useMoveOwnClass, useRequestTransfer, useTransferOutcome } from './api';

export function MoveClass({ enrollment, classId, semesterId, title }: { enrollment: FamilyEnrollment; classId: string; semesterId: string; title: string }) {
  const [open, setOpen] = useState(false);
  const [catalogue] = useClassesBySemester([semesterId], open);
  const preview = useTransferOutcome();
  const move = useMoveOwnClass();
  const ask = useRequestTransfer();
  const notify = useNotify();
  const [toClassId, setToClassId] = useState('');
  const [shown, setShown] = useState<{ outcome: TransferOutcome; words: string } | null>(null);
  const [reason, setReason] = useState('');
  const first = enrollment.studentName.split(' ')[0];
  // A request about this class waits for the office (its words are on the cancel button's place).
  if ((enrollment.requests ?? []).some((r) => r.status === 'waiting' && r.classIds.includes(classId))) return null;
  const id = `move-${enrollment.id}-${classId}`;
  const request = { enrollmentId: enrollment.id, fromClassId: classId, toClassId };
  const close = () => {
    setOpen(false);
    setShown(null);
    setToClassId('');
    setReason('');
  };
  const look = () => preview.mutateAsync(request).then(setShown, () => undefined);
  const toTitle = shown?.outcome.toTitle ?? '';
  const done = (summary: string, detail: string) => () => {
    notify({ severity: 'success', summary, detail });
    close();
  };
  const confirm = () => move.mutateAsync({ ...request, expectedTotal: shown!.outcome.newTotal }).then(done('Moved', `${first} is now enrolled in ${toTitle} instead of ${title}. ${shown!.words}`), () => undefined);
  const send = () =>
    ask.mutateAsync({ ...request, ...(reason.trim() ? { reason: reason.trim() } : {}) }).then(done('Request sent', `The office will answer your request to move ${first} to ${toTitle} by email.`), () => undefined);
  if (!open)
    return (
      <Button variant="outlined" onClick={() => setOpen(true)}>
        <span className="p-button-label">
          Move to another class…
          <span className="visually-hidden">
            {' '}
            ({title} for {first})
          </span>
        </span>
      </Button>
    );
  return (
    <div className="inline-confirm move-class" role="group" aria-label={`Move ${first} from ${title}`}>
      <div className="field">
        <label htmlFor={id}>
          Move {first} from {title} to
        </label>
        <ClassChoice
          id={id}
          classes={catalogue.status === 'loaded' ? (catalogue.value[semesterId]?.classes ?? []) : null}
          exclude={enrollment.classIds}
          value={toClassId}
          onChange={(classId) => {
            setToClassId(classId);
            setShown(null);
          }}
        />
      </div>
      {shown && (
        <>
          <p>
            <strong>
              If {first} moves to {toTitle}:
            </strong>{' '}
            {shown.outcome.why && !shown.outcome.askable ? shown.outcome.why : shown.words}
          </p>
          {shown.outcome.askable && <p>{shown.outcome.why}</p>}
          {shown.outcome.askable && (
            <div className="field">
              <label htmlFor={`${id}-reason`}>Why (optional, for the office)</label>
              <textarea id={`${id}-reason`} className="p-inputtextarea p-component" rows={2} maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} />
            </div>
          )}
        </>
      )}
      <div className="row-actions">
        {!shown && (
          <Button disabled={!toClassId || preview.isPending} onClick={() => void look()}>
            <span className="p-button-label">{preview.isPending ? 'Looking…' : 'See what moving does'}</span>
          </Button>
        )}
        {shown?.outcome.allowed && (
          <Button disabled={move.isPending} onClick={() => void confirm()}>
            <span className="p-button-label">{move.isPending ? 'Moving…' : `Move ${first} to ${toTitle}`}</span>
          </Button>
        )}
        {shown?.outcome.askable && (
          <Button disabled={ask.isPending} onClick={() => void send()}>
            <span className="p-button-label">{ask.isPending ? 'Sending…' : 'Send the request'}</span>
          </Button>
        )}
        <Button variant="outlined" onClick={close}>
          <span className="p-button-label">Keep {title}</span>
        </Button>
      </div>
      <FormFailure error={preview.error ?? move.error ?? ask.error} />
    </div>
  );
}
