// npm run grant-admin -- EMAIL [--project PROJECT_ID]
// Gives the account the 'admin' role (roles/{uid} in Firestore, read by the functions on every call).
// On the emulators: run while `npm start` is running (it targets them by default).
// On a real project: GOOGLE_APPLICATION_CREDENTIALS=key.json npm run grant-admin -- EMAIL --project my-project
import { ROLE_ADMIN } from '../contract/roles';
import { grantRole } from '../functions/src/data/roles';
import { adminApp, adminAuth } from './demo/adminApp';
import emulators from '../contract/emulators.json';
import { emulatorPorts } from '../contract/emulatorPorts';

const args = process.argv.slice(2);
const email = args.find((a) => !a.startsWith('--') && args[args.indexOf(a) - 1] !== '--project');
const projectFlag = args.indexOf('--project');
const project = projectFlag >= 0 ? args[projectFlag + 1] : undefined;

if (!email || !email.includes('@')) {
  console.error('Usage: npm run grant-admin -- EMAIL [--project PROJECT_ID]');
  process.exit(2);
}
if (project) process.env.GCLOUD_PROJECT = project;
else {
  process.env.GCLOUD_PROJECT ??= emulators.projectId;
  process.env.FIRESTORE_EMULATOR_HOST ??= `127.0.0.1:${emulatorPorts().firestore}`;
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= `127.0.0.1:${emulatorPorts().auth}`;
}
adminApp(project ?? process.env.GCLOUD_PROJECT);
try {
  const user = await adminAuth().getUserByEmail(email);
  // Whoever registered the address first must also have proven it: else anyone could claim a staff address.
  if (!user.emailVerified) {
    console.error(`${email} has not verified its email address yet. Sign in with it and open the link in the verification email (or "Send the link again" at checkout), then run this again.`);
    process.exit(1);
  }
  await grantRole(user.uid, ROLE_ADMIN);
  console.log(`${email} (uid ${user.uid}) is now an admin${project ? ` of ${project}` : ' on the emulators'}.`);
} catch (e) {
  const code = (e as { code?: string }).code;
  console.error(
    code === 'auth/user-not-found'
      ? `No account with the email ${email}. Create it first (Register / Sign In), then run this again.`
      : `Could not grant the admin role: ${(e as Error).message}`,
  );
  process.exit(1);
}
