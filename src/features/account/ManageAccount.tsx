import { Button } from 'primereact/button';
import { useState } from 'react';
import { sendPasswordReset } from '../../lib/auth';
import { useNotify } from '../../lib/toast';
import { useSession } from '../../lib/session';
import { Prime } from '../../components/Prime';
import { CalendarSubscription } from './CalendarSubscription';
import { AccountHolderSection } from './AccountHolder';
import { OurData } from './OurData';

export default function ManageAccount() {
  const { user } = useSession();
  const notify = useNotify();
  const [sending, setSending] = useState(false);
  return (
    <Prime>
      <div className="page page-narrow">
        <h1>Manage Account</h1>
        <p>
          Signed in as <strong>{user?.email ?? 'User email'}</strong>
        </p>
        <Button
          label="Send password reset email"
          icon="pi pi-envelope"
          loading={sending}
          onClick={() => {
            setSending(true);
            sendPasswordReset(user?.email ?? '')
              .then(
                () => notify({ severity: 'success', summary: 'Success', detail: 'Sent reset email!' }),
                () => notify({ severity: 'error', summary: 'Error', detail: 'Could not send the reset email. Please try again.' }),
              )
              .finally(() => setSending(false));
          }}
        />
        <AccountHolderSection />
        <CalendarSubscription />
        <OurData />
      </div>
    </Prime>
  );
}
