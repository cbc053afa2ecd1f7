// /admin/credits: the account credit the school owes families — each family's balance and every entry
// (given by the office, used by a checkout, given back, a refund as credit), and the form that gives a
// family credit, or takes some back, with the reason the family reads on My Enrollments.
import { useState, type FormEvent } from 'react';
import { CREDIT_KIND_WORDS, signedCents, type OfficeCredit } from '../../../contract/credit';
import { formatCents, formatDate } from '../../../contract/format';
import { parseDollars } from '../../../contract/wording';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { FormFailure } from '../../components/FormFailure';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { AdminTable } from '../../components/table';
import { newIdempotencyKey } from '../../lib/idempotencyKey';
import { useNotify } from '../../lib/toast';
import { useCredits, useGiveCredit } from './api';
import './office.css';


export default function CreditsPage() {
  const [state, reload] = useCredits();
  const families = state.status === 'loaded' ? state.value.families : [];
  const owed = families.reduce((s, f) => s + f.balance, 0);
  return (
    <div className="page admin-page">
      <h1>Account credit</h1>
      <p className="muted">
        Credit pays first at a family’s next checkout, before the card or the office. Give it with a reason the family reads; refunds can be given back as credit from a cancellation.
      </p>
      <GiveCredit />
      {state.status === 'loading' && <PageLoading label="Loading the account credit…" />}
      {state.status === 'error' && <LoadError error={state.error} onRetry={reload} />}
      {state.status === 'loaded' && !families.length && <p className="empty-panel">No family has had account credit yet.</p>}
      {state.status === 'loaded' && families.length > 0 && (
        <>
          <p>
            Owed to families in credit: <strong>{formatCents(owed)}</strong> ({families.filter((f) => f.balance > 0).length} of {families.length} families)
          </p>
          <AdminTable
            label="Account credit by family"
            caption="Account credit by family, largest balance first"
            head={
              <>
                <th scope="col">Family</th>
                <th scope="col">Balance</th>
                <th scope="col">Entries</th>
              </>
            }
          >
            {families.map((f) => (
              <FamilyRow key={f.ownerUid} family={f} />
            ))}
          </AdminTable>
        </>
      )}
    </div>
  );
}

function FamilyRow({ family: f }: { family: OfficeCredit }) {
  return (
    <tr>
      <td>{f.email || f.ownerUid}</td>
      <td>{formatCents(f.balance)}</td>
      <td>
        <details>
          <summary>
            {f.entries.length} {f.entries.length === 1 ? 'entry' : 'entries'}
            <span className="visually-hidden"> for {f.email}</span>
          </summary>
          <ul className="credit-ledger">
            {f.entries.map((e) => (
              <li key={e.id}>
                {formatDate(e.at.slice(0, 10))} · <strong>{signedCents(e.amount)}</strong> · {CREDIT_KIND_WORDS[e.kind]}: {e.words} <span className="muted">({e.by})</span>
              </li>
            ))}
          </ul>
        </details>
      </td>
    </tr>
  );
}

/** Gives a family credit, or takes some back, by the family's email. */
function GiveCredit() {
  const give = useGiveCredit();
  const notify = useNotify();
  const [email, setEmail] = useState('');
  const [amountText, setAmountText] = useState('');
  const [takeBack, setTakeBack] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const cents = parseDollars(amountText);
    const wrong = !email.trim() ? 'Enter the family’s account email.' : cents === null || cents < 1 ? 'Enter an amount in dollars, like 25 or 25.50.' : !reason.trim() ? 'Say why, in words for the family.' : '';
    setProblem(wrong);
    if (wrong || cents === null) return give.reset();
    give.mutate(
      { email: email.trim(), amount: cents, ...(takeBack ? { takeBack } : {}), reason: reason.trim(), idempotencyKey: key },
      {
        onSuccess: ({ family }) => {
          notify({ severity: 'success', summary: 'Saved', detail: `${takeBack ? 'Took back' : 'Gave'} ${formatCents(cents)} ${takeBack ? 'from' : 'to'} ${family.email}. Their credit: ${formatCents(family.balance)}.` });
          setAmountText('');
          setReason('');
          setKey(newIdempotencyKey());
        },
      },
    );
  };
  return (
    <Card id="give-credit" title="Give credit" className="give-credit">
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="credit-email">Family’s account email</label>
          <input id="credit-email" type="email" autoComplete="off" className="p-inputtext p-component" maxLength={254} value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <fieldset className="pay-choice">
          <legend>Give or take back</legend>
          <label className="pay-option">
            <input type="radio" name="credit-way" checked={!takeBack} onChange={() => setTakeBack(false)} />
            <span>Give credit</span>
          </label>
          <label className="pay-option">
            <input type="radio" name="credit-way" checked={takeBack} onChange={() => setTakeBack(true)} />
            <span>Take credit back (a mistake)</span>
          </label>
        </fieldset>
        <div className="field">
          <label htmlFor="credit-amount">Amount ($)</label>
          <input id="credit-amount" className="p-inputtext p-component" inputMode="decimal" maxLength={12} value={amountText} onChange={(e) => setAmountText(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="credit-reason">Reason (the family reads it)</label>
          <input id="credit-reason" className="p-inputtext p-component" maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
        <FormFailure error={give.error} />
        <Button type="submit" disabled={give.isPending}>
          <span className="p-button-label">{give.isPending ? 'Saving…' : takeBack ? 'Take back credit' : 'Give credit'}</span>
        </Button>
      </form>
    </Card>
  );
}
