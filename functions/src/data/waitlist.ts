// The waitlist's documents, read: a class's list, a family's entries, those waiting for some classes.
// Every change to the lists is a use-case (usecases/waitlist.ts).
import type { Transaction } from 'firebase-admin/firestore';
import type { OfficeWaitlistEntry, WaitlistEntry } from '../../../contract/domain';
import { listOrder, onTheList, placeOf, seatsForWaitlist } from '../domain/waitlist';
import { chunks, notFound, recordRef, records, uniq } from './db';
import { seatsOf } from './seats';

const entries = () => records('waitlist');
export const entryRef = (id: string) => entries().doc(id);

/** Every entry, of any status, for these classes (a class's list is small: read whole, filtered in memory). */
export async function entriesFor(tx: Transaction, classIds: string[]): Promise<WaitlistEntry[]> {
  const snap = await tx.get(entries().where('classIds', 'array-contains-any', uniq(classIds).slice(0, 30)));
  return snap.docs.map((d) => d.data());
}

/** The family's entries, newest first, each with its place. */
export async function familyWaitlist(uid: string): Promise<{ entry: WaitlistEntry; place: number | null }[]> {
  const own = (await entries().where('ownerUid', '==', uid).get()).docs.map((d) => d.data());
  const lists = await waitingFor(own.filter((e) => e.status === 'waiting').flatMap((e) => e.classIds));
  return own.sort((a, b) => b.joinedAt.localeCompare(a.joinedAt)).map((entry) => ({ entry, place: placeOf(entry, lists) }));
}

/** A class's list for the office: everyone who waits or waited, in order, with places. */
export async function classWaitlist(classId: string): Promise<OfficeWaitlistEntry[]> {
  const list = (await entries().where('classIds', 'array-contains', classId).get()).docs.map((d) => d.data());
  return list.sort(listOrder).map((e) => ({ ...e, place: placeOf(e, list) }));
}

/** A class's waitlist as the office's page shows it: the class's title, the seats it can offer now, the list in order. */
export async function classWaitlistPage(classId: string): Promise<{ title: string; seatsToOffer: number; entries: OfficeWaitlistEntry[] }> {
  const [klass, entries, seats] = await Promise.all([recordRef('classes', classId).get(), classWaitlist(classId), seatsOf([classId])]);
  if (!klass.exists) throw notFound('This class');
  const { title, capacity } = klass.data()!;
  return { title, seatsToOffer: seatsForWaitlist(capacity, seats.get(classId)!).length, entries };
}

/** Those on the lists of these classes (waiting or offered), in order: for the office's class forms. */
export async function waitingFor(classIds: string[]): Promise<WaitlistEntry[]> {
  const parts = await Promise.all(chunks(uniq(classIds), 30).map((part) => entries().where('classIds', 'array-contains-any', part).get()));
  const all = new Map(parts.flatMap((p) => p.docs.map((d) => [d.id, d.data()!] as const)));
  return [...all.values()].filter(onTheList).sort(listOrder);
}
