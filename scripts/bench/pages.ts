// The landing page as a phone meets it: the JavaScript an anonymous visitor downloads, and Lighthouse
// on the class list and the sign-in page. Part of `npm run bench`; `npm run bench -- --pages` runs it
// alone (about four minutes), so two builds can be compared side by side minutes apart.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { LANDING_JS_BUDGET_KB } from '../build/landingBudget.mjs';
import { CHROMIUM, launchBrowser, newPage } from '../../test/e2e/support/browser';
import { HOSTING } from '../../test/support/emulators';
import { todayInSchool } from '../demo/seedDemo';
import { seedVolume } from '../demo/volume';
import { KB, median } from './stats';

const LIGHTHOUSE = 'tools/lighthouse/node_modules/.bin/lighthouse';
const RUNS = 3;
/** Lighthouse mobile's performance score the class list and sign-in must reach (accessibility and best practices: 100). */
const MOBILE_PERFORMANCE = 98;

/** What an anonymous visitor's browser downloads for /classes/enrollment until the page is idle (gzip as a CDN serves it). */
export async function landing() {
  const browser = await launchBrowser();
  const { context, page } = await newPage(browser, 412, 823);
  const bodies: { url: string; type: string; bytes: number }[] = [];
  page.on('response', async (r) => {
    try {
      const body = await r.body();
      const type = r.request().resourceType();
      const textual = /javascript|css|html|json|svg|text/.test(r.headers()['content-type'] ?? '');
      bodies.push({ url: r.url(), type, bytes: textual ? gzipSync(body).length : body.length });
    } catch {
      /* redirects and aborted requests have no body */
    }
  });
  await page.goto(`${HOSTING}/classes/enrollment`, { waitUntil: 'networkidle' });
  await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null), { timeout: 5000 })));
  await page.waitForTimeout(500);
  await context.close();
  await browser.close();
  const js = bodies.filter((b) => b.type === 'script');
  return {
    initialJsGzipKB: KB(js.reduce((s, b) => s + b.bytes, 0)),
    scripts: js.map((b) => `${new URL(b.url).pathname} ${KB(b.bytes)} KB`),
    totalTransferKB: KB(bodies.reduce((s, b) => s + b.bytes, 0)),
    requests: bodies.length,
  };
}

interface LhResult {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

function lighthouseOnce(path: string, preset: 'mobile' | 'desktop'): LhResult {
  mkdirSync('.cache/bench', { recursive: true });
  const out = `.cache/bench/lh-${preset}-${path.replace(/\W+/g, '_')}.json`;
  execFileSync(
    LIGHTHOUSE,
    [
      `${HOSTING}${path}`,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      '--only-categories=performance,accessibility,best-practices',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      ...(preset === 'desktop' ? ['--preset=desktop'] : []),
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: 'ignore' },
  );
  const lhr = JSON.parse(readFileSync(out, 'utf8')) as {
    categories: Record<string, { score: number }>;
    audits: Record<string, { numericValue: number }>;
  };
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    bestPractices: Math.round(lhr.categories['best-practices'].score * 100),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
    tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
    cls: Math.round(lhr.audits['cumulative-layout-shift'].numericValue * 1000) / 1000,
  };
}

export function lighthouse(path: string, preset: 'mobile' | 'desktop'): LhResult {
  const runs = Array.from({ length: RUNS }, () => lighthouseOnce(path, preset));
  const pick = (k: keyof LhResult) => median(runs.map((r) => r[k]));
  return { performance: pick('performance'), accessibility: pick('accessibility'), bestPractices: pick('bestPractices'), lcpMs: pick('lcpMs'), tbtMs: pick('tbtMs'), cls: pick('cls') };
}

export interface PageResults {
  landing: Awaited<ReturnType<typeof landing>>;
  lighthouse: Record<'mobile' | 'desktop', Record<string, LhResult>>;
}

/** The landing page and both pages in both presets, measured now. */
export async function measurePages(): Promise<PageResults> {
  const pages = ['/classes/enrollment', '/user/login'];
  const preset = (p: 'mobile' | 'desktop') => Object.fromEntries(pages.map((path) => [path, lighthouse(path, p)]));
  return { landing: await landing(), lighthouse: { mobile: preset('mobile'), desktop: preset('desktop') } };
}

export function pageBudgets(results: PageResults): [string, string | number, string, boolean][] {
  const budgets: [string, string | number, string, boolean][] = [
    ['Landing initial JS (gzip)', `${results.landing.initialJsGzipKB} KB`, `≤ ${LANDING_JS_BUDGET_KB} KB`, results.landing.initialJsGzipKB <= LANDING_JS_BUDGET_KB],
    ['Landing total transfer', `${results.landing.totalTransferKB} KB`, '', true],
  ];
  for (const preset of ['mobile', 'desktop'] as const) {
    for (const [path, r] of Object.entries(results.lighthouse[preset])) {
      const ok = preset === 'desktop' || (r.performance >= MOBILE_PERFORMANCE && r.accessibility === 100 && r.bestPractices === 100);
      budgets.push([`Lighthouse ${preset} ${path}`, `perf ${r.performance} · a11y ${r.accessibility} · bp ${r.bestPractices} · LCP ${r.lcpMs} ms · TBT ${r.tbtMs} ms · CLS ${r.cls}`, preset === 'mobile' ? `≥ ${MOBILE_PERFORMANCE} / 100 / 100` : '', ok]);
    }
  }
  return budgets;
}

export function printBudgets(budgets: [string, string | number, string, boolean][]) {
  console.log('\n| Measure | Result | Budget | |\n|---|---|---|---|');
  for (const [name, value, budget, ok] of budgets) console.log(`| ${name} | ${value} | ${budget} | ${budget ? (ok ? 'met' : '**missed**') : ''} |`);
}

if (process.argv.includes('--pages')) {
  // The same class list as the whole bench's: the demo's classes and 200 generated ones.
  await seedVolume({ classes: 200, students: 2000, today: todayInSchool() });
  const budgets = pageBudgets(await measurePages());
  printBudgets(budgets);
  process.exit(budgets.every((b) => b[3]) ? 0 : 1);
}
