// What waits on the instructor's phone is tried at once, without signal too (it fails and the phone
// says so), and sent when the signal returns with the phone's time of that sending: the server reads
// the phone's clock from it, and a record held back and sent later with the time of its first try
// would reach the office as made on a phone whose clock was off.
import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import type { User } from 'firebase/auth';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { SheetRoster } from '../../contract/domain';
import type { FieldSync } from '../../contract/field';
import { noticesFor, waitingFor } from '../../src/features/teaching/fieldStore';
import { RETRY_MS } from '../../src/features/teaching/offline';
import { useFieldSync } from '../../src/features/teaching/useFieldSync';
import { fieldStoreOf } from '../../src/lib/familyStorage';
import { createQueryClient } from '../../src/lib/query';
import { SessionContext } from '../../src/lib/session';
import { fakeFunctions } from './fakeFunctions';

const ROSTER = { class: { id: 'creek', title: 'Creek Kids' }, entries: [{ student: { id: 'kid-a', firstName: 'Ana', lastName: 'Ruiz' }, enrollmentId: 'e1', addOns: [] }] } as unknown as SheetRoster;
const LOST = new Date('2026-12-04T23:30:00.000Z');
const BACK = new Date('2026-12-05T00:15:00.000Z');

function coachOnAPhone({ held = [] as string[], hangFirst = false } = {}) {
  let signal = true;
  const tried: string[] = [];
  const received: string[] = [];
  fakeFunctions({
    classFieldLog: () => ({ entries: [], names: {} }),
    syncFieldEntries: (payload) => {
      const sync = payload as FieldSync;
      tried.push(sync.sentAt);
      // A request that never ends, as one can at the edge of coverage (until the call's time-out).
      if (hangFirst && tried.length === 1) return new Promise(() => undefined);
      if (!signal) throw new TypeError('Failed to fetch');
      received.push(sync.sentAt);
      const ids = sync.entries.map((e) => e.id);
      return { saved: ids.filter((id) => !held.includes(id)), already: [], held: ids.filter((id) => held.includes(id)).map((id) => ({ id, reason: 'You no longer teach this class.' })) };
    },
  });
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <SessionContext.Provider value={{ user: { uid: 'coach-1' } as User, roles: ['instructor'] }}>{children}</SessionContext.Provider>
    </QueryClientProvider>
  );
  const hook = renderHook(() => useFieldSync('creek', ROSTER), { wrapper });
  return { hook, tried, received, signal: (on: boolean) => void (signal = on) };
}

describe('a record made without signal', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
    vi.useRealTimers();
  });

  it('is tried at once and said not sent, then sent when the signal returns with the time of that sending', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(LOST);
    const { hook, tried, received, signal } = coachOnAPhone();
    await waitFor(() => expect(hook.result.current.log.status).toBe('loaded'));
    // The signal goes, and the browser says it is offline.
    signal(false);
    act(() => onlineManager.setOnline(false));
    act(() => hook.result.current.record({ id: 'late-1', kind: 'attendance', studentId: 'kid-a', meeting: '2026-12-04', at: LOST.toISOString(), mark: 'late' }));
    await waitFor(() => expect(hook.result.current.sendFailure).toMatchObject({ noSignal: true }));
    expect(hook.result.current.isPending).toBe(false);
    expect(hook.result.current.waiting.map((e) => e.id)).toEqual(['late-1']);
    expect(tried).toEqual([LOST.toISOString()]);
    // Three quarters of an hour later the signal returns: what waited goes, stamped now.
    vi.setSystemTime(BACK);
    signal(true);
    act(() => {
      onlineManager.setOnline(true);
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(hook.result.current.waiting).toEqual([]));
    expect(received).toEqual([BACK.toISOString()]);
    expect(hook.result.current.sendFailure).toBeNull();
  });
});

describe('a send that hangs', () => {
  afterEach(() => void vi.useRealTimers());

  it('does not hold back the next try: the timer sends again beside it, for a signal the browser never says came back', async () => {
    const { hook, tried, received } = coachOnAPhone({ hangFirst: true });
    await waitFor(() => expect(hook.result.current.log.status).toBe('loaded'));
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    act(() => hook.result.current.record({ id: 'hung-1', kind: 'attendance', studentId: 'kid-a', meeting: '2026-12-04', at: new Date().toISOString(), mark: 'present' }));
    await vi.waitFor(() => expect(tried).toHaveLength(1));
    expect(hook.result.current.isPending).toBe(true);
    // The browser says nothing; the timer comes round.
    await act(async () => void vi.advanceTimersByTime(RETRY_MS));
    await vi.waitFor(() => expect(hook.result.current.waiting).toEqual([]));
    expect(received).toHaveLength(1);
    expect(hook.result.current.sendFailure).toBeNull();
  });
});

/**
 * The phone's storage busy with another write (a slow phone, another tab): a transaction over the
 * field kit's stores kept open, so that the page's own writes wait behind it until `release`.
 */
async function busyStorage(uid: string) {
  const db = await new Promise<IDBDatabase>((ok, ko) => Object.assign(indexedDB.open(fieldStoreOf(uid)), { onsuccess(this: IDBOpenDBRequest) { ok(this.result); }, onerror: ko }));
  const tx = db.transaction(['waiting', 'notices'], 'readwrite');
  let busy = true;
  const spin = () => {
    if (busy) tx.objectStore('waiting').get('nothing').onsuccess = spin;
  };
  spin();
  const done = new Promise((ok) => (tx.oncomplete = ok)).then(() => db.close());
  const release = async () => {
    busy = false;
    await done;
  };
  // Released however the test ends, so that the next test's writes do not wait behind it.
  onTestFinished(release);
  return release;
}

const pause = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

describe('what the page shows is what the phone keeps', () => {
  it('a record shows as waiting only once it is kept on the phone, so that the app closed at once loses nothing it showed', async () => {
    const { hook, signal } = coachOnAPhone();
    await waitFor(() => expect(hook.result.current.log.status).toBe('loaded'));
    await waitingFor('coach-1', 'creek');
    signal(false);
    const release = await busyStorage('coach-1');
    act(() => hook.result.current.record({ id: 'late-2', kind: 'attendance', studentId: 'kid-a', meeting: '2026-12-04', at: LOST.toISOString(), mark: 'late' }));
    await act(() => pause(150));
    expect(hook.result.current.waiting).toEqual([]);
    await release();
    await waitFor(() => expect(hook.result.current.waiting.map((e) => e.id)).toEqual(['late-2']));
    expect((await waitingFor('coach-1', 'creek')).map((e) => e.id)).toEqual(['late-2']);
    await waitFor(() => expect(hook.result.current.sendFailure).toMatchObject({ noSignal: true }));
    hook.unmount();
  });

  it('a notice the instructor has seen leaves the page only once it has left the phone, so that it does not come back when the app is closed at once', async () => {
    const { hook } = coachOnAPhone({ held: ['late-3'] });
    await waitFor(() => expect(hook.result.current.log.status).toBe('loaded'));
    act(() => hook.result.current.record({ id: 'late-3', kind: 'attendance', studentId: 'kid-a', meeting: '2026-12-04', at: LOST.toISOString(), mark: 'late' }));
    await waitFor(() => expect(hook.result.current.notices.map((n) => [n.id, n.child])).toEqual([['late-3', 'Ana Ruiz']]));
    expect((await noticesFor('coach-1', 'creek')).map((n) => n.id)).toEqual(['late-3']);
    const release = await busyStorage('coach-1');
    act(() => hook.result.current.seen('late-3'));
    await act(() => pause(150));
    expect(hook.result.current.notices.map((n) => n.id)).toEqual(['late-3']);
    await release();
    await waitFor(() => expect(hook.result.current.notices).toEqual([]));
    expect(await noticesFor('coach-1', 'creek')).toEqual([]);
    hook.unmount();
  });
});
