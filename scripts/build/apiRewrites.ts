// firebase.json's /api/<name> rewrites, one per callable of the contract, written by
// `npm run rewrites` (never by hand): a new callable is reachable through Hosting once it has run.
// test/unit/hosting.test.ts fails while firebase.json and the contract differ.
import { readFileSync, writeFileSync } from 'node:fs';
import { callables } from '../../contract/callables';
import { FUNCTIONS_REGION } from '../../contract/constants';

interface Rewrite {
  source: string;
  destination?: string;
  function?: { functionId: string; region: string };
}

/** The rewrites: every callable by name, then the others as they were (the webhook, the calendar feeds, the app last). */
export function withApiRewrites(rewrites: Rewrite[]): Rewrite[] {
  const others = rewrites.filter((r) => !r.source.startsWith('/api/') || r.source === '/api/stripe/webhook');
  const api = Object.keys(callables)
    .sort()
    .map((name) => ({ source: `/api/${name}`, function: { functionId: name, region: FUNCTIONS_REGION } }));
  return [...api, ...others];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = 'firebase.json';
  const config = JSON.parse(readFileSync(file, 'utf8')) as { hosting: { rewrites: Rewrite[] } };
  config.hosting.rewrites = withApiRewrites(config.hosting.rewrites);
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  console.log(`firebase.json: ${Object.keys(callables).length} /api rewrites, from contract/callables.ts`);
}
