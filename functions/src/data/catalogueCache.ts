// The public catalogue served from each function instance's memory (what an anonymous visitor
// costs): a page view reads one document, the catalogue's stamp, which the office's changes renew.
// An office change shows at once; seat counts (changed by every enrollment, which must not all write
// one document) may lag by CATALOGUE_FRESH_MS. Data never stamped (no office change since it was
// loaded, as in tests and the demo) is always read afresh.
import { randomUUID } from 'node:crypto';
import { logger } from 'firebase-functions/logger';
import { COLLECTIONS, db, noteReads } from './db';

export const CATALOGUE_FRESH_MS = 10_000;
/** The answers kept per instance (calls by semester ids are keyed by the ids: bounded). */
const MAX_KEPT = 50;
const stampRef = () => db().collection(COLLECTIONS.config).doc('catalogue');
const kept = new Map<string, { stamp: string; at: number; value: unknown }>();

/** The stamp of the office's last change to the catalogue, or undefined when none was stamped. */
export async function catalogueStamp(): Promise<string | undefined> {
  const snap = await stampRef().get();
  noteReads(1);
  return snap.get('stamp') as string | undefined;
}

/**
 * `build()`'s answer, or the one kept for `key` when it is younger than CATALOGUE_FRESH_MS and no office
 * change came since. `clock`: the time in milliseconds (a test moves it instead of waiting).
 */
export async function fromCatalogueCache<T>(key: string, build: () => Promise<T>, clock: () => number = Date.now): Promise<T> {
  const stamp = await catalogueStamp();
  if (!stamp) return build();
  const now = clock();
  const hit = kept.get(key);
  if (hit && hit.stamp === stamp && now - hit.at < CATALOGUE_FRESH_MS) return hit.value as T;
  const value = await build();
  kept.delete(key);
  kept.set(key, { stamp, at: now, value });
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
  return value;
}

/** After an office change to semesters, classes, bundles or seats: every instance reads the catalogue afresh. */
export async function stampCatalogue(): Promise<void> {
  try {
    await stampRef().set({ stamp: randomUUID(), at: new Date().toISOString() });
  } catch (error) {
    // The change itself is saved; the catalogue then shows it within CATALOGUE_FRESH_MS.
    logger.error('could not renew the catalogue stamp', error);
  }
}
