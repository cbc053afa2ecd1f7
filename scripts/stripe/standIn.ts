// A Stripe stand-in for emulator runs only (npm start, npm test): the real `stripe` SDK in the
// functions is pointed at it. It answers only what the portal calls — Checkout Sessions (create,
// retrieve, expire; saving the card for later when asked), Refunds (create), PaymentIntents (retrieve;
// create off-session on a saved card, which may decline or ask for authentication), Payouts (list:
// each day's card payments less Stripe's fee and the day's refunds, paid to the bank two days later,
// as Stripe's standard US schedule does) — replays an idempotency key only for
// the same parameters (refusing it with others, as Stripe does), answers
// errors in Stripe's shape, and serves a plain test checkout page whose Pay sends a webhook signed
// with the SDK's generateTestHeaderString, as Stripe would. Run: node --import tsx scripts/stripe/standIn.ts
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { STANDIN } from './config';
import { BEACON_STAND_IN_PATH } from '../../contract/beacon';
import { beaconControl, beaconRequest } from '../beacon/standIn';

type Json = Record<string, unknown>;
interface Session {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  customer_details: { email: string | null } | null;
  expires_at: number;
  metadata: Record<string, string>;
  payment_intent: string | null;
  /** Stripe shows it beside the Pay button (custom_text.submit.message). */
  custom_text: { submit: { message: string } | null };
  success_url: string;
  cancel_url: string;
  url: string | null;
  line_items: { description: string; amount: number; quantity: number }[];
  declined?: boolean;
  /** The customer the card is saved to (given, or made when the page is paid with customer_creation 'always'). */
  customer: string | null;
  customer_creation: 'always' | 'if_required' | null;
  /** payment_intent_data.setup_future_usage: the card is saved for payments made without the family. */
  setup_future_usage: 'off_session' | 'on_session' | null;
}
interface Intent {
  id: string;
  amount: number;
  refunded: number;
  last4: string;
  customer: string | null;
  payment_method: string;
  metadata: Record<string, string>;
}
/** A card saved to a customer; `declines` makes its next charges fail as a real card would. */
interface SavedCard {
  id: string;
  customer: string;
  last4: string;
  declines?: { code: string; decline_code?: string; message: string };
}

const sessions = new Map<string, Session>();
const intents = new Map<string, Intent>();
const cards = new Map<string, SavedCard>();
/** Idempotency keys (per account, as Stripe keeps them): the request first sent with each, and its answer. */
const replies = new Map<string, { request: string; status: number; body: Json }>();
const events: Json[] = [];
const refunds: Json[] = [];
/** The account's balance as Stripe keeps it: each payment (less its fee) and each refund, when it happened (seconds). */
const balance: { net: number; created: number }[] = [];
/** Stripe's US card fee: 2.9 % + 30¢ of each payment. */
const FEE = (amount: number) => Math.round(amount * 0.029) + 30;
const DAY_S = 86_400;
/** Payout delay of Stripe's standard US schedule: a day's balance reaches the bank two days later. */
const PAYOUT_DAYS = 2;
/** Set by the tests: API calls fail as if Stripe could not be reached. */
let outage = false;
/** Requests whose body holds one of these texts are answered only after so many milliseconds (Stripe slow for them). */
const slow = new Map<string, number>();
const signer = new Stripe('sk_test_signer');
const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
/**
 * Set by the tests that move time forward (seconds added to the clock), so that pages end as Stripe's
 * would. Scoped to customers whose email starts with a prefix: a test moving its own families' time
 * leaves the pages of every other test running beside it on the real clock.
 */
const clockOffsets = new Map<string, number>();
const now = (email?: string | null) => {
  const offset = [...clockOffsets].find(([prefix]) => email?.startsWith(prefix))?.[1] ?? 0;
  return Math.floor(Date.now() / 1000) + offset;
};

class StripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Stripe's form encoding (`line_items[0][price_data][unit_amount]=100`) back into objects. */
function parseForm(body: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let at: Json = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) at[part] = value;
      else at = (at[part] ??= {}) as Json;
    });
  }
  return out;
}
const list = (x: unknown): Json[] => Object.values((x ?? {}) as Json) as Json[];

/** Stripe's limits on metadata: 50 keys, each key at most 40 characters and its value at most 500. */
function checkMetadata(metadata: unknown): void {
  const entries = Object.entries((metadata ?? {}) as Json);
  if (entries.length > 50) throw new StripeError(400, 'Metadata can have up to 50 keys.', 'metadata');
  for (const [k, v] of entries) {
    if (k.length > 40) throw new StripeError(400, `Metadata keys can be at most 40 characters long: '${k}'.`, `metadata[${k}]`);
    if (String(v).length > 500) throw new StripeError(400, `Metadata values can be at most 500 characters long (metadata[${k}]).`, `metadata[${k}]`);
  }
}

function createSession(p: Json): Session {
  checkMetadata(p.metadata);
  const lines = list(p.line_items).map((l) => {
    const price = (l.price_data ?? {}) as Json;
    const product = (price.product_data ?? {}) as Json;
    return { description: String(product.name ?? ''), amount: Number(price.unit_amount), quantity: Number(l.quantity ?? 1) };
  });
  if (!lines.length) throw new StripeError(400, 'You must provide at least one line item.', 'line_items');
  if (lines.some((l) => !Number.isInteger(l.amount) || l.amount < 0)) throw new StripeError(400, 'Invalid integer', 'line_items');
  if (!p.success_url) throw new StripeError(400, 'Missing required param: success_url.', 'success_url');
  // Stripe's least card charge in US dollars.
  if (lines.reduce((sum, l) => sum + l.amount * l.quantity, 0) < 50) {
    throw new StripeError(400, "The Checkout Session's total amount due must add up to at least $0.50 usd", undefined, 'amount_too_small');
  }
  const at = now(p.customer_email as string | undefined);
  const expires = Number(p.expires_at ?? at + 24 * 3600);
  if (expires < at + 30 * 60 - 5 || expires > at + 24 * 3600) {
    throw new StripeError(400, 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', 'expires_at');
  }
  const future = ((p.payment_intent_data ?? {}) as Json).setup_future_usage as Session['setup_future_usage'] | undefined;
  if (future && future !== 'off_session' && future !== 'on_session') throw new StripeError(400, `Invalid payment_intent_data[setup_future_usage]: must be one of on_session or off_session`, 'payment_intent_data[setup_future_usage]');
  if (p.customer && p.customer_creation) throw new StripeError(400, 'You may only specify one of these parameters: customer, customer_creation.', 'customer_creation');
  if (p.customer && p.customer_email) throw new StripeError(400, 'You may only specify one of these parameters: customer, customer_email.', 'customer_email');
  if (p.customer && !customers.has(String(p.customer))) throw new StripeError(400, `No such customer: '${String(p.customer)}'`, 'customer', 'resource_missing');
  const id = newId('cs');
  const session: Session = {
    id,
    object: 'checkout.session',
    status: 'open',
    payment_status: 'unpaid',
    amount_total: lines.reduce((s, l) => s + l.amount * l.quantity, 0),
    currency: String(((list(p.line_items)[0]?.price_data ?? {}) as Json).currency ?? 'usd'),
    client_reference_id: (p.client_reference_id as string) ?? null,
    customer_email: (p.customer_email as string) ?? null,
    customer_details: null,
    expires_at: expires,
    metadata: (p.metadata as Record<string, string>) ?? {},
    payment_intent: null,
    custom_text: { submit: ((p.custom_text as Json | undefined)?.submit as { message: string } | undefined) ?? null },
    success_url: String(p.success_url),
    cancel_url: String(p.cancel_url ?? p.success_url),
    url: `http://127.0.0.1:${STANDIN.port}/pay/${id}`,
    line_items: lines,
    customer: (p.customer as string) ?? null,
    customer_creation: (p.customer_creation as Session['customer_creation']) ?? null,
    setup_future_usage: future ?? null,
  };
  sessions.set(id, session);
  return session;
}

const shown = (s: Session): Json => {
  const { line_items: _lines, declined: _declined, setup_future_usage: _future, customer_creation: _creation, ...rest } = s;
  return { ...rest, url: s.status === 'open' ? s.url : null };
};

function session(id: string): Session {
  const s = sessions.get(id);
  if (!s) throw new StripeError(404, `No such checkout.session: '${id}'`, 'id', 'resource_missing');
  return s;
}

/** Events on their way to the portal's webhook (a test waits for them to be answered before it looks). */
const inFlight = new Set<Promise<number>>();

/** Sends an event to the portal's webhook as Stripe would (signed; retried a few times). */
function deliver(type: string, object: Json): Promise<number> {
  const sending = post(type, object).finally(() => inFlight.delete(sending));
  inFlight.add(sending);
  return sending;
}
/** An event as Stripe keeps it (listed by `/__standin/events`), not sent yet. */
function eventOf(type: string, object: Json) {
  // The envelope Stripe sends: the account's API version, whether more endpoints wait for it, what request made it.
  const event = { id: newId('evt'), object: 'event', api_version: signer.getApiField('version'), type, created: now(), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object } };
  events.push(event);
  return event;
}
async function post(type: string, object: Json): Promise<number> {
  const event = eventOf(type, object);
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: STANDIN.webhookSecret });
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const r = await fetch(STANDIN.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
      if (r.ok) return r.status;
      if (r.status < 500) return r.status;
    } catch {
      // the functions emulator may be starting a worker: try again
    }
    await new Promise((resolve) => setTimeout(resolve, 500 * (attempt + 1)));
  }
  return 0;
}

/** Customers, by id, with the email they were made with. */
const customers = new Map<string, { email: string | null }>();

function pay(s: Session): void {
  // The card is saved to a customer when the page asked for it (a customer given, or made now).
  if (!s.customer && s.customer_creation === 'always') {
    s.customer = newId('cus');
    customers.set(s.customer, { email: s.customer_email });
  }
  const card: SavedCard = { id: newId('pm'), customer: s.customer ?? '', last4: '4242' };
  if (s.customer && s.setup_future_usage) cards.set(card.id, card);
  const intent: Intent = { id: newId('pi'), amount: s.amount_total, refunded: 0, last4: card.last4, customer: s.customer, payment_method: card.id, metadata: {} };
  intents.set(intent.id, intent);
  balance.push({ net: intent.amount - FEE(intent.amount), created: now() });
  s.status = 'complete';
  s.payment_status = 'paid';
  s.customer_details = { email: s.customer_email };
  s.payment_intent = intent.id;
}

function expire(s: Session): void {
  if (s.status !== 'open') throw new StripeError(400, `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${s.status}".`, undefined, 'checkout_session_not_open');
  s.status = 'expired';
}

/** A payment's charge as charge.refunded carries it (its refunds listed apart, as Stripe does since 2022-11-15). */
const chargeOf = (intent: Intent): Json => ({
  id: intent.id.replace('pi_', 'ch_'),
  object: 'charge',
  amount: intent.amount,
  amount_refunded: intent.refunded,
  refunded: intent.refunded === intent.amount,
  payment_intent: intent.id,
});

function refund(p: Json): Json {
  const intent = intents.get(String(p.payment_intent));
  if (!intent) throw new StripeError(404, `No such payment_intent: '${String(p.payment_intent)}'`, 'payment_intent', 'resource_missing');
  const amount = p.amount === undefined ? intent.amount - intent.refunded : Number(p.amount);
  if (!Number.isInteger(amount) || amount < 1) throw new StripeError(400, 'Invalid positive integer', 'amount');
  if (amount > intent.amount - intent.refunded) {
    throw new StripeError(400, `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((intent.amount - intent.refunded) / 100).toFixed(2)})`, 'amount', 'amount_too_large');
  }
  intent.refunded += amount;
  balance.push({ net: -amount, created: now() });
  const made = { id: newId('re'), object: 'refund', amount, payment_intent: intent.id, status: 'succeeded', metadata: (p.metadata as Json) ?? {} };
  refunds.push(made);
  return made;
}

const listOf = (data: Json[]): Json => ({ object: 'list', data, has_more: false, url: '' });

/** The payouts, newest first, as Stripe lists them: one per day that had a positive balance, arriving PAYOUT_DAYS later (UTC days). */
function payouts(p: Json): Json[] {
  const byDay = new Map<number, number>();
  for (const b of balance) {
    const day = Math.floor(b.created / DAY_S) * DAY_S;
    byDay.set(day, (byDay.get(day) ?? 0) + b.net);
  }
  const range = (p.arrival_date ?? {}) as Record<string, string>;
  const within = (t: number) => (range.gte === undefined || t >= Number(range.gte)) && (range.lte === undefined || t <= Number(range.lte));
  return [...byDay]
    .filter(([, amount]) => amount > 0)
    .map(([day, amount]) => {
      const arrival = day + PAYOUT_DAYS * DAY_S;
      return { id: `po_test_${day}`, object: 'payout', amount, currency: 'usd', created: day + DAY_S - 1, arrival_date: arrival, status: arrival <= now() ? 'paid' : 'in_transit', method: 'standard', type: 'bank_account' };
    })
    .filter((x) => within(x.arrival_date))
    .sort((a, b) => b.arrival_date - a.arrival_date);
}

const intentShown = (intent: Intent, status: string, charge: Json | string | null): Json => ({
  id: intent.id,
  object: 'payment_intent',
  amount: intent.amount,
  currency: 'usd',
  status,
  customer: intent.customer,
  payment_method: intent.payment_method,
  metadata: intent.metadata,
  latest_charge: charge,
});

/** A card error as Stripe answers it (402), with the payment as it was left. */
class CardError extends StripeError {
  constructor(
    message: string,
    code: string,
    readonly declineCode: string | undefined,
    readonly intent: Json,
  ) {
    super(402, message, undefined, code);
  }
}

/**
 * A payment made without the family on a card saved to a customer (`confirm` and `off_session`, as an
 * instalment plan's): it goes through, or fails with Stripe's card error and payment_intent.payment_failed.
 */
function createIntent(p: Json): Json {
  checkMetadata(p.metadata);
  const amount = Number(p.amount);
  if (!Number.isInteger(amount) || amount < 1) throw new StripeError(400, 'Invalid positive integer', 'amount');
  if (!p.currency) throw new StripeError(400, 'Missing required param: currency.', 'currency');
  if (amount < 50) throw new StripeError(400, 'Amount must be at least $0.50 usd', 'amount', 'amount_too_small');
  if (p.off_session === 'true' && p.confirm !== 'true') throw new StripeError(400, 'You may only specify `off_session` when `confirm` is true.', 'off_session');
  if (p.confirm !== 'true') throw new StripeError(400, 'The stand-in makes only payments confirmed at once (confirm=true).', 'confirm');
  const card = cards.get(String(p.payment_method));
  if (!card) throw new StripeError(400, `No such PaymentMethod: '${String(p.payment_method)}'`, 'payment_method', 'resource_missing');
  if (card.customer !== p.customer) throw new StripeError(400, `The provided PaymentMethod ${card.id} belongs to a different Customer or none: pass the customer it is attached to.`, 'payment_method');
  const intent: Intent = { id: newId('pi'), amount, refunded: 0, last4: card.last4, customer: card.customer, payment_method: card.id, metadata: (p.metadata as Record<string, string>) ?? {} };
  if (card.declines) {
    const failed = { ...intentShown(intent, 'requires_payment_method', null), last_payment_error: { type: 'card_error', code: card.declines.code, decline_code: card.declines.decline_code, message: card.declines.message } };
    void deliver('payment_intent.payment_failed', failed);
    throw new CardError(card.declines.message, card.declines.code, card.declines.decline_code, failed);
  }
  intents.set(intent.id, intent);
  balance.push({ net: intent.amount - FEE(intent.amount), created: now() });
  const shownIntent = intentShown(intent, 'succeeded', intent.id.replace('pi_', 'ch_'));
  void deliver('payment_intent.succeeded', shownIntent);
  return shownIntent;
}

/** The API routes: path pattern → handler of (params, form body). */
async function api(method: string, path: string, body: Json): Promise<Json> {
  let m: RegExpMatchArray | null;
  if (method === 'POST' && path === '/v1/checkout/sessions') return shown(createSession(body));
  if (method === 'GET' && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) return shown(session(m[1]));
  if (method === 'POST' && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/))) {
    const s = session(m[1]);
    expire(s);
    void deliver('checkout.session.expired', shown(s));
    return shown(s);
  }
  if (method === 'POST' && path === '/v1/refunds') {
    // As Stripe does for every refund, the portal's own included: it tells them apart by their metadata.
    const made = refund(body);
    void deliver('charge.refunded', chargeOf(intents.get(String(made.payment_intent))!));
    return made;
  }
  // Lists, filtered by payment as Stripe's are (one page: the portal never has more than a few).
  if (method === 'GET' && path === '/v1/refunds') return listOf(refunds.filter((r) => r.payment_intent === body.payment_intent));
  if (method === 'GET' && path === '/v1/checkout/sessions') return listOf([...sessions.values()].filter((x) => x.payment_intent === body.payment_intent).map(shown));
  if (method === 'GET' && (m = path.match(/^\/v1\/payment_intents\/([^/]+)$/))) {
    const intent = intents.get(m[1]);
    if (!intent) throw new StripeError(404, `No such payment_intent: '${m[1]}'`, 'id', 'resource_missing');
    const charge = { id: intent.id.replace('pi_', 'ch_'), object: 'charge', payment_method_details: { type: 'card', card: { brand: 'visa', last4: intent.last4 } } };
    // As on Stripe, the charge is only its id unless the call expands it.
    const expanded = Object.values((body.expand ?? {}) as Json).includes('latest_charge');
    return intentShown(intent, 'succeeded', expanded ? charge : charge.id);
  }
  if (method === 'POST' && path === '/v1/payment_intents') return createIntent(body);
  if (method === 'GET' && path === '/v1/payouts') return listOf(payouts(body));
  throw new StripeError(404, `Unrecognized request URL (${method}: ${path}).`);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

function checkoutPage(s: Session, message = ''): string {
  const rows = s.line_items.map((l) => `<tr><td>${escapeHtml(l.description)}</td><td>${money(l.amount * l.quantity)}</td></tr>`).join('');
  const open = s.status === 'open';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test checkout</title><style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
table{width:100%;border-collapse:collapse}td{padding:.4rem 0;border-bottom:1px solid #ddd}td:last-child{text-align:right}
button{font:inherit;padding:.7rem 1.2rem;margin:.5rem .5rem 0 0;border-radius:6px;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1d4ed8}.alert{color:#b91c1c;font-weight:600}</style></head><body>
<main><h1>Test checkout</h1><p>Stripe stand-in for local runs: no card is charged.</p>
<table aria-label="What you pay for">${rows}<tr><th scope="row" style="text-align:left">Total</th><td><strong>${money(s.amount_total)}</strong></td></tr></table>
${s.custom_text.submit ? `<p>${escapeHtml(s.custom_text.submit.message)}</p>` : ''}
${message ? `<p class="alert" role="alert">${escapeHtml(message)}</p>` : ''}
${open ? `<form method="post"><button formaction="/pay/${s.id}/pay">Pay ${money(s.amount_total)}</button><button class="secondary" formaction="/pay/${s.id}/decline">Decline</button><button class="secondary" formaction="/pay/${s.id}/cancel">Cancel</button></form>` : `<p>This checkout is ${s.status}.</p>`}
</main></body></html>`;
}

async function page(method: string, path: string, res: ServerResponse): Promise<void> {
  const m = path.match(/^\/pay\/([^/]+)(?:\/(pay|decline|cancel))?$/);
  const s = m ? sessions.get(m[1]) : undefined;
  if (!m || !s) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('No such checkout.');
    return;
  }
  const html = (body: string) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  const redirect = (to: string) => void res.writeHead(303, { location: to }).end();
  if (method === 'GET' || !m[2]) return void html(checkoutPage(s));
  if (s.status !== 'open') return void html(checkoutPage(s));
  if (m[2] === 'cancel') return redirect(s.cancel_url);
  if (m[2] === 'decline') return void html(checkoutPage(s, 'Your card was declined. Try another card.'));
  if (s.expires_at < now(s.customer_email)) {
    s.status = 'expired';
    void deliver('checkout.session.expired', shown(s));
    return void html(checkoutPage(s));
  }
  pay(s);
  await deliver('checkout.session.completed', shown(s));
  redirect(s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id));
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (data += c));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });

const send = (res: ServerResponse, status: number, body: Json) =>
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') }).end(JSON.stringify(body));

async function control(path: string, body: Json, res: ServerResponse): Promise<void> {
  if (path === '/__standin/outage') {
    outage = body.on === true;
    return void send(res, 200, { outage });
  }
  if (path === '/__standin/slow') {
    const containing = String(body.containing ?? '');
    if (!containing) return void send(res, 400, { error: { message: 'Say which requests are slow (containing: a text of their body).' } });
    if (Number(body.ms ?? 0) > 0) slow.set(containing, Number(body.ms));
    else slow.delete(containing);
    return void send(res, 200, { containing, ms: slow.get(containing) ?? 0 });
  }
  if (path === '/__standin/events') return void send(res, 200, { events });
  // Answers once every event sent so far has been answered by the portal (what a webhook changes is then written).
  if (path === '/__standin/settled') {
    await Promise.all([...inFlight]);
    return void send(res, 200, { settled: true });
  }
  if (path === '/__standin/refunds') return void send(res, 200, { refunds });
  if (path === '/__standin/beacon') return void send(res, 200, beaconControl(body as { aheadSeconds?: unknown; down?: unknown }));
  // Every page's status, or only those of `ids` (a test reading a few after each step of thousands).
  if (path === '/__standin/sessions') {
    const ids = Array.isArray(body.ids) ? (body.ids as string[]) : [...sessions.keys()];
    return void send(res, 200, { sessions: Object.fromEntries(ids.flatMap((id) => (sessions.has(id) ? [[id, sessions.get(id)!.status]] : []))) });
  }
  if (path === '/__standin/clock') {
    const prefix = String(body.customers ?? '');
    if (!prefix) return void send(res, 400, { error: { message: 'Say whose clock moves (customers: an email prefix).' } });
    clockOffsets.set(prefix, Number(body.offsetSeconds ?? 0));
    return void send(res, 200, { customers: prefix, offsetSeconds: clockOffsets.get(prefix) });
  }
  // Someone refunds a payment in Stripe's dashboard, outside the portal: Stripe says so with charge.refunded.
  const outside = path.match(/^\/__standin\/intents\/([^/]+)\/refund-in-dashboard$/);
  if (outside) {
    const intent = intents.get(outside[1]);
    if (!intent) return void send(res, 404, { error: { message: `No such payment_intent: '${outside[1]}'` } });
    const made = refund({ payment_intent: intent.id, amount: body.amount });
    return void send(res, 200, { refund: made, webhookStatus: await deliver('charge.refunded', chargeOf(intent)) });
  }
  // A refund Stripe accepted fails later (a closed card account): Stripe says so in more than one event.
  const failing = path.match(/^\/__standin\/refunds\/([^/]+)\/fail$/);
  if (failing) {
    const made = refunds.find((r) => r.id === failing[1]);
    if (!made) return void send(res, 404, { error: { message: `No such refund: '${failing[1]}'` } });
    Object.assign(made, { status: 'failed', failure_reason: 'expired_or_canceled_card' });
    const statuses = [await deliver('refund.updated', made), await deliver('refund.failed', made)];
    return void send(res, 200, { refund: made, webhookStatuses: statuses });
  }
  // A saved card starts declining (or works again): `code` as Stripe's card errors, e.g. card_declined
  // with decline_code insufficient_funds, or authentication_required; none: it works.
  const saved = path.match(/^\/__standin\/cards\/([^/]+)\/declines$/);
  if (saved) {
    const card = cards.get(saved[1]);
    if (!card) return void send(res, 404, { error: { message: `No such PaymentMethod: '${saved[1]}'` } });
    const code = body.code ? String(body.code) : '';
    card.declines = !code
      ? undefined
      : code === 'authentication_required'
        ? { code, message: 'Your card was declined. This transaction requires authentication.' }
        : { code: 'card_declined', decline_code: code, message: code === 'insufficient_funds' ? 'Your card has insufficient funds.' : 'Your card was declined.' };
    return void send(res, 200, { card });
  }
  const m = path.match(/^\/__standin\/sessions\/([^/]+)\/(pay|pay-late|expire-now)$/);
  if (m) {
    const s = session(m[1]);
    // A page is paid only while it is open, as on Stripe; `pay-late` plays the race Stripe can lose:
    // the family pressed Pay a moment before the portal closed the page, and the payment went through.
    // A page is paid once: a second payment of it is refused either way.
    if ((m[2] === 'pay' && s.status !== 'open') || s.status === 'complete') return void send(res, 400, { error: { message: `This checkout is ${s.status}.` } });
    if (m[2] === 'pay' || m[2] === 'pay-late') {
      pay(s);
      // `deliver: false`: the event is not sent yet (Stripe could not reach the portal and retries
      // later, up to three days): a test sends it when it chooses, from `/__standin/events`.
      if (body.deliver === false) return void send(res, 200, { session: shown(s), event: eventOf('checkout.session.completed', shown(s)) });
      const status = await deliver('checkout.session.completed', shown(s));
      return void send(res, 200, { session: shown(s), webhookStatus: status });
    }
    expire(s);
    const status = await deliver('checkout.session.expired', shown(s));
    return void send(res, 200, { session: shown(s), webhookStatus: status });
  }
  send(res, 404, { error: { message: 'unknown control' } });
}

export function startStandIn(port = STANDIN.port) {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    try {
      const raw = await read(req);
      if (url.pathname.startsWith('/pay/')) return await page(method, url.pathname, res);
      // The randomness beacon's stand-in shares the port (one process fewer in every run).
      if (url.pathname.startsWith(`${BEACON_STAND_IN_PATH}/`)) return beaconRequest(url.pathname.slice(BEACON_STAND_IN_PATH.length), res);
      if (url.pathname.startsWith('/__standin/')) return await control(url.pathname, raw ? (JSON.parse(raw) as Json) : {}, res);
      // A request Stripe is slow for is slow first, outage or not: a test's outage, made while another
      // test's slow request is retried by the SDK, would otherwise answer that retry at once.
      const wait = [...slow].find(([text]) => raw.includes(text))?.[1];
      if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
      if (outage) return void req.socket.destroy();
      if (req.headers.authorization !== `Bearer ${STANDIN.secretKey}`) {
        throw new StripeError(401, 'Invalid API Key provided.', undefined, 'api_key_invalid');
      }
      const key = req.headers['idempotency-key'];
      if (typeof key === 'string' && key.length > 255) throw new StripeError(400, 'Idempotency keys can be at most 255 characters long.', undefined, 'idempotency_key_too_long');
      const replayKey = typeof key === 'string' && method === 'POST' ? key : null;
      const replay = replayKey ? replies.get(replayKey) : undefined;
      // Stripe replays a key only for the very same request; the same key with other parameters is refused.
      if (replay && replay.request !== `${url.pathname} ${raw}`) {
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${replayKey}' if you meant to execute a different request.`;
        return void send(res, 400, { error: { type: 'idempotency_error', message } });
      }
      if (replay) return void res.writeHead(replay.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' }).end(JSON.stringify(replay.body));
      let status = 200;
      let body: Json;
      try {
        body = await api(method, url.pathname, parseForm(method === 'GET' ? url.search.slice(1) : raw));
      } catch (e) {
        if (!(e instanceof StripeError)) throw e;
        status = e.status;
        body =
          e instanceof CardError
            ? { error: { type: 'card_error', message: e.message, code: e.code, decline_code: e.declineCode, payment_intent: e.intent } }
            : { error: { type: status === 401 ? 'authentication_error' : 'invalid_request_error', message: e.message, param: e.param, code: e.code } };
      }
      // As on Stripe, a request refused before it ran (its parameters invalid) saves no answer: fixed, it
      // may be sent again. A declined card did run: the same key answers the same decline.
      if (replayKey && (status < 400 || status === 402)) replies.set(replayKey, { request: `${url.pathname} ${raw}`, status, body });
      send(res, status, body);
    } catch (e) {
      if (e instanceof StripeError) return void send(res, e.status, { error: { type: e.status === 401 ? 'authentication_error' : 'invalid_request_error', message: e.message, code: e.code } });
      send(res, 500, { error: { type: 'api_error', message: (e as Error).message } });
    }
  });
  return new Promise<typeof server>((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await startStandIn();
  console.log(`Stripe stand-in listening on http://127.0.0.1:${STANDIN.port}; webhooks to ${STANDIN.webhookUrl}`);
}
