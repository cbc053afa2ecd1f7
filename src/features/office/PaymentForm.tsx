// Records a payment of an enrollment (the same one twice within a minute only when the office says so).
import { useState, type FormEvent } from 'react';
import { type Enrollment, type RECEIVED_METHODS } from '../../../contract/domain';
import { formatCents } from '../../../contract/format';
import { parseDollars } from '../../../contract/wording';
import { balanceOf } from '../../../contract/money';
import { Button } from '../../components/Button';
import { confirm } from '../../components/confirm';
import { failureText, toCallError } from '../../lib/query';
import { useRecordPayment } from './api';
import { useActionToast } from '../../components/EditForm';
import { ReceivedMethodField } from './paymentMethod';

export function PaymentForm({ enrollment, onChange }: { enrollment: Enrollment; onChange: (e: Enrollment) => void }) {
  const due = balanceOf(enrollment);
  // Empty, never the balance: one more click must not record the whole balance a second time.
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<(typeof RECEIVED_METHODS)[number]>('check');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const record = useRecordPayment();
  const toast = useActionToast();
  const failure = problem || failureText(record.error);
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const cents = parseDollars(amount);
    const wrong =
      cents === null || cents < 1 ? 'Enter an amount in dollars, like 120 or 120.50.' : cents > due ? `That is more than the balance of ${formatCents(due)}.` : '';
    setProblem(wrong);
    if (wrong || cents === null) return record.reset();
    const payment = { enrollmentId: enrollment.id, amount: cents, method, note };
    try {
      const r = await record.mutateAsync(payment).catch(async (e: unknown) => {
        // A refusal shows the enrollment as it is now (another person may have recorded a payment).
        const now = (toCallError(e).details as { enrollment?: Enrollment } | undefined)?.enrollment;
        if (now) onChange(now);
        // The same amount and method less than a minute ago: record it again only when confirmed.
        if (toCallError(e).code !== 'aborted') throw e;
        if (!(await confirm(toCallError(e).message, { yes: 'Record it again', no: 'Do not record' }))) return null;
        return record.mutateAsync({ ...payment, confirmDuplicate: true });
      });
      if (!r) return record.reset();
      onChange(r.enrollment);
      toast.done(`Payment of ${formatCents(cents)} recorded. Balance: ${formatCents(r.enrollment.balance)}.`);
      setAmount('');
      setNote('');
    } catch (e) {
      toast.failed(e);
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
      <ReceivedMethodField id="pay-method" label="Method" value={method} onChange={(m) => m && setMethod(m)} />
      <div className="field">
        <label htmlFor="pay-note">Note (check number, who paid…)</label>
        <input id="pay-note" className="p-inputtext p-component" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      {failure && (
        <p id="pay-error" className="field-error" role="alert">
          {failure}
        </p>
      )}
      <Button type="submit" disabled={record.isPending}>
        {record.isPending ? 'Saving…' : 'Record payment'}
      </Button>
    </form>
  );
}
