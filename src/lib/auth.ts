// Firebase Auth, loaded on demand: an anonymous visitor's landing page never downloads it.
import type { Auth, User } from 'firebase/auth';
import { clearFamilyStorage } from './familyStorage';

const HINT_KEY = 'portal.signedIn';
let authPromise: Promise<Auth> | undefined;
let markLoaded: (auth: Promise<Auth>) => void = () => undefined;
const loadedOnce = new Promise<Promise<Auth>>((resolve) => (markLoaded = resolve));
const client = () => import('./authClient');

export function loadAuth(): Promise<Auth> {
  if (!authPromise) {
    authPromise = client().then((m) => m.createAuth());
    markLoaded(authPromise);
  }
  return authPromise;
}

/** Someone signed in on this browser before (kept by us next to Firebase's own persistence). */
export function signedInHint(): boolean {
  try {
    return localStorage.getItem(HINT_KEY) === '1';
  } catch {
    return true;
  }
}
function rememberHint(user: User | null) {
  try {
    if (user) localStorage.setItem(HINT_KEY, '1');
    else localStorage.removeItem(HINT_KEY);
  } catch {
    // Private mode: auth then loads on every visit, which is only slower.
  }
}

/** Resolves once Firebase knows whether someone is signed in. */
export async function currentUser(): Promise<User | null> {
  const auth = await loadAuth();
  await auth.authStateReady();
  return auth.currentUser;
}

/**
 * The ID token for a request: when someone may be signed in, wait until Firebase knows the user;
 * an anonymous visitor's requests never wait for (or download) auth.
 */
export async function idTokenForRequest(): Promise<string | null> {
  if (!authPromise && !signedInHint()) return null;
  const user = await currentUser();
  return user ? user.getIdToken() : null;
}

/**
 * Calls back with the signed-in user (or null) on every change, from the moment auth is loaded;
 * loads it now if someone signed in here before, else reports null until something loads it.
 */
export function watchUser(onUser: (user: User | null) => void): () => void {
  let off: (() => void) | undefined;
  let live = true;
  if (signedInHint()) void loadAuth();
  else onUser(null);
  loadedOnce
    .then(async (auth) => {
      const [a, m] = await Promise.all([auth, client()]);
      if (live)
        off = m.onAuthStateChanged(a, (user) => {
          rememberHint(user);
          onUser(user);
        });
    })
    .catch(() => onUser(null));
  return () => {
    live = false;
    off?.();
  };
}

export async function signInWithEmail(email: string, password: string): Promise<User> {
  const [auth, m] = await Promise.all([loadAuth(), client()]);
  return (await m.signInWithEmailAndPassword(auth, email, password)).user;
}

export async function createAccountWithEmail(email: string, password: string): Promise<User> {
  const [auth, m] = await Promise.all([loadAuth(), client()]);
  return (await m.createUserWithEmailAndPassword(auth, email, password)).user;
}

export async function signOutUser(): Promise<void> {
  const [auth, m] = await Promise.all([loadAuth(), client()]);
  await m.signOut(auth);
  clearFamilyStorage();
}

/** Seed §7: to the signed-in user's email if there is one, otherwise the email typed in the form. */
export async function sendPasswordReset(typedEmail: string): Promise<void> {
  const [auth, m] = await Promise.all([loadAuth(), client()]);
  await auth.authStateReady();
  await m.sendPasswordResetEmail(auth, auth.currentUser?.email ?? typedEmail);
}
