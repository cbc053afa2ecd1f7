// A save or an action through the typed callable, and the cached answers it makes stale fetched again.
// Apart from lib/query.tsx so that pages which only read (the class list, the landing page) do not load it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallableName, Payload } from '../../contract/callables';
import { call } from './callable';
import { staleAfter } from './stale';

/** Fetches again every cached answer of these callables (after a save changed them). */
function useInvalidate() {
  const client = useQueryClient();
  // Cached answers not on screen are fetched again too: the page a save leads to starts from the new data.
  return (names: readonly CallableName[]) =>
    Promise.all(names.map((name) => client.invalidateQueries({ queryKey: [name], refetchType: 'all' }))).then(() => undefined);
}

/**
 * A save or an action: `mutateAsync(payload)` calls it; once it succeeds, every cached answer it makes
 * stale (lib/stale.ts, written from the contract) is fetched again. `isPending` is true while it runs. `quote`: the call is only
 * asked what it would do (nothing changes, nothing is fetched again).
 */
export function useCallMutation<N extends CallableName>(name: N, { quote = false } = {}) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (payload: Payload<N>) => call(name, payload),
    onSuccess: () => (quote ? undefined : invalidate(staleAfter(name))),
  });
}

