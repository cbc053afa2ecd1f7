// What the staff service worker keeps on an instructor's phone (vite.config.ts): the app and everything
// the instructor's pages load, and not the families' and the office's pages, which are opened with
// signal or not at all. The worker's precache list is the build's files; this plugin reads the
// build's module graph and leaves out the scripts and styles that only those other pages load.
import type { Plugin, Rollup } from 'vite';
import type { ManifestTransform } from 'workbox-build';

type OutputChunk = Rollup.OutputChunk;
/** Of a module in the graph, what it loads later (`import()`). */
type ModuleInfo = (id: string) => { dynamicallyImportedIds: readonly string[] } | null;

/**
 * The table of pages, the router and the family's enrollment steps: what they load later (`import()`)
 * is a page, a page's frame or a step, followed only for the instructor's pages.
 */
const PAGE_LOADERS = ['/src/app/pages.ts', '/src/app/routes.tsx', '/src/features/enrollment/EnrollmentRoute.tsx'];
/** The instructor's pages and their frame (the `/staff/` addresses of src/app/pages.ts). */
const INSTRUCTOR_PAGES = '/src/features/teaching/';

const posix = (id: string) => id.replaceAll('\\', '/');

/**
 * The files (scripts and styles) the instructor's pages may load: from the app's entry, every chunk
 * it imports and every chunk any of its modules loads later, except the pages and steps the page
 * loaders load that are not the instructor's (and what only those load).
 */
export function instructorFiles(bundle: Rollup.OutputBundle, moduleInfo: ModuleInfo): Set<string> {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const chunkOf = new Map(chunks.flatMap((c) => c.moduleIds.map((id) => [id, c] as const)));
  const files = new Set<string>();
  const visit = (chunk: OutputChunk | undefined) => {
    if (!chunk || files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? []) files.add(css);
    for (const file of chunk.imports) visit(byFile.get(file));
    for (const id of chunk.moduleIds) {
      const loader = PAGE_LOADERS.some((t) => posix(id).endsWith(t));
      for (const later of moduleInfo(id)?.dynamicallyImportedIds ?? []) {
        if (!loader || posix(later).includes(INSTRUCTOR_PAGES)) visit(chunkOf.get(later));
      }
    }
  };
  for (const entry of chunks.filter((c) => c.isEntry)) visit(entry);
  // A renamed folder or table would otherwise leave the instructor's own pages out without a word.
  const reached = chunks.some((c) => files.has(c.fileName) && c.moduleIds.some((id) => posix(id).includes(INSTRUCTOR_PAGES)));
  if (!reached) throw new Error(`staffPrecache: no module under ${INSTRUCTOR_PAGES} is reached from the app's entry`);
  return files;
}

/**
 * The plugin, and the precache list's filter for vite-plugin-pwa (`workbox.manifestTransforms`): the
 * list keeps every file that is not a script or a style (the page, its icons, its font), and the
 * scripts and styles the instructor's pages may load.
 */
export function staffPrecache(): { plugin: Plugin; keepInstructorFiles: ManifestTransform } {
  let kept: Set<string> | undefined;
  const plugin: Plugin = {
    name: 'staff-precache',
    apply: 'build',
    generateBundle(_options, bundle) {
      kept = instructorFiles(bundle, (id) => this.getModuleInfo(id));
    },
  };
  const keepInstructorFiles: ManifestTransform = (entries) => {
    if (!kept) throw new Error('staffPrecache: the service worker was built before the app’s files were known');
    const files = kept;
    return { manifest: entries.filter((e) => !/\.(js|css)$/.test(e.url) || files.has(e.url)), warnings: [] };
  };
  return { plugin, keepInstructorFiles };
}
