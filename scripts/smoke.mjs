// npm run smoke -- --site <url> --email <family account> --api-key <web API key> [--app-id <web app id>
// --app-check-debug-token <token>]; the account's password from SMOKE_PASSWORD or typed at the prompt
// (never on the command line: shells and process lists keep it), the debug token from
// SMOKE_APP_CHECK_DEBUG_TOKEN as well.
// The deploy's last step: checks a deployed portal end to end, through Hosting as a family's browser
// would — the page and its security headers, a public call, signing in, a signed-in call, the family's
// calendar feed, and a card gift's Stripe page. npm test runs the same script against the emulators
// (--emulators: Auth is the emulator's, the Stripe stand-in pays the page and the webhook must be
// answered). Prints one line per check; exits 1 at the first that fails.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_CHECK_HEADER } from '../contract/appCheck.ts';
import { emulatorAppCheckToken } from '../contract/appCheckToken.ts';
import { emulatorPorts } from '../contract/emulatorPorts.ts';
import { STANDIN } from './stripe/config.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const EMULATORS = JSON.parse(readFileSync(join(ROOT, 'contract/emulators.json'), 'utf8'));
// This stack's ports (shifted on a second stack beside the first).
const PORTS = emulatorPorts();

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : (process.env[`SMOKE_${name.toUpperCase().replace(/-/g, '_')}`] ?? fallback);
}
const onEmulators = process.argv.includes('--emulators');
const site = (option('site', onEmulators ? `http://localhost:${PORTS.hosting}` : '') ?? '').replace(/\/+$/, '');
const email = option('email');
const apiKey = option('api-key', onEmulators ? EMULATORS.apiKey : undefined);
const appId = option('app-id', onEmulators ? EMULATORS.appId : undefined);
const debugToken = option('app-check-debug-token');
if (process.argv.includes('--password')) {
  console.error('The password is not taken on the command line (shells and process lists keep it): set SMOKE_PASSWORD, or type it when asked.');
  process.exit(2);
}
if (!site || !email || !apiKey) {
  console.error('Usage: npm run smoke -- --site https://register.example.org --email <a family account> --api-key <the web app API key>  (password: SMOKE_PASSWORD, or typed when asked)');
  process.exit(2);
}
const password = process.env.SMOKE_PASSWORD || (await askHidden(`Password for ${email}: `));

/** Reads a line from the terminal without echoing it. */
async function askHidden(question) {
  if (!process.stdin.isTTY) {
    console.error('No password: set SMOKE_PASSWORD (no terminal to type it in).');
    process.exit(2);
  }
  process.stdout.write(question);
  process.stdin.setRawMode(true);
  process.stdin.resume();
  let typed = '';
  for await (const chunk of process.stdin) {
    for (const c of chunk.toString('utf8')) {
      if (c === '\r' || c === '\n') {
        process.stdin.setRawMode(false);
        process.stdin.pause();
        process.stdout.write('\n');
        return typed;
      }
      if (c === '\u0003') process.exit(130);
      typed = c === '\u007f' ? typed.slice(0, -1) : typed + c;
    }
  }
  return typed;
}

let step = 0;
async function check(what, run) {
  step++;
  const started = Date.now();
  try {
    const said = await run();
    console.log(`✓ ${step}. ${what}${said ? `: ${said}` : ''} (${Date.now() - started} ms)`);
  } catch (error) {
    console.error(`✗ ${step}. ${what}: ${error.message}`);
    process.exit(1);
  }
}
const must = (ok, message) => {
  if (!ok) throw new Error(message);
};

/** A callable through Hosting's /api/<name>, as the app calls it (with an App Check token when given). */
async function ask(name, data = null, token, appCheck) {
  const res = await fetch(`${site}/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(appCheck ? { [APP_CHECK_HEADER]: appCheck } : {}) },
    body: JSON.stringify({ data }),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}
async function call(name, data = null, token, appCheck) {
  const { status, body } = await ask(name, data, token, appCheck);
  must(body && 'result' in body, `${name} answered ${status} ${JSON.stringify(body?.error ?? body)}`);
  return body.result;
}

/**
 * The App Check token a page would send: on the emulators the unsigned one the emulator accepts; on a
 * deployed portal, a debug token (App Check → Apps → Manage debug tokens) exchanged as Firebase's
 * debug provider does, or none.
 */
async function appCheckToken() {
  if (onEmulators) return emulatorAppCheckToken(appId).token;
  if (!debugToken || !appId) return null;
  const project = appId.split(':')[1];
  const res = await fetch(`https://content-firebaseappcheck.googleapis.com/v1/projects/${project}/apps/${appId}:exchangeDebugToken?key=${apiKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ debugToken }),
  });
  const body = await res.json().catch(() => null);
  must(res.ok && body?.token, `App Check refused the debug token: ${res.status} ${JSON.stringify(body?.error ?? body)}`);
  return body.token;
}

await check(`the portal answers at ${site}`, async () => {
  const res = await fetch(`${site}/classes/enrollment`);
  must(res.ok, `status ${res.status}`);
  must((await res.text()).includes('id="root"'), 'the page is not the portal');
  const csp = res.headers.get('content-security-policy') ?? '';
  must(csp.includes("default-src 'self'") || csp.includes('script-src'), 'no Content-Security-Policy header');
  return 'with its Content-Security-Policy';
});

await check('a public call through Hosting (the open semesters)', async () => {
  const { semesters } = await call('openSemesters');
  must(Array.isArray(semesters), 'no list of semesters');
  return `${semesters.length} open`;
});

let token;
await check(`signing in as ${email}`, async () => {
  const auth = onEmulators ? `http://127.0.0.1:${PORTS.auth}/identitytoolkit.googleapis.com` : 'https://identitytoolkit.googleapis.com';
  const res = await fetch(`${auth}/v1/accounts:signInWithPassword?key=${encodeURIComponent(apiKey)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = await res.json();
  must(res.ok && body.idToken, `Auth answered ${res.status} ${body.error?.message ?? ''}`);
  token = body.idToken;
});

await check('a signed-in call (the account’s students)', async () => {
  const { students } = await call('myStudents', null, token);
  return `${students.length} students`;
});

await check('the family’s calendar feed', async () => {
  const { token: feed } = await call('newCalendarFeed', null, token);
  const res = await fetch(`${site}/cal/${feed}.ics`);
  must(res.ok, `status ${res.status}`);
  must((res.headers.get('content-type') ?? '').startsWith('text/calendar'), `type ${res.headers.get('content-type')}`);
  must((await res.text()).startsWith('BEGIN:VCALENDAR'), 'not a calendar');
  return 'a calendar file';
});

const gift = () => ({ amount: 100, note: 'Smoke test', email, idempotencyKey: `smoke-${Date.now()}` });

await check('a gift asked by a script, not the portal’s page, is refused (App Check)', async () => {
  const { status, body } = await ask('donate', gift(), token);
  must(status === 401, `donate without an App Check token answered ${status} ${JSON.stringify(body?.error ?? body)}`);
  return 'refused';
});

const appCheck = await appCheckToken();
await check('a $1 card gift opens Stripe’s page', async () => {
  if (!appCheck) return 'skipped: give --app-id and --app-check-debug-token (or SMOKE_APP_CHECK_DEBUG_TOKEN) to make a gift as the page would';
  const { checkoutUrl } = await call('donate', gift(), token, appCheck);
  const expected = onEmulators ? `${STANDIN.api}/pay/` : 'https://checkout.stripe.com/';
  must(checkoutUrl.startsWith(expected), `the page is ${checkoutUrl}`);
  if (!onEmulators) {
    return `${checkoutUrl}\n   Pay it with the test card 4242 4242 4242 4242 (test mode), check the webhook's delivery in Stripe's dashboard, and refund it there`;
  }
  // On the emulators the stand-in pays it; its webhook must be answered by the portal.
  const session = checkoutUrl.split('/pay/')[1];
  const paid = await fetch(`${STANDIN.api}/__standin/sessions/${session}/pay`, { method: 'POST' });
  const { webhookStatus } = await paid.json();
  must(webhookStatus === 200, `the webhook answered ${webhookStatus}`);
  return 'paid, and the webhook delivered';
});

console.log(`All ${step} checks passed.`);
