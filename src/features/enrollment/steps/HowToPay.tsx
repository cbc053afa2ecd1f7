import type { Cents, CheckoutMethod, DepositPlan } from '../../../../contract/domain';
import type { InstalmentOffer } from '../../../../contract/instalments';
import { andList, formatCents } from '../../../../contract/format';
import { WAITLIST_CLAIM_HOURS } from '../../../../contract/constants';
import { Markdown } from '../../../components/Markdown';
import { PayPartChoice, type PayPart } from '../../../components/PayPartChoice';
import { creditWords } from '../../../../contract/credit';
import { VerifyEmail } from './VerifyEmail';

/** The review step's waitlist explanation: nothing is charged until a seat is claimed. */
export function HowTheWaitlistWorks({ firstName, total, verifyEmail, onVerified }: { firstName: string; total: number } & Pick<HowToPayProps, 'verifyEmail' | 'onVerified'>) {
  return (
    <section className="how-to-pay" aria-labelledby="waitlist-how">
      <h2 id="waitlist-how" tabIndex={-1}>
        How the waitlist works
      </h2>
      {verifyEmail && <VerifyEmail email={verifyEmail} onVerified={onVerified} waitlist />}
      <p>
        Nothing is charged now. When a seat frees up, we hold it for {firstName} and email you. You then have up to {WAITLIST_CLAIM_HOURS.default} hours
        (less close to the start) to claim it from My Enrollments, and pay {formatCents(total)} — or the price of that day, if lower.
      </p>
    </section>
  );
}

export interface HowToPayProps {
  quote: { total: Cents; deposit: DepositPlan | null; instalments: InstalmentOffer | null };
  methods: CheckoutMethod[];
  method: CheckoutMethod;
  onMethod: (method: CheckoutMethod) => void;
  part: PayPart;
  onPart: (part: PayPart) => void;
  /** Monthly payments are offered here (the account credit does not pay the first one whole). */
  monthly: boolean;
  holdMinutes: number;
  /** The children of the checkout, by first name. */
  names: string[];
  /** Taking a seat needs a verified email: the box to verify it, for this address. */
  verifyEmail: string | null;
  onVerified: () => void;
  paymentInstructions: string;
  /** What is paid now (the deposit or the total), what the account credit pays of it, and the family's credit. */
  credit: { due: Cents; used: Cents; balance: Cents };
}

/** The review step's payment choice: by card (in full, a deposit or monthly) or the office later, and what each means. */
export function HowToPay({ quote, methods, method, onMethod, part, onPart, monthly, holdMinutes, names, verifyEmail, onVerified, paymentInstructions, credit }: HowToPayProps) {
  const plan = monthly ? quote.instalments : null;
  const rest = credit.due - credit.used;
  const later = quote.total - credit.due;
  return (
    <section className="how-to-pay" aria-labelledby="how-to-pay">
      <h2 id="how-to-pay" tabIndex={-1}>
        How to pay
      </h2>
      {verifyEmail && <VerifyEmail email={verifyEmail} onVerified={onVerified} />}
      {quote.total === 0 ? (
        <p>Nothing to pay: your enrollment is confirmed as paid.</p>
      ) : (
        <>
          {methods.length > 1 && (
            <div className="pay-choice" role="radiogroup" aria-labelledby="how-to-pay">
              {methods.map((m) => (
                <label key={m} className="pay-option">
                  <input type="radio" name="pay-with" value={m} checked={method === m} onChange={() => onMethod(m)} />
                  <span>{m === 'card' ? (quote.deposit || plan || credit.balance ? 'Pay by card now' : `Pay ${formatCents(quote.total)} by card now`) : 'Pay the office later (check, cash or Venmo)'}</span>
                </label>
              ))}
            </div>
          )}
          {method === 'card' && <PayPartChoice name="pay-amount" total={quote.total} deposit={quote.deposit} plan={plan} part={part} onPart={onPart} />}
          {credit.used > 0 && (
            <p className="credit-used">
              {creditWords(credit.used, credit.balance)}{' '}
              {rest === 0 ? (later > 0 ? `Nothing more to pay now; ${formatCents(later)} is due by the balance date.` : 'Nothing more to pay.') : method === 'card' ? `You pay ${formatCents(rest)} by card now.` : `You owe ${formatCents(rest)} to the office.`}
            </p>
          )}
          {method === 'card' && rest === 0 ? (
            <p className="muted">{names.length > 1 ? 'Your enrollments are' : 'Your enrollment is'} confirmed right away.</p>
          ) : method === 'card' ? (
            <p className="muted">
              You pay on Stripe’s secure page; no card details reach us. Your seats are held for {holdMinutes} minutes while you pay, and {andList(names)} {names.length > 1 ? 'are' : 'is'} enrolled as soon as the
              payment is received.
            </p>
          ) : (
            <>
              <Markdown text={paymentInstructions} />
              <p className="muted">
                {names.length > 1 ? 'Your enrollments are' : 'Your enrollment is'} confirmed right away{rest > 0 ? `, with a balance due of ${formatCents(rest)}` : ''}.
              </p>
            </>
          )}
        </>
      )}
    </section>
  );
}
