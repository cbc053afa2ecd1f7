// A class taken offline: its roster and records kept on the phone (encrypted, fieldStore.ts) until its
// last meeting of the week, and the app itself kept by a service worker scoped to the instructor's
// pages (/staff/), so that a reload without signal still opens them. Families' pages are not
// affected: nothing registers the worker outside the instructor's pages.
import { onlineManager, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { schoolToday } from '../../../contract/schedule';
import { useFieldKitDownload } from './api';
import type { CallErrorCode, LoadState } from '../../lib/loadState';
import { useSession } from '../../lib/session';
import { copies, dropCopy, keepCopy, type OfflineCopy } from './fieldStore';

const COPIES_KEY = ['offline-copies'] as const;

/** The signed-in person whose field store the page reads (staff pages are for signed-in people only). */
export function useFieldOwner(): string {
  return useSession().user?.uid ?? '';
}
/** The worker that keeps the app (built by vite-plugin-pwa, vite.config.ts). */
const WORKER = '/staff-sw.js';
const SCOPE = '/staff/';
const MANIFEST = '/staff.webmanifest';

/** How a call fails when nothing gets through (no signal, or a signal that carries nothing). */
export const NO_SIGNAL: readonly CallErrorCode[] = ['unavailable', 'deadline-exceeded', 'unknown'];

/**
 * The server cannot be reached for this answer: it failed for want of a network, or it waits for the
 * browser to say it is online again. (The browser's word alone is not enough: a phone at the edge of
 * coverage may say it is online when nothing gets through.)
 */
export const unreachable = (state: LoadState<unknown>) =>
  state.status === 'error' ? NO_SIGNAL.includes(state.error.code) : state.status === 'loading' && !onlineManager.isOnline();

/**
 * `unreachable`, held while the server is asked again: a retry without signal goes through a moment
 * of loading, which must not blank the page read from the phone's copy (nor what the instructor is
 * typing on it) every few seconds.
 */
export function useUnreachable(state: LoadState<unknown>): boolean {
  const now = unreachable(state);
  const [was, setWas] = useState(now);
  if (state.status !== 'loading' && was !== now) setWas(now);
  return now || (state.status === 'loading' && was);
}

/** How often a page read from the phone's copy asks the server again. */
export const RETRY_MS = 8000;

/** Why a page asks the server again: the browser said the signal is back, or the timer came round. */
export type RetryCause = 'online' | 'timer';

/**
 * While `active`, asks again when the browser says the signal is back and every few seconds besides
 * (a phone at the edge of coverage often says it is online when nothing gets through, or the reverse).
 * The timer keeps its pace however often the page renders in between (a page reloading its data
 * every few seconds would otherwise put it off each time): it calls the latest `retry`.
 */
export function useRetryWhile(active: boolean, retry: (cause: RetryCause) => void) {
  const latest = useRef(retry);
  useEffect(() => {
    latest.current = retry;
  });
  useEffect(() => {
    if (!active) return;
    const online = () => latest.current('online');
    window.addEventListener('online', online);
    const timer = setInterval(() => latest.current('timer'), RETRY_MS);
    return () => {
      window.removeEventListener('online', online);
      clearInterval(timer);
    };
  }, [active]);
}

/** Names the instructor's pages' manifest (they can be installed on a phone's home screen); only these pages do. */
export function linkManifest(): void {
  if (!document.querySelector('link[rel="manifest"]')) document.head.append(Object.assign(document.createElement('link'), { rel: 'manifest', href: MANIFEST }));
}

/** Keeps the instructor's pages for use without signal; resolves once they are. */
export async function keepAppOffline(): Promise<void> {
  linkManifest();
  if (!('serviceWorker' in navigator)) throw new Error('This browser cannot keep the app for use without signal.');
  await navigator.serviceWorker.register(WORKER, { scope: SCOPE });
  await navigator.serviceWorker.ready;
}

/** This person's offline copies on this phone that still open today (read from the phone, signal or not). */
export function useOfflineCopies() {
  const uid = useFieldOwner();
  return useQuery({ queryKey: [...COPIES_KEY, uid], queryFn: () => copies(uid, schoolToday()), enabled: !!uid, networkMode: 'always', staleTime: Infinity, meta: { quiet: true } });
}

export function useOfflineCopy(classId: string): OfflineCopy | undefined {
  return useOfflineCopies().data?.find((c) => c.roster.class.id === classId);
}

/** Downloads a class for the phone as it stands now (pickup codes included) and keeps it until the day the server says. */
function useDownloadCopy() {
  const download = useFieldKitDownload();
  const uid = useFieldOwner();
  return useCallback(
    async (classId: string) => {
      const { roster, entries, names, until } = await download(classId);
      await keepCopy(uid, { roster, entries, names, savedAt: new Date().toISOString(), until });
      return until;
    },
    [download, uid],
  );
}

/** "Take this class offline": the roster and records now, kept until the class's next meeting day. */
export function useTakeOffline() {
  const downloadCopy = useDownloadCopy();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (classId: string) => {
      const until = await downloadCopy(classId);
      await keepAppOffline();
      return until;
    },
    onSettled: () => client.invalidateQueries({ queryKey: COPIES_KEY }),
  });
}

/**
 * Whenever the phone has a signal, its copies are downloaded again: the pickup codes a family replaced
 * since stop passing as soon as possible. `classes`: the classes the server says are this person's
 * now (a copy of any other is wiped); a copy whose class can no longer be taken offline stays as it is.
 */
export function useRefreshCopies() {
  const downloadCopy = useDownloadCopy();
  const uid = useFieldOwner();
  const client = useQueryClient();
  return useCallback(
    async (kept: OfflineCopy[], classes: readonly string[] | null) => {
      if (!kept.length) return;
      await Promise.all(
        kept.map(({ roster: { class: c } }) => (classes && !classes.includes(c.id) ? dropCopy(uid, c.id) : downloadCopy(c.id).catch(() => undefined))),
      );
      await client.invalidateQueries({ queryKey: COPIES_KEY });
    },
    [downloadCopy, uid, client],
  );
}
