// Where a round lives: the round as published (`rounds`, by semester id), its secret seed until the draw
// (`roundSecrets`: never read by any call before it), the families' entries (`roundEntries`, by
// semester and account), the children entered (`roundChildren`, by semester and child: each child
// once), the children refused as entered by another family (`roundCollisions`, for the office) and
// the record of the entries committed and the draw, in parts (`roundRecords`), since a big round
// outgrows one document.
import { createHash } from 'node:crypto';
import type { Transaction } from 'firebase-admin/firestore';
import type { DrawEntry, Placement } from '../../../contract/draw';
import { gateOf, type PublicRound, type RoundEntry, type RoundGate } from '../../../contract/rounds';
import { chunks, db } from './db';

export const ROUNDS = { rounds: 'rounds', secrets: 'roundSecrets', entries: 'roundEntries', children: 'roundChildren', records: 'roundRecords', collisions: 'roundCollisions' } as const;

export const roundRef = (semesterId: string) => db().collection(ROUNDS.rounds).doc(semesterId);
export const secretRef = (semesterId: string) => db().collection(ROUNDS.secrets).doc(semesterId);
export const entryRef = (semesterId: string, uid: string) => db().collection(ROUNDS.entries).doc(`${semesterId}__${uid}`);
/** A child entered, by a hash of its name and birth date (the index names nobody). */
export const childRef = (semesterId: string, key: string) => db().collection(ROUNDS.children).doc(`${semesterId}__${createHash('sha256').update(key).digest('hex')}`);

/** A child refused because another family's entry held it, by semester and the refused family's student. */
export const collisionRef = (semesterId: string, studentId: string) => db().collection(ROUNDS.collisions).doc(`${semesterId}__${studentId}`);

export async function loadRound(semesterId: string, tx?: Transaction): Promise<PublicRound | null> {
  const snap = tx ? await tx.get(roundRef(semesterId)) : await roundRef(semesterId).get();
  return snap.exists ? (snap.data() as PublicRound) : null;
}

/** The rounds of these semesters (those that have one), as a checkout and the class list need them. */
export async function loadRoundGates(semesterIds: string[]): Promise<Map<string, RoundGate>> {
  if (!semesterIds.length) return new Map();
  const snaps = await db().getAll(...semesterIds.map(roundRef));
  return new Map(snaps.flatMap((s) => (s.exists ? [[s.id, gateOf(s.data() as PublicRound)] as const] : [])));
}

/** A round's entries; in a transaction, read in it (no entry changes until it ends). */
export async function loadEntries(semesterId: string, tx?: Transaction): Promise<RoundEntry[]> {
  const query = db().collection(ROUNDS.entries).where('semesterId', '==', semesterId);
  return (await (tx ? tx.get(query) : query.get())).docs.map((d) => d.data() as RoundEntry);
}

/** A record part holds at most this many entries or placements (a document holds at most 1 MiB). */
const PART = 400;

/** The record's parts: the entries as committed (written at the close), then the placements (at the draw). */
const partsOf = (semesterId: string) => db().collection(ROUNDS.records).doc(semesterId).collection('parts');

/** The parts' documents, by id (in the order they are read back). */
export function recordParts(written: { entries: DrawEntry[] } | { placements: Placement[] }): [string, object][] {
  const [kind, items] = 'entries' in written ? (['entries', written.entries] as const) : (['placements', written.placements] as const);
  return chunks<unknown>(items, PART).map((part, i) => [`${kind}-${String(i).padStart(4, '0')}`, { [kind]: part }]);
}

export function writeCommitted(tx: Transaction, semesterId: string, entries: DrawEntry[]): void {
  for (const [id, data] of recordParts({ entries })) tx.set(partsOf(semesterId).doc(id), data);
}

export function writePlacements(tx: Transaction, semesterId: string, placements: Placement[], capacity: Record<string, number>): void {
  tx.set(db().collection(ROUNDS.records).doc(semesterId), { capacity });
  for (const [id, data] of recordParts({ placements })) tx.set(partsOf(semesterId).doc(id), data);
}

/** The record as written: the entries committed, the capacities used and the placements (in turn order). */
export async function loadRecordParts(semesterId: string): Promise<{ entries: DrawEntry[]; placements: Placement[]; capacity: Record<string, number> }> {
  const [top, parts] = await Promise.all([db().collection(ROUNDS.records).doc(semesterId).get(), partsOf(semesterId).orderBy('__name__').get()]);
  const entries = parts.docs.filter((d) => d.id.startsWith('entries-')).flatMap((d) => d.get('entries') as DrawEntry[]);
  const placements = parts.docs.filter((d) => d.id.startsWith('placements-')).flatMap((d) => d.get('placements') as Placement[]);
  return { entries, placements, capacity: (top.get('capacity') as Record<string, number> | undefined) ?? {} };
}
