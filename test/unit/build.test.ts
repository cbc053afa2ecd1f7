// Builds that can be deployed and builds that cannot: a production build stops without the real
// Firebase settings, and an emulator build (demo project) never lands in the folder a deploy uploads.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingProductionEnv, REQUIRED_PRODUCTION_ENV } from '../../vite.config';
import emulators from '../../contract/emulators.json';
// @ts-expect-error -- a plain .mjs script without types
import { emulatorArgs, EMULATOR_DIST } from '../../scripts/emulators/env.mjs';
import { HOSTING } from '../support/emulators';

describe('builds', () => {
  it('a production build names each missing Firebase setting and stops', () => {
    expect(missingProductionEnv({})).toEqual(REQUIRED_PRODUCTION_ENV);
    expect(missingProductionEnv({ VITE_FIREBASE_API_KEY: 'k', VITE_FIREBASE_AUTH_DOMAIN: ' ', VITE_FIREBASE_PROJECT_ID: 'p', VITE_FIREBASE_APP_ID: 'a', VITE_RECAPTCHA_SITE_KEY: 'r' })).toEqual([
      'VITE_FIREBASE_AUTH_DOMAIN',
    ]);
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITE_')));
    const run = spawnSync('npx', ['vite', 'build', '--mode', 'production', '--outDir', 'node_modules/.cache/never-built'], { encoding: 'utf8', env });
    expect(run.status).not.toBe(0);
    expect(run.stdout + run.stderr).toContain('A production build needs VITE_FIREBASE_API_KEY, VITE_FIREBASE_AUTH_DOMAIN, VITE_FIREBASE_PROJECT_ID, VITE_FIREBASE_APP_ID, VITE_RECAPTCHA_SITE_KEY');
  });

  it("a production build carries nothing of the Stripe stand-in (its port or test keys) nor the emulators' App Check token, and asks reCAPTCHA Enterprise", () => {
    const out = mkdtempSync(join(tmpdir(), 'prod-build-'));
    // Without the test run's own VITE_ settings (VITE_USE_EMULATORS): a school's build has none of them.
    const env = { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITE_'))), VITE_FIREBASE_API_KEY: 'k', VITE_FIREBASE_AUTH_DOMAIN: 'p.firebaseapp.com', VITE_FIREBASE_PROJECT_ID: 'p', VITE_FIREBASE_APP_ID: 'a', VITE_RECAPTCHA_SITE_KEY: 'site-key-of-the-school' };
    const run = spawnSync('npx', ['vite', 'build', '--mode', 'production', '--outDir', out, '--logLevel', 'error'], { encoding: 'utf8', env });
    expect(run.status, run.stderr).toBe(0);
    const js = readdirSync(join(out, 'assets')).filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(out, 'assets', f), 'utf8')).join('\n');
    expect(js.length).toBeGreaterThan(10_000);
    for (const secret of [emulators.stripeStandIn.secretKey, emulators.stripeStandIn.webhookSecret, `:${emulators.stripeStandIn.port}`]) expect(js).not.toContain(secret);
    // Booleans: a failure would otherwise print the whole build.
    expect(/alg:[`"]none[`"]/.test(js), "the emulators' unsigned App Check token").toBe(false);
    expect(js.includes('site-key-of-the-school'), "the school's reCAPTCHA site key").toBe(true);
  }, 120_000);

  it('emulator runs serve their own build folder; Hosting deploys dist/ after a production build', () => {
    const deployed = JSON.parse(readFileSync('firebase.json', 'utf8')) as { hosting: { public: string; predeploy: string[] } };
    expect(deployed.hosting.public).toBe('dist');
    expect(deployed.hosting.predeploy).toEqual(['npx vite build']);
    const args = emulatorArgs() as string[];
    const local = JSON.parse(readFileSync(args[args.indexOf('--config') + 1], 'utf8')) as { hosting: { public: string; predeploy?: string[]; rewrites: unknown[] } };
    expect(EMULATOR_DIST).not.toBe('dist');
    expect(local.hosting.public).toBe(EMULATOR_DIST);
    expect(local.hosting.predeploy).toBeUndefined();
    expect(local.hosting.rewrites).toEqual((deployed.hosting as unknown as { rewrites: unknown[] }).rewrites);
  });

  it('the emulators listen on the ports of contract/emulators.json, as the demo project it names', () => {
    const args = emulatorArgs() as string[];
    const local = JSON.parse(readFileSync(args[args.indexOf('--config') + 1], 'utf8')) as { emulators: Record<string, { port?: number }> };
    for (const [name, port] of Object.entries(emulators.ports)) expect(local.emulators[name].port).toBe(port);
    expect(args[args.indexOf('--project') + 1]).toBe(emulators.projectId);
    expect(HOSTING).toBe(`http://localhost:${emulators.ports.hosting}`);
  });

  it('a second stack beside the first listens on none of the first one’s ports, its own emulators’ hub, logs and websocket included', () => {
    const portsOf = (offset: number) => {
      const script = `import('./scripts/emulators/env.mjs').then((m) => { const a = m.emulatorArgs(); console.log(JSON.stringify({ config: JSON.parse(require('node:fs').readFileSync(a[a.indexOf('--config') + 1], 'utf8')).emulators, stripe: m.STRIPE_PORT })); })`;
      const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', env: { ...process.env, PORTAL_PORT_OFFSET: String(offset) } });
      const { config, stripe } = JSON.parse(run.stdout) as { config: Record<string, { port?: number; websocketPort?: number }>; stripe: number };
      return [...Object.values(config).flatMap((e) => [e.port, e.websocketPort]), stripe].filter((p): p is number => typeof p === 'number');
    };
    const [first, second] = [portsOf(0), portsOf(emulators.secondStack.portOffset)];
    expect(first).toHaveLength(10);
    expect(second.map((p) => p - emulators.secondStack.portOffset)).toEqual(first);
    expect(second.filter((p) => first.includes(p))).toEqual([]);
  });
});
