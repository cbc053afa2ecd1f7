// firebase.json: every callable is reachable on the site's own origin at /api/<name> (no CORS
// preflight) through one function that serves them all by name; the Stripe webhook and the calendar
// feeds have theirs; the single-page fallback comes last.
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
  it('send /api/stripe/webhook to the webhook, then every other /api/<name> to the one function of the callables, and /cal/** to the feeds', () => {
    expect(rewrites.filter((r) => r.function)).toEqual([
      { source: '/api/stripe/webhook', function: to('stripeWebhook') },
      { source: '/api/**', function: to('api') },
      { source: '/cal/**', function: to('calendarFeed') },
    ]);
  });

  it('serve the app for every other path, after the functions', () => {
    expect(rewrites.at(-1)).toEqual({ source: '**', destination: '/index.html' });
    expect(rewrites.filter((r) => r.destination)).toHaveLength(1);
  });
});
