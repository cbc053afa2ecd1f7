// One enrollment's money for the office: what was bought, payments, cancellations; record a payment;
// cancel some or all classes with the refund the pricing engine suggests (editable).
import { Dialog } from 'primereact/dialog';
import { useEffect, useState, type FormEvent } from 'react';
import { PAYMENT_METHODS, paymentKey, type CancellationQuote, type Enrollment, type Payment, type PaymentMethod } from '../../../../contract/domain';
import { formatCents, formatDay, parseDollars, plainDollars } from '../../../../contract/format';
import { balanceOf, moneyFigures } from '../../../../contract/money';
import { call } from '../../../lib/callable';
import { toCallError } from '../../../lib/query';
import { useOfficeAction } from '../shared/EditForm';
import { useCancelEnrollment, useRecordPayment, useVoidPayment } from '../api';

const METHOD_LABEL: Record<PaymentMethod, string> = { card: 'Card', check: 'Check', cash: 'Cash', venmo: 'Venmo', other: 'Other' };

/** How money was paid or given back. */
function MethodField({
  id,
  label,
  value,
  blank,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  value: PaymentMethod | '';
  blank?: string;
  disabled?: boolean;
  onChange: (m: PaymentMethod | '') => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="p-inputtext p-component" value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as PaymentMethod | '')}>
        {blank && <option value="">{blank}</option>}
        {PAYMENT_METHODS.map((m) => (
          <option key={m} value={m}>
            {METHOD_LABEL[m]}
          </option>
        ))}
      </select>
    </div>
  );
}

function PaymentForm({ enrollment, onChange }: { enrollment: Enrollment; onChange: (e: Enrollment) => void }) {
  const due = balanceOf(enrollment);
  // Empty, never the balance: one more click must not record the whole balance a second time.
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('check');
  const [note, setNote] = useState('');
  const { busy, failure, setFailure, run } = useOfficeAction();
  const record = useRecordPayment();
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const cents = parseDollars(amount);
    if (cents === null || cents < 1) return setFailure('Enter an amount in dollars, like 120 or 120.50.');
    if (cents > due) return setFailure(`That is more than the balance of ${formatCents(due)}.`);
    const payment = { enrollmentId: enrollment.id, amount: cents, method, note };
    const ok = await run('save', async () => {
      let r;
      try {
        r = await record.mutateAsync(payment);
      } catch (e) {
        const error = toCallError(e);
        // The same amount and method less than a minute ago: record it again only when confirmed.
        if (error.code !== 'aborted' || !window.confirm(error.message)) throw e;
        r = await record.mutateAsync({ ...payment, confirmDuplicate: true });
      }
      onChange(r.enrollment);
      return `Payment of ${formatCents(cents)} recorded. Balance: ${formatCents(r.enrollment.balance)}.`;
    });
    if (ok) {
      setAmount('');
      setNote('');
    }
  };
  if (due <= 0) return <p className="muted">Nothing is owed on this enrollment.</p>;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="pay-title">
      <h3 id="pay-title">Record a payment</h3>
      <div className="field">
        <label htmlFor="pay-amount">Amount ($)</label>
        <input
          id="pay-amount"
          className="p-inputtext p-component"
          inputMode="decimal"
          maxLength={12}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-describedby={failure ? 'pay-amount-help pay-error' : 'pay-amount-help'}
        />
        <small id="pay-amount-help" className="muted">
          Balance due: {formatCents(due)}
        </small>
      </div>
      <MethodField id="pay-method" label="Method" value={method} onChange={(m) => m && setMethod(m)} />
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
  const [refundMethod, setRefundMethod] = useState<PaymentMethod | ''>('');
  const [note, setNote] = useState('');
  const { busy, failure, setFailure, run } = useOfficeAction();
  const cancel = useCancelEnrollment();
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
    if (cents > 0 && !refundMethod) return setFailure('Say how the refund is given back.');
    const names = current.cancelClassIds.map((id) => titles.get(id) ?? id).join(', ');
    if (!window.confirm(`Cancel ${names} for ${enrollment.studentName} with a refund of ${formatCents(cents)}?`)) return;
    const ok = await run('save', async () => {
      const r = await cancel.mutateAsync({
        enrollmentId: enrollment.id,
        classIds: current.cancelClassIds,
        refund: cents,
        ...(cents > 0 && refundMethod ? { refundMethod } : {}),
        note,
      });
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
          <dt>Net paid so far</dt>
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
      <MethodField id="cancel-refund-method" label="Refund given back by" value={refundMethod} disabled={!current} blank="Choose… (needed when there is a refund)" onChange={setRefundMethod} />
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

/** One payment: struck through once voided (with the reason); "Void" asks for the reason. */
function PaymentRow({ enrollment, payment: p, paymentId, onChange }: { enrollment: Enrollment; payment: Payment; paymentId: string; onChange: (e: Enrollment) => void }) {
  const [voiding, setVoiding] = useState(false);
  const [reason, setReason] = useState('');
  const { busy, failure, setFailure, run } = useOfficeAction();
  const voidPayment = useVoidPayment();
  const what = `${formatCents(p.amount)} ${METHOD_LABEL[p.method]}`;
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (!reason.trim()) return setFailure('Give the reason for voiding this payment.');
    await run('void', async () => {
      const r = await voidPayment.mutateAsync({ enrollmentId: enrollment.id, paymentId, reason });
      onChange(r.enrollment);
      return `The payment of ${what} is voided. Balance: ${formatCents(r.enrollment.balance)}.`;
    });
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
      {!voiding ? (
        <button type="button" className="link-button danger" onClick={() => setVoiding(true)}>
          Void<span className="visually-hidden"> the payment of {what}</span>
        </button>
      ) : (
        <form className="inline-form" onSubmit={(ev) => void submit(ev)} noValidate>
          <label htmlFor={`void-${paymentId}`}>Why is this payment voided?</label>
          <input id={`void-${paymentId}`} className="p-inputtext p-component" maxLength={500} value={reason} onChange={(ev) => setReason(ev.target.value)} aria-describedby={failure ? `void-${paymentId}-error` : undefined} />
          {failure && (
            <small id={`void-${paymentId}-error`} className="field-error" role="alert">
              {failure}
            </small>
          )}
          <button type="submit" className="p-button p-component p-button-danger p-button-sm" disabled={busy !== null}>
            {busy ? 'Voiding…' : 'Void payment'}
          </button>
          <button type="button" className="link-button" onClick={() => setVoiding(false)}>
            Keep it
          </button>
        </form>
      )}
    </li>
  );
}

/** Total, paid, refunded, net paid and balance: the same four words on every office screen and CSV. */
export function MoneySummary({ enrollment: e }: { enrollment: Enrollment }) {
  return (
    <dl className="money-summary">
      {moneyFigures(e).map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{formatCents(value)}</dd>
        </div>
      ))}
    </dl>
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
      <MoneySummary enrollment={e} />
      {e.payments.length > 0 && (
        <>
          <h3>Payments</h3>
          <ul className="plain-list">
            {e.payments.map((p, i) => (
              <PaymentRow key={paymentKey(p, i)} enrollment={e} payment={p} paymentId={paymentKey(p, i)} onChange={onChange} />
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
                {c.refundMethod && ` by ${METHOD_LABEL[c.refundMethod]}`}
                {c.fee > 0 && ` · fee kept ${formatCents(c.fee)}`}
                {c.note && ` · ${c.note}`} · by {c.by}
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
