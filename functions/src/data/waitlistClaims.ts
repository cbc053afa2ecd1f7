// A waitlist offer's side of the enrollment that claims it (read and written in that transaction).
import { FieldValue, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import type { WaitlistEntry, WaitlistEvent } from '../../../contract/domain';
import { formatMoment } from '../../../contract/format';
import { offerLapsed } from '../domain/waitlist';
import { notFound, precondition } from './db';


/** The family's open offer, or why it cannot be claimed. */
export async function claimableEntry(tx: Transaction, ref: DocumentReference<WaitlistEntry>, uid: string, now: Date): Promise<WaitlistEntry> {
  const snap = await tx.get(ref);
  if (!snap.exists || snap.get('ownerUid') !== uid) throw notFound('This waitlist offer');
  const entry = snap.data()!;
  if (entry.status === 'enrolled') throw precondition(`${entry.studentName} is already enrolled in ${entry.title}: see My Enrollments.`);
  if (entry.status === 'waiting') throw precondition(`No seat is offered for ${entry.title} yet: ${entry.studentName} is still on the waitlist.`);
  if (entry.status !== 'offered' || offerLapsed(entry, now)) {
    const ended = entry.offer ? ` ended ${formatMoment(entry.offer.expiresAt)} and` : '';
    throw precondition(`This offer for ${entry.title}${ended} is no longer open: the seat went to the next family on the waitlist. You may join the waitlist again.`);
  }
  return entry;
}

export function claimInTx(tx: Transaction, ref: DocumentReference<WaitlistEntry>, enrollmentId: string, at: string): void {
  const event: WaitlistEvent = { at, action: 'claimed' };
  tx.update(ref, { status: 'enrolled', enrollmentId, history: FieldValue.arrayUnion(event) });
}
