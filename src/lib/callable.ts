// The one way the app calls a backend function: the callable protocol over fetch, typed by the contract.
// Only types are imported from the contract, so its schemas (zod) never reach the browser bundle.
import { APP_CHECK_HEADER, needsAppCheck } from '../../contract/appCheck';
import { CALLABLE_TIMEOUT_MS, FUNCTIONS_REGION } from '../../contract/constants';
import type { CallableName, Payload, Response } from '../../contract/callables';
import { idTokenForRequest } from './auth';
import { codeForHttpStatus, humanMessage } from './callErrors';
import { EMULATOR_PORTS, EMULATOR_PROJECT_ID } from './firebaseConfig';
import { CallError } from './loadState';

/**
 * In the browser a callable is reached on the page's own origin, /api/<name>, which Hosting rewrites
 * to the one function that serves every callable (firebase.json): no CORS preflight. Node (the
 * emulator tests) calls that function on the emulator, with the name at the end of its path.
 */
export function callableUrl(name: string): string {
  return typeof location === 'undefined'
    ? `http://127.0.0.1:${EMULATOR_PORTS.functions}/${EMULATOR_PROJECT_ID}/${FUNCTIONS_REGION}/api/${name}`
    : `/api/${name}`;
}

declare global {
  interface Window {
    /** Calls index.html starts with the page, before this code has loaded (public, no payload). */
    __portalPreload?: Partial<Record<string, Promise<globalThis.Response>>>;
  }
}

/** The response of a call index.html already started, once: a later call (a retry) asks again. */
function takePreloaded(name: string, payload: unknown): Promise<globalThis.Response> | undefined {
  if (payload != null || typeof window === 'undefined' || !window.__portalPreload?.[name]) return undefined;
  const started = window.__portalPreload[name];
  delete window.__portalPreload[name];
  return started;
}

/** `keepalive`: the request outlives the page (a save sent as the page goes away). */
export async function call<N extends CallableName>(name: N, payload?: Payload<N>, options: { keepalive?: boolean } = {}): Promise<Response<N>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CALLABLE_TIMEOUT_MS);
  const ask = async () => {
    const [token, appToken] = await Promise.all([idTokenForRequest(), needsAppCheck(name) ? import('./appCheck').then((m) => m.appCheckToken()) : null]);
    return fetch(callableUrl(name), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(appToken ? { [APP_CHECK_HEADER]: appToken } : {}),
      },
      body: JSON.stringify({ data: payload ?? null }),
      signal: controller.signal,
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  };
  let response: globalThis.Response;
  try {
    const preloaded = takePreloaded(name, payload);
    response = await (preloaded ? preloaded.then((r) => (r.ok ? r : ask()), ask) : ask());
  } catch {
    const code = controller.signal.aborted ? 'deadline-exceeded' : 'unavailable';
    throw new CallError(code, humanMessage(code));
  } finally {
    clearTimeout(timer);
  }
  const body = (await response.json().catch(() => null)) as {
    result?: unknown;
    error?: { message?: string; details?: unknown };
  } | null;
  if (!response.ok || !body || body.error || !('result' in body)) {
    const code = codeForHttpStatus(response.ok ? 500 : response.status);
    throw new CallError(code, humanMessage(code, body?.error?.message), body?.error?.details);
  }
  return body.result as Response<N>;
}
