// The Stripe client. Production reads its keys from Secret Manager (defineSecret); emulator runs point
// the same SDK at the local stand-in (scripts/stripe/standIn.ts) with its test keys.
import { defineSecret, defineString } from 'firebase-functions/params';
import { HttpsError } from 'firebase-functions/v2/https';
import type Stripe from 'stripe';
import emulators from '../../../contract/emulators.json';
import { emulatorPorts, portOffset } from '../../../contract/emulatorPorts';

export const STRIPE_SECRET_KEY = defineSecret('STRIPE_SECRET_KEY');
export const STRIPE_WEBHOOK_SECRET = defineSecret('STRIPE_WEBHOOK_SECRET');
/** Where Stripe's page sends the family back, e.g. https://register.example.org (asked at deploy). */
const PORTAL_URL = defineString('PORTAL_URL', { description: 'The portal address families use, e.g. https://register.example.org' });
/** The API version every call and webhook is read with (the SDK's own, pinned with it in package.json). */
const API_VERSION = '2026-10-28.endive';

const onEmulator = () => process.env.FUNCTIONS_EMULATOR === 'true';
let sdk: typeof Stripe | undefined;
let client: Stripe | undefined;

export function stripe(): Stripe {
  // Loaded on first use, not with the bundle: every function's instance loads the whole bundle when it
  // starts (a cold start), and most functions never talk to Stripe.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a synchronous load, in the bundle's CommonJS
  sdk ??= require('stripe') as typeof Stripe;
  client ??= new sdk(STRIPE_SECRET_KEY.value(), {
    apiVersion: API_VERSION,
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(onEmulator() ? { host: '127.0.0.1', port: emulators.stripeStandIn.port + portOffset(), protocol: 'http' as const } : {}),
  });
  return client;
}

/** A page to pay what is owed (a balance, a monthly payment) could not be opened: Stripe refused or could not be reached. */
export const cardPageDown = () => new HttpsError('unavailable', 'Card payments are not available right now. Nothing was charged; please try again in a few minutes.');

/** Stripe's answer was an error (its servers refused, or could not be reached). */
export const isStripeError = (error: unknown): error is Stripe.errors.StripeError => sdk !== undefined && error instanceof sdk.errors.StripeError;

/**
 * The portal's address for Stripe's return links: PORTAL_URL in production (never a header a caller
 * could set); on the emulators the page's own local origin.
 */
export function portalOrigin(requestOrigin: string | null): string {
  if (!onEmulator()) return PORTAL_URL.value().replace(/\/+$/, '');
  const local = requestOrigin && /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/.test(requestOrigin);
  return local ? requestOrigin : `http://localhost:${emulatorPorts().hosting}`;
}

/**
 * A page's window: every click in the same 25 minutes gets the same page (one idempotency key, with
 * the same parameters: Stripe refuses a key sent again with others).
 */
export const WINDOW_MS = 25 * 60_000;

/**
 * When the page of a window closes (seconds): 31 minutes after the window ends, so 31 to 56 minutes
 * from any click in it (Stripe asks for 30 minutes to 24 hours from when it gets the call).
 */
export const pageEnd = (bucket: number) => Math.floor(((bucket + 1) * WINDOW_MS) / 1000) + 31 * 60;
