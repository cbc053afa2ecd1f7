// The site's Content-Security-Policy: one definition for the deployed headers (firebase.json, written
// by the build from the inline scripts of the built index.html) and the emulators' copy of them.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

/** The Firebase endpoints the app talks to from the browser: Auth (sign-in, tokens), Remote Config and App Check. */
export const FIREBASE_ORIGINS = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://firebaseremoteconfig.googleapis.com',
  'https://firebaseinstallations.googleapis.com',
  'https://content-firebaseappcheck.googleapis.com',
];
/**
 * reCAPTCHA Enterprise (App Check's proof in production, loaded only at a checkout or a round's entry):
 * its script and the frame it runs its checks in, as Google's CSP guide for reCAPTCHA lists them.
 */
export const RECAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
export const RECAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];
/** Where a form may post: the site and Stripe's hosted checkout. */
export const FORM_TARGETS = ["'self'", 'https://checkout.stripe.com'];

/** `'sha256-…'` of every inline script that runs (not `src=` scripts, not JSON data blocks). */
export function inlineScriptHashes(html) {
  const hashes = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attrs, body] = m;
    if (/\bsrc\s*=/i.test(attrs) || /\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attrs)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The policy for pages whose inline scripts have these hashes. Styles allow inline: PrimeReact adds
 * its components' base styles as <style> elements at run time. Images may come from any https
 * address (a class's picture is a link the office gives).
 */
export function contentSecurityPolicy(scriptHashes) {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...scriptHashes, ...RECAPTCHA_SCRIPTS].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${FIREBASE_ORIGINS.join(' ')}`,
    `frame-src ${RECAPTCHA_FRAMES.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${FORM_TARGETS.join(' ')}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The Content-Security-Policy entry of a firebase.json's `**` headers (created when missing). */
export function cspHeader(config) {
  const all = config.hosting.headers.find((h) => h.source === '**');
  let header = all.headers.find((h) => h.key === 'Content-Security-Policy');
  if (!header) all.headers.push((header = { key: 'Content-Security-Policy', value: '' }));
  return header;
}

/** A firebase.json's policy with `connect` added to connect-src (the emulators' copy). */
export function withConnect(policy, connect) {
  return policy.replace(/connect-src ([^;]*)/, (_, list) => `connect-src ${list} ${connect.join(' ')}`);
}

/**
 * Vite plugin: after a build, firebase.json's policy names the hashes of the built index.html's
 * inline scripts (rewritten, and said, when they changed; `firebase deploy` then sends it).
 */
export function cspHeaders(firebaseJson) {
  return {
    name: 'csp-headers',
    apply: 'build',
    writeBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (!page || page.type !== 'asset') return;
      const config = JSON.parse(readFileSync(firebaseJson, 'utf8'));
      const header = cspHeader(config);
      const policy = contentSecurityPolicy(inlineScriptHashes(String(page.source)));
      if (header.value === policy) return;
      header.value = policy;
      writeFileSync(firebaseJson, `${JSON.stringify(config, null, 2)}\n`);
      this.warn('firebase.json: Content-Security-Policy updated for the inline scripts of index.html (commit it)');
    },
  };
}
