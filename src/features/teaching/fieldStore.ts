// What the field needs on the phone, for one signed-in person: what they recorded and not sent yet,
// kept until the server has it (a reload, a closed tab or a phone that restarts loses nothing); what
// the server handed to the office instead of the class's record, kept until they have seen it; and
// their offline copies of classes (rosters and records, for a meeting without signal; each opens until
// its last day). Each person has a store of their own (FIELD_STORE-<uid>) with a key of its own, and
// every record is sealed with AES-GCM naming its owner: another person signed in on the same phone
// never opens it, nor sends it under their name. The key is non-extractable and kept as a key object: a
// script (or a copy of the stored bytes) can use it here but never read it, so what is stored holds no
// child's data in clear. Chosen over a PIN the instructor types: nothing to forget at a trailhead.
// Wiped on sign-out; another person's copies are wiped when someone else opens the field kit here.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { SheetRoster } from '../../../contract/domain';
import type { FieldEntry, FieldEntryInput } from '../../../contract/field';
import { FIELD_STORE, fieldStoreOf } from '../../lib/familyStorage';

interface Sealed {
  /** The entry's own id (made at random on the phone) and its class: nothing about the child. */
  id: string;
  classId: string;
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

/** A class as the phone keeps it for a meeting without signal. */
export interface OfflineCopy {
  roster: SheetRoster;
  /** The class's records as they stood at the download, and the names of the children they name. */
  entries: FieldEntry[];
  names: Record<string, string>;
  savedAt: string;
  /** The last school day it opens (the server said so when it was downloaded). */
  until: string;
}

/** An entry waiting to be sent, with the child's name as the phone knew it (a notice names the child even once the roster has gone). */
export type Waiting = FieldEntryInput & { child?: string };

/** A record the server did not put on the class's record: the office has it; the instructor sees it until they say so. */
export interface Notice {
  id: string;
  classId: string;
  /** The child, by name, and what the record was, in words, as the instructor recorded it. */
  child: string;
  what: string;
  reason: string;
}

interface SealedCopy {
  /** The class and the last day the copy opens: nothing about a child. */
  classId: string;
  until: string;
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

interface FieldDb extends DBSchema {
  keys: { key: string; value: CryptoKey };
  waiting: { key: string; value: Sealed; indexes: { byClass: string } };
  copies: { key: string; value: SealedCopy };
  notices: { key: string; value: Sealed; indexes: { byClass: string } };
}

const VERSION = 3;
function upgrade(db: IDBPDatabase<FieldDb>, from: number) {
  if (from < 1) {
    db.createObjectStore('keys');
    db.createObjectStore('waiting', { keyPath: 'id' }).createIndex('byClass', 'classId');
  }
  if (from < 2) db.createObjectStore('copies', { keyPath: 'classId' });
  if (from < 3) db.createObjectStore('notices', { keyPath: 'id' }).createIndex('byClass', 'classId');
}

const opened = new Map<string, Promise<IDBPDatabase<FieldDb>>>();
function database(uid: string): Promise<IDBPDatabase<FieldDb>> {
  let db = opened.get(uid);
  if (!db) {
    db = openDB<FieldDb>(fieldStoreOf(uid), VERSION, {
      upgrade,
      // Another tab wipes it (a sign-out): this one opens it afresh next time.
      blocking() {
        void opened.get(uid)?.then((d) => d.close());
        opened.delete(uid);
      },
    });
    opened.set(uid, db);
    void forgetOthersCopies(uid);
  }
  return db;
}

/**
 * Wipes the offline copies of everyone else who used the field kit on this phone (an account disabled
 * without signing out, a shared phone): they can download them again. What they recorded and did not
 * send stays in their store, sealed, for them to send when they sign in here again.
 */
async function forgetOthersCopies(uid: string): Promise<void> {
  const all = await indexedDB.databases?.().catch(() => []);
  const others = (all ?? []).map((d) => d.name ?? '').filter((name) => (name === FIELD_STORE || name.startsWith(`${FIELD_STORE}-`)) && name !== fieldStoreOf(uid));
  for (const name of others) {
    const other = await openDB<FieldDb>(name, VERSION, { upgrade }).catch(() => null);
    if (!other) continue;
    await other.clear('copies').catch(() => undefined);
    other.close();
  }
}

async function sealingKey(db: IDBPDatabase<FieldDb>): Promise<CryptoKey> {
  const kept = await db.get('keys', 'main');
  if (kept) return kept;
  const made = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  await db.put('keys', made, 'main');
  return made;
}

/** The owner's id as the seal's additional data: a record opens only for the person it was sealed for. */
const ownerData = (uid: string) => new TextEncoder().encode(`owner:${uid}`);

async function seal(key: CryptoKey, uid: string, value: unknown): Promise<{ iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer }> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  return { iv, data: await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: ownerData(uid) }, key, new TextEncoder().encode(JSON.stringify(value))) };
}

/** What was sealed, or null when it does not open (another owner's, or a key made afresh after a wipe). */
async function unseal<T>(key: CryptoKey, uid: string, { iv, data }: { iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer }): Promise<T | null> {
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData: ownerData(uid) }, key, data).catch(() => null);
  return plain ? (JSON.parse(new TextDecoder().decode(plain)) as T) : null;
}

async function sealAll<T extends { id: string }>(uid: string, classId: string, items: T[]): Promise<Sealed[]> {
  const key = await sealingKey(await database(uid));
  return Promise.all(items.map(async (item): Promise<Sealed> => ({ id: item.id, classId, ...(await seal(key, uid, item)) })));
}

async function openAll<T>(uid: string, store: 'waiting' | 'notices', classId: string): Promise<T[]> {
  const db = await database(uid);
  const sealed = await db.getAllFromIndex(store, 'byClass', classId);
  if (!sealed.length) return [];
  const key = await sealingKey(db);
  return (await Promise.all(sealed.map((s) => unseal<T>(key, uid, s)))).filter((e) => e !== null);
}

async function putAll(uid: string, store: 'waiting' | 'notices', sealed: Sealed[]): Promise<void> {
  const tx = (await database(uid)).transaction(store, 'readwrite');
  await Promise.all([...sealed.map((s) => tx.store.put(s)), tx.done]);
}

async function deleteAll(uid: string, store: 'waiting' | 'notices', ids: string[]): Promise<void> {
  const tx = (await database(uid)).transaction(store, 'readwrite');
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
}

/** Keeps these entries of a class until `sent` says the server has them. */
export async function keepWaiting(uid: string, classId: string, entries: Waiting[]): Promise<void> {
  await putAll(uid, 'waiting', await sealAll(uid, classId, entries));
}

/** The entries of a class still waiting on this phone, this person's only. */
export const waitingFor = (uid: string, classId: string) => openAll<Waiting>(uid, 'waiting', classId);

/** The classes with entries waiting on this phone, or notices not yet seen (this person's). */
export async function classesWithRecords(uid: string): Promise<string[]> {
  const db = await database(uid);
  const [waiting, notices] = await Promise.all([db.getAll('waiting'), db.getAll('notices')]);
  return [...new Set([...waiting, ...notices].map((r) => r.classId))];
}

/**
 * The server has these (on the record, or handed to the office): they no longer wait. The notices of
 * those handed to the office are kept in the same transaction, so that nothing goes unseen.
 */
export async function sent(uid: string, classId: string, ids: string[], notices: Notice[] = []): Promise<void> {
  const sealed = await sealAll(uid, classId, notices);
  const tx = (await database(uid)).transaction(['waiting', 'notices'], 'readwrite');
  await Promise.all([...sealed.map((s) => tx.objectStore('notices').put(s)), ...ids.map((id) => tx.objectStore('waiting').delete(id)), tx.done]);
}

/** The records of a class handed to the office that the instructor has not said they saw. */
export const noticesFor = (uid: string, classId: string) => openAll<Notice>(uid, 'notices', classId);

/** The instructor has seen these notices. */
export const noticesSeen = (uid: string, ids: string[]) => deleteAll(uid, 'notices', ids);

/** Keeps (or refreshes) a class's offline copy. */
export async function keepCopy(uid: string, copy: OfflineCopy): Promise<void> {
  const db = await database(uid);
  const key = await sealingKey(db);
  await db.put('copies', { classId: copy.roster.class.id, until: copy.until, ...(await seal(key, uid, copy)) });
}

/** This person's offline copies that still open on `today`; those past their last day are wiped. */
export async function copies(uid: string, today: string): Promise<OfflineCopy[]> {
  const db = await database(uid);
  const all = await db.getAll('copies');
  const gone = all.filter((c) => c.until < today);
  if (gone.length) {
    const tx = db.transaction('copies', 'readwrite');
    await Promise.all([...gone.map((c) => tx.store.delete(c.classId)), tx.done]);
  }
  const live = all.filter((c) => c.until >= today);
  if (!live.length) return [];
  const key = await sealingKey(db);
  return (await Promise.all(live.map((c) => unseal<OfflineCopy>(key, uid, c)))).filter((c) => c !== null);
}

/** Wipes a class's offline copy (the instructor no longer teaches it). */
export async function dropCopy(uid: string, classId: string): Promise<void> {
  await (await database(uid)).delete('copies', classId);
}
