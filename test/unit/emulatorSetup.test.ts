// Which Firestore emulator `npm start` and `npm test` run: the machine image's jar where it is (an
// offline machine: nothing to download), else firebase-tools' own, which it downloads once (a parent
// volunteer's Mac, a Windows laptop, a plain Linux box). The set-up runs here with the jar hidden;
// nothing is downloaded (no emulator starts).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types
import { chooseFirestoreEmulator, IMAGE_FIRESTORE_JAR } from '../../scripts/emulators/env.mjs';

/** The environment the emulators would get, from a fresh Node with PORTAL_FIRESTORE_JAR as given. */
function setUp(jar: string | undefined): { env: Record<string, string>; said: string } {
  const run = spawnSync(process.execPath, ['-e', "import('./scripts/emulators/env.mjs').then((m) => process.stdout.write('\\n' + JSON.stringify(m.emulatorEnv({ PATH: process.env.PATH }))))"], {
    encoding: 'utf8',
    env: { ...process.env, ...(jar ? { PORTAL_FIRESTORE_JAR: jar } : {}) },
  });
  expect(run.status, run.stderr).toBe(0);
  const lines = run.stdout.trim().split('\n');
  return { env: JSON.parse(lines.at(-1)!), said: lines.slice(0, -1).join('\n') };
}

describe('the Firestore emulator a run uses', () => {
  it.runIf(existsSync(IMAGE_FIRESTORE_JAR))('is the image’s jar where the image has it (through the launcher)', () => {
    expect(chooseFirestoreEmulator()).toEqual({ source: 'image', jar: IMAGE_FIRESTORE_JAR });
    const { env } = setUp(undefined);
    expect(env.FIRESTORE_EMULATOR_BINARY_PATH).toMatch(/firestore-launcher\.jar$/);
  });

  it('is firebase-tools’ own where the jar is missing: no launcher, no failure, and it says so', () => {
    expect(chooseFirestoreEmulator('/nowhere/cloud-firestore-emulator.jar')).toEqual({ source: 'firebase-tools' });
    const { env, said } = setUp('/nowhere/cloud-firestore-emulator.jar');
    expect(env.FIRESTORE_EMULATOR_BINARY_PATH).toBeUndefined();
    expect(said).toContain("No Firestore emulator at /nowhere/cloud-firestore-emulator.jar: firebase-tools' own is used (downloaded the first time).");
    // firebase-tools 15 runs its own emulator on Java 21 or newer: the PATH leads to one.
    const java = spawnSync('java', ['-version'], { encoding: 'utf8', env: { PATH: env.PATH } });
    expect(Number(/version "(\d+)/.exec(java.stderr)?.[1])).toBeGreaterThanOrEqual(21);
  });
});

describe('the functions’ parameters on the emulators', () => {
  it('are all given, so that two stacks starting at once never race to write one (a stack whose functions never load)', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    // @ts-expect-error -- a plain .mjs script without types
    const { EMULATOR_PARAMS } = (await import('../../scripts/emulators/env.mjs')) as { EMULATOR_PARAMS: string };
    const sources = (readdirSync('functions/src', { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).map((f) => readFileSync(join('functions/src', f), 'utf8'));
    const params = sources.flatMap((code) => [...code.matchAll(/define(?:Int|String|Boolean|Float|List)\('(\w+)'/g)].map((m) => m[1]));
    expect(params.length).toBeGreaterThan(0);
    const given = new Set(EMULATOR_PARAMS.split('\n').filter(Boolean).map((line) => line.split('=')[0]));
    expect(params.filter((p) => !given.has(p))).toEqual([]);
  });
});
