// Seat documents for roster entries written directly (the demo, the volume data, test samples): each
// entry without a seat of its own gets a free one, and the class's count follows its roster.
import type { Firestore } from 'firebase-admin/firestore';
import { seedWriter } from './adminApp';
import { freeSeatIds, type Seat } from '../../functions/src/domain/seats';

export async function seatRosters(db: Firestore, classIds: string[]): Promise<void> {
  const writer = seedWriter(db);
  for (const classId of classIds) {
    const [klass, roster, seats] = await Promise.all([
      db.doc(`classes/${classId}`).get(),
      db.collection(`classes/${classId}/roster`).get(),
      db.collection(`classes/${classId}/seats`).get(),
    ]);
    if (!klass.exists) continue;
    const byId = new Map(seats.docs.map((d) => [d.id, d.data() as Seat]));
    const onRoster = new Set(roster.docs.map((d) => d.id));
    // A taken or held seat whose student is no longer on the roster (a roster rewritten since) goes.
    for (const [id, seat] of byId) {
      if ((seat.state === 'taken' || seat.state === 'held') && !onRoster.has(seat.studentId!)) {
        byId.delete(id);
        writer.delete(db.doc(`classes/${classId}/seats/${id}`));
      }
    }
    const seatOf = new Map([...byId].filter(([, s]) => s.studentId).map(([id, s]) => [s.studentId!, id]));
    const free = freeSeatIds(Math.max(klass.get('capacity') as number, roster.size), byId.keys());
    for (const entry of roster.docs) {
      const own = seatOf.get(entry.id);
      if (own) {
        if (entry.get('seat') !== own) writer.update(entry.ref, { seat: own });
        continue;
      }
      const id = free.shift()!;
      const until = entry.get('holdExpiresAt') as string | undefined;
      const seat: Seat = { state: until ? 'held' : 'taken', classId, enrollmentId: entry.get('enrollmentId') as string, studentId: entry.id, ownerUid: entry.get('ownerUid') as string, ...(until ? { until } : {}), at: new Date().toISOString() };
      byId.set(id, seat);
      writer.set(db.doc(`classes/${classId}/seats/${id}`), seat);
      writer.update(entry.ref, { seat: id });
    }
    writer.update(klass.ref, { enrolledCount: roster.size });
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
