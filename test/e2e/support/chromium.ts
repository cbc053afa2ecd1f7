// Debian's Chromium as the tests start it.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/** Debian's Chromium, the desktop browser (Lighthouse measures pages in it, as a family's Chrome would load them). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's headless shell (the package `chromium-headless-shell`: the same Chromium and Blink built
 * without the desktop browser's window, GPU process and display compositor, which Playwright uses for
 * headless runs), when it is installed: the same browser tests cost Chromium about a third less CPU.
 * Else the desktop browser, headless.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const shell = !process.env.CHROMIUM_PATH && existsSync(HEADLESS_SHELL);
export const TEST_CHROMIUM = shell ? HEADLESS_SHELL : CHROMIUM;

/** Headless, and nothing fetched from the network of its own accord. */
export const CHROMIUM_ARGS = [...(shell ? [] : ['--headless=new']), '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * The tests' pages live for seconds: V8's optimizing compilers (Maglev, TurboFan) spend more CPU
 * compiling the app and axe than these pages win back, so the tests' JavaScript stops at V8's
 * baseline compiler (Sparkplug). It runs the same code the same way, only unoptimized; measured side
 * by side, Chromium's CPU for card checkout and the family's cart fell from 177 to 137 s. The bench
 * and the screenshots keep the whole compiler: they time pages as a phone runs them.
 */
const TESTS_ONLY = [
  '--js-flags=--max-opt=1',
  // One renderer process for the tests' pages: each context, and each move between the portal and the
  // Stripe stand-in's page (another site), would otherwise start a process of its own and compile the
  // app again there. The pages, their storage and what they see are the same; the tests drive them one
  // step at a time. Side by side over card checkout and the family's cart: Chromium 76–80 → 68–69
  // CPU-seconds, 21–23 processes → 7.
  '--renderer-process-limit=1',
];

/** The Chromium of a test process, driven from that process (no Playwright server between them). */
export const launchTestBrowser = () => chromium.launch({ executablePath: TEST_CHROMIUM, args: [...CHROMIUM_ARGS, ...TESTS_ONLY] });
