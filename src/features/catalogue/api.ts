// The catalogue's remote calls (public: no account needed), and the class cache every page that shows
// classes shares: classes cached by id in the app's QueryClient; classes already cached
// or loading are not fetched again (those asked for together go in one call); the current-semester
// list is fetched only while it is empty. A class save in the office invalidates them ('classes'); the
// classes of the class list are read from its answer.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';
import type { Response } from '../../../contract/callables';
import type { ClassGroup, PublicClass } from '../../../contract/domain';
import { MAX_IDS } from '../../../contract/constants';
import { call } from '../../lib/callable';
import { CallError, failed, loaded, loading, type LoadState } from '../../lib/loadState';
import { callKey, toCallError, useCallQuery } from '../../lib/query';

export const useOpenSemesters = () => useCallQuery('openSemesters');
export const useAvailableClasses = () => useCallQuery('availableEnrollmentClasses');
/** The school's release forms as published (the steps have them signed; My Waitlist shows them). */
export const useReleases = (enabled = true) => useCallQuery('releases', undefined, { enabled });
/** Every class of these semesters (paused, info-only and closed included); waits while `enabled` is false. */
export const useClassesBySemester = (semesterIds: string[], enabled = true) =>
  useCallQuery('classesBySemester', semesterIds, { enabled: enabled && semesterIds.length > 0 });

type Call = typeof call;
const NOT_OFFERED = () => new CallError('not-found', 'This is no longer offered.');
// One entry per id, under its callable's name so that invalidating 'classes' / 'classGroups' reaches it.
const WATCHED = ['classes', 'classGroups', 'availableEnrollmentClasses'];
const classKey = (id: string) => ['classes', { id }] as const;
const groupKey = (id: string) => ['classGroups', { id }] as const;

/**
 * Loads items by id in batches: every id asked for before `flush()` (or the end of the current task)
 * goes to the server in one call.
 */
function batchLoader<T>(fetchSome: (ids: string[]) => Promise<{ found: T[]; notFound: string[] }>, idOf: (item: T) => string) {
  let queue = new Map<string, { resolve: (v: T) => void; reject: (e: unknown) => void }[]>();
  const flush = () => {
    if (!queue.size) return;
    const batch = queue;
    queue = new Map();
    const ids = [...batch.keys()];
    // The functions take at most MAX_IDS ids a call.
    for (let i = 0; i < ids.length; i += MAX_IDS) {
      const part = ids.slice(i, i + MAX_IDS);
      fetchSome(part).then(
        ({ found, notFound }) => {
          for (const item of found) batch.get(idOf(item))?.forEach((w) => w.resolve(item));
          for (const id of notFound) batch.get(id)?.forEach((w) => w.reject(NOT_OFFERED()));
        },
        (e) => part.forEach((id) => batch.get(id)?.forEach((w) => w.reject(toCallError(e)))),
      );
    }
  };
  const load = (id: string) =>
    new Promise<T>((resolve, reject) => {
      if (!queue.size) queueMicrotask(flush);
      queue.set(id, [...(queue.get(id) ?? []), { resolve, reject }]);
    });
  return { load, flush };
}

export function createCatalogueCache(client: QueryClient, callFn: Call = call) {
  const classes = batchLoader<PublicClass>(async (ids) => {
    const r = await callFn('classes', { query: ids.map((id) => ({ id })) });
    return { found: r.classes, notFound: r.notFound };
  }, (c) => c.id);
  const groups = batchLoader<ClassGroup>(async (ids) => {
    const r = await callFn('classGroups', ids);
    return { found: r.groups, notFound: r.notFound };
  }, (g) => g.id);

  // Classes and bundles the class list loaded (availableEnrollmentClasses) are found there by id,
  // indexed once per answer, rather than copied into one cache entry each.
  const indexes = new WeakMap<object, Map<string, PublicClass | ClassGroup>>();
  function listed(key: readonly unknown[]): PublicClass | ClassGroup | undefined {
    const lists = client.getQueryData<Response<'availableEnrollmentClasses'>>(callKey('availableEnrollmentClasses'));
    if (!lists) return undefined;
    let index = indexes.get(lists);
    if (!index) {
      index = new Map();
      for (const s of Object.values(lists)) {
        for (const c of s.classes) index.set(JSON.stringify(classKey(c.id)), c);
        for (const g of s.groups) index.set(JSON.stringify(groupKey(g.id)), g);
      }
      indexes.set(lists, index);
    }
    return index.get(JSON.stringify(key));
  }

  function stateOf<T>(key: readonly unknown[]): LoadState<T> | undefined {
    const s = client.getQueryState<T>(key);
    if (s?.status === 'success') return loaded(s.data as T);
    const found = listed(key);
    if (found) return loaded(found as T);
    if (!s) return undefined;
    if (s.status === 'error' && s.fetchStatus === 'idle') return failed(toCallError(s.error));
    return loading;
  }

  /** Asks for the ids that are neither cached nor loading (a failed one is tried again), in one call. */
  function ensure<T>(keyOf: (id: string) => readonly unknown[], loader: ReturnType<typeof batchLoader<T>>, ids: string[]) {
    const todo = [...new Set(ids)].filter((id) => {
      const s = client.getQueryState(keyOf(id));
      return !listed(keyOf(id)) && (!s || (s.status !== 'success' && s.fetchStatus === 'idle'));
    });
    // The queryFn is the loader's, set once below for every id of the kind.
    const done = todo.map((id) => client.fetchQuery({ queryKey: keyOf(id), staleTime: Infinity }).catch(() => undefined));
    loader.flush();
    return Promise.all(done).then(() => undefined);
  }

  // How a class or bundle is fetched by id (ids asked for together go in one call), also when a save
  // invalidates it.
  client.setQueryDefaults(['classes', {}], { queryFn: ({ queryKey }) => classes.load((queryKey[1] as { id: string }).id) });
  client.setQueryDefaults(['classGroups', {}], { queryFn: ({ queryKey }) => groups.load((queryKey[1] as { id: string }).id) });

  return {
    /** Calls back when a class, a bundle or the class list changes (not on every observer's render). */
    subscribe: (listener: () => void) =>
      client.getQueryCache().subscribe((event) => {
        if (['added', 'removed', 'updated'].includes(event.type) && WATCHED.includes(event.query.queryKey[0] as string)) listener();
      }),
    classState: (id: string) => stateOf<PublicClass>(classKey(id)),
    groupState: (id: string) => stateOf<ClassGroup>(groupKey(id)),
    currentSemester: () => stateOf<PublicClass[]>(callKey('classes')),

    ensureClasses: (ids: string[]) => ensure(classKey, classes, ids),
    ensureGroups: (ids: string[]) => ensure(groupKey, groups, ids),

    async ensureCurrentSemester(): Promise<void> {
      const s = client.getQueryState(callKey('classes'));
      if (s && (s.status === 'success' || s.fetchStatus !== 'idle')) return;
      await client
        .fetchQuery({
          queryKey: callKey('classes'),
          queryFn: async () => {
            const r = await callFn('classes');
            for (const c of r.classes) client.setQueryData(classKey(c.id), c);
            return r.classes;
          },
          staleTime: Infinity,
        })
        .catch(() => undefined);
    },
  };
}

export type CatalogueCache = ReturnType<typeof createCatalogueCache>;
const caches = new WeakMap<QueryClient, CatalogueCache>();

/** The class cache kept in this QueryClient. */
function catalogueCacheOf(client: QueryClient): CatalogueCache {
  let cache = caches.get(client);
  if (!cache) caches.set(client, (cache = createCatalogueCache(client)));
  return cache;
}

/** The class cache of the app's QueryClient (or `cache`); re-renders when it changes. */
export function useCatalogueCache(cache?: CatalogueCache): CatalogueCache {
  const client = useQueryClient();
  const own = cache ?? catalogueCacheOf(client);
  const [, changed] = useReducer((n: number) => n + 1, 0);
  useEffect(() => own.subscribe(changed), [own]);
  return own;
}
