// The Admin SDK for scripts: the emulators when their hosts are set, else a real project with credentials.
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, type BulkWriter, type Firestore } from 'firebase-admin/firestore';
import emulators from '../../contract/emulators.json';

export function adminApp(projectId = process.env.GCLOUD_PROJECT ?? emulators.projectId): App {
  return getApps()[0] ?? initializeApp({ projectId });
}
export const adminDb = () => getFirestore(adminApp());
export const adminAuth = () => getAuth(adminApp());

export function onEmulators(): boolean {
  return !!process.env.FIRESTORE_EMULATOR_HOST && !!process.env.FIREBASE_AUTH_EMULATOR_HOST;
}

/**
 * A bulk writer for data seeded into the emulators, at full speed. Its default ramp (500 writes a
 * second, growing by half every five minutes) spares a real database a sudden load; seeding the
 * emulators waited on it (a volume test's 30 000 writes took a minute).
 */
export function seedWriter(db: Firestore): BulkWriter {
  if (!process.env.FIRESTORE_EMULATOR_HOST) throw new Error('Seed data is only written to the Firestore emulator.');
  return db.bulkWriter({ throttling: false });
}
