import { useState, type FormEvent } from 'react';
import type { Enrollment, Payment } from '../../../contract/domain';
import { formatCents } from '../../../contract/format';
import { formatDay } from '../../../contract/wording';
import { voidProblem } from '../../../contract/money';
import { Button } from '../../components/Button';
import { failureText } from '../../lib/query';
import { useVoidPayment } from './api';
import { useActionToast } from '../../components/EditForm';
import { METHOD_LABEL } from './paymentMethod';

/** One payment: struck through once voided (with the reason); "Void" (where a payment may be voided) asks for the reason. */
export function PaymentRow({ enrollment, payment: p, paymentId, onChange }: { enrollment: Enrollment; payment: Payment; paymentId: string; onChange: (e: Enrollment) => void }) {
  const [voiding, setVoiding] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const voidPayment = useVoidPayment();
  const toast = useActionToast();
  const failure = problem || failureText(voidPayment.error);
  const what = `${formatCents(p.amount)} ${METHOD_LABEL[p.method]}`;
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const wrong = reason.trim() ? '' : 'Give the reason for voiding this payment.';
    setProblem(wrong);
    if (wrong) return voidPayment.reset();
    voidPayment.mutate(
      { enrollmentId: enrollment.id, paymentId, reason },
      {
        onSuccess: (r) => {
          onChange(r.enrollment);
          toast.done(`The payment of ${what} is voided. Balance: ${formatCents(r.enrollment.balance)}.`);
        },
        onError: toast.failed,
      },
    );
  };
  const line = (
    <>
      {formatDay(p.at)} · {what}
      {p.note && ` · ${p.note}`} · by {p.by}
    </>
  );
  if (p.voided) {
    return (
      <li className="voided-payment">
        <del>{line}</del> · voided {formatDay(p.voided.at)} by {p.voided.by}: {p.voided.reason}
      </li>
    );
  }
  return (
    <li>
      {line}{' '}
      {voidProblem(enrollment, p) ? null : !voiding ? (
        <button type="button" className="link-button danger" onClick={() => setVoiding(true)}>
          Void<span className="visually-hidden"> the payment of {what}</span>
        </button>
      ) : (
        <form className="inline-form" onSubmit={submit} noValidate>
          <label htmlFor={`void-${paymentId}`}>Why is this payment voided?</label>
          <input id={`void-${paymentId}`} className="p-inputtext p-component" maxLength={500} value={reason} onChange={(ev) => setReason(ev.target.value)} aria-describedby={failure ? `void-${paymentId}-error` : undefined} />
          {failure && (
            <small id={`void-${paymentId}-error`} className="field-error" role="alert">
              {failure}
            </small>
          )}
          <Button type="submit" variant="danger" className="p-button-sm" disabled={voidPayment.isPending}>
            {voidPayment.isPending ? 'Voiding…' : 'Void payment'}
          </Button>
          <button type="button" className="link-button" onClick={() => setVoiding(false)}>
            Keep it
          </button>
        </form>
      )}
    </li>
  );
}
