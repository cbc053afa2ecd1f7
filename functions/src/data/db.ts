import { AsyncLocalStorage } from 'node:async_hooks';
import { getApps, initializeApp } from 'firebase-admin/app';
import {
  DocumentReference,
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
import type { CreditEntry } from '../../../contract/credit';
import type { AidApplication, AidFund } from '../../../contract/aid';

let firestore: Firestore | undefined;

export function db(): Firestore {
  if (!firestore) {
    if (getApps().length === 0) initializeApp();
    firestore = gatherReads(getFirestore());
  }
  return firestore;
}

/** The most documents one read request asks for (`getByIds` reads in parts this size, and gathered reads go in requests no larger). */
export const GATHERED_AT_MOST = 500;

/**
 * Document reads asked in the same turn of the event loop go to Firestore as one request. A use case
 * reads what each of its parts needs at once (a checkout first reads the checkout made before with its
 * key, the releases and the catalogue's stamp, each with its own `get()`; then the family's account and
 * its codes' counters); gathered, that is one request for the database and for this instance's client
 * to handle instead of one each, and one round trip. Each caller gets what its own read would have
 * given. Reads with options (a field mask) go as asked; a transaction's reads are its own and never
 * come here.
 */
export function gatherReads(store: Firestore): Firestore {
  type Waiting = { from: number; count: number; done: (snaps: DocumentSnapshot[]) => void; failed: (error: unknown) => void };
  type Batch = { refs: DocumentReference[]; waiting: Waiting[] };
  const getAll = store.getAll.bind(store);
  let open: Batch | null = null;
  const own = <T>(all: T[], w: Waiting) => all.slice(w.from, w.from + w.count);
  const send = (batch: Batch) =>
    getAll(...batch.refs).then(
      (snaps) => batch.waiting.forEach((w) => w.done(own(snaps, w))),
      // One read the database refuses (a name it does not take) fails the whole request: each caller
      // then reads alone, so that only the read at fault fails, as it would have without gathering.
      (error: unknown) => batch.waiting.forEach((w) => (batch.waiting.length === 1 ? w.failed(error) : getAll(...own(batch.refs, w)).then(w.done, w.failed))),
    );
  store.getAll = ((...asked: Parameters<Firestore['getAll']>) => {
    if (!asked.length || asked.some((a) => !(a instanceof DocumentReference))) return getAll(...asked);
    if (!open || open.refs.length + asked.length > GATHERED_AT_MOST) {
      const batch: Batch = { refs: [], waiting: [] };
      open = batch;
      setImmediate(() => {
        if (open === batch) open = null;
        void send(batch);
      });
    }
    const batch = open;
    return new Promise<DocumentSnapshot[]>((done, failed) => {
      batch.waiting.push({ from: batch.refs.length, count: asked.length, done, failed });
      batch.refs.push(...(asked as DocumentReference[]));
    });
  }) as Firestore['getAll'];
  return store;
}

/**
 * How long a transaction that takes or gives back seats keeps trying before it answers "try again":
 * well inside the 60 s after which Firebase Hosting gives up on a call (the idempotency key makes
 * the family's retry safe). The callables running them keep a longer timeout for the work around them.
 */
export const SEAT_DEADLINE_MS = 40_000;
export const SEAT_CALL_TIMEOUT_S = 300;

/**
 * Worth another try: a document created meanwhile (ALREADY_EXISTS: another family took the seat), a
 * document changed since it was read (FAILED_PRECONDITION on a write made only if unchanged), the
 * database giving up on a lock (ABORTED), or the emulator closing a transaction that waited too long
 * ("Transaction is invalid or closed"). Nothing of the attempt was written. (The codes are
 * Firestore's numbers; the portal's own refusals are HttpsErrors, never numbers.)
 */
export function anotherTry(error: unknown): boolean {
  if (error instanceof PlanAgain) return true;
  const code = (error as { code?: unknown }).code;
  return code === 6 || code === 9 || code === 10 || (code === 3 && /Transaction is invalid or closed/.test(String((error as Error).message)));
}
/**
 * Thrown in a seat transaction, before it writes, when a seat it was planned on was given back since
 * the seats were listed (a hold it replaces ended meanwhile): the checkout lists the seats and plans again.
 */
export class PlanAgain extends Error {}
export const BUSY = 'Many families are enrolling in these classes right now. Nothing was saved; please try again in a minute.';
/** A short random wait before trying again, growing with the attempts: those who lost a race spread out. */
export const backOff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(1000, 25 * 2 ** attempt)));

/**
 * A transaction on seats, tried once at a time (the SDK's own retries wait a second and more, the
 * same request each time) and run again with fresh reads while `anotherTry` says so.
 */
export async function runSeatTransaction<T>(update: (tx: Transaction) => Promise<T>): Promise<T> {
  const deadline = Date.now() + SEAT_DEADLINE_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db().runTransaction(update, { maxAttempts: 1 });
    } catch (error) {
      if (!anotherTry(error)) throw error;
      if (Date.now() > deadline) throw new HttpsError('unavailable', BUSY);
      await backOff(attempt);
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
  /** Families waiting for full classes. */
  waitlist: 'waitlist',
  /** Calls counted per key and window (data/rateLimit.ts); they expire by TTL. */
  rateLimits: 'rateLimits',
  /** Gifts by card, by Stripe Checkout Session id. */
  donations: 'donations',
  /** The audit trail: entries only ever created. */
  audit: 'audit',
  /** Families' private calendar addresses, by the SHA-256 of the token: { uid, createdAt }. */
  calendarFeeds: 'calendarFeeds',
  /** A family's email preferences, by uid: { token (for the unsubscribe link), remindersOff }. */
  mailPrefs: 'mailPrefs',
  /** Emails the office sent to the families of classes, kept with who sent them. */
  classMessages: 'classMessages',
  /** Banners above the class list. */
  announcements: 'announcements',
  /** Per family account, read and written in each of its checkouts (so that its limits hold under parallel calls). */
  accounts: 'accounts',
  /** A family's account credit, entry by entry (only ever created; the balance is the account's `credit`). */
  credits: 'credits',
  /** What instructors recorded in the field (attendance), by the id the phone gave each: only ever created. */
  fieldEntries: 'fieldEntries',
  /** Each child's pickup codes for the school year, by student id: check values only, never the codes. */
  pickupCodes: 'pickupCodes',
  /** Field entries the server could not keep on a class's record, held for the office to review, by the phone's id. */
  fieldHeld: 'fieldHeld',
  /** Offline copies of classes taken by instructors' phones, by `uid_classId`: when and until when (nothing of a child but ids). */
  offlineCopies: 'offlineCopies',
  /** Families' financial aid applications, one per family and school year (`uid-year`), each with its award. */
  aidApplications: 'aidApplications',
  /** The funds awards are made from. */
  aidFunds: 'aidFunds',
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
  credits: CreditEntry;
  aidApplications: AidApplication;
  aidFunds: AidFund;
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
/** A record read, if it is there and (with `ownerUid`) that family's: another family's is not found either ("This enrollment does not exist."). */
export function ownedRecord<T>(snap: DocumentSnapshot<T>, what: string, ownerUid?: string): T {
  if (!snap.exists || (ownerUid !== undefined && snap.get('ownerUid') !== ownerUid)) throw notFound(what);
  return snap.data()!;
}
/** A request the state of things refuses, in words for the family or the office. */
export const precondition = (message: string) => new HttpsError('failed-precondition', message);

/**
 * Two people editing the same thing: the save names the version it started from (none: a record
 * never saved since it was loaded, version 0); when the stored one is newer, the save is refused and
 * nothing is written, even when the two changed different fields (a save writes the whole record, so
 * merging would undo the other's change). Returns the version the save writes.
 */
export function nextVersion(existing: DocumentSnapshot | null, startedFrom: number | undefined, what: string): number {
  const stored = (existing?.exists ? (existing.get('version') as number | undefined) : undefined) ?? 0;
  if (existing?.exists && (startedFrom ?? 0) !== stored) {
    throw new HttpsError('aborted', `${what} was changed by someone else since you opened it. Reload to see their changes, then make yours again.`);
  }
  return stored + 1;
}

export function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Records by id in batched reads (GATHERED_AT_MOST a batch), never a read per document; `fields` reads only those. */
export async function getByIds<K extends RecordName>(name: K, ids: string[], fields?: string[]): Promise<{ found: Records[K][]; notFound: string[] }> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return { found: [], notFound: [] };
  const refs = (part: string[]) => part.map((id) => recordRef(name, id));
  // getAll's typing forgets the references' converter; the snapshots come back through it all the same.
  const parts = await Promise.all(
    chunks(unique, GATHERED_AT_MOST).map((part) => (fields ? db().getAll(...refs(part), { fieldMask: fields }) : db().getAll(...refs(part))) as Promise<DocumentSnapshot<Records[K]>[]>),
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
