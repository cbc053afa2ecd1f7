// Runs after `npm install`: installs firebase-tools (pinned, own folder, no optional deps) for the emulators.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, FIREBASE_BIN } from './emulators/env.mjs';

const folder = join(ROOT, 'tools/emulators');
const wanted = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).dependencies['firebase-tools'];
const installedPkg = join(folder, 'node_modules/firebase-tools/package.json');
const installed = existsSync(installedPkg) ? JSON.parse(readFileSync(installedPkg, 'utf8')).version : null;

if (installed === wanted && existsSync(FIREBASE_BIN)) {
  console.log(`firebase-tools ${installed} already installed in tools/emulators`);
} else {
  console.log(`Installing firebase-tools ${wanted} into tools/emulators (without optional dependencies)…`);
  const started = Date.now();
  const run = spawnSync('npm', ['ci', '--omit=optional', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: folder,
    stdio: 'inherit',
  });
  if (run.status !== 0) {
    console.error('Could not install firebase-tools in tools/emulators.');
    process.exit(run.status ?? 1);
  }
  console.log(`firebase-tools installed in ${Math.round((Date.now() - started) / 1000)} s`);
}
