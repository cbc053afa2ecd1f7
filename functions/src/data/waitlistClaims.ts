// A waitlist offer's side of the enrollment that claims it (read and written in that transaction).
import { FieldValue, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import type { WaitlistEntry, WaitlistEvent } from '../../../contract/domain';
import { claimRefusal } from '../domain/waitlist';
import { throwIfRefused } from '../lib/refused';
import { notFound, recordRef } from './db';

/** The family's open offer, or why it cannot be claimed. */
export async function claimableEntry(tx: Transaction, ref: DocumentReference<WaitlistEntry>, uid: string, now: Date): Promise<WaitlistEntry> {
  const snap = await tx.get(ref);
  if (!snap.exists || snap.get('ownerUid') !== uid) throw notFound('This waitlist offer');
  const entry = snap.data()!;
  throwIfRefused(claimRefusal(entry, now));
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
