import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/Button';
import { FormFailure } from '../../components/FormFailure';

/** A button that opens Stripe's page for a balance (`start` asks the server for it). */
export function PayButton({ label, start, pending, error }: { label: string; start: () => Promise<{ checkoutUrl: string }>; pending: boolean; error: unknown }) {
  const [leaving, setLeaving] = useState(false);
  const open = () =>
    start().then(({ checkoutUrl }) => {
      setLeaving(true);
      window.location.assign(checkoutUrl);
    }, () => undefined);
  return (
    <div className="pay-balance">
      <Button disabled={pending || leaving} onClick={() => void open()}>
        <span className="p-button-label">{pending || leaving ? 'Opening the payment page…' : label}</span>
      </Button>
      <FormFailure error={error} />
    </div>
  );
}


/**
 * An email's link to My Enrollments with `?pay=<enrollment>` (a declined monthly payment, a balance
 * the office asked to be paid by card): the enrollment's payment page opens at once, once — the
 * parameter is dropped, so a reload or the way back from Stripe's page shows the page itself. `waiting`:
 * there is something to pay; true is returned when the page came by the link.
 */
export function useLinkedPayment(enrollmentId: string, start: () => Promise<{ checkoutUrl: string }>, waiting: boolean): boolean {
  const [params, setParams] = useSearchParams();
  const [cameByLink] = useState(params.get('pay') === enrollmentId);
  const opened = useRef(false);
  useEffect(() => {
    if (!cameByLink || opened.current) return;
    opened.current = true;
    setParams((p) => (p.delete('pay'), p), { replace: true });
    if (waiting) start().then(({ checkoutUrl }) => window.location.assign(checkoutUrl), () => undefined);
  });
  return cameByLink;
}
