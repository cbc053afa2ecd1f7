// npm run bench (not part of npm test): builds the portal, starts the emulators with the demo data and
// a generated volume (200 live classes, 2 000 students), measures (scripts/bench/measure.ts), writes
// bench/results.json and prints a table. Exits non-zero when a budget is missed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { clientEnv, ROOT } from './emulators/env.mjs';
import { logTail, requirePortsFree, startEmulators } from './emulators/run.mjs';
import { startStripeStandIn } from './emulators/standIn.mjs';

const run = (cmd, args, opts = {}) => spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts }).status ?? 1;
const must = (cmd, args, opts) => {
  const status = run(cmd, args, opts);
  if (status !== 0) process.exit(status);
};

// `npm run bench -- --opening-day`: only the opening-day burst (no Lighthouse); `-- --field-kit`: only
// taking a class of 16 offline; `-- --draw`: only a registration round's draw at scale (no emulators);
// `-- --pages`: only the landing page's JavaScript and Lighthouse on the class list and sign-in.
if (process.argv.includes('--draw')) process.exit(run('node', ['--import', 'tsx', 'scripts/bench/draw.ts']));
const openingDayOnly = process.argv.includes('--opening-day');
const fieldKitOnly = process.argv.includes('--field-kit');
const pagesOnly = process.argv.includes('--pages');
if (!openingDayOnly && !fieldKitOnly && !existsSync(join(ROOT, 'tools/lighthouse/node_modules/.bin/lighthouse'))) {
  console.log('Installing Lighthouse into tools/lighthouse (once)…');
  must('npm', ['ci', '--omit=optional', '--no-audit', '--no-fund'], { cwd: join(ROOT, 'tools/lighthouse') });
}
await requirePortsFree();
must('node', ['scripts/build-functions.mjs']);
must('npx', ['vite', 'build', '--mode', 'emulators', '--logLevel', 'warn']);

console.log('Starting the emulators and the Stripe stand-in…');
const standIn = await startStripeStandIn();
const { ready, stop } = startEmulators();
// While the emulators run, children are awaited, never run synchronously: this process pipes the
// emulators' output into the log the measurements read, and a blocked event loop would hold it back.
const runAsync = (args) =>
  new Promise((done) => spawn('node', args, { cwd: ROOT, stdio: 'inherit', env: clientEnv() }).once('exit', (code) => done(code ?? 1)));
let status = 1;
try {
  await ready;
  status = await runAsync(['--import', 'tsx', 'scripts/seed.ts']);
  const script = openingDayOnly ? ['scripts/bench/burst.ts'] : fieldKitOnly ? ['scripts/bench/fieldKit.ts'] : pagesOnly ? ['scripts/bench/pages.ts', '--pages'] : ['scripts/bench/measure.ts'];
  if (status === 0) status = await runAsync(['--import', 'tsx', ...script]);
} catch (e) {
  console.error(`${e.message}\n${logTail()}`);
} finally {
  standIn.kill();
  await stop();
}
process.exit(status);
