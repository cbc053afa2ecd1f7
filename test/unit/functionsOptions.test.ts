import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types
import { bundleOptions } from '../../scripts/build-functions.mjs';

describe('every function is capped (costs an anonymous visitor can run up)', () => {
  it('sets maxInstances on every exported function', async () => {
    const functions = (await import('../../functions/src/index')) as Record<string, { __endpoint?: { maxInstances?: unknown; region?: unknown } }>;
    const endpoints = Object.entries(functions).filter(([, f]) => f?.__endpoint);
    expect(endpoints.length).toBeGreaterThan(40);
    for (const [name, f] of endpoints) expect([name, f.__endpoint!.maxInstances]).toEqual([name, 10]);
  });
});

describe('every call answers before Firebase Hosting gives up on it (60 s)', () => {
  it('answers unavailable, in words, once its time is up; a quicker answer is the answer', async () => {
    const { ANSWER_WITHIN_MS, TOO_LONG, answerInTime } = await import('../../functions/src/lib/callable');
    expect(ANSWER_WITHIN_MS).toBeLessThanOrEqual(50_000);
    const never = new Promise<string>(() => {});
    await expect(answerInTime(never, 30)).rejects.toMatchObject({ code: 'unavailable', message: TOO_LONG });
    await expect(answerInTime(Promise.resolve('done'), 30)).resolves.toBe('done');
    await expect(answerInTime(Promise.reject(new Error('refused')), 30)).rejects.toThrow('refused');
  });
});

describe('a function instance starts on what every function needs', () => {
  it('loads neither Stripe (loaded on its first use) nor the Realtime Database client with the bundle', async () => {
    // Each function's instance loads the whole bundle when it starts (a cold start): a module loaded
    // there is paid for by every function, most of which never use it.
    const outfile = resolve('node_modules/.cache/functions-cold-start/index.js');
    await build({ ...bundleOptions(outfile), sourcemap: false });
    const script = `
      const Module = require('node:module');
      const load = Module._load;
      const loaded = new Set();
      Module._load = function (request, parent, isMain) { loaded.add(request); return load.call(this, request, parent, isMain); };
      const functions = require(${JSON.stringify(outfile)});
      console.log(JSON.stringify({ started: [...loaded], functions: Object.keys(functions).length }));
    `;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const { started, functions } = JSON.parse(run.stdout.trim().split('\n').pop()!) as { started: string[]; functions: number };
    expect(functions).toBeGreaterThan(40);
    expect(started).toContain('firebase-admin/firestore');
    expect(started.filter((m) => m === 'stripe' || m.startsWith('stripe/') || m.includes('database'))).toEqual([]);
  });
});
