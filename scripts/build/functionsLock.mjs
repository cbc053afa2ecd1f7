// functions/package-lock.json, derived from the root lockfile: the exact versions `npm test` ran the
// functions with. Cloud Build installs functions/ on its own (`npm ci`), so without this lock it would
// resolve firebase-admin and firebase-functions afresh at deploy time.
//   node scripts/build/functionsLock.mjs          writes it
//   test/unit/functionsLock.test.ts               fails when it is out of step with the root lock
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const KEPT = ['version', 'resolved', 'integrity', 'license', 'dependencies', 'optionalDependencies', 'peerDependencies', 'peerDependenciesMeta', 'bin', 'engines', 'os', 'cpu', 'hasInstallScript', 'deprecated', 'funding'];

/** Where Node finds `name` from the package at `from` (a lockfile path), or undefined. */
function resolveFrom(packages, from, name) {
  let dir = from;
  for (;;) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate] && !packages[candidate].link) return candidate;
    if (!dir) return undefined;
    const i = dir.lastIndexOf('/node_modules/');
    dir = i >= 0 ? dir.slice(0, i) : '';
  }
}

export function deriveFunctionsLock(rootLock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'))) {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'functions/package.json'), 'utf8'));
  const packages = rootLock.packages;
  // Every package the functions reach, and whether only through optional edges.
  const required = new Set();
  const reached = new Map();
  const queue = Object.keys(manifest.dependencies).map((name) => ({ from: 'functions', name, optional: false }));
  while (queue.length) {
    const { from, name, optional } = queue.shift();
    const path = resolveFrom(packages, from, name);
    if (!path) {
      if (optional) continue;
      throw new Error(`${name} (needed by ${from}) is not in the root lockfile: run npm install`);
    }
    if (reached.has(path) && (optional || required.has(path))) continue;
    reached.set(path, packages[path]);
    if (!optional) required.add(path);
    const entry = packages[path];
    const peersOptional = entry.peerDependenciesMeta ?? {};
    for (const dep of Object.keys(entry.dependencies ?? {})) queue.push({ from: path, name: dep, optional });
    for (const dep of Object.keys(entry.optionalDependencies ?? {})) queue.push({ from: path, name: dep, optional: true });
    for (const dep of Object.keys(entry.peerDependencies ?? {})) queue.push({ from: path, name: dep, optional: optional || !!peersOptional[dep]?.optional });
  }
  const out = {
    '': { name: manifest.name, version: manifest.version, dependencies: manifest.dependencies, engines: manifest.engines },
  };
  for (const path of [...reached.keys()].sort()) {
    if (!path.startsWith('node_modules/')) throw new Error(`${path}: a package nested in the workspace cannot be placed in the functions lock`);
    const entry = Object.fromEntries(KEPT.filter((k) => packages[path][k] !== undefined).map((k) => [k, packages[path][k]]));
    if (!required.has(path)) entry.optional = true;
    out[path] = entry;
  }
  return { name: manifest.name, version: manifest.version, lockfileVersion: 3, requires: true, packages: out };
}

export const FUNCTIONS_LOCK = join(ROOT, 'functions/package-lock.json');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const lock = deriveFunctionsLock();
  writeFileSync(FUNCTIONS_LOCK, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`functions/package-lock.json: ${Object.keys(lock.packages).length - 1} packages`);
}
