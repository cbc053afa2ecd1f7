import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { loadEnv } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig, type ViteUserConfig } from 'vitest/config';
import { cspHeaders } from './scripts/build/csp.mjs';
import { routePreload } from './scripts/build/routePreload.ts';
import { staffPrecache } from './scripts/build/staffPrecache.ts';
import { schoolTheme } from './scripts/build/theme.ts';

/** The web app's settings a production build cannot do without (README "Deploy"). */
export const REQUIRED_PRODUCTION_ENV = ['VITE_FIREBASE_API_KEY', 'VITE_FIREBASE_AUTH_DOMAIN', 'VITE_FIREBASE_PROJECT_ID', 'VITE_FIREBASE_APP_ID', 'VITE_RECAPTCHA_SITE_KEY'];

/** A production build without the Firebase settings would talk to the demo project: it stops here instead. */
export function missingProductionEnv(env: Record<string, string | undefined>): string[] {
  return REQUIRED_PRODUCTION_ENV.filter((key) => !env[key]?.trim());
}

/**
 * What every page runs (React, the router, the data layer and the small shared modules) goes in one
 * chunk: the landing page loads three files instead of ten, and compresses better (the landing page's budget).
 */
const EVERY_PAGE = [
  /node_modules\/(react|react-dom|scheduler|react-router|@tanstack\/[\w-]+)\//,
  /contract\/(constants|domain|emulators|format|roles)\./,
  /src\/lib\/(auth|callable|callErrors|familyStorage|firebaseConfig|loadState|query|toast)\./,
];

/** Component tests that replace a module with vi.mock: each runs in a module graph of its own. */
const MOCKING_COMPONENT_TESTS = ['test/component/checkoutReturn.test.tsx', 'test/component/dataLayer.test.tsx', 'test/component/flowDraft.test.tsx', 'test/component/sideMenu.test.tsx'];

/**
 * The browser files that run last, after the emulator files (in `npm test`, on the emulator tests'
 * stack). The instructor's view stays off a cold stack: run first beside the accessibility sweep, its
 * offline sync missed its 30 s twice.
 */
const BROWSER_FILES_LAST = ['test/e2e/teaching.test.ts'];

/** What every browser test file runs with. */
const BROWSER_TESTS: Omit<NonNullable<ViteUserConfig['test']>, 'name' | 'include'> = {
  environment: 'node',
  setupFiles: ['test/e2e/setup.ts'],
  testTimeout: 200_000,
  hookTimeout: 200_000,
  // expect.poll waits for what the page shows after a call to the functions, whose worker may be
  // starting (seconds on a loaded machine): as long as Playwright's own actions wait, not Vitest's
  // default second.
  expect: { poll: { timeout: 30_000 } },
  fileParallelism: false,
  isolate: false,
};

/**
 * The service worker that keeps the app for the instructor's pages without signal. It controls /staff/
 * only, and only the instructor's pages register it (features/teaching/offline.ts): families' pages and
 * the landing page's budget are untouched. It keeps the app's code the instructor's pages may load
 * (scripts/build/staffPrecache.ts), never anyone's data; the families' and the office's pages, the PDF
 * receipt's libraries and the icon font's older formats stay out.
 */
const instructorPagesOffline = ({ keepInstructorFiles }: ReturnType<typeof staffPrecache>) =>
  VitePWA({
    injectRegister: false,
    manifest: false,
    filename: 'staff-sw.js',
    scope: '/staff/',
    workbox: {
      globPatterns: ['**/*.{js,css,html,woff2,png,svg,webmanifest}'],
      globIgnores: ['**/writePdf*', '**/primeicons-*.svg'],
      manifestTransforms: [keepInstructorFiles],
      navigateFallback: '/index.html',
      navigateFallbackAllowlist: [/^\/staff\//],
      clientsClaim: true,
      skipWaiting: true,
      cleanupOutdatedCaches: true,
    },
  });

export default defineConfig(({ command, mode }) => {
  if (command === 'build' && mode !== 'emulators') {
    const missing = missingProductionEnv({ ...process.env, ...loadEnv(mode, process.cwd(), 'VITE_') });
    if (missing.length) {
      throw new Error(
        `A production build needs ${missing.join(', ')} (put them in .env.production.local, see README "Deploy"). ` +
          'For the emulators, build with --mode emulators.',
      );
    }
  }
  const precache = staffPrecache();
  return {
    plugins: [schoolTheme(), react(), routePreload({ '/user/': 'src/features/auth/LoginPage.tsx' }), cspHeaders('firebase.json'), precache.plugin, instructorPagesOffline(precache)],
    // React Router's package points every import at its development build (its warnings and checks);
    // a build ships its production build, as React's own packages do under NODE_ENV=production.
    resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) }] } : {},
    // npm run dev: /api/<callable> goes to the Hosting emulator, which rewrites it to the function.
    server: { host: '127.0.0.1', port: 5173, strictPort: true, proxy: { '/api': 'http://127.0.0.1:5000' } },
    // Emulator builds (demo project, local auth) go to their own folder: a deploy uploads dist/ only.
    build: {
      target: 'es2022',
      sourcemap: false,
      // Every browser the portal supports preloads modules itself.
      modulePreload: { polyfill: false },
      rollupOptions: { output: { codeSplitting: { groups: [{ name: 'shared', test: (id: string) => EVERY_PAGE.some((m) => m.test(id)) }] } } },
      chunkSizeWarningLimit: 400,
      outDir: mode === 'emulators' ? 'dist-emulators' : 'dist',
    },
    test: {
      // Tests talk to the emulators' demo project (src/lib/firebaseConfig.ts), never a real one.
      env: { VITE_USE_EMULATORS: 'true' },
      // Timeouts catch a test that hangs; they are not speed limits (those are assertions of their
      // own). They leave room for a loaded machine: in `npm test` the unit and component tests run
      // beside two emulator stacks, and a run has been measured at 2.4 times the usual CPU time for
      // the same work (docs/performance.md).
      projects: [
        {
          extends: true,
          // No unit test mocks a module: the files share one module graph per worker instead of
          // loading it afresh for each (what each file changes of a module's state, it sets itself).
          test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node', testTimeout: 30_000, isolate: false },
        },
        // Component files share one jsdom and module graph per worker, but for the few that replace a
        // module (vi.mock), which run each in their own.
        {
          extends: true,
          test: {
            name: 'component',
            include: ['test/component/**/*.test.tsx'],
            exclude: MOCKING_COMPONENT_TESTS,
            environment: 'jsdom',
            setupFiles: ['test/component/setup.ts'],
            testTimeout: 30_000,
            isolate: false,
          },
        },
        {
          extends: true,
          test: {
            name: 'component-mocks',
            include: MOCKING_COMPONENT_TESTS,
            environment: 'jsdom',
            setupFiles: ['test/component/setup.ts'],
            testTimeout: 30_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'emulator',
            // Not test/emulator/paused/: those replace a module (the seat listing paused mid-checkout), each in a process of its own.
            // (A project's own `exclude` would set aside the command line's, which npm test uses to share the files between stacks.)
            include: ['test/emulator/*.test.ts'],
            environment: 'node',
            // One process for every file (none replaces a module): each file's start no longer loads
            // the Firebase clients and the functions' code again.
            isolate: false,
            // The app's callable client runs in Node against the emulators (src/lib/callable.ts).
            testTimeout: 150_000,
            hookTimeout: 150_000,
            // As in the browser tests: what a call leaves to be done just after it (a class's count
            // after a webhook's transaction) is waited for as long as a call may take here.
            expect: { poll: { timeout: 30_000 } },
            fileParallelism: false,
            // On one emulator stack, the browser tests end before the emulator tests start: projects
            // otherwise run at the same time, and each file resets the emulators.
            sequence: { groupOrder: 2 },
          },
        },
        {
          extends: true,
          test: {
            name: 'emulator-mocks',
            include: ['test/emulator/paused/*.test.ts'],
            environment: 'node',
            testTimeout: 150_000,
            hookTimeout: 150_000,
            expect: { poll: { timeout: 30_000 } },
            fileParallelism: false,
            sequence: { groupOrder: 3 },
          },
        },
        {
          extends: true,
          test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'], exclude: BROWSER_FILES_LAST, ...BROWSER_TESTS, sequence: { groupOrder: 1 } },
        },
        {
          extends: true,
          // Browser files that run after the emulator files: in `npm test` on the emulator tests' stack,
          // warm by then, so that both stacks end about together.
          test: { name: 'e2e-last', include: BROWSER_FILES_LAST, ...BROWSER_TESTS, sequence: { groupOrder: 4 } },
        },
        {
          extends: true,
          // Tests that time the office's calls against a budget: after every other file of the stack
          // (warm), and in `npm test` once the other stack has ended too (test/support/alone.ts).
          test: {
            name: 'alone',
            include: ['test/timed/**/*.test.ts'],
            environment: 'node',
            testTimeout: 150_000,
            hookTimeout: 150_000,
            sequence: { groupOrder: 5 },
          },
        },
      ],
    },
  };
});
