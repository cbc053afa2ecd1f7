// Payments & changes: the office gives a discount by hand — an amount off what is still owed, with the
// reason the family reads in its email. It is kept through cancellations and moves (the "Office
// discount" line); money already paid goes back as account credit instead (Account credit page).
import { useState, type FormEvent } from 'react';
import type { Enrollment } from '../../../contract/domain';
import { formatCents } from '../../../contract/format';
import { balanceOf } from '../../../contract/money';
import { formatDay } from '../../../contract/wording';
import { Button } from '../../components/Button';
import { MoneyField, NOT_AN_AMOUNT } from '../../components/MoneyField';
import { TextField } from '../../components/studentForm/fields';
import type { Errors } from '../../components/studentForm/errors';
import { useActionToast } from '../../components/EditForm';
import { newIdempotencyKey } from '../../lib/idempotencyKey';
import { failureText } from '../../lib/query';
import { useGiveDiscount } from './api';

export function DiscountForm({ enrollment, onChange }: { enrollment: Enrollment; onChange: (e: Enrollment) => void }) {
  const due = balanceOf(enrollment);
  const [cents, setCents] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  // One key per discount meant: a second press (or a retry) gives it once.
  const [key, setKey] = useState(newIdempotencyKey);
  // Remounted after each discount given: its fields start empty.
  const [round, setRound] = useState(0);
  const give = useGiveDiscount();
  const toast = useActionToast();
  const failure = failureText(give.error);
  const given = enrollment.officeDiscounts ?? [];
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const found: Errors = {
      ...(cents === null || !Number.isFinite(cents) || cents < 1 ? { discountAmount: NOT_AN_AMOUNT } : cents > due ? { discountAmount: `That is more than the balance of ${formatCents(due)}: for money already paid, give account credit.` } : {}),
      ...(reason.trim() ? {} : { discountReason: 'Say why, in words for the family.' }),
    };
    setErrors(found);
    if (Object.keys(found).length || cents === null) return give.reset();
    give.mutate(
      { enrollmentId: enrollment.id, amount: cents, reason: reason.trim(), idempotencyKey: key },
      {
        onSuccess: ({ enrollment: next }) => {
          onChange(next);
          toast.done(`${formatCents(cents)} taken off. Balance: ${formatCents(next.balance)}.`);
          setCents(null);
          setReason('');
          setKey(newIdempotencyKey());
          setRound((n) => n + 1);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="discount-title">
      <h3 id="discount-title">Give a discount</h3>
      {given.length > 0 && (
        <ul className="plain-list">
          {given.map((d) => (
            <li key={d.id}>
              {formatDay(d.at)} · −{formatCents(d.amount)} · {d.reason} · by {d.by}
            </li>
          ))}
        </ul>
      )}
      {due <= 0 ? (
        <p className="muted">Nothing is owed: for money already paid, give account credit.</p>
      ) : (
        <>
          <MoneyField key={round} path="discountAmount" label="Amount off ($)" optional cents={cents} onChange={setCents} errors={errors} hint={`Off what is owed (${formatCents(due)}); kept if classes are cancelled or moved.`} />
          <TextField path="discountReason" label="Why (the family reads it)" maxLength={300} errors={errors} value={reason} onChange={setReason} />
          {failure && (
            <p className="field-error" role="alert">
              {failure}
            </p>
          )}
          <Button type="submit" variant="outlined" disabled={give.isPending}>
            {give.isPending ? 'Saving…' : 'Give the discount'}
          </Button>
        </>
      )}
    </form>
  );
}
