// Debian's Chromium as the tests start it.
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, and nothing fetched from the network of its own accord. */
export const CHROMIUM_ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** The run's one Chromium, for the end-to-end tests' global set-up: each test file connects to it. */
export const launchBrowserServer = () => chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
