// Starts the emulator suite in the background and resolves once it is ready (used by npm start / dev).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { emulatorArgs, emulatorEnv, firebaseEmulators, OWN_PORTS, PORT_OFFSET, PORTS, ROOT, STRIPE_PORT } from './env.mjs';
import { stopTree, takenPorts } from './processes.mjs';

export const EMULATORS = 'auth,functions,firestore,hosting';
export const LOG_FILE = join(ROOT, '.cache/emulators.log');
/**
 * Test runs keep the emulators' output here too (tests read the functions' logged Firestore reads);
 * a second stack of the same run keeps its own (PORTAL_TEST_LOG, which its tests read too).
 */
export const TEST_LOG_FILE = process.env.PORTAL_TEST_LOG ?? join(ROOT, '.cache/test-emulators.log');

/**
 * `firebase emulators:exec …` with its output shown as it comes and copied into TEST_LOG_FILE;
 * resolves with the exit code.
 */
export function execOnEmulators(inner, options = {}) {
  mkdirSync(join(ROOT, '.cache'), { recursive: true });
  const log = createWriteStream(TEST_LOG_FILE);
  const child = spawn(...firebaseEmulators(['emulators:exec', ...emulatorArgs(), '--only', EMULATORS, inner]), {
    cwd: ROOT,
    env: emulatorEnv(),
    stdio: ['inherit', 'pipe', 'pipe'],
    ...options,
  });
  for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
    from.on('data', (chunk) => {
      to.write(chunk);
      log.write(chunk);
    });
  }
  return new Promise((resolve) => child.on('close', (code) => log.end(() => resolve(code ?? 1))));
}

/** Every port an emulator run listens on, by name (the hub's, logging's, eventarc's and tasks' are firebase.json's, shifted as the others). */
function runPorts() {
  const { emulators } = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8'));
  const own = Object.fromEntries(OWN_PORTS.map((name) => [name, emulators[name].port + PORT_OFFSET]));
  return { ...PORTS, ...own, 'Stripe stand-in': STRIPE_PORT };
}

/**
 * Stops the process when a port the run needs is taken, saying which process holds it and how to
 * stop it (instead of the emulators' own "port taken" a minute later).
 */
export async function requirePortsFree() {
  const problems = await takenPorts(runPorts());
  if (problems.length === 0) return;
  console.error(`\nThe emulators cannot start:\n  ${problems.join('\n  ')}\n`);
  process.exit(1);
}

/**
 * Starts `firebase emulators:start`; `stop()` stops it and every process it started (the Firestore
 * emulator's Java runs in a process group of its own), and resolves once all are gone.
 */
export function startEmulators({ timeoutMs = 120_000 } = {}) {
  mkdirSync(join(ROOT, '.cache'), { recursive: true });
  const log = createWriteStream(LOG_FILE);
  const child = spawn(...firebaseEmulators(['emulators:start', ...emulatorArgs(), '--only', EMULATORS]), {
    cwd: ROOT,
    env: emulatorEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const ready = new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`The emulators did not start within ${timeoutMs / 1000} s.`)), timeoutMs);
    child.stdout.on('data', (chunk) => {
      seen = (seen + chunk).slice(-4000);
      if (seen.includes('All emulators ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The emulators stopped (exit code ${code}).`));
    });
  });
  let stopped;
  const stop = () => (stopped ??= stopTree(child));
  return { child, ready, stop };
}

export function logTail(lines = 30) {
  try {
    return readFileSync(LOG_FILE, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}
