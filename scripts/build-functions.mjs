// Bundles functions/src (and the shared contract, ical-generator and timezones-ical-library) into functions/lib/index.js; firebase-* and stripe stay external (installed from functions/package-lock.json).
import { build } from 'esbuild';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
await build({
  entryPoints: [resolve(root, 'functions/src/index.ts')],
  outfile: resolve(root, 'functions/lib/index.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: 'linked',
  external: ['firebase-functions', 'firebase-functions/*', 'firebase-admin', 'firebase-admin/*', 'stripe'],
  logLevel: 'warning',
});
console.log(`functions bundled in ${Date.now() - started} ms`);
