// Paid while the saved draft was still on its way: the draft read before the payment is the flow just
// ended. It is not restored, so it is not saved again, and the next visit does not offer the classes
// just paid for.
import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import type { User } from 'firebase/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FlowProvider, useFlow } from '../../src/features/enrollment/FlowContext';
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

describe('the enrollment draft after a payment', () => {
  afterEach(() => {
    vi.useRealTimers();
    calls.length = 0;
    saves.length = 0;
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
});
