// A registration round's draw: who is placed where, from entries, capacities and a key nobody could
// choose. The same code runs on the server (the draw) and in the browser (Verify), so a family can
// recompute the whole draw from the published record. Pure, apart from WebCrypto's hashing (async).
//
// In words (docs/draw.md says it precisely enough to reimplement):
// 1. The entries are written canonically (sorted by id; each child's choices in rank order) and
//    hashed with SHA-256: the entries' hash, published when entries close.
// 2. The draw's key is SHA-256 of "<algorithm>|<seed>|<beacon value>|<entries' hash>": the seed was
//    committed (by its hash) before any entry existed, the beacon's value did not exist before entries
//    closed, and the entries were committed before either was known.
// 3. Each entry's number is the first 48 bits of HMAC-SHA-256(key, entry id), as a fraction of 2^48.
// 4. Entries take their turn by priority group (smaller first), then number (smaller first), then id.
// 5. At its turn an entry places its children: linked siblings together in the choice they all ranked
//    with the smallest sum of ranks that has a seat for each of them in every class (or none of them);
//    other children one by one, in the entry's order, each in its best-ranked choice with a seat in
//    every class. A choice is a class or a bundle (several classes).
import { bytesOf, hex } from './random';

export const DRAW_ALGORITHM = 'wildwood-draw-1';

/** A class, or a bundle of classes, that a child ranked. */
export interface DrawChoice {
  id: string;
  classIds: string[];
}

export interface DrawChild {
  /** An id that names nobody (the published record carries no names). */
  id: string;
  /** Best first. */
  choices: DrawChoice[];
}

export interface DrawEntry {
  id: string;
  /** Priority group: 1 comes before 2; the office's groups in order, the rest last. */
  group: number;
  /** Siblings placed together or not at all (a family may unlink them). */
  linked: boolean;
  children: DrawChild[];
}

export interface Placement {
  entryId: string;
  childId: string;
  group: number;
  number: number;
  /** Its turn (0 first). */
  turn: number;
  /** The choice it got, or null. */
  placed: string | null;
  /** Its rank (0: first choice), or null. */
  rank: number | null;
  /**
   * The choices ranked above what it got (all of them when not placed): each was full at its turn, or,
   * for linked siblings, not ranked by all of them or without a seat for each.
   */
  passed: string[];
  /** Placed (or not) with its linked brothers and sisters, in a choice they all ranked. */
  linked: boolean;
}

/** The entries as committed: sorted by id, choices in rank order, a bundle's classes sorted. */
export function canonicalEntries(entries: DrawEntry[]): string {
  const sorted = [...entries].sort((a, b) => compare(a.id, b.id));
  return JSON.stringify(
    sorted.map((e) => ({
      id: e.id,
      group: e.group,
      linked: e.linked,
      children: e.children.map((c) => ({ id: c.id, choices: c.choices.map((x) => ({ id: x.id, classIds: [...x.classIds].sort(compare) })) })),
    })),
  );
}

const encoder = new TextEncoder();

export async function sha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

/** The draw's key, as hex: SHA-256 of the algorithm, the seed, the beacon's value and the entries' hash. */
export const drawKey = (seed: string, beacon: string, entriesHash: string) => sha256Hex(`${DRAW_ALGORITHM}|${seed}|${beacon}|${entriesHash}`);

/** Each entry's number in [0, 1): the first 48 bits of HMAC-SHA-256(key, entry id) over 2^48. */
export async function entryNumbers(keyHex: string, ids: string[]): Promise<Map<string, number>> {
  const key = await crypto.subtle.importKey('raw', bytesOf(keyHex), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const macs = await Promise.all(ids.map((id) => crypto.subtle.sign('HMAC', key, encoder.encode(id))));
  return new Map(
    ids.map((id, i) => {
      const m = new Uint8Array(macs[i]);
      const n = m.slice(0, 6).reduce((acc, b) => acc * 256 + b, 0);
      return [id, n / 2 ** 48];
    }),
  );
}

/** Plain string order (by UTF-16 code units), the same in every language that compares strings so. */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The entries in turn order: group, then number, then id. */
export function drawOrder<E extends Pick<DrawEntry, 'id' | 'group'>>(entries: E[], numbers: Map<string, number>): E[] {
  return [...entries].sort((a, b) => a.group - b.group || numbers.get(a.id)! - numbers.get(b.id)! || compare(a.id, b.id));
}

/**
 * Places every child of the entries, taken in `ordered` turn order, never above `capacity` (seats per
 * class; a class not listed has none).
 */
export function placeEntries(ordered: DrawEntry[], capacity: Record<string, number>, numbers: Map<string, number>): Placement[] {
  const free = new Map(Object.entries(capacity));
  const room = (choice: DrawChoice, n: number) => choice.classIds.every((id) => (free.get(id) ?? 0) >= n);
  const take = (choice: DrawChoice, n: number) => choice.classIds.forEach((id) => free.set(id, free.get(id)! - n));
  const out: Placement[] = [];
  ordered.forEach((entry, turn) => {
    const base = { entryId: entry.id, group: entry.group, number: numbers.get(entry.id)!, turn };
    const result = (child: DrawChild, placed: DrawChoice | null, linked: boolean): Placement => {
      const rank = placed ? child.choices.findIndex((c) => c.id === placed.id) : null;
      return { ...base, childId: child.id, placed: placed?.id ?? null, rank, passed: child.choices.slice(0, rank ?? child.choices.length).map((c) => c.id), linked };
    };
    if (entry.linked && entry.children.length > 1) {
      const [first, ...rest] = entry.children;
      const rankOf = (child: DrawChild, id: string) => child.choices.findIndex((c) => c.id === id);
      const common = first.choices
        .filter((c) => rest.every((child) => rankOf(child, c.id) >= 0))
        .map((c) => ({ c, sum: entry.children.reduce((s, child) => s + rankOf(child, c.id), 0), firstRank: rankOf(first, c.id) }))
        .sort((a, b) => a.sum - b.sum || a.firstRank - b.firstRank || compare(a.c.id, b.c.id));
      const chosen = common.find(({ c }) => room(c, entry.children.length))?.c ?? null;
      if (chosen) take(chosen, entry.children.length);
      for (const child of entry.children) out.push(result(child, chosen, true));
      return;
    }
    for (const child of entry.children) {
      const chosen = child.choices.find((c) => room(c, 1)) ?? null;
      if (chosen) take(chosen, 1);
      out.push(result(child, chosen, false));
    }
  });
  return out;
}

export interface DrawInput {
  entries: DrawEntry[];
  capacity: Record<string, number>;
  /** The secret seed, revealed at the draw (hex). */
  seed: string;
  /** The beacon round's value (hex). */
  beacon: string;
}

export interface DrawResult {
  algorithm: string;
  seedHash: string;
  entriesHash: string;
  key: string;
  placements: Placement[];
}

/** The whole draw, from what the record publishes. */
export async function runDraw({ entries, capacity, seed, beacon }: DrawInput): Promise<DrawResult> {
  const [seedHash, entriesHash] = await Promise.all([sha256Hex(seed), sha256Hex(canonicalEntries(entries))]);
  const key = await drawKey(seed, beacon, entriesHash);
  const numbers = await entryNumbers(key, entries.map((e) => e.id));
  return { algorithm: DRAW_ALGORITHM, seedHash, entriesHash, key, placements: placeEntries(drawOrder(entries, numbers), capacity, numbers) };
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth'];
const ordinal = (rank: number) => ORDINALS[rank] ?? `number ${rank + 1}`;

/** Why a child was placed where it was, in words ("group 2, number 0.1834: …"). */
export function placementWords(p: Placement): string {
  const head = `group ${p.group}, number ${p.number.toFixed(4)}`;
  if (p.placed === null) {
    return p.linked
      ? `${head}: no class your linked children all ranked had a seat for each of them when your turn came; not placed`
      : `${head}: every choice was full when your turn came; not placed`;
  }
  if (p.rank === 0) return `${head}: placed in your first choice${p.linked ? ', with your linked children' : ''}`;
  if (p.linked) return `${head}: placed with your linked children in your ${ordinal(p.rank!)} choice, the best-ranked class you all ranked that had a seat for each of you`;
  const full = p.passed.length === 1 ? 'your first choice was full' : `your ${p.passed.map((_, i) => ordinal(i)).join(', ').replace(/, ([^,]*)$/, ' and $1')} choices were full`;
  return `${head}: ${full} when your turn came; placed in your ${ordinal(p.rank!)} choice`;
}

/** A drawn round's public record: everything needed to draw it again. */
export interface DrawRecord extends DrawInput {
  algorithm: string;
  seedHash: string;
  entriesHash: string;
  placements: Placement[];
}

/**
 * Verify: the published record drawn again. Null when everything matches; else what does not, in
 * words (the first thing found).
 */
export async function verifyRecord(record: DrawRecord): Promise<string | null> {
  if (record.algorithm !== DRAW_ALGORITHM) return `The record uses ${record.algorithm}; this page checks ${DRAW_ALGORITHM}.`;
  if ((await sha256Hex(record.seed)) !== record.seedHash) return 'The seed does not match the hash published when the round opened.';
  if ((await sha256Hex(canonicalEntries(record.entries))) !== record.entriesHash) return 'The entries do not match the hash published when entries closed.';
  const again = await runDraw(record);
  // Field by field: a stored record may list an object's keys in another order.
  const fields = (p: Placement | undefined) => (p ? JSON.stringify([p.entryId, p.childId, p.group, p.number, p.turn, p.placed, p.rank, p.passed, p.linked]) : '');
  const differs = again.placements.findIndex((p, i) => fields(p) !== fields(record.placements[i]));
  if (differs >= 0 || again.placements.length !== record.placements.length) return 'Drawn again, the placements differ from the published ones.';
  return null;
}
