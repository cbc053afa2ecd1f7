// A page read from the phone's copy stays on it while the server is asked again: the moment of loading
// of each retry without signal never blanks the page (and with it what the instructor is typing).
import { act, renderHook } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RETRY_MS, useRetryWhile, useUnreachable, type RetryCause } from '../../src/features/teaching/offline';
import { CallError, failed, loaded, loading, type LoadState } from '../../src/lib/loadState';

const noSignal = failed(new CallError('unavailable', 'No signal.'));
const refused = failed(new CallError('permission-denied', 'This class is not one of yours.'));

function follow(first: LoadState<unknown>) {
  const hook = renderHook(({ state }) => useUnreachable(state), { initialProps: { state: first } });
  return (state: LoadState<unknown>) => {
    hook.rerender({ state });
    return hook.result.current;
  };
}

describe('useUnreachable', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('holds "no signal" while a retry loads, even where the browser says it is online', () => {
    onlineManager.setOnline(true);
    const next = follow(noSignal);
    // Loading, failing, loading again: no signal throughout. Then the signal is back: the answer
    // ends it, and a later load is a load.
    expect([loading, noSignal, loading, loaded({}), loading].map((state) => next(state))).toEqual([true, true, true, false, false]);
  });

  it('a first load, a refusal and a load after a refusal are not "no signal" (unless the browser says it is offline)', () => {
    onlineManager.setOnline(true);
    const next = follow(loading);
    expect([loading, refused, loading].map((state) => next(state))).toEqual([false, false, false]);
    onlineManager.setOnline(false);
    expect(next(loading)).toBe(true);
  });
});

describe('useRetryWhile', () => {
  afterEach(() => void vi.useRealTimers());

  it('asks again every few seconds however often the page renders meanwhile, and at once when the browser says the signal is back', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    const asked: RetryCause[] = [];
    // A new callback at each render, as a page's is when its data reloads.
    const hook = renderHook(() => useRetryWhile(true, (cause) => void asked.push(cause)));
    // A render every second (a page reloading its data): the timer keeps its pace.
    for (let second = 1; second <= 2 * RETRY_MS / 1000; second++) {
      act(() => void vi.advanceTimersByTime(1000));
      hook.rerender();
    }
    expect(asked).toEqual(['timer', 'timer']);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(asked).toEqual(['timer', 'timer', 'online']);
    // Nothing is asked once it is no longer active.
    hook.unmount();
    act(() => void vi.advanceTimersByTime(RETRY_MS));
    window.dispatchEvent(new Event('online'));
    expect(asked).toHaveLength(3);
  });
});
