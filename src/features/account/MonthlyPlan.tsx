// A monthly plan on My Enrollments: what is paid, the payments to come (the balance shared over the
// dates left, as the daily job charges them), and a payment the card declined, with the button to
// pay it with another card. The declined payment's email links here with `?pay=<enrollment>`: the
// payment's page opens at once (after signing in, when needed).
import type { FamilyEnrollment } from '../../../contract/domain';
import { formatCents } from '../../../contract/format';
import { declinedPayment, planWords } from '../../../contract/instalments';
import { balanceOf } from '../../../contract/money';
import { usePayInstalment } from './api';
import { PayButton, useLinkedPayment } from './PayButton';

export function MonthlyPlan({ enrollment }: { enrollment: FamilyEnrollment }) {
  const pay = usePayInstalment();
  const plan = enrollment.instalments!;
  const declined = declinedPayment(plan, balanceOf(enrollment));
  const start = () => pay.mutateAsync({ enrollmentId: enrollment.id });
  const cameByLink = useLinkedPayment(enrollment.id, start, !!declined);
  return (
    <div className="monthly-plan">
      <p>{planWords(plan, balanceOf(enrollment))}</p>
      {declined ? (
        <div className="plan-failed" role="alert">
          <p>{declined.words}</p>
          <PayButton label={`Pay ${formatCents(declined.amount)} now with another card`} start={start} pending={pay.isPending} error={pay.error} />
        </div>
      ) : (
        cameByLink && <p role="status">No monthly payment is waiting to be paid on this enrollment now.</p>
      )}
    </div>
  );
}
