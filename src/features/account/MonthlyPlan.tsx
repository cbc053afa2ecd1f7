// A monthly plan on My Enrollments: what is paid, the payments to come (the balance shared over the
// dates left, as the daily job charges them), and a payment the card declined, with the button to
// pay it with another card.
import type { FamilyEnrollment } from '../../../contract/domain';
import { formatCents } from '../../../contract/format';
import { declinedWords, planWords, remainingPayments } from '../../../contract/instalments';
import { balanceOf } from '../../../contract/money';
import { usePayInstalment } from './api';
import { PayButton } from './PayButton';

export function MonthlyPlan({ enrollment }: { enrollment: FamilyEnrollment }) {
  const pay = usePayInstalment();
  const plan = enrollment.instalments!;
  const next = remainingPayments(plan, balanceOf(enrollment))[0];
  return (
    <div className="monthly-plan">
      <p>{planWords(plan, balanceOf(enrollment))}</p>
      {plan.failed && next && (
        <div className="plan-failed" role="alert">
          <p>{declinedWords(plan, next.amount)}</p>
          <PayButton label={`Pay ${formatCents(next.amount)} now with another card`} start={() => pay.mutateAsync({ enrollmentId: enrollment.id })} pending={pay.isPending} error={pay.error} />
        </div>
      )}
    </div>
  );
}
