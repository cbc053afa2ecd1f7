import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const SYSTEM_FONTS = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/**
 * The lara green theme with a darker primary (white text on #10b981 fails WCAG contrast) and the
 * system font stack instead of the 345 KB Inter web font.
 */
function schoolTheme(): Plugin {
  return {
    name: 'school-theme',
    enforce: 'pre',
    transform(code, id) {
      if (!id.includes('lara-light-green/theme.css')) return null;
      return code
        .replaceAll('#10b981', '#15803d')
        .replaceAll('#059669', '#166534')
        .replaceAll('#047857', '#14532d')
        .replaceAll('rgba(16, 185, 129,', 'rgba(21, 128, 61,')
        .replaceAll('"Inter var", sans-serif', SYSTEM_FONTS)
        .replace(/@font-face\s*{[^}]*}/g, '');
    },
  };
}

export default defineConfig({
  plugins: [schoolTheme(), react()],
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
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
          // The app's callable client, run in Node against the emulators.
          env: { VITE_USE_EMULATORS: 'true' },
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
