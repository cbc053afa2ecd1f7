import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types
import { bundleOptions } from '../../scripts/build-functions.mjs';

describe('the functions deployed', () => {
  it('are one function for every callable, Stripe’s events and the calendar feeds, and the scheduled jobs, each capped (costs an anonymous visitor can run up)', async () => {
    const functions = (await import('../../functions/src/index')) as Record<string, { __endpoint?: { maxInstances?: unknown; concurrency?: unknown } }>;
    const endpoints = Object.entries(functions).filter(([, f]) => f?.__endpoint);
    expect(endpoints.map(([name]) => name).sort()).toEqual(['api', 'familyReminders', 'instalmentsJob', 'roundsJob', 'sweepHolds', 'waitlistJob']);
    for (const [name, f] of endpoints) expect([name, f.__endpoint!.maxInstances]).toEqual([name, 10]);
    // One instance of the callables' function answers many calls at once.
    expect(functions.api.__endpoint!.concurrency).toBe(80);
  });

  it('serve every callable of the contract by its name, and nothing else', async () => {
    const { SERVED, nameOf } = await import('../../functions/src/api');
    const { callables } = await import('../../contract/callables');
    expect(Object.keys(SERVED).sort()).toEqual(Object.keys(callables).sort());
    for (const [name, served] of Object.entries(SERVED)) expect([name, typeof served?.serve, served?.def.name]).toEqual([name, 'function', name]);
    expect(nameOf('/api/roles')).toBe('roles');
    expect(nameOf('/roles')).toBe('roles');
    expect(nameOf('/api/')).toBe('api');
    expect(Object.hasOwn(SERVED, 'constructor')).toBe(false);
  });

  it('serve Stripe’s events and the calendar feeds by their paths, through Hosting or on the function’s own address', async () => {
    const { routeOf } = await import('../../functions/src/api');
    expect(routeOf('/api/stripe/webhook')).toBe('stripe');
    expect(routeOf('/stripe/webhook')).toBe('stripe');
    expect(routeOf('/cal/abc.ics')).toBe('calendar');
    expect(routeOf('/cal/class/wild-art.ics')).toBe('calendar');
    for (const path of ['/api/webhook', '/api/stripe/webhook/x', '/api/cal', '/api/myAccount', '/calendar']) expect([path, routeOf(path)]).toEqual([path, 'callable']);
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
    expect(functions).toBe(6);
    expect(started).toContain('firebase-admin/firestore');
    expect(started.filter((m) => m === 'stripe' || m.startsWith('stripe/') || m.includes('database'))).toEqual([]);
  });
});

describe('the functions’ answers', () => {
  it('say nothing of what serves them (no X-Powered-By), served by Express as Cloud Functions serves them', async () => {
    // The emulators' own proxies add Express's header in front of every function: the functions are
    // served here by a plain Express app, as the Functions Framework does in production.
    const express = (await import('express')).default;
    const { api } = await import('../../functions/src/index');
    const app = express();
    app.use(express.json());
    // As Hosting sends them: the path whole.
    app.all(/^\/(api|cal)\//, (req, res) => void api(req as never, res as never));
    const server = app.listen(0);
    try {
      const { port } = server.address() as { port: number };
      const asked = async (path: string, method: string) => {
        const answer = await fetch(`http://127.0.0.1:${port}${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: method === 'POST' ? JSON.stringify({ data: null }) : undefined });
        return [path, answer.status, answer.headers.get('x-powered-by')];
      };
      expect(await asked('/api/myAccount', 'POST')).toEqual(['/api/myAccount', 401, null]);
      expect(await asked('/api/noSuchCall', 'POST')).toEqual(['/api/noSuchCall', 404, null]);
      expect(await asked('/cal/x.ics', 'POST')).toEqual(['/cal/x.ics', 405, null]);
      expect(await asked('/api/stripe/webhook', 'GET')).toEqual(['/api/stripe/webhook', 405, null]);
      // The same app's own route keeps Express's header: the check can fail.
      app.get('/plain', (_req, res) => void res.send('ok'));
      expect(await asked('/plain', 'GET')).toEqual(['/plain', 200, 'Express']);
    } finally {
      server.close();
    }
  });
});

describe('an anonymous caller’s address (its rate limit’s key)', () => {
  it('is what Hosting’s CDN says, else the first forwarded address, else unknown', async () => {
    const { callerAddress } = await import('../../functions/src/lib/callable');
    expect(callerAddress({ 'fastly-client-ip': '198.51.100.7', 'x-forwarded-for': '203.0.113.1, 10.0.0.1' })).toBe('198.51.100.7');
    expect(callerAddress({ 'x-forwarded-for': ' 203.0.113.1 , 10.0.0.1' })).toBe('203.0.113.1');
    expect(callerAddress({ 'x-forwarded-for': '' })).toBeNull();
    expect(callerAddress({})).toBeNull();
  });
});
