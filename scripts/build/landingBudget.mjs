// The landing page's JavaScript budget (≤ 100 KB gzip), checked on every build by npm test:
// the scripts index.html loads and everything they import statically, gzip-compressed as a CDN serves
// them. `npm run bench` measures the same in Chromium (with what loads until the page is idle).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const LANDING_JS_BUDGET_KB = 100;

/** The files the landing page runs before anything lazy, with their gzip sizes in bytes. */
function landingScripts(dir) {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const queue = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const sizes = new Map();
  while (queue.length) {
    const file = queue.pop();
    if (sizes.has(file)) continue;
    const code = readFileSync(join(dir, file));
    sizes.set(file, gzipSync(code).length);
    for (const m of code.toString('utf8').matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g)) queue.push(`assets/${m[1]}`);
  }
  return sizes;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = landingScripts(process.argv[2] ?? 'dist-emulators');
  const kb = Math.round(([...sizes.values()].reduce((a, b) => a + b, 0) / 1024) * 10) / 10;
  for (const [file, bytes] of sizes) console.log(`  ${file} ${(bytes / 1024).toFixed(1)} KB`);
  console.log(`Landing initial JS: ${kb} KB gzip in ${sizes.size} files (budget ≤ ${LANDING_JS_BUDGET_KB} KB)`);
  if (kb > LANDING_JS_BUDGET_KB) {
    console.error(`✖ over the landing budget by ${(kb - LANDING_JS_BUDGET_KB).toFixed(1)} KB`);
    process.exit(1);
  }
}
