// npm test: the build, then at once the emulator and end-to-end tests (on two emulator stacks where the
// machine allows, else on one) and the checks that need no emulator (typecheck, lint, knip, unit +
// component tests), whose output is shown when they end. Ends with one line `N passed, N failed` over
// every suite.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { emulatorArgs, emulatorEnv, ROOT } from './emulators/env.mjs';
import { openSecondStack } from './emulators/secondStack.mjs';
import { execOnEmulators } from './emulators/run.mjs';
import { startStripeStandIn } from './emulators/standIn.mjs';
import { cpuLine, sampleCpu } from './cpuSampler.mjs';

const RESULTS = join(ROOT, 'test-results');
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });
const started = Date.now();
/** The two stacks' processes, each stack named by the report its Vitest writes (on one stack, its one report). */
const cpu = sampleCpu(process.pid, 1000, { stacks: { emulator: /outputFile\.json=test-results\/emulator\.json/, e2e: /outputFile\.json=test-results\/e2e\.json/ } });
const totals = { passed: 0, failed: 0 };
const timings = [];
/** Each failed test in a line, repeated at the very end: a long run's log is often read from its tail. */
const failures = [];

function step(name, cmd, args, options = {}) {
  const t = Date.now();
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...options });
  timings.push(`${name} ${Math.round((Date.now() - t) / 1000)} s`);
  return r.status === 0;
}

/** A check without its own test count (typecheck, lint, build) counts as one test. */
function tally(name, ok) {
  if (ok) totals.passed++;
  else {
    totals.failed++;
    failures.push(name);
    console.error(`✖ ${name} failed`);
  }
}
const check = (name, cmd, args) => tally(name, step(name, cmd, args));

const firstLine = (text = '') => text.trim().split('\n')[0].slice(0, 300);
/** A failure in a line a tail can be read from: its message, what a locator waited for, and the test's own line. */
function failureLine(text = '') {
  const lines = text.split('\n').map((l) => l.trim());
  const waited = lines.find((l) => /waiting for /.test(l));
  const at = lines.find((l) => /^at .*test\/(e2e|emulator|unit|component)\//.test(l))?.match(/test\/\S+?:\d+/)?.[0];
  return [firstLine(text), waited?.replace(/^-\s*/, '').slice(0, 300), at && `at ${at}`].filter(Boolean).join(' — ');
}

/** Adds a Vitest JSON report to the totals; a missing report (crash) counts as one failure. */
function addVitest(file, name) {
  try {
    const report = JSON.parse(readFileSync(join(RESULTS, file), 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests + (report.numRuntimeErrorTests ?? 0);
    for (const result of report.testResults) {
      const where = relative(ROOT, result.name);
      if (result.status === 'failed' && result.assertionResults.length === 0) {
        totals.failed++;
        failures.push(`${where}: the file failed to load: ${firstLine(result.message)}`);
      }
      for (const t of result.assertionResults.filter((a) => a.status === 'failed')) failures.push(`${where} > ${t.fullName}: ${failureLine(t.failureMessages?.[0])}`);
    }
  } catch {
    totals.failed++;
    failures.push(`${name}: no test report (the run crashed)`);
  }
}

/** Debian's headless shell: the same Chromium without the desktop browser's window and compositor (test/e2e/support/chromium.ts). */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/**
 * Chromium for the end-to-end tests, installed with apt when missing: Debian's headless shell, which
 * Playwright uses for headless runs (a third less CPU for the same tests), beside the desktop browser
 * (Lighthouse's). Without the shell (no apt, no root) the tests run in the desktop browser, slower.
 */
function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const wanted = [...(existsSync(path) ? [] : ['chromium']), ...(process.env.CHROMIUM_PATH || existsSync(HEADLESS_SHELL) ? [] : ['chromium-headless-shell'])];
  if (!wanted.length) return true;
  console.log(`Installing ${wanted.join(' and ')} with apt-get…`);
  const asRoot = process.getuid?.() === 0;
  const apt = (args) => spawnSync(asRoot ? 'apt-get' : 'sudo', asRoot ? args : ['-n', 'apt-get', ...args], { stdio: 'inherit' });
  const install = () => apt(['install', '-y', '-qq', ...wanted]).status === 0;
  if (!install()) void (apt(['update', '-qq']).status === 0 && install());
  if (!existsSync(HEADLESS_SHELL) && !process.env.CHROMIUM_PATH) console.log('The headless shell is not installed: the end-to-end tests run in the desktop Chromium (slower).');
  if (existsSync(path)) return true;
  console.error('✖ Chromium is needed for the end-to-end tests: run `sudo apt-get install -y chromium chromium-headless-shell` and try again.');
  return false;
}

const vitest = ['vitest', 'run', '--reporter=default', '--reporter=json'];

// The lockfiles are whole: `npm install` (which runs before this on a fresh clone) left them as committed,
// so another platform's `npm ci` finds every native binding. Skipped outside a git checkout.
const LOCKFILES = ['package-lock.json', 'functions/package-lock.json', ...['emulators', 'lighthouse'].map((t) => `tools/${t}/package-lock.json`).filter((f) => existsSync(join(ROOT, f)))];
if (spawnSync('git', ['rev-parse', '--is-inside-work-tree'], { cwd: ROOT, stdio: 'ignore' }).status === 0) {
  check('lockfiles as committed (npm install changed nothing)', 'git', ['diff', '--exit-code', '--stat', 'HEAD', '--', ...LOCKFILES]);
}
check('build', 'npm', ['run', 'build', '--', '--mode', 'emulators', '--logLevel', 'warn']);
check('landing page JS budget (≤ 100 KB gzip)', 'node', ['scripts/build/landingBudget.mjs', 'dist-emulators']);

/** Runs a command to its end: its output to `out` ('inherit', or a file descriptor). */
const run = ([cmd, args], out) =>
  new Promise((resolve) => spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', out, out] }).on('close', (code) => resolve(code ?? 1)));

/**
 * The type checker: TypeScript 7, the compiler rewritten as a native program (the package `typescript7`,
 * a second name for typescript@7), about three times less CPU than TypeScript 6 for the same checks.
 * TypeScript 6 stays as `typescript` for ESLint's parser, which does not take 7 yet.
 */
const TSC = 'node_modules/typescript7/bin/tsc';

/**
 * A command that yields the cores to the stacks: the stacks' files are the run's longest path, the
 * checks end minutes before them, so they take what the stacks leave idle (their waits on the
 * emulators and the browser) instead of slowing the stacks' start and their busiest minutes.
 */
const yielding = ([cmd, args]) => (process.platform === 'win32' ? [cmd, args] : ['nice', ['-n', '10', cmd, ...args]]);

/**
 * The checks that need no emulator, one after another beside the emulator stacks, at a lower priority
 * than theirs: their output goes to test-results/checks.log and is shown when everything has ended.
 */
async function checks() {
  const log = openSync(join(RESULTS, 'checks.log'), 'w');
  const t = Date.now();
  // Typechecks and lint keep what they learned in .cache: a run after a small change rechecks little.
  const lane = [
    ['typecheck (app)', process.execPath, [TSC, '-p', 'tsconfig.json', '--noEmit', '--incremental', '--tsBuildInfoFile', '.cache/tsc/app.tsbuildinfo']],
    ['typecheck (functions)', process.execPath, [TSC, '-p', 'functions/tsconfig.json', '--noEmit', '--incremental', '--tsBuildInfoFile', '.cache/tsc/functions.tsbuildinfo']],
    ['lint (incl. one-way imports, no cycles)', 'npx', ['eslint', '.', '--max-warnings', '0', '--cache', '--cache-location', '.cache/eslint/']],
    ['unused files, exports and dependencies (knip)', 'npx', ['knip', '--no-progress']],
  ];
  const ended = [];
  for (const [name, cmd, args] of lane) ended.push([name, (await run(yielding([cmd, args]), log)) === 0]);
  // One worker: the stacks have the machine's cores.
  await run(yielding(['npx', [...vitest, '--outputFile.json=test-results/fast.json', '--maxWorkers=1', '--project', 'unit', '--project', 'component', '--project', 'component-mocks']]), log);
  closeSync(log);
  timings.push(`checks and unit and component tests (beside the stacks) ${Math.round((Date.now() - t) / 1000)} s`);
  return () => {
    console.log(`\n▶ typecheck, lint, knip, unit and component tests\n${readFileSync(join(RESULTS, 'checks.log'), 'utf8')}`);
    for (const [name, ok] of ended) tally(name, ok);
    addVitest('fast.json', 'unit/component');
  };
}
const checked = checks();
/** One emulator stack with its Stripe stand-in (scripts/test-one.mjs), running Vitest with `args`. */
const stack = (name, args) => [process.execPath, ['scripts/test-one.mjs', ...vitest.slice(2), `--outputFile.json=test-results/${name}.json`, ...args]];
/**
 * Emulator test files run on the browser tests' stack, after the browser tests, and the last browser
 * files (the `e2e-last` project) on the emulator tests' stack, after its files, so that both stacks
 * end about together (each file's time: test-results/emulator.json and e2e.json). After: the
 * functions are warm by then.
 */
// The random test keeps the emulator tests' stack the busier: card payments', the seat ledger's and the
// rate limits' emulator files run beside the browser tests instead, so that both stacks end about
// together (the timed office calls wait for both).
const ON_THE_BROWSER_STACK = ['test/emulator/cardPayments.test.ts', 'test/emulator/seatLedger.test.ts', 'test/emulator/rateLimits.test.ts'];

if (ensureChromium()) {
  const t = Date.now();
  // Two emulator stacks at once, the second on ports shifted from the first's (scripts/emulators/
  // secondStack.mjs): the emulator tests on one, the browser tests on the other. PORTAL_ONE_STACK=1
  // asks for one stack running both (a machine with one core, or to read one output).
  const second = process.env.PORTAL_ONE_STACK ? null : openSecondStack();
  if (second) {
    const name = 'emulator and end-to-end tests (two emulator stacks at once)';
    console.log(`\n▶ ${name}: the end-to-end stack's output goes to test-results/e2e.log, shown when both end`);
    // The files both stacks read are written once, before either starts.
    emulatorEnv();
    emulatorArgs();
    const e2eLog = openSync(join(RESULTS, 'e2e.log'), 'w');
    // The timed office calls (the `alone` project) end the browser stack, once the other has ended.
    const ended = join(RESULTS, 'emulator-stack-ended');
    const exclude = (files) => files.flatMap((file) => ['--exclude', file]);
    // The browser tests' Firestore emulator answers a few requests a second over ten minutes, each of a
    // different kind: its JVM's optimizing compiler (C2) spent about what the requests did, and without
    // it the stack's JVM costs a sixth less (63 → 51 CPU-seconds alone, the timed office calls as fast).
    // The emulator tests' stack keeps C2: the random test's thousands of requests and the volume tests
    // need its code (2 000 random steps 70 → 89 without it).
    const quickJvm = `${process.env.JAVA_TOOL_OPTIONS ?? ''} -XX:TieredStopAtLevel=1`.trim();
    await Promise.all([
      run(stack('emulator', ['--project', 'emulator', '--project', 'emulator-mocks', '--project', 'e2e-last', ...exclude(ON_THE_BROWSER_STACK)]), 'inherit').then(() => writeFileSync(ended, '')),
      run(second.wrap(...stack('e2e', ['--project', 'emulator', '--project', 'e2e', '--project', 'alone', 'test/e2e', ...ON_THE_BROWSER_STACK, 'test/timed']), { PORTAL_TEST_LOG: join(ROOT, '.cache/test-emulators-e2e.log'), PORTAL_ALONE_AFTER: ended, JAVA_TOOL_OPTIONS: quickJvm }), e2eLog),
    ]);
    closeSync(e2eLog);
    second.close();
    console.log(`\n▶ the end-to-end stack's output\n${readFileSync(join(RESULTS, 'e2e.log'), 'utf8')}`);
    timings.push(`${name} ${Math.round((Date.now() - t) / 1000)} s`);
    addVitest('emulator.json', 'emulator');
    addVitest('e2e.json', 'e2e');
  } else {
    await startStripeStandIn();
    // Projects run in their order: the browser tests, the emulator tests, the last browser tests, the timed office calls.
    const name = 'emulator and end-to-end tests, then the timed office calls (on one emulator stack)';
    console.log(`\n▶ ${name}`);
    await execOnEmulators(`npx ${vitest.join(' ')} --outputFile.json=test-results/emulator.json --project emulator --project emulator-mocks --project e2e --project e2e-last --project alone`);
    timings.push(`${name} ${Math.round((Date.now() - t) / 1000)} s`);
    addVitest('emulator.json', 'emulator/e2e');
  }
} else {
  totals.failed++;
}

/**
 * The test files that cost the most: every process of a file's stack while it ran (a stack runs one
 * file at a time: its Firestore, functions, emulators and Chromium with its Vitest worker).
 */
function costliestFiles(count = 20) {
  const files = [['emulator.json', 'emulator'], ['e2e.json', 'e2e']].flatMap(([report, stack]) => {
    if (!existsSync(join(RESULTS, report))) return [];
    return JSON.parse(readFileSync(join(RESULTS, report), 'utf8')).testResults.map((r) => ({
      file: relative(ROOT, r.name),
      stack,
      cpuSeconds: Math.round(cpu.cpuOf(stack, r.startTime, r.endTime)),
      seconds: Math.round((r.endTime - r.startTime) / 1000),
      tests: r.assertionResults.length,
    }));
  });
  return files.sort((a, b) => b.cpuSeconds - a.cpuSeconds).slice(0, count);
}

(await checked)();
console.log(`\nTimings: ${timings.join(', ')}`);
const cost = cpu.stop();
const files = costliestFiles();
writeFileSync(join(RESULTS, 'cpu.json'), `${JSON.stringify({ ...cost, wallSeconds: Math.round((Date.now() - started) / 1000), files }, null, 2)}\n`);
console.log(`The costliest test files (CPU-seconds, test-results/cpu.json): ${files.slice(0, 6).map((f) => `${f.file.replace(/^test\//, '')} ${f.cpuSeconds}`).join(', ')}`);
console.log(`${cpuLine(cost)}; ${Math.round((Date.now() - started) / 1000)} s in all`);
if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `✖ ${f}`).join('\n')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
