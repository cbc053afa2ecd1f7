// My Enrollments: the family's account credit, what it has and how it came and went. Shown only when
// there is something to show; the next checkout uses it first, by itself.
import { signedCents } from '../../../contract/credit';
import { formatCents } from '../../../contract/format';
import { formatDay } from '../../../contract/wording';
import { useMyCredit } from '../family/api';

export function AccountCredit() {
  const [credit] = useMyCredit();
  if (credit.status !== 'loaded' || !credit.value.entries.length) return null;
  const { balance, entries } = credit.value;
  return (
    <section className="family-balance account-credit" aria-labelledby="credit-title">
      <h2 id="credit-title">Account credit: {formatCents(balance)}</h2>
      <p className="muted">{balance > 0 ? 'Your next enrollment uses it first, before the card or the office.' : 'Nothing left: all of it was used.'}</p>
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
