// Debian's Chromium driven by playwright-core, with axe for accessibility checks.
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import axe, { type AxeResults, type FrameContextObject, type PartialResults, type RunOptions } from 'axe-core';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Frame, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, launchTestBrowser, TEST_CHROMIUM } from './chromium';
import { IDLE, isIdle, pooledPage } from './pagePool';
import { signalProxy, type Signal } from './signal';
import { afterAll, beforeAll, expect } from 'vitest';
import { seedDemo } from '../../../scripts/demo/seedDemo';
import { HOSTING, resetEmulators } from '../../support/emulators';
// @ts-expect-error -- a plain .mjs script without types
import { EMULATOR_DIST, ROOT } from '../../../scripts/emulators/env.mjs';

export { CHROMIUM } from './chromium';

/** Content-Security-Policy violations reported by pages since the last `takePolicyViolations()`. */
const policyViolations: string[] = [];
export function takePolicyViolations(): string[] {
  return policyViolations.splice(0);
}

/** Every page of the context reports `securitypolicyviolation` events (test/e2e/setup.ts fails the test). */
async function watchPolicy(context: BrowserContext) {
  await context.exposeBinding('__reportPolicyViolation', (_source, line: string) => void policyViolations.push(line));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportPolicyViolation: (line: string) => void }).__reportPolicyViolation;
      report(`${location.pathname}: ${e.effectiveDirective} refused ${e.blockedURI || 'inline code'}`);
    });
  });
}

/** The browsers of this test file: a failed test's open pages are described from them. */
const launched = new Set<Browser>();

/**
 * What each open page showed when a test failed (its address and visible text, shortened): a failure
 * on CI, where no screenshot can be looked at, then says where the page stood.
 */
export async function describeOpenPages(): Promise<string> {
  const pages = [...launched].flatMap((b) => b.contexts().filter((c) => !isIdle(c)).flatMap((c) => c.pages()));
  const described = await Promise.all(
    pages.map(async (page) => {
      // Whether the page was visible and what it was still animating: a page the browser keeps in the
      // background gets no animation frames, and an overlay waiting for its closing transition stays.
      const text = await page
        .evaluate(() => [
          `(${document.visibilityState}${[...document.querySelectorAll('[class*="-enter"], [class*="-exit"]')].map((el) => `; moving: <${el.tagName.toLowerCase()} class="${el.className}">`).join('')})`,
          document.body?.innerText ?? '',
        ])
        .then(([state, t]) => `${state} ${t.replace(/\s*\n\s*/g, ' | ').slice(0, 2000)}`)
        .catch((e: unknown) => `(not readable: ${String(e)})`);
      return `${page.url()}\n  ${text}`;
    }),
  );
  return described.join('\n');
}

/** A browser of this process (scripts: screenshots, the bench). */
export const launchBrowser = async (): Promise<Browser> => watched(await chromium.launch({ executablePath: TEST_CHROMIUM, args: CHROMIUM_ARGS }));

/** Describes the browser's open pages on a failure, and reports every context's CSP violations. */
function watched(browser: Browser): Browser {
  launched.add(browser);
  browser.on('disconnected', () => launched.delete(browser));
  const newContext = browser.newContext.bind(browser);
  // Pages settle at once (no animation to wait out before axe reads them), and only the instructor's
  // tests, which ask for it, let the staff pages' service worker in.
  browser.newContext = async (options) => {
    const context = await newContext({ reducedMotion: 'reduce', serviceWorkers: 'block', ...options });
    await watchPolicy(context);
    return context;
  };
  return browser;
}

/**
 * Of each context made for use without signal: its signal (support/signal.ts), whether the browser says
 * it is offline, its pages' own DevTools sessions and what they are telling.
 */
interface Phone {
  signal: Signal;
  offline: boolean;
  sessions: Promise<CDPSession>[];
  telling: Promise<unknown>;
}
const phones = new WeakMap<BrowserContext, Phone>();

/** Tells one page's document whether the browser is offline (a page already closed: nothing to tell). */
const tellOffline = (session: Promise<CDPSession>, offline: boolean) =>
  session.then((s) => s.send('Network.emulateNetworkConditions', { offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })).catch(() => undefined);

/**
 * Chromium's offline emulation is forgotten by each new document a page loads: a reload the service
 * worker answers says `navigator.onLine` and never hears "online" when the signal comes back, as no
 * phone without signal does (its app then waited for its next try, seconds later, to send). While the
 * browser says it is offline, each page's new document is told again, through the page's own session.
 */
function keepOfflineInNewDocuments(context: BrowserContext, phone: Phone) {
  context.on('page', (page) => {
    const session = context.newCDPSession(page);
    // A page closed before its session opened: nothing to tell it.
    session.catch(() => undefined);
    phone.sessions.push(session);
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame() || !phone.offline) return;
      phone.telling = Promise.all([phone.telling, tellOffline(session, true)]);
    });
  });
}

/**
 * `offline`: a phone that can lose its signal (`withoutSignal`), with the service worker that keeps
 * the instructor's pages for use without signal let in.
 */
export async function newPage(browser: Browser, width = 1280, height = 900, { offline = false } = {}): Promise<{ context: BrowserContext; page: Page }> {
  if (!offline) return pooledPage(browser, width, height, () => browser.newContext({ viewport: { width, height }, baseURL: HOSTING }));
  const signal = await signalProxy();
  const context = await browser.newContext({ viewport: { width, height }, baseURL: HOSTING, serviceWorkers: 'allow', proxy: { server: signal.server } });
  const phone: Phone = { signal, offline: false, sessions: [], telling: Promise.resolve() };
  phones.set(context, phone);
  keepOfflineInNewDocuments(context, phone);
  context.on('close', () => signal.close());
  const page = await context.newPage();
  return { context, page };
}

function phoneOf(context: BrowserContext): Phone {
  const phone = phones.get(context);
  if (!phone) throw new Error('Only a page opened with newPage(…, { offline: true }) can lose its signal.');
  return phone;
}

/**
 * No signal: nothing the browser asks reaches the network, and the browser says it is offline.
 * `unnoticed`: the phone keeps its bars but nothing gets through, and the browser does not know. A
 * page closed then never hears "online": where the browser says it is offline, the emulation is
 * lifted as a page closes, the closing page hears "online" and sends what waited, and on a loaded
 * machine that send has reached the server after the test gave the signal back.
 */
export async function withoutSignal(context: BrowserContext, { unnoticed = false } = {}): Promise<void> {
  const phone = phoneOf(context);
  phone.signal.set(false);
  if (unnoticed) return;
  phone.offline = true;
  await context.setOffline(true);
}

/** The signal returns: requests go out again before the browser says it is online (which sends what waited). */
export async function withSignal(context: BrowserContext): Promise<void> {
  const phone = phoneOf(context);
  phone.signal.set(true);
  phone.offline = false;
  // What a new document was told goes first: the browser's last word is that it is online.
  await phone.telling;
  await context.setOffline(false);
  await Promise.all(phone.sessions.map((session) => tellOffline(session, false)));
}

/**
 * axe's minified build, as put into a page: the package's `axe.source` is its unminified build, more
 * than twice the text to send through the protocol and for the page to parse, with each new document.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The same build as a file of the portal's own origin (in the emulators' hosting folder, never in a
 * deployed build), which a page loads as a script: Chromium keeps the code it compiled from a script
 * it loaded before (its HTTP cache and code cache), where what the protocol puts into a document is
 * compiled again in each one (a new document: 13–16 ms instead of 160–180, measured).
 */
const AXE_ASSET = `/assets/axe-core-${axe.version}.min.js`;
let axePlaced = false;
function placeAxe() {
  const target = join(ROOT as string, EMULATOR_DIST as string, AXE_ASSET);
  if (!axePlaced && !existsSync(target)) {
    // Written whole, then renamed: the other stack's browser may ask for it meanwhile.
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(`${target}.${process.pid}`, AXE_SOURCE);
    renameSync(`${target}.${process.pid}`, target);
  }
  axePlaced = true;
}

/** In the page: loads a script of its origin; false when it cannot. */
const loadScript = (src: string) =>
  new Promise<boolean>((done) => {
    const script = Object.assign(document.createElement('script'), { src });
    script.onload = () => done(true);
    script.onerror = () => done(false);
    document.head.append(script);
  });

/** Only the violations are reported in full: axe then skips the selectors of every passing node. */
const AXE_OPTIONS: RunOptions = { rules: { 'target-size': { enabled: true } }, resultTypes: ['violations'] };

type InPage = { axe: typeof axe };

/**
 * Puts axe into a frame's document unless it is there already: axe stays in a document once put
 * there and is run there again after the app moves to another route. A page of the portal loads it
 * as a script; a phone's page (its service worker, its signal) and a document of another origin
 * (Stripe's, a frame's `srcdoc`) are given the source.
 */
async function placeAxeIn(frame: Frame) {
  if (await frame.evaluate((version) => (window as unknown as Partial<InPage>).axe?.version === version, axe.version)) return;
  const asScript = !phones.has(frame.page().context()) && new URL(frame.url()).origin === new URL(HOSTING).origin;
  if (asScript) placeAxe();
  if (!(asScript && (await frame.evaluate(loadScript, AXE_ASSET)))) await frame.evaluate(AXE_SOURCE);
  await frame.evaluate(() => (window as unknown as InPage).axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } }));
}

/**
 * A page without frames is checked where it is (axe.run). A page with frames is checked frame by
 * frame, as axe's API asks: `runPartial` in each document, then `finishRun` on their results in
 * order (a frame's own, then its frames', depth first) in the top one. AxeBuilder (@axe-core/playwright)
 * does the same but gives each frame one second to take axe's half a megabyte of source, and on a
 * busy machine, where it takes longer, leaves that frame's findings out without a word; here each
 * frame takes axe in its own time, and a frame axe cannot reach fails the check.
 */
async function axeRun(page: Page): Promise<AxeResults> {
  const top = page.mainFrame();
  if (page.frames().length === 1) {
    await placeAxeIn(top);
    return top.evaluate((options) => (window as unknown as InPage).axe.run(document, options), AXE_OPTIONS);
  }
  const partials: PartialResults = [];
  const check = async (frame: Frame, context: FrameContextObject) => {
    await placeAxeIn(frame);
    const [own, frames] = await frame.evaluate(async ({ context, options }) => {
      const inPage = (window as unknown as InPage).axe;
      const frames = inPage.utils.getFrameContexts(context, options);
      return [await inPage.runPartial(context, options), frames] as const;
    }, { context, options: AXE_OPTIONS });
    partials.push(own);
    for (const { frameSelector, frameContext } of frames) {
      const element = (await frame.evaluateHandle((selector) => (window as unknown as InPage).axe.utils.shadowSelect(selector), frameSelector)).asElement();
      const inner = await element?.contentFrame();
      if (!inner) throw new Error(`axe could not reach the frame ${JSON.stringify(frameSelector)} of ${frame.url()}`);
      await check(inner, frameContext);
    }
  };
  await check(top, { include: [], exclude: [] });
  return top.evaluate(({ partials, options }) => (window as unknown as InPage).axe.finishRun(partials, options), { partials, options: AXE_OPTIONS });
}

/**
 * axe violations on the current page, as readable lines (empty when clean), once animations settle.
 * Touch targets of at least 24 px (WCAG 2.2 target-size, off in axe by default) are checked too, on the
 * page scrolled to the top: scrolled, a field passing under the sticky header would count as too small.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const check = async () => {
    // Polled by a timer, not by animation frames: a page the browser keeps in the background (another
    // context's page in front of it) gets no frames, and a frame-polled wait never looked again.
    await page
      .waitForFunction(
        () => !document.querySelector('[class*="-enter-active"], [class*="-exit-active"]') && document.getAnimations().every((a) => a.playState !== 'running'),
        undefined,
        { polling: 100 },
      )
      .catch(async (error: unknown) => {
        // Never settled: say what was still moving, so that the failure names its cause.
        const moving = await page
          .evaluate(() => [
            ...[...document.querySelectorAll('[class*="-enter-active"], [class*="-exit-active"]')].map((el) => `a transition on <${el.tagName.toLowerCase()} class="${el.className}">`),
            ...document
              .getAnimations()
              .filter((a) => a.playState === 'running')
              .map((a) => `${a.constructor.name} ${(a as CSSAnimation).animationName ?? (a as CSSTransition).transitionProperty ?? ''} on <${((a.effect as KeyframeEffect | null)?.target as Element | null)?.tagName.toLowerCase()} class="${((a.effect as KeyframeEffect | null)?.target as Element | null)?.className}">`),
            `visibility ${document.visibilityState}`,
          ])
          .catch(() => ['(the page could not be read)']);
        throw new Error(`The page never settled for axe: ${moving.join('; ')}`, { cause: error });
      });
    await page.evaluate(() => window.scrollTo(0, 0));
    const results = await axeRun(page);
    return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  };
  // A toast that starts fading out while axe reads the page is measured half transparent: a finding
  // is checked once more after the page settles again, and reported if it is still there.
  const started = Date.now();
  const first = await check();
  const found = first.length ? await check() : first;
  // PORTAL_AXE_LOG=<file>: one line per check (milliseconds, width, page), to see what axe costs a run.
  if (process.env.PORTAL_AXE_LOG) appendFileSync(process.env.PORTAL_AXE_LOG, `${Date.now() - started}\t${page.viewportSize()?.width}\t${new URL(page.url()).pathname}\t${expect.getState().currentTestName}\n`);
  return found;
}

export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/user/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The bytes of the file a click downloads. */
export async function downloadedBytes(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  // Read through Playwright (the file is on the browser's side of the connection).
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The text of the file a click downloads. */
export const downloaded = async (page: Page, click: () => Promise<void>): Promise<string> => (await downloadedBytes(page, click)).toString('utf8');

/** The text a PDF that a click downloads reads as (as a reader copying it out would get it), after checking it is a PDF. */
export async function downloadedPdf(page: Page, click: () => Promise<void>): Promise<string> {
  const bytes = await downloadedBytes(page, click);
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('The download is not a PDF.');
  const { extractText } = await import('unpdf');
  return (await extractText(new Uint8Array(bytes), { mergePages: true })).text as string;
}

/** Signs in through the form and waits until the session shows (the account menu button). */
export async function signInAs(page: Page, email: string, password: string) {
  await signInThroughForm(page, email, password);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
}

/**
 * Only what keeps a person signed in: Firebase Auth's record in IndexedDB and the portal's "signed in
 * before" and roles hints (with the cookies). What the pages kept besides (a selection of classes, an
 * offline copy) stays with the test that made it, as it would on another device.
 */
interface Session {
  cookies: Parameters<BrowserContext['addCookies']>[0];
  hints: { name: string; value: string }[];
  auth: { version: number; records: unknown[] };
}
/** Each browser's signed-in sessions, by email: the sign-in form is filled once per person and browser. */
const sessions = new WeakMap<Browser, Map<string, Session>>();
/** Where Firebase Auth keeps who is signed in. */
const AUTH_DB = { name: 'firebaseLocalStorageDb', store: 'firebaseLocalStorage', keyPath: 'fbase_key' };

async function keptSession({ context, page }: { context: BrowserContext; page: Page }): Promise<Session> {
  const [cookies, stored] = await Promise.all([
    context.cookies(),
    // (No named functions in the page's code: the test runner's transform would name them with a helper the page lacks.)
    page.evaluate(
      ({ name, store }) =>
        new Promise<Omit<Session, 'cookies'>>((done, fail) => {
          const hints = Object.keys(localStorage)
            .filter((key) => key.startsWith('firebase:') || key === 'portal.signedIn' || key === 'portal.roles')
            .map((key) => ({ name: key, value: localStorage.getItem(key)! }));
          const opening = indexedDB.open(name);
          opening.onerror = fail;
          opening.onsuccess = () => {
            const db = opening.result;
            const reading = db.transaction(store).objectStore(store).getAll();
            reading.onerror = fail;
            reading.onsuccess = () => {
              db.close();
              done({ hints, auth: { version: db.version, records: reading.result as unknown[] } });
            };
          };
        }),
      AUTH_DB,
    ),
  ]);
  return { cookies, ...stored };
}

/** Puts a kept session into a page's cleared context, on the portal's origin. */
async function restoreSession({ context, page }: { context: BrowserContext; page: Page }, session: Session) {
  await context.addCookies(session.cookies);
  if (page.url() !== IDLE) await page.goto(IDLE);
  await page.evaluate(
    ({ db: { name, store, keyPath }, session: { hints, auth } }) =>
      new Promise((done, fail) => {
        for (const { name: key, value } of hints) localStorage.setItem(key, value);
        const opening = indexedDB.open(name, auth.version);
        opening.onupgradeneeded = () => opening.result.createObjectStore(store, { keyPath });
        opening.onerror = fail;
        opening.onsuccess = () => {
          const db = opening.result;
          const writing = db.transaction(store, 'readwrite');
          for (const record of auth.records) writing.objectStore(store).put(record);
          writing.onerror = fail;
          writing.oncomplete = () => done(db.close());
        };
      }),
    { db: AUTH_DB, session },
  );
}

/**
 * A new page signed in as this person, on no page of the app yet (go to one next). The first time in
 * this browser it signs in through the form (as `signInAs`) and keeps the session. Later pages start
 * with it, as the same person's on another tab would.
 */
export async function signedIn(browser: Browser, email: string, password: string, width = 1280, height = 900): Promise<{ context: BrowserContext; page: Page }> {
  const kept = sessions.get(browser) ?? new Map<string, Session>();
  sessions.set(browser, kept);
  const opened = await newPage(browser, width, height);
  const saved = kept.get(email);
  if (saved) {
    await restoreSession(opened, saved);
    return opened;
  }
  await signInAs(opened.page, email, password);
  kept.set(email, await keptSession(opened));
  return opened;
}

/**
 * This test process's Chromium, started by its first describe block and kept to the process's end:
 * the pages a block hands back wait for the next block's tests (a new page costs Chromium a renderer
 * process). Driven from this process: a Playwright server between them (one Chromium for the whole
 * run) spent CPU relaying every message, and the browser stack's files run in one process anyway.
 */
let started: Promise<Browser> | undefined;
async function connected(): Promise<Browser> {
  const browser = await (started ??= launchTestBrowser().then(watched));
  if (browser.isConnected()) return browser;
  started = undefined;
  return connected();
}

/**
 * For a describe block: fresh demo data and the run's Chromium; at its end, every page its tests did
 * not hand back is (a clean one waits for the next block, another is closed). Returns a getter of the browser.
 */
export function seededBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    await resetEmulators();
    await seedDemo();
    browser = await connected();
    // The sign-ins an earlier block kept are of accounts the reset has removed.
    sessions.delete(browser);
  });
  afterAll(async () => {
    if (browser?.isConnected()) await Promise.all(browser.contexts().filter((c) => !isIdle(c)).map((c) => c.close()));
  });
  return () => browser!;
}
