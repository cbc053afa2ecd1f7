// The office deletes enrollments families started and left (each holds a child's health profile):
// those not saved for the days asked. Counted first; deleting them is in the audit trail.
import { counted } from '../../../contract/format';
import { auditReads, type Actor } from '../data/audit';
import { deleteDraftsBefore } from '../data/drafts';
import { DAY_MS } from '../../../contract/schedule';


export async function deleteAbandonedDrafts(actor: Actor, olderThanDays: number, send: boolean, now: Date): Promise<{ found: number; deleted: number }> {
  const done = await deleteDraftsBefore(new Date(now.getTime() - olderThanDays * DAY_MS).toISOString(), send);
  if (send) await auditReads(actor, [{ kind: 'drafts-deleted', record: { type: 'account', id: 'enrollment-drafts' }, summary: `Deleted ${counted(done.deleted, 'enrollment left unfinished', 'enrollments left unfinished')} (not saved for ${counted(olderThanDays, 'day')})` }], now);
  return done;
}
