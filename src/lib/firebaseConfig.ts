// Firebase project settings: the emulators' demo project in emulator builds; a production build takes
// the real values from .env.production.local (vite.config.ts refuses to build without them).
export const useEmulators = import.meta.env.VITE_USE_EMULATORS === 'true';

// Named imports: only these fields are bundled (not the Stripe stand-in's test keys beside them).
import { apiKey as demoApiKey, appId as demoAppId, projectId as demoProjectId } from '../../contract/emulators.json';
import { emulatorPorts } from '../../contract/emulatorPorts';

/** The emulators' demo project (contract/emulators.json). */
export const EMULATOR_PROJECT_ID = demoProjectId;

const demo = (value: string) => (useEmulators ? value : '');

export const firebaseConfig = {
  apiKey: import.meta.env.VITE_FIREBASE_API_KEY ?? demo(demoApiKey),
  authDomain: import.meta.env.VITE_FIREBASE_AUTH_DOMAIN ?? demo(`${EMULATOR_PROJECT_ID}.firebaseapp.com`),
  projectId: import.meta.env.VITE_FIREBASE_PROJECT_ID ?? demo(EMULATOR_PROJECT_ID),
  appId: import.meta.env.VITE_FIREBASE_APP_ID ?? demo(demoAppId),
};

/** Emulators are reached on the host that served the page (localhost or 127.0.0.1). */
export function emulatorHost(): string {
  return typeof location === 'undefined' ? '127.0.0.1' : location.hostname;
}

export const EMULATOR_PORTS = emulatorPorts();
