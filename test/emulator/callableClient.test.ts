import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../src/lib/callable';
import { CallError } from '../../src/lib/loadState';
import { FUNCTIONS_REGION } from '../../contract/constants';
import { emulatorPorts } from '../../contract/emulatorPorts';
import { contentSecurityPolicy, cspHeader, inlineScriptHashes, withConnect } from '../../scripts/build/csp.mjs';
import { FUNCTIONS, HOSTING, PROJECT } from '../support/emulators';
import { seededEmulators } from '../support/fixtures';

// The app's own callable client against the real functions: loaded values, mapped error codes, human messages.
describe('callable client', () => {
  beforeAll(async () => {
    await seededEmulators();
  });

  it('loads a public callable without waiting for a user', async () => {
    const { semesters } = await call('openSemesters');
    expect(semesters.map((s) => s.id).sort()).toEqual(['camps', 'open-term']);
    expect(semesters[0]).not.toHaveProperty('confirmationMarkdown');
  });

  it("answers on the site's own origin (/api/<name>), gzipped when large and the browser accepts it", async () => {
    const post = (name: string, encoding: string) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((done, fail) => {
        const req = request(`${HOSTING}/api/${name}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Accept-Encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done({ headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', fail);
        req.end('{"data":null}');
      });
    const plain = await post('availableEnrollmentClasses', 'identity');
    const zipped = await post('availableEnrollmentClasses', 'gzip, deflate, br');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(gunzipSync(zipped.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    expect(zipped.body.length).toBeLessThan(plain.body.length / 4);
    // Below 1 KB an answer goes as it is.
    const small = await post('paymentOptions', 'gzip');
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString()).result.methods).toEqual(['card', 'office']);
  });

  it('maps 401 to unauthenticated with a readable message', async () => {
    const error = await call('roles').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CallError);
    expect((error as CallError).code).toBe('unauthenticated');
    expect((error as CallError).message).toBe('Please sign in first.');
  });

  it('maps 400 to invalid-argument with the field named', async () => {
    const error = await call('classGroups', ['x'.repeat(200)]).catch((e: unknown) => e);
    expect((error as CallError).code).toBe('invalid-argument');
    expect((error as CallError).message).toMatch(/0: is too long/);
  });

  it('queries classes by id and reports unknown ids, never drafts', async () => {
    const r = await call('classes', { query: [{ id: 'wild-art' }, { id: 'star-gazing' }, { id: 'nope' }] });
    expect(r.classes.map((c) => c.id)).toEqual(['wild-art']);
    expect(r.notFound).toEqual(['nope']);
    expect(r.classes[0]).not.toHaveProperty('enrolledCount');
    expect(r.classes[0].seatsLeft).toBe(12);
  });

  it('pages carry the security headers; no other site may read a callable', async () => {
    // The policy names the hashes of the served page's own inline scripts (what the build wrote into
    // firebase.json), and the emulators' copy adds only their Auth endpoint to connect-src.
    const html = await (await fetch(`${HOSTING}/`)).text();
    const deployed = cspHeader(JSON.parse(readFileSync('firebase.json', 'utf8'))).value;
    expect(deployed).toBe(contentSecurityPolicy(inlineScriptHashes(html)));
    expect(inlineScriptHashes(html)).toHaveLength(2);
    const servedPolicy = withConnect(deployed, [`http://127.0.0.1:${emulatorPorts().auth}`, `http://localhost:${emulatorPorts().auth}`]);
    for (const path of ['/', '/classes/enrollment', '/admin']) {
      const page = await fetch(`${HOSTING}${path}`);
      expect(page.status).toBe(200);
      expect(Object.fromEntries(['x-frame-options', 'content-security-policy', 'strict-transport-security', 'permissions-policy', 'cross-origin-opener-policy', 'x-content-type-options'].map((h) => [h, page.headers.get(h)]))).toEqual({
        'x-frame-options': 'DENY',
        'content-security-policy': servedPolicy,
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
        'cross-origin-opener-policy': 'same-origin',
        'x-content-type-options': 'nosniff',
      });
    }
    // A forged Origin gets no Access-Control-Allow-Origin, on the site's /api and on the function itself.
    const evil = { Origin: 'https://evil.example', 'Content-Type': 'application/json' };
    for (const url of [`${HOSTING}/api/openSemesters`, `${FUNCTIONS}/${PROJECT}/${FUNCTIONS_REGION}/api/openSemesters`]) {
      const preflight = await fetch(url, { method: 'OPTIONS', headers: { ...evil, 'Access-Control-Request-Method': 'POST' } });
      expect(preflight.headers.get('access-control-allow-origin'), url).toBeNull();
      const answer = await fetch(url, { method: 'POST', headers: evil, body: JSON.stringify({ data: null }) });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('access-control-allow-origin'), url).toBeNull();
    }
  });
});
