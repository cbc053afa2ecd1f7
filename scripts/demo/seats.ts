// Seat documents for roster entries written directly (the demo, the volume data, test samples): each
// entry without a seat of its own gets a free one, and the class's count follows its roster.
import type { BulkWriter, Firestore } from 'firebase-admin/firestore';
import { seedWriter } from './adminApp';
import { freeSeatIds, type Seat } from '../../functions/src/domain/seats';

/** A roster entry as the seeds read or write it: its seat, once it has one. */
export interface SeededEntry {
  studentId: string;
  enrollmentId: string;
  ownerUid: string;
  holdExpiresAt?: string;
  seat?: string;
}

/**
 * What gives each entry of a class's roster its seat: a taken or held seat whose student is no longer
 * on the roster (a roster rewritten since) goes, an entry without a seat of its own gets a free one
 * (held while its hold lasts), and the class's count follows its roster.
 */
export function planRosterSeats(klass: { id: string; capacity: number }, roster: SeededEntry[], seats: Map<string, Seat>, at: string) {
  const kept = new Map(seats);
  const gone: string[] = [];
  const onRoster = new Set(roster.map((e) => e.studentId));
  for (const [id, seat] of seats) {
    if ((seat.state === 'taken' || seat.state === 'held') && !onRoster.has(seat.studentId!)) {
      kept.delete(id);
      gone.push(id);
    }
  }
  const seatOf = new Map([...kept].filter(([, s]) => s.studentId).map(([id, s]) => [s.studentId!, id]));
  const free = freeSeatIds(Math.max(klass.capacity, roster.length), kept.keys());
  const made: [string, Seat][] = [];
  for (const entry of roster) {
    if (seatOf.has(entry.studentId)) continue;
    const id = free.shift()!;
    const until = entry.holdExpiresAt;
    const seat: Seat = { state: until ? 'held' : 'taken', classId: klass.id, enrollmentId: entry.enrollmentId, studentId: entry.studentId, ownerUid: entry.ownerUid, ...(until ? { until } : {}), at };
    kept.set(id, seat);
    seatOf.set(entry.studentId, id);
    made.push([id, seat]);
  }
  // A seat given back and taken again is written, not removed.
  const again = new Set(made.map(([id]) => id));
  return { gone: gone.filter((id) => !again.has(id)), made, seatOf, enrolledCount: roster.length };
}

/** A class's seats as its plan leaves them: the seats given back removed, the new ones written. */
export function writeSeatPlan(writer: BulkWriter, db: Firestore, classId: string, plan: Pick<ReturnType<typeof planRosterSeats>, 'gone' | 'made'>): void {
  for (const id of plan.gone) writer.delete(db.doc(`classes/${classId}/seats/${id}`));
  for (const [id, seat] of plan.made) writer.set(db.doc(`classes/${classId}/seats/${id}`), seat);
}

/** Seats for the roster entries of these classes as they stand in Firestore (written directly by a sample or the volume data). */
export async function seatRosters(db: Firestore, classIds: string[]): Promise<void> {
  const read = await Promise.all(
    classIds.map((classId) => Promise.all([db.doc(`classes/${classId}`).get(), db.collection(`classes/${classId}/roster`).get(), db.collection(`classes/${classId}/seats`).get()])),
  );
  const writer = seedWriter(db);
  const at = new Date().toISOString();
  for (const [klass, roster, seats] of read) {
    if (!klass.exists) continue;
    const entries = roster.docs.map((d) => ({ ...(d.data() as SeededEntry), studentId: d.id }));
    const plan = planRosterSeats({ id: klass.id, capacity: klass.get('capacity') as number }, entries, new Map(seats.docs.map((d) => [d.id, d.data() as Seat])), at);
    writeSeatPlan(writer, db, klass.id, plan);
    for (const entry of entries) {
      const seat = plan.seatOf.get(entry.studentId);
      if (entry.seat !== seat) writer.update(db.doc(`classes/${klass.id}/roster/${entry.studentId}`), { seat });
    }
    writer.update(klass.ref, { enrolledCount: plan.enrolledCount });
  }
  await writer.close();
}

/** A free seat of the class offered to a waitlist entry until `until` (samples of offers): its number. */
export async function offerSeat(db: Firestore, classId: string, entryId: string, until: string): Promise<string> {
  const [klass, seats] = await Promise.all([db.doc(`classes/${classId}`).get(), db.collection(`classes/${classId}/seats`).get()]);
  const [id] = freeSeatIds(klass.get('capacity') as number, seats.docs.map((d) => d.id));
  if (!id) throw new Error(`${classId} has no free seat to offer`);
  const seat: Seat = { state: 'offered', classId, entryId, until, at: new Date().toISOString() };
  await db.doc(`classes/${classId}/seats/${id}`).set(seat);
  return id;
}
