// Firebase project settings: the emulators' demo project locally, real values from .env.deploy.local for deploys.
export const firebaseConfig = {
  apiKey: import.meta.env.VITE_FIREBASE_API_KEY ?? 'demo-api-key',
  authDomain: import.meta.env.VITE_FIREBASE_AUTH_DOMAIN ?? 'demo-portal.firebaseapp.com',
  projectId: import.meta.env.VITE_FIREBASE_PROJECT_ID ?? 'demo-portal',
  appId: import.meta.env.VITE_FIREBASE_APP_ID ?? '1:000000000000:web:0000000000000000',
};

export const useEmulators = import.meta.env.VITE_USE_EMULATORS === 'true';

/** Emulators are reached on the host that served the page (localhost or 127.0.0.1). */
export function emulatorHost(): string {
  return typeof location === 'undefined' ? '127.0.0.1' : location.hostname;
}

export const EMULATOR_PORTS = { auth: 9099, functions: 5001 } as const;
