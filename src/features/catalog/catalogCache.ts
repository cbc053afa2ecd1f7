// Seed §3–§4: classes cached by id; classes already cached or loading are not fetched again; the
// current-semester list is fetched only when it is empty. Shared by every page that shows classes.
import { useSyncExternalStore } from 'react';
import type { ClassGroup, PublicClass } from '../../../contract/domain';
import { call } from '../../lib/callable';
import { CallError, failed, loaded, loading, type LoadState } from '../../lib/loadState';
import { toCallError } from '../../lib/query';

type Call = typeof call;

export function createCatalogCache(callFn: Call = call) {
  const classes = new Map<string, LoadState<PublicClass>>();
  const groups = new Map<string, LoadState<ClassGroup>>();
  let current: LoadState<PublicClass[]> | null = null;
  const listeners = new Set<() => void>();
  let version = 0;
  const emit = () => {
    version++;
    listeners.forEach((l) => l());
  };

  /** Ids that are neither cached nor loading (a failed one may be tried again). */
  const missing = <T>(map: Map<string, LoadState<T>>, ids: string[]) =>
    [...new Set(ids)].filter((id) => !map.has(id) || map.get(id)!.status === 'error');

  function put<T extends { id: string }>(map: Map<string, LoadState<T>>, list: T[]) {
    for (const item of list) map.set(item.id, loaded(item));
  }

  /** Fetches the ids that are neither cached nor loading; unknown ones become not-found. */
  async function ensure<T extends { id: string }>(
    map: Map<string, LoadState<T>>,
    ids: string[],
    fetchSome: (todo: string[]) => Promise<{ found: T[]; notFound: string[] }>,
  ): Promise<void> {
    const todo = missing(map, ids);
    if (!todo.length) return;
    todo.forEach((id) => map.set(id, loading));
    emit();
    try {
      const { found, notFound } = await fetchSome(todo);
      put(map, found);
      for (const id of notFound) map.set(id, failed(new CallError('not-found', 'This is no longer offered.')));
    } catch (e) {
      const error = toCallError(e);
      todo.forEach((id) => map.set(id, failed(error)));
    }
    emit();
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
    classState: (id: string): LoadState<PublicClass> | undefined => classes.get(id),
    groupState: (id: string): LoadState<ClassGroup> | undefined => groups.get(id),
    currentSemester: () => current,

    /** Adds classes and groups loaded by another call (e.g. availableEnrollmentClasses). */
    put(list: PublicClass[], groupList: ClassGroup[] = []) {
      put(classes, list);
      put(groups, groupList);
      emit();
    },

    ensureClasses: (ids: string[]) =>
      ensure(classes, ids, async (todo) => {
        const r = await callFn('classes', { query: todo.map((id) => ({ id })) });
        return { found: r.classes, notFound: r.notFound };
      }),

    ensureGroups: (ids: string[]) =>
      ensure(groups, ids, async (todo) => {
        const r = await callFn('classGroups', todo);
        return { found: r.groups, notFound: r.notFound };
      }),

    async ensureCurrentSemester(): Promise<void> {
      if (current && current.status !== 'error') return;
      current = loading;
      emit();
      try {
        const r = await callFn('classes');
        put(classes, r.classes);
        current = loaded(r.classes);
      } catch (e) {
        current = failed(toCallError(e));
      }
      emit();
    },
  };
}

export type CatalogCache = ReturnType<typeof createCatalogCache>;
export const catalogCache = createCatalogCache();

/** Re-renders when the cache changes; returns the cache to read from. */
export function useCatalogCache(cache: CatalogCache = catalogCache): CatalogCache {
  useSyncExternalStore(cache.subscribe, cache.version);
  return cache;
}
