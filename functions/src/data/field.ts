// The field's entries in Firestore: created once each, never updated or deleted.
import type { FieldEntry } from '../../../contract/field';
import { chunks, COLLECTIONS, db } from './db';

export const fieldEntryRef = (id: string) => db().collection(COLLECTIONS.fieldEntries).doc(id);

/** A class's entries, oldest first (by when they were recorded, then by when they arrived). */
export async function loadClassFieldLog(classId: string): Promise<FieldEntry[]> {
  const snap = await db().collection(COLLECTIONS.fieldEntries).where('classId', '==', classId).get();
  return snap.docs.map((d) => d.data() as FieldEntry).sort((a, b) => a.at.localeCompare(b.at) || a.receivedAt.localeCompare(b.receivedAt));
}

/** The entries about these children (a family's, or one child's for the office). */
export async function loadStudentsFieldEntries(studentIds: string[]): Promise<FieldEntry[]> {
  const snaps = await Promise.all(chunks(studentIds, 30).map((ids) => db().collection(COLLECTIONS.fieldEntries).where('studentId', 'in', ids).get()));
  return snaps.flatMap((s) => s.docs.map((d) => d.data() as FieldEntry));
}

/** Every entry recorded for a meeting on this day, in any class. */
export async function loadDayFieldEntries(day: string): Promise<FieldEntry[]> {
  const snap = await db().collection(COLLECTIONS.fieldEntries).where('meeting', '==', day).get();
  return snap.docs.map((d) => d.data() as FieldEntry).sort((a, b) => a.at.localeCompare(b.at) || a.receivedAt.localeCompare(b.receivedAt));
}
