// firebase.json: every callable is reachable on the site's own origin at /api/<name> (no CORS preflight),
// and the single-page fallback comes after them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { callables } from '../../contract/callables';
import { FUNCTIONS_REGION } from '../../contract/constants';
import { withApiRewrites } from '../../scripts/build/apiRewrites';

interface Rewrite {
  source: string;
  destination?: string;
  function?: { functionId: string; region: string };
}
const rewrites = (JSON.parse(readFileSync('firebase.json', 'utf8')) as { hosting: { rewrites: Rewrite[] } }).hosting.rewrites;

describe('hosting rewrites', () => {
  it('route /api/<name> to each callable of the contract, in its region, and nothing else but the Stripe webhook and the calendar feeds', () => {
    const toCallables = rewrites.filter((r) => r.function && r.source !== '/api/stripe/webhook' && r.source !== '/cal/**');
    expect(toCallables.map((r) => r.source).sort()).toEqual(Object.keys(callables).map((n) => `/api/${n}`).sort());
    for (const r of toCallables) expect(r.function).toEqual({ functionId: r.source.slice('/api/'.length), region: FUNCTIONS_REGION });
    expect(rewrites.find((r) => r.source === '/api/stripe/webhook')?.function).toEqual({ functionId: 'stripeWebhook', region: FUNCTIONS_REGION });
    expect(rewrites.find((r) => r.source === '/cal/**')?.function).toEqual({ functionId: 'calendarFeed', region: FUNCTIONS_REGION });
  });

  it('are exactly what `npm run rewrites` writes from the contract (run it after adding a callable)', () => {
    expect(withApiRewrites(rewrites), 'run npm run rewrites').toEqual(rewrites);
  });

  it('serve the app for every other path, after the callables', () => {
    expect(rewrites.at(-1)).toEqual({ source: '**', destination: '/index.html' });
    expect(rewrites.filter((r) => r.destination)).toHaveLength(1);
  });
});
