// In Payments & changes: the office moves the child to another class of the term (a family on the
// phone), whatever the school's policy lets families do by themselves: it reads what the move does
// (the price difference owed, or a cheaper class's difference paid as account credit — the policy's
// price rule, or at no charge when the office says so), then moves with a reason for the audit
// trail. The child must fit the new class.
import { useState, type FormEvent } from 'react';
import type { TransferOutcome } from '../../../contract/changes';
import type { Enrollment } from '../../../contract/domain';
import { Button } from '../../components/Button';
import { CheckboxField } from '../../components/studentForm/fields';
import { useActionToast } from '../../components/EditForm';
import { FormFailure } from '../../components/FormFailure';
import { ClassChoice } from '../../components/ClassChoice';
import { useClassesBySemester } from '../catalogue/api';
import { useMoveClass, useTransferPreview } from './api';

export function MoveForm({ enrollment, titles, onChange }: { enrollment: Enrollment; titles: Map<string, string>; onChange: (e: Enrollment) => void }) {
  const movable = enrollment.lineItems.filter((l) => l.kind === 'class').flatMap((l) => l.classIds);
  const [fromClassId, setFrom] = useState(movable[0] ?? '');
  const [toClassId, setTo] = useState('');
  const [reason, setReason] = useState('');
  // Whatever the policy's price rule: the new class at the price paid for the old one.
  const [atNoCharge, setAtNoCharge] = useState(false);
  const [shown, setShown] = useState<{ outcome: TransferOutcome; words: string } | null>(null);
  const [problem, setProblem] = useState('');
  const semesterId = enrollment.lineItems.find((l) => l.classIds.includes(fromClassId))?.semesterId ?? '';
  const [catalogue] = useClassesBySemester([semesterId], !!semesterId && enrollment.status === 'confirmed');
  const preview = useTransferPreview();
  const move = useMoveClass();
  const toast = useActionToast();
  if (enrollment.status !== 'confirmed' || !movable.length) return null;
  const request = { enrollmentId: enrollment.id, fromClassId, toClassId, ...(atNoCharge ? { atNoCharge } : {}) };
  const look = () => preview.mutateAsync(request).then(setShown, () => undefined);
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const wrong = !shown?.outcome.allowed ? 'Choose a class the child can move to, then look at what the move does.' : !reason.trim() ? 'Say why, for the audit trail (the family’s words on the phone).' : '';
    setProblem(wrong);
    if (wrong) return move.reset();
    move.mutate(
      { ...request, expectedTotal: shown!.outcome.newTotal, reason: reason.trim() },
      {
        onSuccess: (r) => {
          onChange(r.enrollment);
          toast.done(`Moved ${enrollment.studentName} from ${titles.get(fromClassId) ?? fromClassId} to ${shown!.outcome.toTitle}. ${shown!.words} The family is emailed.`);
          setShown(null);
          setTo('');
          setReason('');
        },
        onError: toast.failed,
      },
    );
  };
  return (
    <form className="move-form" onSubmit={submit} noValidate aria-labelledby="move-title">
      <h3 id="move-title">Move to another class</h3>
      {movable.length > 1 && (
        <div className="field">
          <label htmlFor="move-from">Class to leave</label>
          <select
            id="move-from"
            className="p-inputtext p-component"
            value={fromClassId}
            onChange={(e) => {
              setFrom(e.target.value);
              setShown(null);
            }}
          >
            {movable.map((id) => (
              <option key={id} value={id}>
                {titles.get(id) ?? id}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        {movable.length === 1 && <p className="muted">Leaves {titles.get(fromClassId) ?? fromClassId}.</p>}
        <label htmlFor="move-to">New class</label>
        <ClassChoice
          id="move-to"
          classes={catalogue.status === 'loaded' ? (catalogue.value[semesterId]?.classes ?? []) : null}
          exclude={enrollment.classIds}
          value={toClassId}
          onChange={(classId) => {
            setTo(classId);
            setShown(null);
          }}
        />
      </div>
      <CheckboxField
        label="At no charge (the new class at the price paid for the old one)"
        checked={atNoCharge}
        onChange={(on) => {
          setAtNoCharge(on);
          setShown(null);
        }}
      />
      {shown && (
        <p aria-live="polite">
          <strong>{shown.outcome.allowed ? 'The move:' : 'Not possible:'}</strong> {shown.words}
        </p>
      )}
      <div className="field">
        <label htmlFor="move-reason">Why (for the audit trail)</label>
        <input id="move-reason" className="p-inputtext p-component" maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} />
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <FormFailure error={preview.error ?? move.error} />
      <div className="row-actions">
        <Button type="button" variant="outlined" disabled={!toClassId || preview.isPending} onClick={() => void look()}>
          <span className="p-button-label">{preview.isPending ? 'Looking…' : 'See what moving does'}</span>
        </Button>
        <Button type="submit" disabled={!shown?.outcome.allowed || move.isPending}>
          <span className="p-button-label">{move.isPending ? 'Moving…' : 'Move the child'}</span>
        </Button>
      </div>
    </form>
  );
}
