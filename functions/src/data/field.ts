// The field's entries in Firestore: created once each, never updated or deleted.
import type { IsoDate } from '../../../contract/domain';
import type { FieldEntry, HeldEntry } from '../../../contract/field';
import { chunks, COLLECTIONS, db } from './db';

export const fieldEntryRef = (id: string) => db().collection(COLLECTIONS.fieldEntries).doc(id);
export const heldEntryRef = (id: string) => db().collection(COLLECTIONS.fieldHeld).doc(id);

/** The pickup entries of a class at these meetings (to count failed checks). */
export async function loadPickupEntries(classId: string, meetings: string[]): Promise<FieldEntry[]> {
  if (!meetings.length) return [];
  const snaps = await Promise.all(chunks(meetings, 30).map((days) => db().collection(COLLECTIONS.fieldEntries).where('classId', '==', classId).where('meeting', 'in', days).get()));
  return snaps.flatMap((s) => s.docs.map((d) => d.data() as FieldEntry)).filter((e) => e.kind === 'pickup');
}

/** The entries held for the office for a meeting on this day, in any class, oldest first. */
export async function loadDayHeld(day: string): Promise<HeldEntry[]> {
  const snap = await db().collection(COLLECTIONS.fieldHeld).where('meeting', '==', day).get();
  return snap.docs.map((d) => d.data() as HeldEntry).sort((a, b) => a.receivedAt.localeCompare(b.receivedAt) || a.at.localeCompare(b.at));
}

/** A phone's offline copy of a class, as the server records its download: whose, when, until when, which children. */
export interface OfflineCopyRecord {
  uid: string;
  classId: string;
  studentIds: string[];
  savedAt: string;
  until: IsoDate;
}

export const offlineCopyRef = (uid: string, classId: string) => db().collection(COLLECTIONS.offlineCopies).doc(`${uid}_${classId}`);

/** The offline copies that hold this child (one per instructor and class, the latest download). */
export async function loadOfflineCopiesOf(studentIds: string[]): Promise<OfflineCopyRecord[]> {
  const snaps = await Promise.all(studentIds.map((id) => db().collection(COLLECTIONS.offlineCopies).where('studentIds', 'array-contains', id).get()));
  return snaps.flatMap((s) => s.docs.map((d) => d.data() as OfflineCopyRecord));
}

/** By when entries reached the server, then by when the phone recorded them (the order within one sync). */
export const byArrival = (a: FieldEntry, b: FieldEntry) => a.receivedAt.localeCompare(b.receivedAt) || a.at.localeCompare(b.at);

/** A class's entries, in the order they reached the server. */
export async function loadClassFieldLog(classId: string): Promise<FieldEntry[]> {
  const snap = await db().collection(COLLECTIONS.fieldEntries).where('classId', '==', classId).get();
  return snap.docs.map((d) => d.data() as FieldEntry).sort(byArrival);
}

/** The entries about these children (a family's, or one child's for the office). */
export async function loadStudentsFieldEntries(studentIds: string[]): Promise<FieldEntry[]> {
  const snaps = await Promise.all(chunks(studentIds, 30).map((ids) => db().collection(COLLECTIONS.fieldEntries).where('studentId', 'in', ids).get()));
  return snaps.flatMap((s) => s.docs.map((d) => d.data() as FieldEntry));
}

/** Every entry recorded for a meeting on this day, in any class. */
export async function loadDayFieldEntries(day: string): Promise<FieldEntry[]> {
  const snap = await db().collection(COLLECTIONS.fieldEntries).where('meeting', '==', day).get();
  return snap.docs.map((d) => d.data() as FieldEntry).sort(byArrival);
}
