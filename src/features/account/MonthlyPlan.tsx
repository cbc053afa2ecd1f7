// A monthly plan on My Enrollments: what is paid, the payments to come (the balance shared over the
// dates left, as the daily job charges them), and a payment the card declined, with the button to
// pay it with another card.
import type { FamilyEnrollment } from '../../../contract/domain';
import { formatCents } from '../../../contract/format';
import { declinedPayment, planWords } from '../../../contract/instalments';
import { balanceOf } from '../../../contract/money';
import { usePayInstalment } from './api';
import { PayButton } from './PayButton';

export function MonthlyPlan({ enrollment }: { enrollment: FamilyEnrollment }) {
  const pay = usePayInstalment();
  const plan = enrollment.instalments!;
  const declined = declinedPayment(plan, balanceOf(enrollment));
  return (
    <div className="monthly-plan">
      <p>{planWords(plan, balanceOf(enrollment))}</p>
      {declined && (
        <div className="plan-failed" role="alert">
          <p>{declined.words}</p>
          <PayButton label={`Pay ${formatCents(declined.amount)} now with another card`} start={() => pay.mutateAsync({ enrollmentId: enrollment.id })} pending={pay.isPending} error={pay.error} />
        </div>
      )}
    </div>
  );
}
