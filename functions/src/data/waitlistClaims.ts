// A waitlist offer's side of the enrollment that claims it (read and written in that transaction).
import { FieldValue, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import type { WaitlistEntry, WaitlistEvent } from '../../../contract/domain';
import { formatMoment } from '../../../contract/wording';
import { offerLapsed } from '../domain/waitlist';
import { notFound, precondition, recordRef } from './db';

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

/**
 * The claim, written in the enrollment's transaction: an enrollment confirmed now (paid, free, or paid
 * at the office) ends the entry as enrolled; one paid by card leaves the offer open until the payment
 * arrives (leaving Stripe's page gives the family its offer back, not the seat to someone else).
 */
export function claimInTx(tx: Transaction, entry: WaitlistEntry, enrollmentId: string, confirmed: boolean, at: string): void {
  const ref = recordRef('waitlist', entry.id);
  if (!confirmed) {
    const paying: WaitlistEvent = { at, action: 'paying' };
    tx.update(ref, { enrollmentId, history: FieldValue.arrayUnion(paying) });
    return;
  }
  enrolledInTx(tx, entry, enrollmentId, at);
}

/** The entry's family is enrolled: off the list (its classes' `waiting` goes down while it was on it). */
export function enrolledInTx(tx: Transaction, entry: WaitlistEntry, enrollmentId: string, at: string): void {
  const claimed: WaitlistEvent = { at, action: 'claimed' };
  tx.update(recordRef('waitlist', entry.id), { status: 'enrolled', enrollmentId, history: FieldValue.arrayUnion(claimed) });
  if (entry.status === 'waiting' || entry.status === 'offered') {
    for (const id of entry.classIds) tx.update(recordRef('classes', id), { waiting: FieldValue.increment(-1) });
  }
}
