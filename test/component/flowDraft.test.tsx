// The enrollment's draft on the server against what the page does meanwhile. Paid while the saved
// draft was still on its way: the draft read before the payment is the flow just ended. It is not
// restored, so it is not saved again, and the next visit does not offer the classes just paid for.
// Reloaded just after a change: the next page waits for the save the last one sent as it left.
import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import type { User } from 'firebase/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FlowProvider, leavingForPayment, useFlow } from '../../src/features/enrollment/FlowContext';
import { emptyFlow } from '../../src/features/enrollment/flowState';
import { SessionContext } from '../../src/lib/session';

const calls: string[] = [];
const saves: { json: string; flow: string }[] = [];
let answerDraft: (draft: { json: string; updatedAt: string } | null) => void = () => undefined;
vi.mock('../../src/lib/callable', () => ({
  call: (name: string, payload?: { json: string; flow: string }) => {
    calls.push(name);
    if (name === 'saveDraft') saves.push(payload!);
    if (name === 'loadDraft') return new Promise((resolve) => (answerDraft = resolve));
    return Promise.resolve(null);
  },
}));

let flow: ReturnType<typeof useFlow> | undefined;
function Probe() {
  const current = useFlow();
  useEffect(() => {
    flow = current;
  });
  return null;
}

/** The flow of a family signed in as `uid`, its draft on its way. */
const signedIn = (uid: string) =>
  render(
    <SessionContext.Provider value={{ user: { uid, email: 'family@example.com' } as User, roles: [] }}>
      <FlowProvider>
        <Probe />
      </FlowProvider>
    </SessionContext.Provider>,
  );
/** A saved draft holding Orienteering. */
const withOrienteering = () => ({ ...emptyFlow(), selection: { orienteering: { classId: 'orienteering', semesterId: 'fall', addOnIds: [] } } });

describe('the enrollment draft after a payment or a reload', () => {
  afterEach(() => {
    vi.useRealTimers();
    calls.length = 0;
    saves.length = 0;
    // Each test starts on a device that keeps no selection of classes.
    localStorage.clear();
  });

  it('a draft answered after the flow finished is not restored, nor saved again', async () => {
    vi.useFakeTimers();
    signedIn('u1');
    expect(calls).toEqual(['loadDraft']);
    // The payment is confirmed first: the flow ends (its draft deleted).
    act(() => flow!.finish());
    // Then the draft read before it arrives: the classes just paid for.
    const paid = withOrienteering();
    await act(async () => answerDraft({ json: JSON.stringify(paid), updatedAt: new Date().toISOString() }));
    await act(async () => vi.advanceTimersByTimeAsync(5000));
    expect(flow!.state.selection).toEqual({});
    expect(flow!.restored).toBe(false);
    expect(calls.filter((c) => c === 'saveDraft')).toEqual([]);
    expect(calls).toContain('deleteDraft');
  });

  it('a draft answered before anything happened is restored', async () => {
    signedIn('u2');
    const saved = withOrienteering();
    await act(async () => answerDraft({ json: JSON.stringify(saved), updatedAt: new Date(Date.now() + 60_000).toISOString() }));
    expect(Object.keys(flow!.state.selection)).toEqual(['orienteering']);
    expect(flow!.restored).toBe(true);
  });

  it('saves name the flow they belong to: a restored draft goes on as its own flow, and a finished one is followed by a new flow', async () => {
    vi.useFakeTimers();
    signedIn('u3');
    const saved = withOrienteering();
    await act(async () => answerDraft({ json: JSON.stringify(saved), updatedAt: new Date(Date.now() + 60_000).toISOString() }));
    act(() => flow!.update((s) => ({ ...s, codes: ['EARLY'] })));
    await act(async () => vi.advanceTimersByTimeAsync(1500));
    expect(saves.map((x) => x.flow)).toEqual([saved.flow]);
    expect((JSON.parse(saves[0].json) as { flow: string }).flow).toBe(saved.flow);

    act(() => flow!.finish());
    act(() => flow!.update((s) => ({ ...s, selection: { moss: { classId: 'moss', semesterId: 'fall', addOnIds: [] } } })));
    await act(async () => vi.advanceTimersByTimeAsync(1500));
    expect(saves).toHaveLength(2);
    expect(saves[1].flow).toMatch(/^[0-9a-f]{32}$/);
    expect(saves[1].flow).not.toBe(saved.flow);
  });

  it('a page reloaded just after a change waits for the save it sent as it left, and never saves the older draft over it', async () => {
    vi.useFakeTimers();
    const first = signedIn('u4');
    await act(async () => answerDraft(null));
    // The child chosen and the step reached, then the page is left within the save's debounce.
    act(() => flow!.update((s) => ({ ...withOrienteering(), flow: s.flow, studentChoice: 'ava', step: 'releases' })));
    act(() => void window.dispatchEvent(new Event('pagehide')));
    first.unmount();
    expect(saves).toHaveLength(1);
    const sent = saves[0].json;
    // What this tab keeps meanwhile is a check of the draft, not the child's details.
    expect(JSON.stringify(sessionStorage)).not.toContain('ava');

    // The next page's first read reaches the server before that save: the older draft (none) comes back.
    calls.length = 0;
    signedIn('u4');
    await act(async () => answerDraft(null));
    expect(flow!.ready).toBe(false);
    await act(async () => vi.advanceTimersByTimeAsync(300));
    expect(calls).toEqual(['loadDraft', 'loadDraft']);
    // Read again once the save has landed: the draft sent is the one restored.
    await act(async () => answerDraft({ json: sent, updatedAt: new Date().toISOString() }));
    expect(flow!.ready).toBe(true);
    expect(flow!.state.studentChoice).toBe('ava');
    expect(flow!.state.step).toBe('releases');
    await act(async () => vi.advanceTimersByTimeAsync(5000));
    expect(saves).toHaveLength(1);
  });

  it('a save that never lands is waited for at most ten seconds; a later page of the tab does not wait again', async () => {
    vi.useFakeTimers();
    const first = signedIn('u5');
    await act(async () => answerDraft(null));
    act(() => flow!.update((s) => ({ ...withOrienteering(), flow: s.flow })));
    act(() => void window.dispatchEvent(new Event('pagehide')));
    first.unmount();
    calls.length = 0;
    const began = Date.now();
    const second = signedIn('u5');
    // Each read answered at once with the older draft (none).
    while (!flow!.ready) {
      await act(async () => answerDraft(null));
      await act(async () => vi.advanceTimersByTimeAsync(50));
    }
    expect(Date.now() - began).toBeGreaterThanOrEqual(10_000);
    expect(Date.now() - began).toBeLessThan(10_100);
    // Read at once, then after 0.25, 0.5, 1 and 2 s, then every 2 s, the last at 10 s.
    expect(calls.filter((c) => c === 'loadDraft')).toHaveLength(9);
    second.unmount();
    calls.length = 0;
    signedIn('u5');
    await act(async () => answerDraft(null));
    expect(flow!.ready).toBe(true);
    expect(calls).toEqual(['loadDraft']);
  });

  it('a page left for Stripe’s page leaves no wait behind: the family comes back long after its save, and a paid draft is gone', async () => {
    const first = signedIn('u6');
    await act(async () => answerDraft(null));
    act(() => flow!.update((s) => ({ ...withOrienteering(), flow: s.flow })));
    leavingForPayment(flow!.state.flow);
    act(() => void window.dispatchEvent(new Event('pagehide')));
    first.unmount();
    expect(saves).toHaveLength(1);
    calls.length = 0;
    signedIn('u6');
    await act(async () => answerDraft(null));
    expect(flow!.ready).toBe(true);
    expect(calls).toEqual(['loadDraft']);
  });
});
