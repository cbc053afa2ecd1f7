// Pages handed back by a test are cleared and handed to the next one: a new browser context costs
// Chromium a new renderer process (about 1.2 CPU-seconds before the page has drawn anything), a page
// used again about a third of it. What a test sees is what a new context gives: no cookies, no
// storage of any kind, no permissions, no routes, no listeners of its own, its page in front at the
// size asked. A context a test changed in a way that cannot be undone (an init script, a binding,
// Playwright's clock, emulated media, extra headers) is closed instead, as is one whose first page
// was closed.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { HOSTING } from '../../support/emulators';

/**
 * A page of the portal's own origin that runs nothing: where a kept page waits, its storage cleared.
 * A text file, which Chromium shows as an HTML document (so `setContent` works on it, as on a new page).
 */
export const IDLE = `${HOSTING}/robots.txt`;

/** The events a test may listen to (Playwright's own listeners are on `close` and `crash`). */
const PAGE_EVENTS = ['console', 'dialog', 'download', 'domcontentloaded', 'filechooser', 'frameattached', 'framedetached', 'framenavigated', 'load', 'pageerror', 'popup', 'request', 'requestfailed', 'requestfinished', 'response', 'websocket', 'worker'];
const CONTEXT_EVENTS = ['console', 'dialog', 'page', 'request', 'requestfailed', 'requestfinished', 'response', 'weberror', 'serviceworker'];

/** What a test may do to a context or its page that clearing cannot take back. */
const LASTING = {
  context: ['addInitScript', 'exposeBinding', 'exposeFunction', 'newCDPSession', 'setExtraHTTPHeaders', 'setGeolocation', 'setHTTPCredentials', 'routeFromHAR', 'routeWebSocket'],
  page: ['addInitScript', 'exposeBinding', 'exposeFunction', 'setExtraHTTPHeaders', 'emulateMedia', 'routeFromHAR', 'routeWebSocket'],
  clock: ['install', 'setFixedTime', 'setSystemTime', 'fastForward', 'runFor', 'pauseAt', 'resume'],
} as const;

const pools = new WeakMap<Browser, BrowserContext[]>();
/** The contexts waiting in a pool (their page is not a test's: failures do not describe it). */
const idle = new WeakSet<BrowserContext>();
export const isIdle = (context: BrowserContext) => idle.has(context);

/**
 * A page at this size in a context of its own for the test, from the browser's pool when one waits
 * there. `open` makes a new context when none does. `context.close()` hands it back.
 */
export async function pooledPage(browser: Browser, width: number, height: number, open: () => Promise<BrowserContext>): Promise<{ context: BrowserContext; page: Page }> {
  const pool = pools.get(browser) ?? [];
  pools.set(browser, pool);
  const kept = pool.pop();
  if (kept) {
    idle.delete(kept);
    const page = kept.pages()[0];
    await page.setViewportSize({ width, height });
    await page.bringToFront();
    return { context: kept, page };
  }
  const context = await open();
  const page = await context.newPage();
  let lasting = false;
  const mark = <T extends object>(target: T, names: readonly string[]) => {
    for (const name of names) {
      const method = (target as Record<string, unknown>)[name];
      if (typeof method !== 'function') continue;
      (target as Record<string, unknown>)[name] = (...args: unknown[]) => {
        lasting = true;
        return (method as (...a: unknown[]) => unknown).apply(target, args);
      };
    }
  };
  mark(context, LASTING.context);
  mark(page, LASTING.page);
  mark(context.clock, LASTING.clock);
  const close = context.close.bind(context);
  context.close = async (options) => {
    if (lasting || page.isClosed() || idle.has(context) || !browser.isConnected()) return close(options);
    try {
      await clear(context, page);
    } catch {
      // A page that cannot be cleared is not handed to another test.
      return close(options);
    }
    idle.add(context);
    pool.push(context);
  };
  return { context, page };
}

/** Everything a test left in the context, gone: its other pages, cookies, storage, permissions, routes and listeners. */
async function clear(context: BrowserContext, page: Page) {
  await Promise.all(context.pages().filter((p) => p !== page).map((p) => p.close()));
  for (const event of PAGE_EVENTS) page.removeAllListeners(event);
  for (const event of CONTEXT_EVENTS) context.removeAllListeners(event);
  await Promise.all([page.unrouteAll({ behavior: 'ignoreErrors' }), context.unrouteAll({ behavior: 'ignoreErrors' }), context.clearCookies(), context.clearPermissions(), context.setOffline(false)]);
  await page.goto(IDLE);
  await page.evaluate(async () => {
    localStorage.clear();
    sessionStorage.clear();
    // (No named functions in here: the test runner's transform would name them with a helper the page lacks.)
    for (const { name } of await indexedDB.databases()) {
      const deleting = indexedDB.deleteDatabase(name!);
      await new Promise((done, fail) => ((deleting.onsuccess = done), (deleting.onerror = fail)));
    }
    await Promise.all((await caches.keys()).map((key) => caches.delete(key)));
  });
}
