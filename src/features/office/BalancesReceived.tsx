// The enrollments table's bulk action: the balances ticked marked received in full at once, by one
// way (checks from the office's box, say). Each is recorded, audited and receipted on its own; what
// could not be (paid meanwhile, a card checkout) is said with why.
import { useState } from 'react';
import type { EnrollmentRow, RECEIVED_METHODS } from '../../../contract/domain';
import { formatCents } from '../../../contract/format';
import { Button } from '../../components/Button';
import { useActionToast } from '../../components/EditForm';
import { FormFailure } from '../../components/FormFailure';
import { newIdempotencyKey } from '../../lib/idempotencyKey';
import { useRecordBalances } from './api';
import { ReceivedMethodField } from './paymentMethod';

export function BalancesReceived({ rows, onDone }: { rows: EnrollmentRow[]; onDone: () => void }) {
  const [method, setMethod] = useState<(typeof RECEIVED_METHODS)[number] | ''>('check');
  const [note, setNote] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const record = useRecordBalances();
  const toast = useActionToast();
  const total = rows.reduce((sum, r) => sum + r.balance, 0);
  const names = new Map(rows.map((r) => [r.id, r.studentName]));
  const submit = () =>
    record.mutate(
      { enrollmentIds: rows.map((r) => r.id), method: method || 'check', note, idempotencyKey: key },
      {
        onSuccess: ({ recorded, skipped }) => {
          const sum = recorded.reduce((s, r) => s + r.amount, 0);
          const not = skipped.map((s) => `${names.get(s.enrollmentId) ?? s.enrollmentId}: ${s.why}`).join(' ');
          toast.done(`Recorded ${recorded.length} ${recorded.length === 1 ? 'balance' : 'balances'} received (${formatCents(sum)}).${not ? ` Not recorded — ${not}` : ''}`);
          setKey(newIdempotencyKey());
          setNote('');
          onDone();
        },
        onError: toast.failed,
      },
    );
  return (
    <div className="bulk-received" role="group" aria-label="Mark the balances ticked received">
      <p>
        <strong>
          {rows.length} {rows.length === 1 ? 'balance' : 'balances'} ticked: {formatCents(total)}
        </strong>
      </p>
      <ReceivedMethodField id="bulk-method" label="Received by" value={method} onChange={setMethod} />
      <div className="field">
        <label htmlFor="bulk-note">Note (optional, on each payment)</label>
        <input id="bulk-note" className="p-inputtext p-component" maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      <FormFailure error={record.error} />
      <div className="row-actions">
        <Button disabled={!rows.length || !method || record.isPending} onClick={submit}>
          <span className="p-button-label">{record.isPending ? 'Recording…' : `Mark ${rows.length} received in full`}</span>
        </Button>
      </div>
    </div>
  );
}
