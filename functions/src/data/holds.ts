// Seats held while a family pays by card. A held seat is a seat document in the `held` state with its
// end, and a roster entry marked with the same end (`holdExpiresAt`); it counts in `enrolledCount`.
// It goes back when the checkout ends unpaid, when the family leaves Stripe's page, when a new
// checkout for the same children replaces it, or when it lapses (the sweep, or the next family who
// asks for the class releases it first: a lapsed hold never blocks a seat).
import { FieldValue, type DocumentSnapshot, type Firestore, type Transaction } from 'firebase-admin/firestore';
import type { Enrollment, WaitlistEntry } from '../../../contract/domain';
import type { CreditEntry } from '../../../contract/credit';
import { creditGivenBack } from '../domain/credit';
import { giveAidBackInTx } from './aid';
import { entryUsesFree } from '../domain/waitlist';
import { addCreditInTx } from './credit';
import { COLLECTIONS, db, ownedRecord, recordRef, records, runSeatTransaction, uniq } from './db';
import { addTo, countRoster, readReleases, releaseSeats, type SeatDeltas, type SeatRelease } from './seats';

/** On a roster entry: the seat is held for a card payment until then (ISO time). */
export const HOLD_END = 'holdExpiresAt';
/** A hold outlasts Stripe's page by this much (seconds), so a payment made at the last moment finds its seats. */
export const HOLD_GRACE_S = 120;
/**
 * Stripe keeps a Checkout page open at least 30 minutes from when it receives the call; one more
 * leaves room for the call (and a retry of it, sent with the same end) to arrive.
 */
export const STRIPE_PAGE_MIN_S = 31 * 60;
/** When a hold made now ends: the school's minutes (at least Stripe's page), and the grace. */
export const holdEndFrom = (now: Date, holdMinutes: number) => new Date(now.getTime() + (Math.max(holdMinutes * 60, STRIPE_PAGE_MIN_S) + HOLD_GRACE_S) * 1000).toISOString();

const enrollmentRef = (id: string) => recordRef('enrollments', id);

/**
 * The pending enrollments among these and the others of their checkouts (a checkout of several
 * children is held, and given back, as one). Reads only.
 */
export async function heldCheckouts(tx: Transaction, ids: string[]): Promise<Enrollment[]> {
  if (!ids.length) return [];
  const pending = (snaps: DocumentSnapshot<Enrollment>[]) => snaps.filter((s) => s.exists && s.get('status') === 'pending_payment').map((s) => s.data()!);
  const held = pending(await tx.getAll(...ids.map(enrollmentRef)));
  const others = uniq(held.flatMap((e) => e.checkoutIds ?? [])).filter((id) => !ids.includes(id));
  return others.length ? [...held, ...pending(await tx.getAll(...others.map(enrollmentRef)))] : held;
}

/** Uses of limited discount codes per discount id, written once per code at the end of a transaction. */
export type CodeUseDeltas = Map<string, number>;
/** One more (or one less, `by` −1) use of each of these limited codes. */
export function codeUseDeltas(discountIds: string[], by: 1 | -1): CodeUseDeltas {
  const deltas: CodeUseDeltas = new Map();
  for (const id of discountIds) addTo(deltas, id, by);
  return deltas;
}
/**
 * The code uses these holds give back as they end unpaid (`entries`: the waitlist entries they claim,
 * as they are now). A claim's uses are its entry's: the entry keeps them while it is on the list, and
 * they are given back here only when the entry left the list while this payment was under way.
 */
export const codeUsesGivenBack = (released: Enrollment[], entries: Map<string, WaitlistEntry>): CodeUseDeltas =>
  codeUseDeltas(
    released.flatMap((r) => {
      if (!r.waitlistEntryId) return r.countedDiscountIds ?? [];
      const entry = entries.get(r.waitlistEntryId);
      return entry?.enrollmentId === r.id && entryUsesFree(entry, { id: r.id, status: 'expired' }) ? (entry.countedDiscountIds ?? []) : [];
    }),
    -1,
  );

/** The waitlist entries whose offers these holds claim, by id (reads only: in a transaction, or as they are now). */
export async function readClaimedEntries(reader: Transaction | Firestore, held: Enrollment[]): Promise<Map<string, WaitlistEntry>> {
  const ids = uniq(held.flatMap((e) => (e.waitlistEntryId ? [e.waitlistEntryId] : [])));
  if (!ids.length) return new Map();
  const snaps = (await reader.getAll(...ids.map((id) => recordRef('waitlist', id)))) as DocumentSnapshot<WaitlistEntry>[];
  return new Map(snaps.flatMap((s) => (s.exists ? [[s.id, s.data()!] as const] : [])));
}
export function writeCodeUseDeltas(tx: Transaction, deltas: CodeUseDeltas): void {
  for (const [id, delta] of deltas) {
    if (delta) tx.set(db().collection(COLLECTIONS.discountUses).doc(id), { uses: FieldValue.increment(delta) }, { merge: true });
  }
}

/** What ending holds reads first: their seats, and the waitlist entries they claim. */
export interface HoldFacts {
  releases: SeatRelease[];
  entries: Map<string, WaitlistEntry>;
}
export async function readHoldFacts(tx: Transaction, held: Enrollment[]): Promise<HoldFacts> {
  const [releases, entries] = await Promise.all([readReleases(tx, held.flatMap((e) => e.classIds.map((classId) => ({ classId, studentId: e.studentId })))), readClaimedEntries(tx, held)]);
  return { releases, entries };
}

/**
 * Writes that end these holds: each enrollment becomes `expired` (nothing owed), its seats go back
 * (to an open offer, to the waitlist, or free), its code uses are given back, and the account credit
 * it used is voided on it and returned in `creditBack` (entries the caller adds to the account in the
 * same transaction: the checkout that replaces a hold may use them again); what it took of a financial
 * aid award goes back to the award. `keep` names seats
 * (`classId/studentId`) passed to a new checkout instead; a new checkout gives the code uses back
 * itself (`giveBackCodeUses` false), in the same write as those it counts. Returns the roster changes
 * and the classes whose waitlist has a seat to offer.
 */
export function endHoldsInTx(
  tx: Transaction,
  held: Enrollment[],
  { releases, entries }: HoldFacts,
  at: string,
  extra: Partial<Enrollment['hold']> = {},
  keep: Set<string> = new Set(),
  giveBackCodeUses = true,
): { deltas: SeatDeltas; toServe: string[]; ended: Enrollment[]; creditBack: CreditEntry[] } {
  const deltas: SeatDeltas = new Map();
  const toServe = new Set<string>();
  const ended: Enrollment[] = [];
  const creditBack: CreditEntry[] = [];
  for (const e of held) {
    const back = creditGivenBack(e, at);
    const next: Enrollment = { ...e, status: 'expired', balance: 0, payments: back.payments, hold: { ...e.hold!, releasedAt: at, ...extra } };
    tx.set(enrollmentRef(e.id), next);
    ended.push(next);
    if (back.entry) creditBack.push(back.entry);
    const own = releases.filter((r) => r.studentId === e.studentId && e.classIds.includes(r.classId) && !keep.has(`${r.classId}/${r.studentId}`));
    const released = releaseSeats(tx, own, e.id, at);
    for (const [c, by] of released.deltas) addTo(deltas, c, by);
    for (const c of released.toServe) toServe.add(c);
  }
  if (giveBackCodeUses) writeCodeUseDeltas(tx, codeUsesGivenBack(held, entries));
  // What the holds took of a financial aid award goes back to it (a checkout replacing them takes it again).
  giveAidBackInTx(tx, held);
  return { deltas, toServe: [...toServe], ended, creditBack };
}

/**
 * Gives a hold's seats back now (checkout expired or abandoned), with those of the other children of
 * its checkout. Anything but a pending hold is left as it is. Returns the enrollment asked for, the
 * enrollments released and the classes whose waitlist has a seat to offer.
 */
export async function releaseHold(enrollmentId: string, at: Date, ownerUid?: string): Promise<{ enrollment: Enrollment; released: Enrollment[]; toServe: string[] }> {
  // Gives seats back: retried under contention as long as taking them (runSeatTransaction).
  const done = await runSeatTransaction(async (tx) => {
    const asked = ownedRecord(await tx.get(enrollmentRef(enrollmentId)), 'This enrollment', ownerUid);
    const held = await heldCheckouts(tx, [enrollmentId]);
    const facts = await readHoldFacts(tx, held);
    const iso = at.toISOString();
    const { deltas, toServe, ended, creditBack } = endHoldsInTx(tx, held, facts, iso);
    for (const entry of creditBack) addCreditInTx(tx, entry);
    return { enrollment: ended.find((e) => e.id === enrollmentId) ?? asked, released: ended, toServe, deltas };
  });
  // The counts follow outside the transaction: two holds of one class given back at once never wait on each other.
  await countRoster(done.deltas);
  return done;
}

/** Pending holds whose end has passed (the sweep, every 5 minutes in production). */
export async function lapsedHolds(now: Date): Promise<Enrollment[]> {
  const snap = await records('enrollments')
    .where('status', '==', 'pending_payment')
    .where('hold.expiresAt', '<', now.toISOString())
    .get();
  return snap.docs.map((d) => d.data());
}
