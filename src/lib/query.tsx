// The one client data layer: TanStack Query over the typed callable `call()`. A query's key is the
// callable's name and payload; a mutation names the callables whose answers it changes, and those
// queries are fetched again after it succeeds (lib/mutation.ts). Features declare their calls in
// `features/<x>/api.ts`.
import { QueryCache, QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { CallableName, Payload, Response } from '../../contract/callables';
import { call } from './callable';
import { CallError, failed, loaded, loading, type LoadState } from './loadState';
import { useNotify } from './toast';

export function toCallError(e: unknown): CallError {
  return e instanceof CallError ? e : new CallError('unknown', 'Something went wrong. Please try again.');
}

/** What a failed call says to the user ('' when nothing failed). */
export const failureText = (error: unknown) => (error ? toCallError(error).message : '');

/** The query key of a call: its name first, so every answer of one callable is invalidated together. */
export const callKey = <N extends CallableName>(name: N, payload?: Payload<N>) => [name, payload ?? null] as const;

export function createQueryClient(onLoadError: (error: CallError) => void = () => undefined): QueryClient {
  return new QueryClient({
    // A failed load says so in a toast as well as on the page (a failed save says so where it was made).
    queryCache: new QueryCache({ onError: (e, query) => query.meta?.quiet || onLoadError(toCallError(e)) }),
    defaultOptions: {
      // The server answers for money and seats: no silent retries. A page shows what is cached at once
      // and asks again when it opens; a save fetches again what it changed. A save is tried even where
      // the browser says it is offline, and fails at once, saying so: never held back and sent later on
      // its own, when the person may have left the page, someone else may be signed in, and what it
      // carries (the phone's time of sending, a price) is out of date.
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export function QueryProvider({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const notify = useNotify();
  const [own] = useState(() => client ?? createQueryClient((error) => notify({ severity: 'error', summary: 'Error', detail: error.message })));
  return <QueryClientProvider client={own}>{children}</QueryClientProvider>;
}

/**
 * Forgets every cached answer when a signed-in account goes (sign-out, or another family signs in on
 * the same device): one family's children never show, even for a moment, to the next. What is on
 * screen is asked again as the new visitor. (Signing in keeps the public answers.) The saves' states
 * go too. No save waits for a signal to go by itself (a save is tried at once): an instructor's field
 * records keep their own queue per person, which sends them when that person is back.
 */
export function useForgetOnAccountChange(uid: string | null | undefined) {
  const client = useQueryClient();
  const last = useRef(uid);
  useEffect(() => {
    if (uid === undefined) return;
    if (last.current && last.current !== uid) {
      client.getMutationCache().clear();
      void client.resetQueries();
    }
    last.current = uid;
  }, [uid, client]);
}

/**
 * A callable's answer as a load state, cached under its name and payload; `reload` asks again.
 * `enabled: false` waits (the payload is not known yet).
 */
export function useCallQuery<N extends CallableName>(
  name: N,
  payload?: Payload<N>,
  {
    enabled = true,
    pollMs,
    quiet = false,
  }: {
    enabled?: boolean;
    /** Asks again this often while it returns true. */
    pollMs?: (answer: Response<N> | undefined) => number | false;
    /** No toast when it fails: the page says it in its own way (the instructor's copy without signal). */
    quiet?: boolean;
  } = {},
) {
  const query = useQuery({
    queryKey: callKey(name, payload),
    queryFn: () => call(name, payload),
    enabled,
    meta: { quiet },
    ...(pollMs ? { refetchInterval: (q: { state: { data: Response<N> | undefined } }) => pollMs(q.state.data) } : {}),
  });
  // An answer already on screen stays when asking again fails (a lost signal, a busy server): the
  // toast says the load failed, and nothing the page showed disappears.
  const state: LoadState<Response<N>> = useMemo(
    () => (query.data !== undefined ? loaded(query.data) : query.status === 'error' ? failed(toCallError(query.error)) : loading),
    [query.status, query.data, query.error],
  );
  const { refetch } = query;
  const reload = useMemo(() => () => void refetch(), [refetch]);
  /** True while a newer answer is on its way (what is shown may be the cached one). */
  const refreshing = query.isFetching;
  /** Why the last ask failed, even while an earlier answer stays on screen (null: it did not). */
  const failure = query.status === 'error' ? toCallError(query.error) : null;
  return [state, reload, refreshing, failure] as const;
}

/**
 * A one-off call through the cache's client (an export page by page, a trial price): asked afresh each
 * time unless `staleTime` says how long an answer stays good (Infinity: one that never changes).
 */
export function useFetchCall({ staleTime = 0 } = {}) {
  const client = useQueryClient();
  return <N extends CallableName>(name: N, payload?: Payload<N>) => client.fetchQuery({ queryKey: callKey(name, payload), queryFn: () => call(name, payload), staleTime });
}
