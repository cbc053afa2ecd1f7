// npm run deploy -- --project my-project: builds for production and deploys everything (needs a real project).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { FIREBASE_BIN, ROOT } from './emulators/env.mjs';

const args = process.argv.slice(2);
if (!args.includes('--project')) {
  console.error('Usage: npm run deploy -- --project <your-firebase-project-id>');
  process.exit(2);
}
if (!existsSync(join(ROOT, '.env.production.local'))) {
  console.error('Create .env.production.local with the VITE_FIREBASE_* settings of your web app first (see README).');
  process.exit(2);
}
const run = (cmd, a) => {
  const r = spawnSync(cmd, a, { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
// firebase.json's predeploy steps build the functions and the production app.
run(FIREBASE_BIN, ['deploy', '--only', 'hosting,functions,firestore', ...args]);
