// "Take this class offline" (or refresh the copy already on the phone), with the last day the copy opens.
import { formatDate } from '../../../contract/format';
import { Button } from '../../components/Button';
import { failureText } from '../../lib/query';
import { useOfflineCopy, useTakeOffline } from './offline';

export function OfflineButton({ classId, title }: { classId: string; /** Named for a screen reader in a list of classes. */ title?: string }) {
  const copy = useOfflineCopy(classId);
  const take = useTakeOffline();
  return (
    <div className="offline-take">
      <Button variant="outlined" disabled={take.isPending} aria-busy={take.isPending} onClick={() => take.mutate(classId)}>
        <span className="pi pi-download" aria-hidden="true" /> {copy ? 'Refresh the offline copy' : 'Take this class offline'}
        {title && <span className="visually-hidden"> ({title})</span>}
      </Button>
      <span className="muted" role="status">
        {take.isPending ? 'Saving on this phone…' : copy ? `Ready without signal until ${formatDate(copy.until)}.` : ''}
      </span>
      {take.isError && (
        <p className="field-error" role="alert">
          Not taken offline: {failureText(take.error)}
        </p>
      )}
    </div>
  );
}
