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

/** A new account, sent the link that proves its email (needed to pay the office later). */
export async function createAccountWithEmail(email: string, password: string): Promise<User> {
  const [auth, m] = await Promise.all([loadAuth(), client()]);
  const { user } = await m.createUserWithEmailAndPassword(auth, email, password);
  // The account exists either way: a link that could not be sent now can be asked for again at checkout.
  await m.sendEmailVerification(user).catch(() => undefined);
  return user;
}

/** Sends the signed-in user the link that proves their email again. */
export async function sendVerificationEmail(): Promise<void> {
  const [auth, m] = await Promise.all([loadAuth(), client()]);
  await auth.authStateReady();
  if (auth.currentUser) await m.sendEmailVerification(auth.currentUser);
}

/** After the family opened the link: reloads the account, and its ID token so the functions see it too. */
export async function recheckEmailVerified(): Promise<boolean> {
  const user = await currentUser();
  if (!user) return false;
  await user.reload();
  if (user.emailVerified) await user.getIdToken(true);
  return user.emailVerified;
}

export async function signOutUser(): Promise<void> {
  const [auth, m] = await Promise.all([loadAuth(), client()]);
  const uid = auth.currentUser?.uid;
  await m.signOut(auth);
  clearFamilyStorage(uid);
}

/** To the signed-in user's email if there is one, otherwise the email typed in the form. */
export async function sendPasswordReset(typedEmail: string): Promise<void> {
  const [auth, m] = await Promise.all([loadAuth(), client()]);
  await auth.authStateReady();
  await m.sendPasswordResetEmail(auth, auth.currentUser?.email ?? typedEmail);
}
