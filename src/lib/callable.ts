// The one way the app calls a backend function: the callable protocol over fetch, typed by the contract.
// Only types are imported from the contract, so its schemas (zod) never reach the browser bundle.
import { CALLABLE_TIMEOUT_MS, FUNCTIONS_REGION } from '../../contract/constants';
import type { CallableName, Payload, Response } from '../../contract/callables';
import { idTokenForRequest } from './auth';
import { codeForHttpStatus, humanMessage } from './callErrors';
import { EMULATOR_PORTS, emulatorHost, firebaseConfig, useEmulators } from './firebaseConfig';
import { CallError } from './loadState';

export function callableUrl(name: string): string {
  return useEmulators
    ? `http://${emulatorHost()}:${EMULATOR_PORTS.functions}/${firebaseConfig.projectId}/${FUNCTIONS_REGION}/${name}`
    : `https://${FUNCTIONS_REGION}-${firebaseConfig.projectId}.cloudfunctions.net/${name}`;
}

export async function call<N extends CallableName>(name: N, payload?: Payload<N>): Promise<Response<N>> {
  const token = await idTokenForRequest();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CALLABLE_TIMEOUT_MS);
  let response: globalThis.Response;
  try {
    response = await fetch(callableUrl(name), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ data: payload ?? null }),
      signal: controller.signal,
    });
  } catch {
    const code = controller.signal.aborted ? 'deadline-exceeded' : 'unavailable';
    throw new CallError(code, humanMessage(code));
  } finally {
    clearTimeout(timer);
  }
  const body = (await response.json().catch(() => null)) as {
    result?: unknown;
    error?: { message?: string };
  } | null;
  if (!response.ok || !body || body.error || !('result' in body)) {
    const code = codeForHttpStatus(response.ok ? 500 : response.status);
    throw new CallError(code, humanMessage(code, body?.error?.message));
  }
  return body.result as Response<N>;
}
