import { AsyncLocalStorage } from 'node:async_hooks';
import { getApps, initializeApp } from 'firebase-admin/app';
import {
  getFirestore,
  type CollectionReference,
  type DocumentData,
  type DocumentSnapshot,
  type Firestore,
  type FirestoreDataConverter,
  type QueryDocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import type { Announcement, ClassGroup, ClassMessage, ClassRecord, Discount, Enrollment, Semester, Student, WaitlistEntry } from '../../../contract/domain';

let firestore: Firestore | undefined;

export function db(): Firestore {
  if (!firestore) {
    if (getApps().length === 0) initializeApp();
    firestore = getFirestore();
  }
  return firestore;
}

/**
 * Transactions that take or give back seats: every family racing for a class contends for its
 * document. The Admin SDK retries a contended transaction after 1 s, then 1.5 times longer each
 * time (at most 60 s): twelve attempts wait about 170 s in all, so the callables running them get
 * SEAT_CALL_TIMEOUT_S (the default 60 s cut a retrying enrollment off with an opaque "internal").
 */
const SEAT_ATTEMPTS = 12;
export const SEAT_CALL_TIMEOUT_S = 300;

/**
 * A transaction the database closed under it (the emulator ends one that waited too long on a lock and
 * answers INVALID_ARGUMENT "Transaction is invalid or closed", which the SDK does not retry). Nothing
 * of it was written, so the whole transaction runs again.
 */
const closedUnder = (error: unknown) => (error as { code?: unknown }).code === 3 && /Transaction is invalid or closed/.test(String((error as Error).message));

export async function runSeatTransaction<T>(update: (tx: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db().runTransaction(update, { maxAttempts: SEAT_ATTEMPTS });
    } catch (error) {
      if (closedUnder(error) && attempt < 3) continue;
      // ABORTED after the last attempt: still contended. Nothing was written.
      if ((error as { code?: unknown }).code === 10 || closedUnder(error)) {
        throw new HttpsError('unavailable', 'Many families are enrolling in these classes right now. Nothing was saved; please try again in a minute.');
      }
      throw error;
    }
  }
}

export const COLLECTIONS = {
  roles: 'roles',
  semesters: 'semesters',
  classes: 'classes',
  groups: 'groups',
  config: 'config',
  students: 'students',
  enrollments: 'enrollments',
  enrollmentDrafts: 'enrollmentDrafts',
  discounts: 'discounts',
  /** Uses counted against a limited discount code, by discount id ({ uses }). */
  discountUses: 'discountUses',
  mail: 'mail',
  /** Subcollection of a class: one document per enrolled student. */
  roster: 'roster',
  /** Stripe webhook events applied, by event id (each is applied once). */
  stripeEvents: 'stripeEvents',
  /** Families waiting for full classes (issue 20). */
  waitlist: 'waitlist',
  /** Calls counted per key and window (data/rateLimit.ts); they expire by TTL. */
  rateLimits: 'rateLimits',
  /** Gifts by card, by Stripe Checkout Session id. */
  donations: 'donations',
  /** The audit trail (issue 22): entries only ever created. */
  audit: 'audit',
  /** Families' private calendar addresses (issue 23), by the SHA-256 of the token: { uid, createdAt }. */
  calendarFeeds: 'calendarFeeds',
  /** A family's email preferences (issue 23), by uid: { token (for the unsubscribe link), remindersOff }. */
  mailPrefs: 'mailPrefs',
  /** Emails the office sent to the families of classes (issue 23), kept with who sent them. */
  classMessages: 'classMessages',
  /** Banners above the class list (issue 23). */
  announcements: 'announcements',
} as const;

/** What each collection of records holds. Read through `records(name)`, every document comes back typed, with its id. */
export interface Records {
  semesters: Semester;
  classes: ClassRecord;
  groups: ClassGroup;
  students: Student;
  enrollments: Enrollment;
  discounts: Discount;
  waitlist: WaitlistEntry;
  classMessages: ClassMessage;
  announcements: Announcement;
}
export type RecordName = keyof Records;

/** The one place a stored document becomes a record: its fields and its id (the contract's types say what is stored). */
const recordConverter: FirestoreDataConverter<{ id: string }> = {
  toFirestore: (record) => record as DocumentData,
  fromFirestore: (snap: QueryDocumentSnapshot) => ({ ...snap.data(), id: snap.id }),
};

export const records = <K extends RecordName>(name: K) =>
  db().collection(COLLECTIONS[name]).withConverter(recordConverter as FirestoreDataConverter<Records[K]>) as CollectionReference<Records[K]>;
/** The records of those snapshots that exist. */
export const present = <T>(snaps: DocumentSnapshot<T>[]): T[] => snaps.flatMap((s) => (s.exists ? [s.data()!] : []));
/** One record's document, typed. */
export const recordRef = <K extends RecordName>(name: K, id: string) => records(name).doc(id);

/** Deletes a record that must exist ("This bundle does not exist." otherwise). */
export async function deleteRecord(name: RecordName, id: string, what: string): Promise<void> {
  const ref = recordRef(name, id);
  if (!(await ref.get()).exists) throw notFound(what);
  await ref.delete();
}

export const uniq = <T>(xs: T[]): T[] => [...new Set(xs)];
export const notFound = (what: string) => new HttpsError('not-found', `${what} does not exist.`);
/** A request the state of things refuses, in words for the family or the office. */
export const precondition = (message: string) => new HttpsError('failed-precondition', message);

/**
 * Two people editing the same thing: the save names the version it started from; when the stored one
 * is newer, the save is refused and nothing is written. Returns the version the save writes.
 */
export function nextVersion(existing: DocumentSnapshot | null, startedFrom: number | undefined, what: string): number {
  const stored = (existing?.exists ? (existing.get('version') as number | undefined) : undefined) ?? 0;
  if (existing?.exists && startedFrom !== undefined && startedFrom !== stored) {
    throw new HttpsError('aborted', `${what} was changed by someone else since you opened it. Reload to see their changes, then make yours again.`);
  }
  return stored + 1;
}

export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Records by id in batched reads (500 a batch), never a read per document; `fields` reads only those. */
export async function getByIds<K extends RecordName>(name: K, ids: string[], fields?: string[]): Promise<{ found: Records[K][]; notFound: string[] }> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return { found: [], notFound: [] };
  const refs = (part: string[]) => part.map((id) => recordRef(name, id));
  // getAll's typing forgets the references' converter; the snapshots come back through it all the same.
  const parts = await Promise.all(
    chunks(unique, 500).map((part) => (fields ? db().getAll(...refs(part), { fieldMask: fields }) : db().getAll(...refs(part))) as Promise<DocumentSnapshot<Records[K]>[]>),
  );
  const snaps = parts.flat();
  noteReads(snaps.length);
  return {
    found: present(snaps),
    notFound: snaps.filter((s) => !s.exists).map((s) => s.id),
  };
}

// Billed document reads of one call, counted by the catalogue helpers (a query costs at least one
// read even when empty). The catalogue callables log the figure; the benchmark reads it.
const meter = new AsyncLocalStorage<{ reads: number }>();

export function noteReads(count: number): void {
  const m = meter.getStore();
  if (m) m.reads += count;
}

export async function withReadMeter<T>(run: () => Promise<T>): Promise<{ value: T; reads: number }> {
  const m = { reads: 0 };
  const value = await meter.run(m, run);
  return { value, reads: m.reads };
}
