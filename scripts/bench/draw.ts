// A registration round's draw at scale: 1 000 entries of 3 children ranking 5 choices each over 60
// classes, drawn on the server (Node, contract/draw.ts) and checked again by Verify in Chromium with
// Lighthouse's mobile CPU slowdown (4×), the same code the round's public page runs, bundled as the
// app bundles it. Needs no emulator.
import { build } from 'esbuild';
import { runDraw, sha256Hex, type DrawEntry, type DrawRecord } from '../../contract/draw';
import { launchBrowser } from '../../test/e2e/support/browser';

export interface DrawResult {
  entries: number;
  children: number;
  choices: number;
  classes: number;
  serverMs: number;
  verifyMs: number;
  cpuSlowdown: number;
  placed: number;
}

/** A made-up round: its entries, the seats of its classes (about half the children fit), a seed and a beacon value. */
async function madeUpRecord(entries: number, childrenPer: number, choicesPer: number, classes: number): Promise<DrawRecord> {
  // A fixed, simple generator: the same round every run.
  let state = 20261128;
  const next = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const ids = Array.from({ length: classes }, (_, i) => `class-${String(i).padStart(3, '0')}`);
  const drawn: DrawEntry[] = Array.from({ length: entries }, (_, n) => {
    const id = `e${String(n).padStart(6, '0')}`;
    const children = Array.from({ length: childrenPer }, (_, k) => {
      const picks = new Set<string>();
      while (picks.size < choicesPer) picks.add(ids[Math.floor(next() * classes)]);
      return { id: `${id}-${k + 1}`, choices: [...picks].map((c) => ({ id: c, classIds: [c] })) };
    });
    return { id, group: 1 + Math.floor(next() * 3), linked: n % 2 === 0, children };
  });
  const capacity = Object.fromEntries(ids.map((c) => [c, Math.round((entries * childrenPer) / classes / 2)]));
  const seed = await sha256Hex('bench seed');
  const beacon = await sha256Hex('bench beacon');
  const result = await runDraw({ entries: drawn, capacity, seed, beacon });
  return { algorithm: result.algorithm, seedHash: result.seedHash, entriesHash: result.entriesHash, entries: drawn, capacity, seed, beacon, placements: result.placements };
}

export async function drawAtScale(entries = 1000, childrenPer = 3, choicesPer = 5, classes = 60, cpuSlowdown = 4): Promise<DrawResult> {
  const record = await madeUpRecord(entries, childrenPer, choicesPer, classes);
  // The server's draw, timed alone (its inputs built above).
  const started = performance.now();
  const again = await runDraw(record);
  const serverMs = Math.round(performance.now() - started);
  if (JSON.stringify(again.placements) !== JSON.stringify(record.placements)) throw new Error('The same draw gave other placements.');
  // Verify as the page runs it: contract/draw.ts bundled for the browser, in a page of a secure origin (WebCrypto).
  const bundled = await build({ entryPoints: ['contract/draw.ts'], bundle: true, format: 'iife', globalName: 'draw', write: false, target: 'es2022', minify: true });
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext()).newPage();
    await page.route('http://localhost/', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Verify</title>' }));
    await page.goto('http://localhost/');
    await page.addScriptTag({ content: bundled.outputFiles[0].text });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const verified = await page.evaluate(async (r) => {
      const t = performance.now();
      const problem = await (window as unknown as { draw: { verifyRecord: (x: unknown) => Promise<string | null> } }).draw.verifyRecord(r);
      return { problem, ms: performance.now() - t };
    }, record);
    if (verified.problem) throw new Error(`Verify: ${verified.problem}`);
    return { entries, children: entries * childrenPer, choices: choicesPer, classes, serverMs, verifyMs: Math.round(verified.ms), cpuSlowdown, placed: record.placements.filter((p) => p.placed !== null).length };
  } finally {
    await browser.close();
  }
}

/** Budgets: drawn on the server in under 5 s, checked by Verify on a slow phone in under 3 s. */
export function drawBudgets(r: DrawResult): [string, string, string, boolean][] {
  const what = `${r.entries} entries × ${r.children / r.entries} children × ${r.choices} choices, ${r.classes} classes (${r.placed} of ${r.children} placed)`;
  return [
    [`The draw on the server: ${what}`, `${r.serverMs} ms`, '< 5 s', r.serverMs < 5000],
    [`Verify in Chromium, CPU ${r.cpuSlowdown}× slower (Lighthouse mobile)`, `${r.verifyMs} ms`, '< 3 s', r.verifyMs < 3000],
  ];
}

// `npm run bench -- --draw` runs this alone (scripts/bench.mjs), without the emulators.
if (process.argv[1]?.endsWith('draw.ts')) {
  const result = await drawAtScale();
  for (const [name, value, budget, ok] of drawBudgets(result)) console.log(`| ${name} | ${value} | ${budget} | ${ok ? 'met' : '**missed**'} |`);
  process.exit(drawBudgets(result).every((b) => b[3]) ? 0 : 1);
}
