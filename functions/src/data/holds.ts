// Seats held while a family pays by card (PRODUCT §5). A held seat counts in `enrolledCount` and has
// a roster entry marked with its end (`holdExpiresAt`); it goes back when the checkout ends unpaid,
// when the family leaves Stripe's page, or when it lapses — and a lapsed hold never blocks a seat:
// the next enrollment in its class releases it in its own transaction.
import { FieldValue, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import type { Enrollment } from '../../../contract/domain';
import { COLLECTIONS, db, recordRef, records, runSeatTransaction, uniq } from './db';

/** On a roster entry: the seat is held for a card payment until then (ISO time). */
export const HOLD_END = 'holdExpiresAt';
/** A hold outlasts Stripe's page by this much (seconds), so a payment made at the last moment finds its seats. */
export const HOLD_GRACE_S = 120;

const enrollmentRef = (id: string) => recordRef('enrollments', id);
export const rosterRef = (classId: string, studentId: string) =>
  recordRef('classes', classId).collection(COLLECTIONS.roster).doc(studentId);

/** Seat count changes per class, written once per class at the end of a transaction. */
export type SeatDeltas = Map<string, number>;
export const addSeat = (deltas: Map<string, number>, key: string, by: number) => deltas.set(key, (deltas.get(key) ?? 0) + by);
/** One update per class: its seat count, and (a claimed waitlist offer) the families waiting. */
export function writeSeatDeltas(tx: Transaction, deltas: SeatDeltas, waiting: SeatDeltas = new Map()): void {
  for (const classId of new Set([...deltas.keys(), ...waiting.keys()])) {
    const seats = deltas.get(classId) ?? 0;
    const waits = waiting.get(classId) ?? 0;
    if (seats || waits) {
      tx.update(recordRef('classes', classId), {
        ...(seats ? { enrolledCount: FieldValue.increment(seats) } : {}),
        ...(waits ? { waiting: FieldValue.increment(waits) } : {}),
      });
    }
  }
}

/**
 * Holds to give back before taking seats in these classes: every lapsed one, and `alsoIds` (the
 * family's own unpaid checkout for the same student, which a new attempt replaces). Reads only.
 */
export async function holdsToRelease(tx: Transaction, classIds: string[], now: Date, alsoIds: string[] = []): Promise<Enrollment[]> {
  const lapsed = await Promise.all(
    classIds.map((id) => tx.get(recordRef('classes', id).collection(COLLECTIONS.roster).where(HOLD_END, '<', now.toISOString()))),
  );
  const ids = uniq([...lapsed.flatMap((s) => s.docs.map((d) => d.get('enrollmentId') as string)), ...alsoIds]);
  return ids.length ? heldCheckouts(tx, ids) : [];
}

/**
 * The pending enrollments among these and the others of their checkouts (a checkout of several
 * children is held, and given back, as one). Reads only.
 */
async function heldCheckouts(tx: Transaction, ids: string[]): Promise<Enrollment[]> {
  const pending = (snaps: DocumentSnapshot<Enrollment>[]) => snaps.filter((s) => s.exists && s.get('status') === 'pending_payment').map((s) => s.data()!);
  const held = pending(await tx.getAll(...ids.map(enrollmentRef)));
  const others = uniq(held.flatMap((e) => e.checkoutIds ?? [])).filter((id) => !ids.includes(id));
  return others.length ? [...held, ...pending(await tx.getAll(...others.map(enrollmentRef)))] : held;
}

/** The seats these holds give back, per class. */
export function seatsGivenBack(released: Enrollment[]): SeatDeltas {
  const deltas: SeatDeltas = new Map();
  for (const r of released) for (const classId of r.classIds) addSeat(deltas, classId, -1);
  return deltas;
}

/** Uses of limited discount codes per discount id, written once per code at the end of a transaction. */
export type CodeUseDeltas = Map<string, number>;
/** The code uses these holds give back (a checkout that lapsed unpaid did not use its codes). */
export function codeUsesGivenBack(released: Enrollment[]): CodeUseDeltas {
  const deltas: CodeUseDeltas = new Map();
  for (const r of released) for (const id of r.countedDiscountIds ?? []) addSeat(deltas, id, -1);
  return deltas;
}
export function writeCodeUseDeltas(tx: Transaction, deltas: CodeUseDeltas): void {
  for (const [id, delta] of deltas) {
    if (delta) tx.set(db().collection(COLLECTIONS.discountUses).doc(id), { uses: FieldValue.increment(delta) }, { merge: true });
  }
}

/** Writes that give a held enrollment's seats back (the counts: `seatsGivenBack`): it becomes `expired` (nothing owed), its roster entries go. */
export function releaseInTx(tx: Transaction, held: Enrollment, at: string): Enrollment {
  const next: Enrollment = { ...held, status: 'expired', balance: 0, hold: { ...held.hold!, releasedAt: at } };
  tx.set(enrollmentRef(held.id), next);
  for (const classId of held.classIds) tx.delete(rosterRef(classId, held.studentId));
  return next;
}

/**
 * Gives a hold's seats back now (checkout expired or abandoned), with those of the other children of
 * its checkout. Anything but a pending hold is left as it is. Returns the enrollment asked for, and
 * the enrollments released.
 */
export async function releaseHold(enrollmentId: string, at: Date, ownerUid?: string): Promise<{ enrollment: Enrollment; released: Enrollment[] }> {
  // Gives seats back: as contended as taking them, so retried as long (runSeatTransaction).
  return runSeatTransaction(async (tx) => {
    const snap = await tx.get(enrollmentRef(enrollmentId));
    if (!snap.exists || (ownerUid && snap.get('ownerUid') !== ownerUid)) throw new HttpsError('not-found', 'This enrollment does not exist.');
    const held = await heldCheckouts(tx, [enrollmentId]);
    const next = held.map((e) => releaseInTx(tx, e, at.toISOString()));
    writeSeatDeltas(tx, seatsGivenBack(held));
    writeCodeUseDeltas(tx, codeUsesGivenBack(held));
    return { enrollment: next.find((e) => e.id === enrollmentId) ?? snap.data()!, released: next };
  });
}

/** Pending holds whose end has passed (the sweep, every 5 minutes in production). */
export async function lapsedHolds(now: Date): Promise<Enrollment[]> {
  const snap = await records('enrollments')
    .where('status', '==', 'pending_payment')
    .where('hold.expiresAt', '<', now.toISOString())
    .get();
  return snap.docs.map((d) => d.data());
}
