import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { routePreload } from './scripts/build/routePreload.ts';
import { schoolTheme } from './scripts/build/theme.ts';

export default defineConfig({
  plugins: [schoolTheme(), react(), routePreload({ '/user/': 'src/features/auth/LoginPage.tsx' })],
  // npm run dev: /api/<callable> goes to the Hosting emulator, which rewrites it to the function.
  server: { host: '127.0.0.1', port: 5173, strictPort: true, proxy: { '/api': 'http://127.0.0.1:5000' } },
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 400 },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'component',
          include: ['test/component/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['test/component/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'emulator',
          include: ['test/emulator/**/*.test.ts'],
          environment: 'node',
          // The app's callable client runs in Node against the emulators (src/lib/callable.ts).
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
