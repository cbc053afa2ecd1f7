// The emulators start without compiling every schema of the Auth emulator first
// (scripts/emulators/lazyAuthSchemas.mjs): firebase-tools runs with the option that has exegesis
// compile an operation's schemas when it is first used, and a request is validated all the same.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types
import { FIREBASE_BIN, firebaseEmulators, ROOT } from '../../scripts/emulators/env.mjs';

const TOOLS = join(ROOT as string, 'tools/emulators/node_modules');
const PRELOAD = pathToFileURL(join(ROOT as string, 'scripts/emulators/lazyAuthSchemas.mjs')).href;

/**
 * In a Node started as firebase-tools is (with the preload): exegesis-express's middleware over an API
 * of one operation whose body needs `name`; answers what exegesis was asked and two requests' statuses.
 */
const API = `
const { createRequire } = require('node:module');
const http = require('node:http');
const tools = createRequire(${JSON.stringify(`${TOOLS}/`)});
const exegesis = tools('exegesis');
const compile = exegesis.compileApi;
let asked;
exegesis.compileApi = (doc, options, done) => { asked = options; return compile(doc, options, done); };
const doc = {
  openapi: '3.0.1', info: { title: 't', version: '1' },
  paths: { '/hello': { post: {
    'x-exegesis-controller': 'c', operationId: 'hello',
    requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } } } },
    responses: { 200: { description: 'ok' } },
  } } },
};
(async () => {
  const middleware = await tools('exegesis-express').middleware(doc, { controllers: { c: { hello: () => ({ hi: 1 }) } }, allowMissingControllers: false });
  const server = http.createServer((req, res) => middleware(req, res, () => { res.statusCode = 404; res.end(); })).listen(0);
  await new Promise((r) => server.once('listening', r));
  const post = (body) => fetch('http://127.0.0.1:' + server.address().port + '/hello', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.status);
  const statuses = [await post({}), await post({ name: 'Ava' })];
  server.close();
  process.stdout.write(JSON.stringify({ lazy: asked.lazyCompileValidationSchemas, kept: asked.allowMissingControllers, statuses }));
})();
`;

describe('the Auth emulator compiles its schemas as they are used', () => {
  it('firebase-tools runs under Node with the preload', () => {
    const [command, args] = firebaseEmulators(['emulators:exec', 'true']) as [string, string[]];
    expect(command).toBe(process.execPath);
    expect(args).toEqual(['--import', PRELOAD, FIREBASE_BIN, 'emulators:exec', 'true']);
  });

  it('exegesis is asked to compile each schema when first used, keeping the other options, and still refuses a body its schema refuses', () => {
    const run = spawnSync(process.execPath, ['--import', PRELOAD, '-e', API], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ lazy: true, kept: false, statuses: [400, 200] });
  });

  it('without the preload, exegesis would compile every schema at once (what the preload changes)', () => {
    const run = spawnSync(process.execPath, ['-e', API], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ statuses: [400, 200] });
    expect(JSON.parse(run.stdout).lazy).toBeUndefined();
  });

  it('firebase-tools’ Auth emulator builds its API through exegesis-express’s middleware (else the preload does nothing)', () => {
    const server = readFileSync(join(TOOLS, 'firebase-tools/lib/emulator/auth/server.js'), 'utf8');
    expect(server).toContain('require("exegesis-express")');
    expect(server).toMatch(/exegesisExpress\.middleware\(/);
  });
});
