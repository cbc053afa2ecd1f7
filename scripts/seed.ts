// npm run seed: loads the demo school into the running emulators (never into a real project).
import { onEmulators } from './demo/adminApp';
import { seedDemo } from './demo/seedDemo';

if (!onEmulators()) {
  console.error('The demo seed only runs against the emulators (FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST).');
  console.error('Start the portal with `npm start`, which seeds it for you.');
  process.exit(2);
}
const counts = await seedDemo();
console.log(`Demo data loaded: ${JSON.stringify(counts)}`);
