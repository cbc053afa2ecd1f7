// npm start: build, start the emulators with the demo data and serve the portal at http://localhost:5000.
// npm run dev: the same emulators, with the Vite dev server (hot reload) at http://localhost:5173.
import { spawn, spawnSync } from 'node:child_process';
import { clientEnv, PORTS, ROOT, STRIPE_PORT } from './emulators/env.mjs';
import { LOG_FILE, logTail, requirePortsFree, startEmulators } from './emulators/run.mjs';
import { startStripeStandIn } from './emulators/standIn.mjs';

const dev = process.argv.includes('--dev');
const started = Date.now();
const run = (cmd, args, env = process.env) => {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

await requirePortsFree();
console.log('Building the functions' + (dev ? '' : ' and the app') + '…');
run('node', ['scripts/build-functions.mjs']);
if (!dev) run('npx', ['vite', 'build', '--mode', 'emulators', '--logLevel', 'warn']);

console.log(`Starting the emulators (auth, functions, firestore, hosting); log in ${LOG_FILE}…`);
const standIn = await startStripeStandIn();
const { ready, stop: stopEmulators } = startEmulators();
let viteServer;
let stopping = false;
async function stop(code = 0) {
  if (stopping) return new Promise(() => {});
  stopping = true;
  console.log('\nStopping the emulators…');
  viteServer?.kill('SIGINT');
  standIn.kill();
  await stopEmulators();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

try {
  await ready;
} catch (e) {
  console.error(`\n${e.message}\nLast lines of the emulator log:\n${logTail()}`);
  await stop(1);
}
run('node', ['--import', 'tsx', 'scripts/seed.ts'], clientEnv());

let url = `http://localhost:${PORTS.hosting}`;
if (dev) {
  viteServer = spawn('npx', ['vite', '--mode', 'emulators', '--host', 'localhost'], { cwd: ROOT, stdio: 'inherit' });
  url = 'http://localhost:5173';
}
console.log(`
  Registration Portal is running at ${url}/classes/enrollment   (ready in ${Math.round((Date.now() - started) / 1000)} s)

  Demo family: family@example.com / family-demo-1
  Demo admin:  admin@example.com  / admin-demo-1
  Demo instructor (on a phone, /staff/classes): instructor@example.com / instructor-demo-1

  Emulators: auth 127.0.0.1:${PORTS.auth}, functions 127.0.0.1:${PORTS.functions}, firestore 127.0.0.1:${PORTS.firestore}, hosting 127.0.0.1:${PORTS.hosting}; Stripe stand-in 127.0.0.1:${STRIPE_PORT} (test card page, no real charges)
  Press Ctrl-C to stop.
`);
