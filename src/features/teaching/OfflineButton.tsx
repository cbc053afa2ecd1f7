// "Take this class offline" (or refresh the copy already on the phone), with the last day the copy
// opens: its next meeting.
import type { TaughtClass } from '../../../contract/domain';
import { offlineCopyUntil } from '../../../contract/field';
import { formatDate } from '../../../contract/format';
import { meetingDates, schoolToday } from '../../../contract/schedule';
import { Button } from '../../components/Button';
import { failureText } from '../../lib/query';
import { useOfflineCopy, useTakeOffline } from './offline';

export function OfflineButton({ klass, named = true }: { klass: TaughtClass | (Parameters<typeof meetingDates>[0] & { id: string; title: string }); /** Named for a screen reader in a list of classes. */ named?: boolean }) {
  const copy = useOfflineCopy(klass.id);
  const take = useTakeOffline();
  if (!copy && !offlineCopyUntil(meetingDates(klass), schoolToday())) return <p className="muted offline-take">No meeting left: nothing to take offline.</p>;
  return (
    <div className="offline-take">
      <Button variant="outlined" disabled={take.isPending} aria-busy={take.isPending} onClick={() => take.mutate(klass.id)}>
        <span className="pi pi-download" aria-hidden="true" /> {copy ? 'Refresh the offline copy' : 'Take this class offline'}
        {named && <span className="visually-hidden"> ({klass.title})</span>}
      </Button>
      <span className="muted" role="status">
        {take.isPending ? 'Saving on this phone…' : copy ? `Ready without signal until ${formatDate(copy.until)} (the next meeting); downloaded again whenever there is a signal.` : ''}
      </span>
      {take.isError && (
        <p className="field-error" role="alert">
          Not taken offline: {failureText(take.error)}
        </p>
      )}
    </div>
  );
}
