// npm run docs:screenshots: builds the portal, starts the emulators with fresh demo data and takes the
// admin guide's screenshots (docs/images/) with Chromium. Re-run after changing the office pages.
import { spawnSync } from 'node:child_process';
import { emulatorArgs, emulatorEnv, firebaseEmulators, ROOT } from './emulators/env.mjs';
import { EMULATORS } from './emulators/run.mjs';

const run = (cmd, args, env = process.env) => {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
run('node', ['scripts/build-functions.mjs']);
run('npx', ['vite', 'build', '--mode', 'emulators', '--logLevel', 'warn']);
run(...firebaseEmulators(['emulators:exec', ...emulatorArgs(), '--only', EMULATORS, 'node --import tsx scripts/docs/shots.ts']), emulatorEnv());
