// Bundles functions/src (and the shared contract, ical-generator and timezones-ical-library) into functions/lib/index.js; firebase-* and stripe stay external (installed from functions/package-lock.json).
import { build } from 'esbuild';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The bundle's options; `outfile` elsewhere for a bundle to look at (the functions emulator reloads on a change to functions/lib). */
export const bundleOptions = (outfile = resolve(root, 'functions/lib/index.js')) => ({
  entryPoints: [resolve(root, 'functions/src/index.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: 'linked',
  external: ['firebase-functions', 'firebase-functions/*', 'firebase-admin', 'firebase-admin/*', 'stripe'],
  logLevel: 'warning',
});

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await build(bundleOptions());
  console.log(`functions bundled in ${Date.now() - started} ms`);
}
