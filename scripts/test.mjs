// npm test: typecheck, lint, knip, unit + component tests, build, then emulator and end-to-end tests inside
// one emulator run. Ends with one line `N passed, N failed` over every suite.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './emulators/env.mjs';
import { execOnEmulators } from './emulators/run.mjs';
import { startStripeStandIn } from './emulators/standIn.mjs';

const RESULTS = join(ROOT, 'test-results');
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });
const totals = { passed: 0, failed: 0 };
const timings = [];

function step(name, cmd, args, options = {}) {
  const t = Date.now();
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...options });
  timings.push(`${name} ${Math.round((Date.now() - t) / 1000)} s`);
  return r.status === 0;
}

/** A check without its own test count (typecheck, lint, build) counts as one test. */
function check(name, cmd, args) {
  if (step(name, cmd, args)) totals.passed++;
  else {
    totals.failed++;
    console.error(`✖ ${name} failed`);
  }
}

/** Adds a Vitest JSON report to the totals; a missing report (crash) counts as one failure. */
function addVitest(file, name) {
  try {
    const report = JSON.parse(readFileSync(join(RESULTS, file), 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests + (report.numRuntimeErrorTests ?? 0);
    if (report.numTotalTestSuites > 0 && report.testResults.some((r) => r.status === 'failed' && r.assertionResults.length === 0)) {
      totals.failed++;
      console.error(`✖ a ${name} test file failed to load`);
    }
  } catch {
    totals.failed++;
    console.error(`✖ ${name}: no test report (the run crashed)`);
  }
}

function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return true;
  console.log('Chromium is missing: installing it with apt-get…');
  const asRoot = process.getuid?.() === 0;
  const apt = (args) => spawnSync(asRoot ? 'apt-get' : 'sudo', asRoot ? args : ['-n', 'apt-get', ...args], { stdio: 'inherit' });
  if (apt(['update']).status === 0 && apt(['install', '-y', 'chromium']).status === 0 && existsSync(path)) return true;
  console.error('✖ Chromium is needed for the end-to-end tests: run `sudo apt-get install -y chromium` and try again.');
  return false;
}

const vitest = ['vitest', 'run', '--reporter=default', '--reporter=json'];

check('typecheck (app)', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
check('typecheck (functions)', 'npx', ['tsc', '-p', 'functions/tsconfig.json', '--noEmit']);
check('lint (incl. one-way imports, no cycles)', 'npx', ['eslint', '.', '--max-warnings', '0']);
check('unused files, exports and dependencies (knip)', 'npx', ['knip', '--no-progress']);
step('unit and component tests', 'npx', [...vitest, '--outputFile.json=test-results/fast.json', '--project', 'unit', '--project', 'component']);
addVitest('fast.json', 'unit/component');
check('build', 'npm', ['run', 'build', '--', '--mode', 'emulators', '--logLevel', 'warn']);
check('landing page JS budget (≤ 110 KB gzip)', 'node', ['scripts/build/landingBudget.mjs', 'dist-emulators']);

if (ensureChromium()) {
  await startStripeStandIn();
  const inner = `npx ${vitest.join(' ')} --outputFile.json=test-results/emulator.json --project emulator --project e2e`;
  const name = 'emulator and end-to-end tests (on the emulators)';
  const t = Date.now();
  console.log(`\n▶ ${name}`);
  await execOnEmulators(inner);
  timings.push(`${name} ${Math.round((Date.now() - t) / 1000)} s`);
  addVitest('emulator.json', 'emulator/e2e');
} else {
  totals.failed++;
}

console.log(`\nTimings: ${timings.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
