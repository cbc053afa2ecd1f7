// Starts the emulator suite in the background and resolves once it is ready (used by npm start / dev).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { emulatorArgs, emulatorEnv, FIREBASE_BIN, ROOT } from './env.mjs';

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
  const child = spawn(FIREBASE_BIN, ['emulators:exec', ...emulatorArgs(), '--only', EMULATORS, inner], {
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

export function startEmulators({ timeoutMs = 120_000 } = {}) {
  mkdirSync(join(ROOT, '.cache'), { recursive: true });
  const log = createWriteStream(LOG_FILE);
  const child = spawn(FIREBASE_BIN, ['emulators:start', ...emulatorArgs(), '--only', EMULATORS], {
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
  return { child, ready };
}

export function logTail(lines = 30) {
  try {
    return readFileSync(LOG_FILE, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}
