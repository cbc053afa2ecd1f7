import { useCallback, useEffect, useState } from 'react';
import type { CallableName, Payload, Response } from '../../contract/callables';
import { call } from './callable';
import { CallError, failed, loaded, loading, type LoadState } from './loadState';
import { useNotify } from './toast';

export function toCallError(e: unknown): CallError {
  return e instanceof CallError ? e : new CallError('unknown', 'Something went wrong. Please try again.');
}

/**
 * Loads a callable's response into a load state; `reload` runs it again. Pass `skip` to wait.
 * A failure also shows a toast with a human message.
 */
export function useCall<N extends CallableName>(name: N, payload?: Payload<N>, skip = false) {
  const notify = useNotify();
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify(payload ?? null);
  const request = `${name}:${key}#${attempt}`;
  const [result, setResult] = useState<{ request: string; state: LoadState<Response<N>> } | null>(null);
  useEffect(() => {
    if (skip) return;
    let live = true;
    call(name, JSON.parse(key) as Payload<N>).then(
      (value) => live && setResult({ request, state: loaded(value) }),
      (e: unknown) => {
        if (!live) return;
        const error = toCallError(e);
        setResult({ request, state: failed(error) });
        notify({ severity: 'error', summary: 'Error', detail: error.message });
      },
    );
    return () => {
      live = false;
    };
  }, [name, key, skip, request, notify]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const state: LoadState<Response<N>> = result?.request === request ? result.state : loading;
  return [state, reload] as const;
}
