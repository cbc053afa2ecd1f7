// A page opened directly (a link to /user/login in an email, a bookmark) would load the app, then
// its lazy screen: two trips one after the other. This plugin writes into index.html, for the paths
// given, the screen's files to fetch at once, in parallel with the app.
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** The files of `module`'s chunk and of the chunks it imports, except those the entry loads anyway. */
export function chunkFiles(bundle: OutputBundle, module: string): string[] {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: OutputChunk) => {
    const seen = new Set<string>();
    const visit = (c: OutputChunk) => {
      if (seen.has(c.fileName)) return;
      seen.add(c.fileName);
      c.imports.forEach((f) => visit(byFile.get(f)!));
    };
    visit(start);
    return seen;
  };
  const screen = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(module));
  if (!screen) throw new Error(`routePreload: no chunk for ${module}`);
  const loaded = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => [...closure(c)]));
  return [...closure(screen)].filter((f) => !loaded.has(f));
}

/** `routes`: a path prefix (e.g. /user/) → the lazy screen module shown there. */
export function routePreload(routes: Record<string, string>): Plugin {
  return {
    name: 'route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const table = Object.fromEntries(Object.entries(routes).map(([prefix, module]) => [prefix, chunkFiles(bundle, module).map((f) => `/${f}`)]));
        // The table (it names hashed files) is data; the code that reads it never changes, so the
        // Content-Security-Policy allows it by one fixed hash (scripts/build/csp.mjs).
        const script = `<script type="application/json" id="route-preload">${JSON.stringify(table).replaceAll('<', '\\u003c')}</script>
    <script>
      // Files of the screen this path shows, fetched with the app (scripts/build/routePreload.ts).
      (function (table) {
        for (var prefix in table) if (location.pathname.indexOf(prefix) === 0) table[prefix].forEach(function (href) {
          var link = document.createElement('link');
          link.rel = 'modulepreload';
          link.crossOrigin = '';
          link.href = href;
          document.head.appendChild(link);
        });
      })(JSON.parse(document.getElementById('route-preload').textContent));
    </script>`;
        return html.replace('</head>', `  ${script}\n  </head>`);
      },
    },
  };
}
