// What the field needs on the phone: what was recorded and not sent yet, kept until the server has it
// (a reload, a closed tab or a phone that restarts loses nothing), and the offline copies of classes
// (their rosters and records, for a meeting without signal; each opens until its last day). Kept in IndexedDB, each entry encrypted with
// AES-GCM under a key the browser made non-extractable and keeps as a key object: a script (or a copy
// of the stored bytes) can use it here but never read it, so what is stored holds no child's data in
// clear. Chosen over a PIN the instructor types: nothing to forget at a trailhead. Wiped on sign-out.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { SheetRoster } from '../../../contract/domain';
import type { FieldEntry, FieldEntryInput } from '../../../contract/field';
import { FIELD_STORE } from '../../lib/familyStorage';

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
  /** The class's records as they stood at the download. */
  entries: FieldEntry[];
  savedAt: string;
  /** The last school day it opens. */
  until: string;
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
}

let opened: Promise<IDBPDatabase<FieldDb>> | undefined;
const database = () =>
  (opened ??= openDB<FieldDb>(FIELD_STORE, 2, {
    upgrade(db, from) {
      if (from < 1) {
        db.createObjectStore('keys');
        db.createObjectStore('waiting', { keyPath: 'id' }).createIndex('byClass', 'classId');
      }
      if (from < 2) db.createObjectStore('copies', { keyPath: 'classId' });
    },
    // Another tab wipes it (a sign-out): this one opens it afresh next time.
    blocking() {
      void opened?.then((db) => db.close());
      opened = undefined;
    },
  }));

async function sealingKey(db: IDBPDatabase<FieldDb>): Promise<CryptoKey> {
  const kept = await db.get('keys', 'main');
  if (kept) return kept;
  const made = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  await db.put('keys', made, 'main');
  return made;
}

async function seal(key: CryptoKey, value: unknown): Promise<{ iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer }> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  return { iv, data: await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(JSON.stringify(value))) };
}

/** What was sealed, or null when it no longer opens (a key made afresh after a wipe). */
async function unseal<T>(key: CryptoKey, { iv, data }: { iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer }): Promise<T | null> {
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, key, data).catch(() => null);
  return plain ? (JSON.parse(new TextDecoder().decode(plain)) as T) : null;
}

/** Keeps these entries of a class until `sent` says the server has them. */
export async function keepWaiting(classId: string, entries: FieldEntryInput[]): Promise<void> {
  const db = await database();
  const key = await sealingKey(db);
  const sealed = await Promise.all(entries.map(async (entry): Promise<Sealed> => ({ id: entry.id, classId, ...(await seal(key, entry)) })));
  const tx = db.transaction('waiting', 'readwrite');
  await Promise.all([...sealed.map((s) => tx.store.put(s)), tx.done]);
}

/** The entries of a class still waiting on this phone. */
export async function waitingFor(classId: string): Promise<FieldEntryInput[]> {
  const db = await database();
  const sealed = await db.getAllFromIndex('waiting', 'byClass', classId);
  if (!sealed.length) return [];
  const key = await sealingKey(db);
  const opened = await Promise.all(sealed.map((s) => unseal<FieldEntryInput>(key, s)));
  return opened.filter((e) => e !== null);
}

/** The server has these: they no longer wait. */
export async function sent(ids: string[]): Promise<void> {
  const db = await database();
  const tx = db.transaction('waiting', 'readwrite');
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
}

/** Keeps (or refreshes) a class's offline copy. */
export async function keepCopy(copy: OfflineCopy): Promise<void> {
  const db = await database();
  const key = await sealingKey(db);
  await db.put('copies', { classId: copy.roster.class.id, until: copy.until, ...(await seal(key, copy)) });
}

/** The offline copies on this phone that still open on `today`; those past their last day are wiped. */
export async function copies(today: string): Promise<OfflineCopy[]> {
  const db = await database();
  const all = await db.getAll('copies');
  const gone = all.filter((c) => c.until < today);
  if (gone.length) {
    const tx = db.transaction('copies', 'readwrite');
    await Promise.all([...gone.map((c) => tx.store.delete(c.classId)), tx.done]);
  }
  const live = all.filter((c) => c.until >= today);
  if (!live.length) return [];
  const key = await sealingKey(db);
  return (await Promise.all(live.map((c) => unseal<OfflineCopy>(key, c)))).filter((c) => c !== null);
}

/** Wipes a class's offline copy (the instructor no longer teaches it). */
export async function dropCopy(classId: string): Promise<void> {
  await (await database()).delete('copies', classId);
}
