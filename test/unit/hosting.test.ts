// firebase.json: every callable is reachable on the site's own origin at /api/<name> (no CORS
// preflight) through one function that serves them all by name, Stripe's events and the calendar
// feeds too; the single-page fallback comes last.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FUNCTIONS_REGION } from '../../contract/constants';

interface Rewrite {
  source: string;
  destination?: string;
  function?: { functionId: string; region: string };
}
const rewrites = (JSON.parse(readFileSync('firebase.json', 'utf8')) as { hosting: { rewrites: Rewrite[] } }).hosting.rewrites;
const to = (functionId: string) => ({ functionId, region: FUNCTIONS_REGION });

describe('hosting rewrites', () => {
  it('send /api/** (the callables and Stripe’s events) and /cal/** (the feeds) to the one function', () => {
    expect(rewrites.filter((r) => r.function)).toEqual([
      { source: '/api/**', function: to('api') },
      { source: '/cal/**', function: to('api') },
    ]);
  });

  it('serve the app for every other path, after the functions', () => {
    expect(rewrites.at(-1)).toEqual({ source: '**', destination: '/index.html' });
    expect(rewrites.filter((r) => r.destination)).toHaveLength(1);
  });
});
