// My Enrollments: the family's account credit, what it has and how it came and went. Shown only when
// there is something to show; the next checkout uses it first, by itself, and what the family owes
// now can be paid from it here (oldest enrollment first; the card pays the rest).
import { signedCents } from '../../../contract/credit';
import { formatCents } from '../../../contract/format';
import { formatDay } from '../../../contract/wording';
import { Button } from '../../components/Button';
import { FormFailure } from '../../components/FormFailure';
import { useNotify } from '../../lib/toast';
import { useMyCredit } from '../family/api';
import { usePayFromCredit } from './api';

/** `owed`: what the family's confirmed enrollments owe now. */
export function AccountCredit({ owed }: { owed: number }) {
  const [credit] = useMyCredit();
  const pay = usePayFromCredit();
  const notify = useNotify();
  if (credit.status !== 'loaded' || !credit.value.entries.length) return null;
  const { balance, entries } = credit.value;
  const usable = Math.min(balance, owed);
  const use = () =>
    pay.mutateAsync({}).then(
      (r) => notify({ severity: 'success', summary: 'Paid from your credit', detail: `${formatCents(r.used)} of what you owe is paid from your account credit.` }),
      () => undefined,
    );
  return (
    <section className="family-balance account-credit" aria-labelledby="credit-title">
      <h2 id="credit-title">Account credit: {formatCents(balance)}</h2>
      <p className="muted">{balance > 0 ? 'Your next enrollment uses it first, before the card or the office.' : 'Nothing left: all of it was used.'}</p>
      {usable > 0 && (
        <>
          <Button disabled={pay.isPending} onClick={() => void use()}>
            <span className="p-button-label">{pay.isPending ? 'Paying…' : `Pay ${formatCents(usable)} of what you owe from your credit`}</span>
          </Button>
          <FormFailure error={pay.error} />
        </>
      )}
      <details>
        <summary>How it came and went</summary>
        <table className="credit-entries">
          <caption className="visually-hidden">Account credit, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">What</th>
              <th scope="col" className="amount">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id}>
                <td>{formatDay(e.at)}</td>
                <td>{e.words}</td>
                <td className="amount">{signedCents(e.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
