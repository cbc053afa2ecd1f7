// Helpers for tests that run inside `firebase emulators:exec`: reset, seed, real users and ID tokens,
// and calls to the functions exactly as the browser makes them.
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { APP_CHECK_HEADER, needsAppCheck } from '../../contract/appCheck';
import { emulatorAppCheckToken } from '../../contract/appCheckToken';
import { FUNCTIONS_REGION } from '../../contract/constants';
import emulators from '../../contract/emulators.json';
import { emulatorPorts } from '../../contract/emulatorPorts';

const ports = emulatorPorts();

export const PROJECT = process.env.GCLOUD_PROJECT ?? emulators.projectId;
export const FIRESTORE = `http://${process.env.FIRESTORE_EMULATOR_HOST ?? `127.0.0.1:${ports.firestore}`}`;
export const AUTH = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? `127.0.0.1:${ports.auth}`}`;
export const FUNCTIONS = `http://127.0.0.1:${ports.functions}`;
export const HOSTING = `http://localhost:${ports.hosting}`;

export async function resetEmulators(): Promise<void> {
  const [a, b] = await Promise.all([
    fetch(`${FIRESTORE}/emulator/v1/projects/${PROJECT}/databases/(default)/documents`, { method: 'DELETE' }),
    fetch(`${AUTH}/emulator/v1/projects/${PROJECT}/accounts`, { method: 'DELETE' }),
  ]);
  if (!a.ok || !b.ok) throw new Error(`Could not reset the emulators (${a.status}, ${b.status})`);
}

export interface TestUser {
  uid: string;
  email: string;
  idToken: string;
}

async function identity(path: string, body: object): Promise<TestUser> {
  const res = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/${path}?key=${emulators.apiKey}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...body, returnSecureToken: true }),
  });
  const json = (await res.json()) as { localId: string; email: string; idToken: string; error?: { message: string } };
  if (!res.ok) throw new Error(`Auth emulator: ${json.error?.message ?? res.status}`);
  return { uid: json.localId, email: json.email, idToken: json.idToken };
}

/** A new account on the auth emulator, signed in, its email not yet proven: its ID token is a real one. */
export const createUnverifiedUser = (email: string, password = 'secret-pass-1') => identity('accounts:signUp', { email, password });

/**
 * A new account whose email is verified (as after opening the verification link), signed in again so
 * its ID token says so. Most tests enroll families that pay the office later, which needs it.
 */
export async function createUser(email: string, password = 'secret-pass-1'): Promise<TestUser> {
  const user = await createUnverifiedUser(email, password);
  const res = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:update`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ localId: user.uid, emailVerified: true }),
  });
  if (!res.ok) throw new Error(`Auth emulator: could not verify ${email} (${res.status})`);
  return signIn(email, password);
}

/** The out-of-band links the Auth emulator "sent" to an address (verification, password reset), oldest first. */
export async function oobLinks(email: string, requestType = 'VERIFY_EMAIL'): Promise<string[]> {
  const res = await fetch(`${AUTH}/emulator/v1/projects/${PROJECT}/oobCodes`);
  const { oobCodes } = (await res.json()) as { oobCodes: { email: string; requestType: string; oobLink: string }[] };
  return oobCodes.filter((c) => c.email === email && c.requestType === requestType).map((c) => c.oobLink);
}
/** Follows a password-reset (or set-password) link as its reader would: the account gets this password. */
export async function useResetLink(link: string, newPassword: string): Promise<void> {
  const oobCode = new URL(link).searchParams.get('oobCode');
  const res = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=${emulators.apiKey}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ oobCode, newPassword }),
  });
  if (!res.ok) throw new Error(`Auth emulator: the link did not set a password (${res.status} ${await res.text()})`);
}

export const signIn = (email: string, password: string) =>
  identity('accounts:signInWithPassword', { email, password });

export interface CallResult<T = unknown> {
  status: number;
  result?: T;
  error?: { status: string; message: string };
}

/** The App Check header the app's page sends on the emulators (contract/appCheck.ts). */
export const appCheckHeader = (): Record<string, string> => ({ [APP_CHECK_HEADER]: emulatorAppCheckToken(emulators.appId).token });

/**
 * Calls a callable function with the callable protocol, optionally as a signed-in user; with an App
 * Check token where the callable asks for one, as the app's page sends it (`headers` may replace it).
 */
export async function callFunction<T = unknown>(name: string, data: unknown = null, token?: string, headers: Record<string, string> = {}): Promise<CallResult<T>> {
  const res = await fetch(`${FUNCTIONS}/${PROJECT}/${FUNCTIONS_REGION}/api/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(needsAppCheck(name) ? appCheckHeader() : {}), ...headers },
    body: JSON.stringify({ data }),
  });
  const body = (await res.json()) as { result?: T; error?: { status: string; message: string } };
  return { status: res.status, ...body };
}

/** The Firestore REST API as a browser client would reach it (rules apply), optionally with a user's token. */
export async function clientRead(path: string, token?: string): Promise<number> {
  const res = await fetch(`${FIRESTORE}/v1/projects/${PROJECT}/databases/(default)/documents/${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  return res.status;
}

export async function clientWrite(path: string, token?: string): Promise<number> {
  const res = await fetch(`${FIRESTORE}/v1/projects/${PROJECT}/databases/(default)/documents/${path}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ fields: { hacked: { booleanValue: true } } }),
  });
  return res.status;
}

/**
 * The test run's copy of the emulators' output (scripts/emulators/run.mjs), where each call logs the
 * Firestore reads it made; a second emulator stack of the same run names its own (PORTAL_TEST_LOG).
 */
const EMULATOR_LOG = process.env.PORTAL_TEST_LOG ?? fileURLToPath(new URL('../../.cache/test-emulators.log', import.meta.url));
export const logOffset = (): number => statSync(EMULATOR_LOG).size;

/** The functions the emulator ran since `offset`, each once, by name. */
export const functionsCalled = (offset: number): string[] =>
  [...new Set([...readFileSync(EMULATOR_LOG).subarray(offset).toString('utf8').matchAll(/Beginning execution of "[\w-]+?-(\w+)"/g)].map((m) => m[1]))].sort();

/** The Firestore reads of each call to `name` logged since `offset`, once `count` of them are there. */
export async function loggedReads(name: string, offset: number, count = 1): Promise<number[]> {
  const pattern = new RegExp(`"callable":"${name}","firestoreReads":(\\d+)`, 'g');
  for (let i = 0; i < 60; i++) {
    const found = [...readFileSync(EMULATOR_LOG).subarray(offset).toString('utf8').matchAll(pattern)].map((m) => Number(m[1]));
    if (found.length >= count) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No read count logged for ${name}`);
}
