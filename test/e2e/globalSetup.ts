// One Chromium for the whole end-to-end run: each test process connects to it once (test/e2e/support/browser.ts)
// instead of starting its own.
import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from './support/chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's Chromium, to connect to. */
    chromium: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await launchBrowserServer();
  project.provide('chromium', server.wsEndpoint());
  return () => server.close();
}
