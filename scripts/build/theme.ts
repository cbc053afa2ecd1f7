// The PrimeReact lara green theme, made ours at build time (vite.config.ts):
// - a darker primary: white text on the theme's #10b981 fails WCAG contrast;
// - the system font stack instead of the 345 KB Inter web font;
// - only the rules of the PrimeReact components the portal uses: the theme styles some 90 components
//   and blocks the first paint; trimmed, it is 5 KB gzipped instead of 21 KB;
// - of the button, only the variants the portal writes (no severities but danger, no groups);
// - of primeicons, only the icons src names (about 50 of 315).
// The stylesheet blocks the first paint and is parsed on the phone's main thread: every rule costs.
import { readdirSync, readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const SYSTEM_FONTS = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/**
 * First words of the `.p-…` classes whose rules are kept: the components imported from primereact
 * (button, card, confirmdialog, dialog, inputtext, menu, sidebar, toast) and the classes they and the theme share.
 * test/unit/theme.test.ts fails when src uses a component or class that is not here.
 */
export const KEPT_CLASSES = new Set([
  ...['button', 'card', 'confirm', 'confirmdialog', 'dialog', 'inputtext', 'inputtextarea', 'menu', 'menuitem', 'submenu', 'sidebar', 'toast'],
  ...['component', 'disabled', 'error', 'fluid', 'focus', 'highlight', 'hidden', 'icon', 'ink', 'input', 'inputwrapper'],
  ...['invalid', 'link', 'overlay', 'placeholder', 'ripple', 'text', 'variant'],
  // primereact/api (the PrimeReactProvider) has no rules of its own.
  'api',
]);

/** Top-level `selector { … }` and `@rule { … }` blocks of a stylesheet (no braces in strings here). */
function blocks(css: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    if (css[i] === '{') depth++;
    else if (css[i] === '}' && --depth === 0) {
      out.push(css.slice(start, i + 1));
      start = i + 1;
    }
  }
  return out;
}

/**
 * Button modifiers the portal never writes (src uses primary, outlined, text, danger, sm and loading;
 * PrimeReact's own Button adds icon and label classes). test/unit/theme.test.ts fails when src writes one.
 */
export const DROPPED_BUTTON_VARIANTS = ['group', 'warning', 'success', 'secondary', 'info', 'help', 'contrast', 'raised', 'rounded', 'lg', 'plain', 'vertical'];
const droppedVariant = new RegExp(`\\.p-button-(${DROPPED_BUTTON_VARIANTS.join('|')})(?![\\w-])`);

const kept = (selector: string) =>
  [...selector.matchAll(/\.p-([a-z]+)/g)].every((m) => KEPT_CLASSES.has(m[1])) && !droppedVariant.test(selector);

/** Drops the selectors naming a component not kept, and the rules left with none. */
export function trimTheme(css: string): string {
  return blocks(css)
    .map((block) => {
      const open = block.indexOf('{');
      const head = block.slice(0, open).trim();
      if (/^@(media|supports|layer)\b/.test(head)) {
        const inner = trimTheme(block.slice(open + 1, -1));
        return inner ? `${head} {\n${inner}\n}` : '';
      }
      if (head.startsWith('@')) return block.trim();
      const selectors = head.split(',').map((s) => s.trim()).filter(kept);
      return selectors.length ? `${selectors.join(', ')} ${block.slice(open)}` : '';
    })
    .filter(Boolean)
    .join('\n');
}

/** The `pi-…` icon names written in src (every icon is a string literal: `pi pi-x`, `'pi-x'`). */
export function iconsIn(dir = 'src'): Set<string> {
  const names = new Set<string>();
  for (const f of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.(tsx?|css)$/.test(f)) continue;
    for (const m of readFileSync(`${dir}/${f}`, 'utf8').matchAll(/(?<![\w-])pi-([a-z0-9-]+)/g)) names.add(m[1]);
  }
  return names;
}

/** primeicons.css with only the `.pi-x:before` glyph rules of the given icons (the font and base rules stay). */
export function trimIcons(css: string, icons: Set<string>): string {
  return css.replace(/\.pi-([a-z0-9-]+):before\s*{[^}]*}\s*/g, (rule, name: string) => (icons.has(name) ? rule : ''));
}

export function schoolTheme(): Plugin {
  return {
    name: 'school-theme',
    enforce: 'pre',
    transform(code, id) {
      if (id.includes('primeicons/primeicons.css')) return trimIcons(code, iconsIn());
      if (!id.includes('lara-light-green/theme.css')) return null;
      return trimTheme(
        code
          .replaceAll('#10b981', '#15803d')
          .replaceAll('#059669', '#166534')
          .replaceAll('#047857', '#14532d')
          .replaceAll('rgba(16, 185, 129,', 'rgba(21, 128, 61,')
          .replaceAll('"Inter var", sans-serif', SYSTEM_FONTS)
          .replace(/@font-face\s*{[^}]*}/g, ''),
      );
    },
  };
}
