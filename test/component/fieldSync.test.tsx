// What waits on the instructor's phone is tried at once, without signal too (it fails and the phone
// says so), and sent when the signal returns with the phone's time of that sending: the server reads
// the phone's clock from it, and a record held back and sent later with the time of its first try
// would reach the office as made on a phone whose clock was off.
import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import type { User } from 'firebase/auth';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SheetRoster } from '../../contract/domain';
import type { FieldSync } from '../../contract/field';
import { useFieldSync } from '../../src/features/teaching/useFieldSync';
import { createQueryClient } from '../../src/lib/query';
import { SessionContext } from '../../src/lib/session';
import { fakeFunctions } from './fakeFunctions';

const ROSTER = { class: { id: 'creek', title: 'Creek Kids' }, entries: [{ student: { id: 'kid-a', firstName: 'Ana', lastName: 'Ruiz' }, enrollmentId: 'e1', addOns: [] }] } as unknown as SheetRoster;
const LOST = new Date('2026-12-04T23:30:00.000Z');
const BACK = new Date('2026-12-05T00:15:00.000Z');

function coachOnAPhone() {
  let signal = true;
  const tried: string[] = [];
  const received: string[] = [];
  fakeFunctions({
    classFieldLog: () => ({ entries: [], names: {} }),
    syncFieldEntries: (payload) => {
      const sync = payload as FieldSync;
      tried.push(sync.sentAt);
      if (!signal) throw new TypeError('Failed to fetch');
      received.push(sync.sentAt);
      return { saved: sync.entries.map((e) => e.id), already: [], held: [] };
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
