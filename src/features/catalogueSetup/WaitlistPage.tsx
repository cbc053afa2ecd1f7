// /admin/classes/management/waitlist/:id: a class's waitlist in order, with its
// status; the office offers a seat by hand, moves someone up with a written reason, or removes someone.
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { OfficeWaitlistEntry } from '../../../contract/domain';
import { formatCents } from '../../../contract/format';
import { formatDay, formatMoment } from '../../../contract/wording';
import { Button } from '../../components/Button';
import { LoadError } from '../../components/LoadError';
import { PageLoading } from '../../components/PageLoading';
import { useAdminWaitlist, useWaitlistMove, useWaitlistOffer, useWaitlistRemove } from './api';
import { useActionToast } from '../../components/EditForm';
import { AdminTable, ColumnHeaders, RowActions } from '../../components/table';

const STATUS: Record<OfficeWaitlistEntry['status'], string> = {
  waiting: 'Waiting',
  offered: 'Offered',
  enrolled: 'Enrolled',
  lapsed: 'Offer lapsed',
  declined: 'Declined',
  removed: 'Removed',
  left: 'Left the list',
};

const statusText = (e: OfficeWaitlistEntry) => (e.status === 'offered' && e.offer ? `Offered until ${formatMoment(e.offer.expiresAt)}` : STATUS[e.status]);

/** What the office asks a reason for: moving an entry up one place, or removing it. */
type Pending = { entry: OfficeWaitlistEntry; action: 'move' | 'remove'; before: string | null };

export default function WaitlistPage() {
  const { id: classId = '' } = useParams();
  const [state, reload] = useAdminWaitlist(classId);
  const offer = useWaitlistOffer();
  const move = useWaitlistMove();
  const remove = useWaitlistRemove();
  const toast = useActionToast();
  const [pending, setPending] = useState<Pending | null>(null);
  const [reason, setReason] = useState('');
  const busy = offer.isPending || move.isPending || remove.isPending;

  if (state.status === 'loading') return <PageLoading label="Loading the waitlist…" />;
  if (state.status === 'error') return <LoadError error={state.error} onRetry={reload} />;
  const { entries, title, seatsToOffer } = state.value;
  const waiting = entries.filter((e) => e.status === 'waiting');
  // Offering needs a seat: without one the button says why instead of failing.
  const noSeat = waiting.length > 0 && seatsToOffer === 0;

  const confirmPending = (event: FormEvent) => {
    event.preventDefault();
    if (!pending || !reason.trim()) return;
    const done = { onSuccess: () => (toast.done(pending.action === 'move' ? `${pending.entry.studentName} moved up.` : `${pending.entry.studentName} is off the waitlist (emailed).`), setPending(null)), onError: toast.failed };
    if (pending.action === 'move') move.mutate({ entryId: pending.entry.id, beforeEntryId: pending.before, reason: reason.trim() }, done);
    else remove.mutate({ entryId: pending.entry.id, reason: reason.trim() }, done);
  };

  return (
    <div className="page admin-page">
      <p>
        <Link to="/admin/classes/management">Class Management</Link>
      </p>
      <h1>Waitlist: {title}</h1>
      {noSeat && (
        <p id="no-seat" className="muted">
          No seat is free in {title}: raise its capacity, or wait for a seat to free up, to offer one.
        </p>
      )}
      {entries.length === 0 ? (
        <p className="empty-panel">Nobody has joined this class's waitlist.</p>
      ) : (
        <AdminTable
          label={`Waitlist of ${title}`}
          caption={`Waitlist of ${title}, in order`}
          head={<ColumnHeaders columns={['Place', 'Student', 'Joined', 'Status', { label: 'Price quoted', num: true }, { label: 'Actions', hidden: true }]} />}
        >
          {entries.map((e) => {
            const index = waiting.findIndex((w) => w.id === e.id);
            const moves = e.history.filter((h) => h.action === 'moved' || h.action === 'removed');
            return (
              <tr key={e.id}>
                <td>{e.place ?? '—'}</td>
                <th scope="row">
                  {e.studentName}
                  {moves.map((h, i) => (
                    <div key={i} className="muted">
                      {h.action === 'moved' ? 'Moved' : 'Removed'} {formatDay(h.at)} by {h.by}: {h.reason}
                    </div>
                  ))}
                </th>
                <td>
                  {formatDay(e.joinedAt)}
                  {e.round && <div className="muted">From the registration round’s draw (turn {e.round.turn + 1})</div>}
                </td>
                <td>{statusText(e)}</td>
                <td className="num">{formatCents(e.quote.total)}</td>
                <RowActions>
                  {e.status === 'waiting' && (
                    <button
                      type="button"
                      className="link-button"
                      disabled={busy || noSeat}
                      aria-describedby={noSeat ? 'no-seat' : undefined}
                      onClick={() => offer.mutate({ entryId: e.id }, { onSuccess: () => toast.done(`A seat is offered to ${e.studentName} (emailed).`), onError: toast.failed })}
                    >
                      Offer a seat<span className="visually-hidden"> to {e.studentName}</span>
                    </button>
                  )}
                  {index > 0 && (
                    <button type="button" className="link-button" disabled={busy} onClick={() => (setPending({ entry: e, action: 'move', before: waiting[index - 1].id }), setReason(''))}>
                      Move up<span className="visually-hidden"> {e.studentName}</span>
                    </button>
                  )}
                  {(e.status === 'waiting' || e.status === 'offered') && (
                    <button type="button" className="link-button danger" disabled={busy} onClick={() => (setPending({ entry: e, action: 'remove', before: null }), setReason(''))}>
                      Remove<span className="visually-hidden"> {e.studentName}</span>
                    </button>
                  )}
                </RowActions>
              </tr>
            );
          })}
        </AdminTable>
      )}
      {pending && (
        <form className="admin-card reason-form" onSubmit={confirmPending} aria-labelledby="reason-title">
          <h2 id="reason-title">{pending.action === 'move' ? `Move ${pending.entry.studentName} up one place` : `Remove ${pending.entry.studentName} from the waitlist`}</h2>
          <div className="field">
            <label htmlFor="waitlist-reason">Reason (kept with the entry{pending.action === 'remove' ? ' and emailed to the family' : ''})</label>
            <input id="waitlist-reason" className="p-inputtext p-component" value={reason} maxLength={300} required onChange={(ev) => setReason(ev.target.value)} />
          </div>
          <div className="row-actions">
            <Button type="submit" disabled={busy || !reason.trim()}>
              <span className="p-button-label">{pending.action === 'move' ? 'Move up' : 'Remove'}</span>
            </Button>
            <Button variant="outlined" onClick={() => setPending(null)}>
              <span className="p-button-label">Cancel</span>
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
