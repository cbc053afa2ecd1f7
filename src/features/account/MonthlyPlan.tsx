// A monthly plan on My Enrollments: what is paid, the payments to come (the balance shared over the
// dates left, as the daily job charges them), and a payment the card declined, with the button to
// pay it with another card.
import type { FamilyEnrollment } from '../../../contract/domain';
import { formatCents, formatDate } from '../../../contract/format';
import { paymentsText, remainingPayments } from '../../../contract/instalments';
import { balanceOf } from '../../../contract/money';
import { formatCard } from '../../../contract/wording';
import { usePayInstalment } from './api';
import { PayButton } from './PayButton';

export function MonthlyPlan({ enrollment }: { enrollment: FamilyEnrollment }) {
  const pay = usePayInstalment();
  const plan = enrollment.instalments!;
  const left = remainingPayments(plan, balanceOf(enrollment));
  const of = plan.dates.length;
  const card = plan.card ? ` with your ${formatCard(plan.card)}` : '';
  return (
    <div className="monthly-plan">
      <p>
        Monthly payments: {Math.min(plan.paid, of)} of {of} paid{card}.{left.length > 0 && ` To come: ${paymentsText(left)}.`}
      </p>
      {plan.failed && left.length > 0 && (
        <div className="plan-failed" role="alert">
          <p>
            Monthly payment {plan.paid + 1} of {of} ({formatCents(left[0].amount)}) did not go through on {formatDate(plan.failed.since, true)}: {plan.failed.reason}.{' '}
            {plan.nextOn ? `We will try the card again on ${formatDate(plan.nextOn, true)}.` : 'We will not try the card again: please pay it now, or at the office.'}
          </p>
          <PayButton label={`Pay ${formatCents(left[0].amount)} now with another card`} start={() => pay.mutateAsync({ enrollmentId: enrollment.id })} pending={pay.isPending} error={pay.error} />
        </div>
      )}
    </div>
  );
}
