// Deploy what was tested: functions/package-lock.json (what Cloud Build installs) holds exactly the
// versions of the root lockfile, which `npm test` ran the functions with.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types
import { deriveFunctionsLock, FUNCTIONS_LOCK } from '../../scripts/build/functionsLock.mjs';

type Lock = { packages: Record<string, { version?: string; dependencies?: Record<string, string> }> };
const committed = JSON.parse(readFileSync(FUNCTIONS_LOCK as string, 'utf8')) as Lock;

describe('the functions lockfile', () => {
  it('is in step with the root lockfile (regenerate: node scripts/build/functionsLock.mjs)', () => {
    expect(committed).toEqual(deriveFunctionsLock());
  });

  it('pins the firebase packages the tests ran with, and every dependency it names is in it', () => {
    for (const name of ['firebase-admin', 'firebase-functions']) {
      const installed = (JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')) as { version: string }).version;
      expect(committed.packages[`node_modules/${name}`].version).toBe(installed);
    }
    const missing = Object.entries(committed.packages).flatMap(([path, entry]) =>
      Object.keys(entry.dependencies ?? {}).filter((dep) => !committed.packages[`${path}/node_modules/${dep}`] && !committed.packages[`node_modules/${dep}`]).map((dep) => `${path} → ${dep}`),
    );
    expect(missing).toEqual([]);
  });

  it('a derivation refuses a root lock that lacks what the functions need', () => {
    expect(() => deriveFunctionsLock({ packages: {} })).toThrow('firebase-admin (needed by functions) is not in the root lockfile');
  });
});
