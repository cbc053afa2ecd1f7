import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { chunkFiles } from '../../scripts/build/routePreload';

const chunk = (fileName: string, imports: string[], extra: Partial<Rollup.OutputChunk> = {}) =>
  ({ type: 'chunk', fileName, imports, isEntry: false, facadeModuleId: null, ...extra }) as unknown as Rollup.OutputChunk;

describe('route preload', () => {
  const bundle = Object.fromEntries(
    [
      chunk('assets/index.js', ['assets/jsx.js'], { isEntry: true, facadeModuleId: '/app/index.html' }),
      chunk('assets/jsx.js', []),
      chunk('assets/LoginPage.js', ['assets/LoginForm.js', 'assets/jsx.js'], { facadeModuleId: '/app/src/features/auth/LoginPage.tsx' }),
      chunk('assets/LoginForm.js', ['assets/button.js', 'assets/jsx.js']),
      chunk('assets/button.js', []),
      chunk('assets/Admin.js', ['assets/button.js'], { facadeModuleId: '/app/src/features/admin/Admin.tsx' }),
    ].map((c) => [c.fileName, c]),
  ) as Rollup.OutputBundle;

  it("lists the screen's chunk and what it imports, without what the app loads anyway", () => {
    expect(chunkFiles(bundle, 'src/features/auth/LoginPage.tsx')).toEqual(['assets/LoginPage.js', 'assets/LoginForm.js', 'assets/button.js']);
  });

  it('fails the build for a screen that is not in the bundle', () => {
    expect(() => chunkFiles(bundle, 'src/features/auth/Nope.tsx')).toThrow('no chunk for src/features/auth/Nope.tsx');
  });
});
