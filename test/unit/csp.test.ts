// The Content-Security-Policy's parts that do not need a server: which scripts it allows by hash.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, cspHeader, inlineScriptHashes, withConnect } from '../../scripts/build/csp.mjs';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('Content-Security-Policy', () => {
  it('hashes each inline script that runs, not scripts loaded by src nor JSON data', () => {
    const html = `<script>a()</script><script type="module" src="/x.js"></script>
      <script type="application/json" id="t">{"a":1}</script><script type="module">b()</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('b()')]);
  });

  it("allows scripts from the site, those hashes and reCAPTCHA's only; frames of reCAPTCHA only; no framing of the site, plugins, base changes; forms to the site and Stripe", () => {
    const policy = contentSecurityPolicy([sha('a()')]);
    const directives = Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));
    expect(directives['default-src']).toBe("'self'");
    expect(directives['script-src']).toBe(`'self' ${sha('a()')} https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/`);
    expect(directives['frame-src']).toBe('https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/');
    expect(directives['object-src']).toBe("'none'");
    expect(directives['frame-ancestors']).toBe("'none'");
    expect(directives['base-uri']).toBe("'self'");
    expect(directives['form-action']).toBe("'self' https://checkout.stripe.com");
    expect(directives['connect-src'].split(' ')).toEqual([
      "'self'", 'https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com',
      'https://firebaseremoteconfig.googleapis.com', 'https://firebaseinstallations.googleapis.com', 'https://content-firebaseappcheck.googleapis.com',
    ]);
    expect(withConnect(policy, ['http://127.0.0.1:9099'])).toContain("connect-src 'self' https://identitytoolkit.googleapis.com");
    expect(withConnect(policy, ['http://127.0.0.1:9099'])).toMatch(/connect-src [^;]* http:\/\/127\.0\.0\.1:9099;/);
  });

  it("firebase.json sends it on every page, with index.html's own inline script among its hashes", () => {
    const deployed = cspHeader(JSON.parse(readFileSync('firebase.json', 'utf8'))).value;
    const [preload] = inlineScriptHashes(readFileSync('index.html', 'utf8'));
    expect(deployed).toContain(preload);
    expect(deployed).toMatch(/^default-src 'self'; script-src 'self' 'sha256-[^']+' 'sha256-[^']+' https:\/\/www\.google\.com\/recaptcha\/ /);
  });
});
