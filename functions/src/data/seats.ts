// The seat ledger's documents (the rules: domain/seats.ts). Every seat of a class is taken, held,
// offered, kept for the waitlist or given back here, in the caller's transaction; the class's
// `enrolledCount` mirrors its roster for the catalogue.
import { FieldValue, type DocumentReference, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import type { ClassRecord, WaitlistEntry } from '../../../contract/domain';
import type { SeatTaken } from '../domain/checkout';
import { aidSeatsEnd, onRoster, seatAfterRelease, type Seat } from '../domain/seats';
import { COLLECTIONS, db, recordRef } from './db';

export const SEATS = 'seats';
export const seatRef = (classId: string, id: string) => recordRef('classes', classId).collection(SEATS).doc(id) as DocumentReference<Seat>;
export const rosterRef = (classId: string, studentId: string) => recordRef('classes', classId).collection(COLLECTIONS.roster).doc(studentId);

const seatsFrom = (docs: DocumentSnapshot[]) => new Map(docs.map((d) => [d.id, d.data() as Seat]));

/**
 * The seat documents of these classes as they are now, read outside any transaction (a query in one
 * would lock the class's seats against every family taking one): to choose which seats to ask for.
 */
export async function seatsOf(classIds: string[]): Promise<Map<string, Map<string, Seat>>> {
  const snaps = await Promise.all(classIds.map((id) => recordRef('classes', id).collection(SEATS).get()));
  return new Map(classIds.map((id, i) => [id, seatsFrom(snaps[i].docs)]));
}

/** One class's seats in a transaction (the office's and the waitlist's changes, which are rare). */
export async function seatsIn(tx: Transaction, classId: string): Promise<Map<string, Seat>> {
  return seatsFrom((await tx.get(recordRef('classes', classId).collection(SEATS))).docs);
}

/**
 * `enrolledCount` follows the roster, `aidKept` the seats kept for aid: one increment per class after
 * the seats changed, keyed by the class's id (the roster) or `aidKey(id)` (the seats kept for aid).
 */
export type SeatDeltas = Map<string, number>;
export const addTo = (deltas: Map<string, number>, key: string, by: number) => deltas.set(key, (deltas.get(key) ?? 0) + by);
const AID = '#aid';
const aidKey = (classId: string) => `${classId}${AID}`;

/** Writes seats taken or held (a free one created, failing if another family created it first) with their roster entries, counting them in `deltas`. */
export function writeSeatsTaken(tx: Transaction, seats: SeatTaken[], deltas: SeatDeltas): void {
  for (const s of seats) {
    if (s.create) tx.create(seatRef(s.classId, s.seatId), s.seat);
    else tx.set(seatRef(s.classId, s.seatId), s.seat);
    if (s.counts) addTo(deltas, s.classId, 1);
    if (s.keptForAid) addTo(deltas, aidKey(s.classId), -1);
    tx.set(rosterRef(s.classId, s.roster.studentId), s.roster);
  }
}

/**
 * After a transaction that took seats without touching the class documents (families enrolling: the
 * class document must not be written by every family at once). Increments commute, so these never
 * contend with a transaction.
 */
export async function countRoster(deltas: SeatDeltas): Promise<void> {
  const byClass = new Map<string, Record<string, FieldValue>>();
  for (const [key, by] of deltas) {
    if (by === 0) continue;
    const classId = key.endsWith(AID) ? key.slice(0, -AID.length) : key;
    byClass.set(classId, { ...byClass.get(classId), [key.endsWith(AID) ? 'aidKept' : 'enrolledCount']: FieldValue.increment(by) });
  }
  if (!byClass.size) return;
  const batch = db().batch();
  for (const [classId, fields] of byClass) batch.update(recordRef('classes', classId), fields);
  await batch.commit();
}

/** A student's seat in a class, given up: what the reads found, so that the writes can follow. */
export interface SeatRelease {
  classId: string;
  studentId: string;
  roster: DocumentSnapshot;
  seatId: string | null;
  seat: Seat | null;
  /** The class has families on its waitlist. */
  waiting: boolean;
  /** The waitlist offer the seat was claimed from, while it is still open (the seat goes back to it). */
  offerOpenUntil: string | null;
  /** When the class's seats kept for aid open to everyone (a seat taken as one goes back to aid before then). */
  aidUntil: string | null;
}

/**
 * Reads what giving up these seats needs (each student's roster entry and seat, whether the class has
 * families waiting, the offer a seat was claimed from). Reads only; `releaseSeats` writes.
 */
export async function readReleases(tx: Transaction, items: { classId: string; studentId: string }[]): Promise<SeatRelease[]> {
  if (!items.length) return [];
  const classIds = [...new Set(items.map((i) => i.classId))];
  const [rosters, classes] = await Promise.all([
    tx.getAll(...items.map((i) => rosterRef(i.classId, i.studentId))),
    tx.getAll(...classIds.map((id) => recordRef('classes', id))),
  ]);
  const waiting = new Map(classes.map((c) => [c.id, ((c.get('waiting') as number | undefined) ?? 0) > 0]));
  const aidUntil = new Map(classes.map((c) => [c.id, c.exists ? aidSeatsEnd(c.data() as ClassRecord) : null]));
  const seatIds = rosters.map((r) => (r.get('seat') as string | undefined) ?? null);
  const seatSnaps = await Promise.all(items.map((i, k) => (seatIds[k] ? tx.get(seatRef(i.classId, seatIds[k]!)) : null)));
  const entryIds = [...new Set(seatSnaps.flatMap((s) => (s?.get('entryId') as string | undefined) ?? []))];
  const entries = entryIds.length ? await tx.getAll(...entryIds.map((id) => recordRef('waitlist', id))) : [];
  const openUntil = new Map(
    entries.flatMap((e) => {
      const entry = e.data() as WaitlistEntry | undefined;
      // An offer is the family's until the waitlist job ends it, even a moment past its end: its seat
      // goes back to it, and the job passes it on with the offer (never an offer left without its seat).
      return entry?.status === 'offered' && entry.offer ? [[e.id, entry.offer.expiresAt] as const] : [];
    }),
  );
  return items.map((item, k) => {
    const seat = seatSnaps[k]?.exists ? (seatSnaps[k]!.data() as Seat) : null;
    return {
      ...item,
      roster: rosters[k],
      seatId: seatIds[k],
      seat,
      waiting: waiting.get(item.classId) ?? false,
      offerOpenUntil: seat?.entryId ? (openUntil.get(seat.entryId) ?? null) : null,
      aidUntil: aidUntil.get(item.classId) ?? null,
    };
  });
}

/**
 * Gives the seats up (only those still held by `enrollmentId`): the roster entry goes; the seat goes
 * back to its open offer, is kept for the waitlist, or is freed. Returns the roster count changes and
 * the classes whose waitlist has a seat to offer now.
 */
export function releaseSeats(tx: Transaction, releases: SeatRelease[], enrollmentId: string, at: string): { deltas: SeatDeltas; toServe: string[] } {
  const deltas: SeatDeltas = new Map();
  const toServe = new Set<string>();
  for (const r of releases) {
    if (!r.roster.exists || r.roster.get('enrollmentId') !== enrollmentId) continue;
    tx.delete(r.roster.ref);
    addTo(deltas, r.classId, -1);
    if (!r.seatId || !r.seat || !onRoster(r.seat) || r.seat.enrollmentId !== enrollmentId) continue;
    const next = seatAfterRelease(r.seat, { offerOpenUntil: r.offerOpenUntil, waiting: r.waiting, aidUntil: r.aidUntil }, at);
    if (next) tx.set(seatRef(r.classId, r.seatId), next);
    else tx.delete(seatRef(r.classId, r.seatId));
    if (next?.state === 'aid') addTo(deltas, aidKey(r.classId), 1);
    if (next?.state === 'reserved') toServe.add(r.classId);
  }
  return { deltas, toServe: [...toServe] };
}
