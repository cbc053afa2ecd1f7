// What the staff service worker keeps on an instructor's phone, read from a build's module graph.
import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { instructorFiles } from '../../scripts/build/staffPrecache';

/** A chunk of a bundle: its file, its modules, the chunks it imports, its styles. */
const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], css: string[] = [], isEntry = false) =>
  ({ type: 'chunk', fileName, moduleIds, imports, isEntry, viteMetadata: { importedCss: new Set(css) } }) as unknown as Rollup.OutputChunk;

/**
 * The app in small: the entry holds the router and the table of pages; a family's page, an office page
 * and the instructor's page share a chunk of components; the shell loads its menu later; the family's
 * page loads a PDF writer later; the enrollment's steps load the review step.
 */
const bundle = Object.fromEntries(
  [
    chunk('assets/index.js', ['/p/src/main.tsx', '/p/src/app/routes.tsx', '/p/src/app/pages.ts', '/p/src/app/Shell.tsx', '/p/src/features/enrollment/EnrollmentRoute.tsx'], ['assets/shared.js'], ['assets/index.css'], true),
    chunk('assets/shared.js', ['/p/node_modules/react/index.js']),
    chunk('assets/SideMenu.js', ['/p/src/app/SideMenu.tsx'], ['assets/shared.js']),
    chunk('assets/MyEnrollments.js', ['/p/src/features/account/MyEnrollments.tsx'], ['assets/table.js']),
    chunk('assets/Enrollments.js', ['/p/src/features/office/Enrollments.tsx'], ['assets/table.js'], ['assets/office.css']),
    chunk('assets/TaughtClass.js', ['/p/src/features/teaching/TaughtClass.tsx'], ['assets/table.js'], ['assets/teaching.css']),
    chunk('assets/table.js', ['/p/src/components/table.tsx'], [], ['assets/table.css']),
    chunk('assets/writePdf.js', ['/p/src/lib/pdf/writePdf.ts']),
    chunk('assets/ReviewStep.js', ['/p/src/features/enrollment/steps/ReviewStep.tsx']),
  ].map((c) => [c.fileName, c]),
);
const later: Record<string, string[]> = {
  '/p/src/app/pages.ts': ['/p/src/features/account/MyEnrollments.tsx', '/p/src/features/office/Enrollments.tsx', '/p/src/features/teaching/TaughtClass.tsx'],
  '/p/src/app/Shell.tsx': ['/p/src/app/SideMenu.tsx'],
  '/p/src/features/enrollment/EnrollmentRoute.tsx': ['/p/src/features/enrollment/steps/ReviewStep.tsx'],
  '/p/src/features/account/MyEnrollments.tsx': ['/p/src/lib/pdf/writePdf.ts'],
};
const graph = (id: string) => ({ dynamicallyImportedIds: later[id] ?? [] });

describe('the staff service worker’s precache list', () => {
  it('keeps the app, what it loads later and the instructor’s pages with what they import, and leaves out the families’ and the office’s pages and steps', () => {
    const files = instructorFiles(bundle, graph);
    expect([...files].sort()).toEqual(['assets/SideMenu.js', 'assets/TaughtClass.js', 'assets/index.css', 'assets/index.js', 'assets/shared.js', 'assets/table.css', 'assets/table.js', 'assets/teaching.css']);
  });

  it('a build where no instructor’s page is reached stops, rather than keep an app that cannot open them', () => {
    const without: Record<string, string[]> = { ...later, '/p/src/app/pages.ts': later['/p/src/app/pages.ts'].filter((id) => !id.includes('/teaching/')) };
    expect(() => instructorFiles(bundle, (id) => ({ dynamicallyImportedIds: without[id] ?? [] }))).toThrow(/no module under \/src\/features\/teaching\//);
  });
});
