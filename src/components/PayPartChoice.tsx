// How much of a card payment is paid now — all of it, a deposit, or the first of the monthly
// payments — as the review step and a waitlist claim both ask it.
import type { Cents, DepositPlan } from '../../contract/domain';
import { formatCents, formatDate } from '../../contract/format';
import { paymentsText, type InstalmentOffer } from '../../contract/instalments';

export type PayPart = 'full' | 'deposit' | 'instalments';

interface PayPartChoiceProps {
  /** The radio group's name (a page may ask it more than once). */
  name: string;
  total: Cents;
  deposit: DepositPlan | null;
  plan: InstalmentOffer | null;
  part: PayPart;
  onPart: (part: PayPart) => void;
}

/** The choice, shown only where a deposit or monthly payments are offered; what saving the card means under it. */
export function PayPartChoice({ name, total, deposit, plan, part, onPart }: PayPartChoiceProps) {
  if (!deposit && !plan) return null;
  return (
    <>
      <fieldset className="pay-choice">
        <legend>How much to pay now</legend>
        <label className="pay-option">
          <input type="radio" name={name} checked={part === 'full'} onChange={() => onPart('full')} />
          <span>Pay {formatCents(total)} in full</span>
        </label>
        {deposit && (
          <label className="pay-option">
            <input type="radio" name={name} checked={part === 'deposit'} onChange={() => onPart('deposit')} />
            <span>
              Pay a deposit of {formatCents(deposit.amount)} now and {formatCents(total - deposit.amount)} by {formatDate(deposit.dueDate, true)}
            </span>
          </label>
        )}
        {plan && (
          <label className="pay-option">
            <input type="radio" name={name} checked={part === 'instalments'} onChange={() => onPart('instalments')} />
            <span>
              Pay in {plan.payments.length} monthly payments: {paymentsText(plan.payments, plan.payments[0].due)}
            </span>
          </label>
        )}
      </fieldset>
      {part === 'instalments' && plan && (
        <p className="muted">The card you pay with on Stripe’s page is saved and charged on each date. If a payment does not go through, we email you and you can pay it with another card.</p>
      )}
    </>
  );
}
