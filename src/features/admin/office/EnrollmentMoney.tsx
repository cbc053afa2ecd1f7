// One enrollment's money for the office: what was bought, payments, cancellations; record a payment;
// cancel some or all classes with the refund the pricing engine suggests (editable).
import { Dialog } from 'primereact/dialog';
import { useEffect, useState, type FormEvent } from 'react';
import { PAYMENT_METHODS, type CancellationQuote, type Enrollment, type PaymentMethod } from '../../../../contract/domain';
import { formatCents, formatDay, parseDollars, plainDollars } from '../../../../contract/format';
import { balanceOf, paidOf, refundedOf } from '../../../../contract/money';
import { call } from '../../../lib/callable';
import { toCallError } from '../../../lib/useCall';
import { useOfficeAction } from '../shared/EditForm';

const METHOD_LABEL: Record<PaymentMethod, string> = { card: 'Card', check: 'Check', cash: 'Cash', venmo: 'Venmo', other: 'Other' };

function PaymentForm({ enrollment, onChange }: { enrollment: Enrollment; onChange: (e: Enrollment) => void }) {
  const due = balanceOf(enrollment);
  const [amount, setAmount] = useState(plainDollars(due));
  const [method, setMethod] = useState<PaymentMethod>('check');
  const [note, setNote] = useState('');
  const { busy, failure, setFailure, run } = useOfficeAction();
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const cents = parseDollars(amount);
    if (cents === null || cents < 1) return setFailure('Enter an amount in dollars, like 120 or 120.50.');
    if (cents > due) return setFailure(`That is more than the balance of ${formatCents(due)}.`);
    const ok = await run('save', async () => {
      const r = await call('adminRecordPayment', { enrollmentId: enrollment.id, amount: cents, method, note });
      onChange(r.enrollment);
      return `Payment of ${formatCents(cents)} recorded. Balance: ${formatCents(r.enrollment.balance)}.`;
    });
    if (ok) setNote('');
  };
  if (due <= 0) return <p className="muted">Nothing is owed on this enrollment.</p>;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="pay-title">
      <h3 id="pay-title">Record a payment</h3>
      <div className="field">
        <label htmlFor="pay-amount">Amount ($)</label>
        <input id="pay-amount" className="p-inputtext p-component" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} aria-describedby={failure ? 'pay-error' : undefined} />
      </div>
      <div className="field">
        <label htmlFor="pay-method">Method</label>
        <select id="pay-method" className="p-inputtext p-component" value={method} onChange={(e) => setMethod(e.target.value as PaymentMethod)}>
          {PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {METHOD_LABEL[m]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="pay-note">Note (check number, who paid…)</label>
        <input id="pay-note" className="p-inputtext p-component" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      {failure && (
        <p id="pay-error" className="field-error" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="p-button p-component" disabled={busy !== null}>
        {busy ? 'Saving…' : 'Record payment'}
      </button>
    </form>
  );
}

function CancelForm({ enrollment, titles, onChange }: { enrollment: Enrollment; titles: Map<string, string>; onChange: (e: Enrollment) => void }) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [quote, setQuote] = useState<CancellationQuote | null>(null);
  const [refund, setRefund] = useState('');
  const [note, setNote] = useState('');
  const { busy, failure, setFailure, run } = useOfficeAction();
  const key = chosen.join(',');
  useEffect(() => {
    if (!key) return;
    let live = true;
    call('adminCancelQuote', { enrollmentId: enrollment.id, classIds: key.split(',') }).then(
      (q) => {
        if (!live) return;
        setQuote(q);
        setRefund(plainDollars(q.suggestedRefund));
      },
      (e: unknown) => live && setFailure(toCallError(e).message),
    );
    return () => {
      live = false;
    };
  }, [key, enrollment.id, setFailure]);
  const current = quote && quote.cancelClassIds.join(',') === key ? quote : null;
  const toggle = (id: string) => setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (!current) return setFailure('Choose the classes to cancel.');
    const cents = parseDollars(refund);
    if (cents === null) return setFailure('Enter the refund in dollars, like 0 or 120.50.');
    if (cents > current.netPaid) return setFailure(`The refund cannot be more than the ${formatCents(current.netPaid)} paid.`);
    const names = current.cancelClassIds.map((id) => titles.get(id) ?? id).join(', ');
    if (!window.confirm(`Cancel ${names} for ${enrollment.studentName} with a refund of ${formatCents(cents)}?`)) return;
    const ok = await run('save', async () => {
      const r = await call('adminCancelEnrollment', { enrollmentId: enrollment.id, classIds: current.cancelClassIds, refund: cents, note });
      onChange(r.enrollment);
      return `Cancelled ${names}. Refund: ${formatCents(cents)}. Seats are free again.`;
    });
    if (ok) {
      setChosen([]);
      setQuote(null);
      setNote('');
    }
  };
  if (enrollment.status === 'cancelled') return null;
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
          <dt>Paid so far</dt>
          <dd>{formatCents(current.netPaid)}</dd>
          <dt>Suggested refund</dt>
          <dd>{formatCents(current.suggestedRefund)}</dd>
        </dl>
      )}
      <div className="field">
        <label htmlFor="cancel-refund">Refund ($)</label>
        <input id="cancel-refund" className="p-inputtext p-component" inputMode="decimal" value={refund} disabled={!current} onChange={(e) => setRefund(e.target.value)} aria-describedby="cancel-refund-help" />
        <small id="cancel-refund-help" className="muted">
          Less than suggested keeps the difference as a cancellation fee.
        </small>
      </div>
      <div className="field">
        <label htmlFor="cancel-note">Note</label>
        <input id="cancel-note" className="p-inputtext p-component" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="p-button p-component p-button-danger" disabled={busy !== null || !current}>
        {busy ? 'Cancelling…' : 'Cancel selected classes'}
      </button>
    </form>
  );
}

/** The dialog: the enrollment's lines and money, and the two office actions. */
export function EnrollmentMoney({
  enrollment,
  titles,
  onChange,
  onClose,
}: {
  enrollment: Enrollment;
  titles: Map<string, string>;
  onChange: (e: Enrollment) => void;
  onClose: () => void;
}) {
  const e = enrollment;
  return (
    <Dialog header={`${e.studentName} · enrolled ${formatDay(e.createdAt)}`} visible onHide={onClose} className="money-dialog" style={{ width: 'min(36rem, 95vw)' }} modal>
      <p>
        Status: <strong>{e.status === 'confirmed' ? 'Confirmed' : 'Cancelled'}</strong>
      </p>
      <ul className="plain-list">
        {e.lineItems.map((l) => (
          <li key={l.id}>
            {l.title} · {formatCents(l.price)}
            {l.addOns.map((a) => ` + ${a.description} ${formatCents(a.price)}`).join('')}
          </li>
        ))}
        {e.discounts.map((d) => (
          <li key={d.code}>
            {d.code} ({d.description}) · −{formatCents(d.amount)}
          </li>
        ))}
      </ul>
      <dl>
        <dt>Total</dt>
        <dd>{formatCents(e.total)}</dd>
        <dt>Paid</dt>
        <dd>{formatCents(paidOf(e))}</dd>
        {refundedOf(e) > 0 && (
          <>
            <dt>Refunded</dt>
            <dd>{formatCents(refundedOf(e))}</dd>
          </>
        )}
        <dt>Balance</dt>
        <dd>
          <strong>{formatCents(e.balance)}</strong>
        </dd>
      </dl>
      {e.payments.length > 0 && (
        <>
          <h3>Payments</h3>
          <ul className="plain-list">
            {e.payments.map((p, i) => (
              <li key={i}>
                {formatDay(p.at)} · {formatCents(p.amount)} {METHOD_LABEL[p.method]}
                {p.note && ` · ${p.note}`} · by {p.by}
              </li>
            ))}
          </ul>
        </>
      )}
      {(e.cancellations ?? []).length > 0 && (
        <>
          <h3>Cancellations</h3>
          <ul className="plain-list">
            {e.cancellations!.map((c, i) => (
              <li key={i}>
                {formatDay(c.at)} · {c.classTitles.join(', ')} · refund {formatCents(c.refund)}
                {c.fee > 0 && ` · fee kept ${formatCents(c.fee)}`}
                {c.note && ` · ${c.note}`}
              </li>
            ))}
          </ul>
        </>
      )}
      <PaymentForm key={`pay-${e.balance}`} enrollment={e} onChange={onChange} />
      <CancelForm key={`cancel-${e.classIds.join(',')}`} enrollment={e} titles={titles} onChange={onChange} />
    </Dialog>
  );
}
