// Cancels some or all classes of an enrollment with the refund the pricing engine suggests (editable).
import { useState, type FormEvent } from 'react';
import type { Enrollment, PaymentMethod } from '../../../contract/domain';
import { formatCents } from '../../../contract/format';
import { parseDollars, plainDollars } from '../../../contract/wording';
import { PAID_HOW } from '../../../contract/money';
import { Button } from '../../components/Button';
import { confirm } from '../../components/confirm';
import { failureText } from '../../lib/query';
import { useCancelEnrollment, useCancelQuote } from './api';
import { useActionToast } from '../../components/EditForm';
import { MethodField } from './paymentMethod';

export function CancelForm({ enrollment, titles, onChange }: { enrollment: Enrollment; titles: Map<string, string>; onChange: (e: Enrollment) => void }) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [edited, setEdited] = useState<{ key: string; text: string } | null>(null);
  const [cardEdited, setCardEdited] = useState<{ key: string; text: string } | null>(null);
  // The refund goes back to the card through Stripe as far as the card paid, the rest the way the family
  // paid the office (the last such payment), unless the office chooses otherwise.
  // (Worked out from the payments as they are now: a payment recorded with the form open counts.)
  const officePaid = enrollment.payments.filter((p) => !p.card && !p.voided).at(-1)?.method;
  const [chosenMethod, setRefundMethod] = useState<PaymentMethod | '' | null>(null);
  const refundMethod = chosenMethod ?? officePaid ?? (enrollment.payments.some((p) => p.card && !p.voided) ? 'card' : '');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const cancel = useCancelEnrollment();
  const toast = useActionToast();
  const [quote] = useCancelQuote(enrollment.id, chosen);
  const current = chosen.length && quote.status === 'loaded' ? quote.value : null;
  // Each choice of classes suggests its refund; the office may change it.
  const key = chosen.join(',');
  const refund = edited?.key === key ? edited.text : current ? plainDollars(current.suggestedRefund) : '';
  const setRefund = (text: string) => setEdited({ key, text });
  // Paid (partly) by card: what goes back to the card, at most what the card paid; the rest by the method below.
  const byCard = current ? current.cardRefundable : 0;
  const cardText = cardEdited?.key === key ? cardEdited.text : current ? plainDollars(Math.min(parseDollars(refund) ?? 0, byCard)) : '';
  const splits = byCard > 0 && refundMethod !== 'card';
  const failure = problem || failureText(cancel.error) || (chosen.length && quote.status === 'error' ? quote.error.message : '');
  const toggle = (id: string) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const cents = parseDollars(refund);
    const toCard = splits ? parseDollars(cardText) : refundMethod === 'card' ? cents : 0;
    const rest = cents !== null && toCard !== null ? cents - toCard : 0;
    const wrong = !current
      ? 'Choose the classes to cancel.'
      : cents === null
        ? 'Enter the refund in dollars, like 0 or 120.50.'
        : cents > current.netPaid
          ? `The refund cannot be more than the ${formatCents(current.netPaid)} paid.`
          : toCard === null
            ? 'Enter what goes back to the card in dollars, like 0 or 120.50.'
            : splits && toCard > Math.min(cents, byCard)
              ? `At most ${formatCents(Math.min(cents, byCard))} can go back to the card.`
              : rest > 0 && (!refundMethod || refundMethod === 'card')
                ? toCard > 0
                  ? `Say how the rest of the refund (${formatCents(rest)}) is given back.`
                  : 'Say how the refund is given back.'
                : '';
    setProblem(wrong);
    if (wrong || !current || cents === null || toCard === null) return cancel.reset();
    const names = current.cancelClassIds.map((id) => titles.get(id) ?? id).join(', ');
    const how = toCard > 0 && rest > 0 ? ` (${formatCents(toCard)} to the card, ${formatCents(rest)} ${PAID_HOW[refundMethod as PaymentMethod]})` : '';
    if (!(await confirm(`Cancel ${names} for ${enrollment.studentName} with a refund of ${formatCents(cents)}${how}?`, { yes: 'Cancel the classes', no: 'Keep them', danger: true }))) return;
    const split = rest > 0 ? { refundMethod: refundMethod as PaymentMethod, ...(toCard > 0 ? { cardRefund: toCard } : {}) } : toCard > 0 ? { refundMethod: 'card' as const } : {};
    cancel.mutate(
      { enrollmentId: enrollment.id, classIds: current.cancelClassIds, refund: cents, ...split, note },
      {
        onSuccess: (r) => {
          onChange(r.enrollment);
          toast.done(`Cancelled ${names}. Refund: ${formatCents(cents)}${how}. Seats are free again.`);
          setChosen([]);
          setNote('');
        },
        onError: toast.failed,
      },
    );
  };
  // Only a confirmed enrollment holds seats to cancel (a card checkout's hold ends by itself).
  if (enrollment.status !== 'confirmed') return null;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="cancel-title">
      <h3 id="cancel-title">Cancel classes</h3>
      <fieldset className="plain-fieldset">
        <legend>Classes to cancel</legend>
        {enrollment.classIds.map((id) => (
          <label key={id} className="checkbox-row">
            <input type="checkbox" checked={chosen.includes(id)} onChange={() => toggle(id)} /> {titles.get(id) ?? id}
          </label>
        ))}
      </fieldset>
      {current && (
        <dl aria-live="polite">
          <dt>Total now</dt>
          <dd>{formatCents(current.currentTotal)}</dd>
          <dt>Total after</dt>
          <dd>{formatCents(current.newTotal)}</dd>
          <dt>Net paid so far</dt>
          <dd>{formatCents(current.netPaid)}</dd>
          <dt>Suggested refund</dt>
          <dd>{formatCents(current.suggestedRefund)}</dd>
          {byCard > 0 && (
            <>
              <dt>Can go back to the card</dt>
              <dd>{formatCents(byCard)}</dd>
            </>
          )}
        </dl>
      )}
      <div className="field">
        <label htmlFor="cancel-refund">Refund ($)</label>
        <input id="cancel-refund" className="p-inputtext p-component" inputMode="decimal" value={refund} disabled={!current} onChange={(e) => setRefund(e.target.value)} aria-describedby="cancel-refund-help" />
        <small id="cancel-refund-help" className="muted">
          Less than suggested keeps the difference as a cancellation fee.
        </small>
      </div>
      {splits && (
        <div className="field">
          <label htmlFor="cancel-card">Of which back to the card ($)</label>
          <input id="cancel-card" className="p-inputtext p-component" inputMode="decimal" value={cardText} disabled={!current} onChange={(e) => setCardEdited({ key, text: e.target.value })} aria-describedby="cancel-card-help" />
          <small id="cancel-card-help" className="muted">
            Through Stripe, at most {formatCents(byCard)}; the rest is given back the way chosen below.
          </small>
        </div>
      )}
      <MethodField
        id="cancel-refund-method"
        label={splits ? 'The rest given back by' : 'Refund given back by'}
        value={refundMethod}
        disabled={!current}
        blank="Choose… (needed when there is a refund)"
        onChange={setRefundMethod}
      />
      <div className="field">
        <label htmlFor="cancel-note">Note</label>
        <input id="cancel-note" className="p-inputtext p-component" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      <Button type="submit" variant="danger" disabled={cancel.isPending || !current}>
        {cancel.isPending ? 'Cancelling…' : 'Cancel selected classes'}
      </Button>
    </form>
  );
}
