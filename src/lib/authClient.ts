// The Firebase Auth client, in its own chunk: loaded after the first paint, never on the critical path.
import {
  browserLocalPersistence,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  indexedDBLocalPersistence,
  initializeAuth,
  onAuthStateChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  type Auth,
} from 'firebase/auth';
import { firebaseApp } from './firebaseApp';
import { EMULATOR_PORTS, emulatorHost, useEmulators } from './firebaseConfig';

/** initializeAuth without popup/redirect resolvers: no extra Google scripts at start-up. */
export function createAuth(): Auth {
  const auth = initializeAuth(firebaseApp(), {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence],
  });
  if (useEmulators) {
    connectAuthEmulator(auth, `http://${emulatorHost()}:${EMULATOR_PORTS.auth}`, { disableWarnings: true });
  }
  return auth;
}

export { createUserWithEmailAndPassword, onAuthStateChanged, sendEmailVerification, sendPasswordResetEmail, signInWithEmailAndPassword, signOut };
