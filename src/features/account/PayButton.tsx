import { useState } from 'react';
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

