// The theme keeps the rules of every PrimeReact component and class the portal uses, and drops the rest.
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { KEPT_CLASSES, trimTheme } from '../../scripts/build/theme';

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
