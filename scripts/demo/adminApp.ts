// The Admin SDK for scripts: the emulators when their hosts are set, else a real project with credentials.
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import emulators from '../../contract/emulators.json';

export function adminApp(projectId = process.env.GCLOUD_PROJECT ?? emulators.projectId): App {
  return getApps()[0] ?? initializeApp({ projectId });
}
export const adminDb = () => getFirestore(adminApp());
export const adminAuth = () => getAuth(adminApp());

export function onEmulators(): boolean {
  return !!process.env.FIRESTORE_EMULATOR_HOST && !!process.env.FIREBASE_AUTH_EMULATOR_HOST;
}
