// What was recorded in the field and not sent yet, kept on the phone until the server has it: a reload,
// a closed tab or a phone that restarts loses nothing. Kept in IndexedDB, each entry encrypted with
// AES-GCM under a key the browser made non-extractable and keeps as a key object: a script (or a copy
// of the stored bytes) can use it here but never read it, so what is stored holds no child's data in
// clear. Chosen over a PIN the instructor types: nothing to forget at a trailhead. Wiped on sign-out.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { FieldEntryInput } from '../../../contract/field';
import { FIELD_STORE } from '../../lib/familyStorage';

interface Sealed {
  /** The entry's own id (made at random on the phone) and its class: nothing about the child. */
  id: string;
  classId: string;
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

interface FieldDb extends DBSchema {
  keys: { key: string; value: CryptoKey };
  waiting: { key: string; value: Sealed; indexes: { byClass: string } };
}

let opened: Promise<IDBPDatabase<FieldDb>> | undefined;
const database = () =>
  (opened ??= openDB<FieldDb>(FIELD_STORE, 1, {
    upgrade(db) {
      db.createObjectStore('keys');
      db.createObjectStore('waiting', { keyPath: 'id' }).createIndex('byClass', 'classId');
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

/** Keeps these entries of a class until `sent` says the server has them. */
export async function keepWaiting(classId: string, entries: FieldEntryInput[]): Promise<void> {
  const db = await database();
  const key = await sealingKey(db);
  const sealed = await Promise.all(
    entries.map(async (entry): Promise<Sealed> => {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(JSON.stringify(entry)));
      return { id: entry.id, classId, iv, data };
    }),
  );
  const tx = db.transaction('waiting', 'readwrite');
  await Promise.all([...sealed.map((s) => tx.store.put(s)), tx.done]);
}

/** The entries of a class still waiting on this phone. */
export async function waitingFor(classId: string): Promise<FieldEntryInput[]> {
  const db = await database();
  const sealed = await db.getAllFromIndex('waiting', 'byClass', classId);
  if (!sealed.length) return [];
  const key = await sealingKey(db);
  const opened = await Promise.all(sealed.map((s) => crypto.subtle.decrypt({ name: 'AES-GCM', iv: s.iv }, key, s.data).catch(() => null)));
  return opened.flatMap((plain) => (plain ? [JSON.parse(new TextDecoder().decode(plain)) as FieldEntryInput] : []));
}

/** The server has these: they no longer wait. */
export async function sent(ids: string[]): Promise<void> {
  const db = await database();
  const tx = db.transaction('waiting', 'readwrite');
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
}
