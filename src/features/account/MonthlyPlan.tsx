// A monthly plan on My Enrollments: what is paid, the payments to come (the balance shared over the
// dates left, as the daily job charges them), and a payment the card declined, with the button to
// pay it with another card. The declined payment's email links here with `?pay=<enrollment>`: the
// payment's page opens at once (after signing in, when needed).
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
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
  const [params, setParams] = useSearchParams();
  const [cameByLink] = useState(params.get('pay') === enrollment.id);
  const opened = useRef(false);
  const start = () => pay.mutateAsync({ enrollmentId: enrollment.id });
  useEffect(() => {
    if (!cameByLink || opened.current) return;
    opened.current = true;
    // Once: a reload or the back button from Stripe's page comes back to the plan, not to another page.
    setParams((p) => (p.delete('pay'), p), { replace: true });
    if (declined) start().then(({ checkoutUrl }) => window.location.assign(checkoutUrl), () => undefined);
  });
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
