// The theme keeps the rules of every PrimeReact component and class the portal uses, and drops the rest.
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DROPPED_BUTTON_VARIANTS, KEPT_CLASSES, iconsIn, trimIcons, trimTheme } from '../../scripts/build/theme';

const source = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.(tsx?|css)$/.test(f))
  .map((f) => readFileSync(`src/${f}`, 'utf8'))
  .join('\n');
const theme = readFileSync('node_modules/primereact/resources/themes/lara-light-green/theme.css', 'utf8');

describe('the trimmed theme', () => {
  it('keeps every primereact component src imports and every p-… class src writes', () => {
    const imported = [...source.matchAll(/from 'primereact\/([a-z]+)'/g)].map((m) => m[1]);
    expect(imported.length).toBeGreaterThan(5);
    const written = [...source.matchAll(/(?<![\w-])\.?p-([a-z]+)/g)].map((m) => m[1]);
    expect(written).toContain('inputtext');
    expect([...new Set([...imported, ...written])].filter((c) => !KEPT_CLASSES.has(c))).toEqual([]);
  });

  it('keeps the rules of kept components and the variables, drops the others', () => {
    const trimmed = trimTheme(theme);
    expect(trimmed).toContain(':root {');
    expect(trimmed).toMatch(/\.p-button:not\(:disabled\):hover \{/);
    expect(trimmed).toMatch(/\.p-toast \.p-toast-message/);
    expect(trimmed).toMatch(/@layer primereact \{\n\.p-/); // nested rules are trimmed too, the layer kept
    expect(trimmed).toContain('@keyframes p-component-overlay-enter-animation');
    expect(trimmed).not.toContain('.p-datatable');
    expect(trimmed).not.toContain('.p-datepicker');
    // A selector list loses only its unused selectors.
    expect(trimTheme('.p-button:focus, .p-dropdown:focus { outline: 0; }')).toBe('.p-button:focus { outline: 0; }');
    expect(gzipSync(trimmed).length).toBeLessThan(gzipSync(theme).length / 3);
  });
});

describe('the trimmed icons and button variants', () => {
  const icons = readFileSync('node_modules/primeicons/primeicons.css', 'utf8');

  it('keeps the glyph of every icon src names, the font and the spin, and drops the others', () => {
    const used = iconsIn();
    expect(used).toContain('check-circle');
    expect(used).toContain('spinner');
    const trimmed = trimIcons(icons, used);
    for (const name of used) if (name !== 'spin') expect(trimmed, name).toMatch(new RegExp(`\\.pi-${name}:before \\{`));
    expect(trimmed).toContain('@font-face');
    expect(trimmed).toContain('.pi-spin {');
    expect(trimmed).toContain('@keyframes fa-spin');
    expect(trimmed).not.toContain('.pi-apple:before');
    expect(trimmed.length).toBeLessThan(icons.length / 3);
  });

  it('drops only the button variants src never writes', () => {
    const written = new Set([...source.matchAll(/p-button-([a-z]+)/g)].map((m) => m[1]));
    expect(written).toContain('danger');
    expect(DROPPED_BUTTON_VARIANTS.filter((v) => written.has(v))).toEqual([]);
    // PrimeReact's Button props that would add a dropped class are not used either.
    expect(source).not.toMatch(/<Button[^>]*\b(severity|raised|rounded|plain|size)=/);
    const trimmed = trimTheme(theme);
    expect(trimmed).toContain('.p-button.p-button-danger.p-button-outlined');
    expect(trimmed).toContain('.p-button.p-button-text:not(:disabled):hover');
    expect(trimmed).not.toContain('.p-button-secondary');
    expect(trimmed).not.toContain('.p-button-group');
  });
});
