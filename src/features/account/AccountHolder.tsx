// Who holds the family's account: the parent the office calls and who signs for the family. Asked
// once, at the first checkout (the review step), and kept on Manage Account.
import { useState } from 'react';
import type { AccountHolder } from '../../../contract/domain';
import { AccountHolderFields, holderErrors, NO_HOLDER } from '../../components/AccountHolderFields';
import { Button } from '../../components/Button';
import { FormFailure } from '../../components/FormFailure';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { useNotify } from '../../lib/toast';
import { useSaveAccount } from './api';
import { useMyAccount } from '../family/api';

/** Manage Account's section: the holder's name and phone, saved on their own. */
export function AccountHolderSection() {
  const [state, reload] = useMyAccount();
  if (state.status === 'loading') return <PageLoading label="Loading your account…" />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={reload} />;
  return <HolderForm key={JSON.stringify(state.value.holder)} initial={state.value.holder ?? NO_HOLDER} />;
}

function HolderForm({ initial }: { initial: AccountHolder }) {
  const [holder, setHolder] = useState(initial);
  const [tried, setTried] = useState(false);
  const save = useSaveAccount();
  const notify = useNotify();
  const errors = tried ? holderErrors(holder) : {};
  return (
    <section className="account-holder" aria-labelledby="holder-title">
      <h2 id="holder-title">Account holder</h2>
      <p className="muted">The office calls this number about your enrollments; your receipts name you.</p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (Object.keys(holderErrors(holder)).length) return;
          save.mutate(holder, { onSuccess: () => notify({ severity: 'success', summary: 'Saved', detail: 'Your name and phone are saved.' }) });
        }}
      >
        <AccountHolderFields value={holder} onChange={setHolder} errors={errors} />
        <Button type="submit" disabled={save.isPending}>
          <span className="p-button-label">{save.isPending ? 'Saving…' : 'Save name and phone'}</span>
        </Button>
        <FormFailure error={save.error} />
      </form>
    </section>
  );
}
