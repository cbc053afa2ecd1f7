// The one HTTPS function that serves every callable of the contract, by the name at the end of its
// path (Hosting sends /api/** here), and Stripe's events and the calendar feeds (Hosting sends
// /api/stripe/webhook and /cal/** here too): one pool of warm instances for every request a family's
// visit makes, its payment's confirmation included, so a visit meets at most one cold start, and one
// setting keeps it warm on opening day (API_MIN_INSTANCES, docs/deploy.md). Each callable keeps what
// it had as a function of its own: its access check, its payload schema, its answer within 50 s, its
// audit. The scheduled jobs stay functions of their own (index.ts).
import { defineInt } from 'firebase-functions/params';
import { onRequest } from 'firebase-functions/v2/https';
import { callables, type CallableName } from '../../contract/callables';
import { SEAT_CALL_TIMEOUT_S } from './data/db';
import { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from './payments/stripe';
import type { Served } from './lib/callable';
import * as admin from './callables/admin';
import * as calendar from './callables/calendar';
import { serveCalendarFeed } from './callables/calendar';
import { serveStripeEvent } from './callables/stripe';
import * as catalogue from './callables/catalogue';
import * as changes from './callables/changes';
import * as aid from './callables/aid';
import * as credit from './callables/credit';
import * as drafts from './callables/drafts';
import * as enrollment from './callables/enrollment';
import * as familyMail from './callables/familyMail';
import * as office from './callables/office';
import * as roles from './callables/roles';
import * as rounds from './callables/rounds';
import * as staff from './callables/staff';
import * as teaching from './callables/teaching';
import * as waitlist from './callables/waitlist';

type Handlers = { [N in CallableName]: Served<(typeof callables)[N]> };
/** Every area's exports: a callable of the contract without its handler here is a type error (it would deploy without it). */
const areas: Handlers = { ...admin, ...aid, ...calendar, ...catalogue, ...changes, ...credit, ...drafts, ...enrollment, ...familyMail, ...office, ...roles, ...rounds, ...staff, ...teaching, ...waitlist };

/** Each callable's handler, by its contract name (and nothing else the areas export). */
export const SERVED = Object.fromEntries(Object.keys(callables).map((name) => [name, areas[name as CallableName]])) as Handlers;

/** The name a request asks for: the last segment of its path (/api/roles through Hosting, /roles on the function's own address). */
export const nameOf = (path: string) => path.split('/').filter(Boolean).at(-1) ?? '';

/** What the function serves besides the callables, by path: Stripe's events, and the calendar feeds. */
export function routeOf(path: string): 'stripe' | 'calendar' | 'callable' {
  if (/^(\/api)?\/stripe\/webhook$/.test(path)) return 'stripe';
  return path.startsWith('/cal/') ? 'calendar' : 'callable';
}

/** Instances kept warm (0 on a quiet day; a school raises it for the days a registration round opens). */
export const API_MIN_INSTANCES = defineInt('API_MIN_INSTANCES', { default: 0, description: 'Instances of the api function kept warm (raise it for opening day)' });

export const api = onRequest(
  {
    // No CORS: the app calls on its own origin; no other site's page may read an answer.
    cors: false,
    // The longest call's time (a seat's transaction); every call still answers within 50 s.
    timeoutSeconds: SEAT_CALL_TIMEOUT_S,
    secrets: [STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET],
    // One instance answers many calls at once (the handlers keep no state of a call between calls).
    cpu: 1,
    memory: '512MiB',
    concurrency: 80,
    minInstances: API_MIN_INSTANCES,
  },
  async (req, res) => {
    res.removeHeader('X-Powered-By'); // says nothing an attacker should know
    const route = routeOf(req.path);
    if (route === 'stripe') return serveStripeEvent(req, res);
    if (route === 'calendar') return serveCalendarFeed(req, res);
    const name = nameOf(req.path);
    const served = Object.hasOwn(SERVED, name) ? SERVED[name as CallableName] : undefined;
    if (!served) {
      res.status(404).json({ error: { status: 'NOT_FOUND', message: 'There is no such call.' } });
      return;
    }
    await served.serve(req, res);
  },
);
