// Stripe's side: its events (Hosting sends /api/stripe/webhook to the one function, api.ts, which
// answers them here), the sweep of lapsed holds and the monthly plans' daily charges.
import { logger } from 'firebase-functions/logger';
import type { Request } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import type Stripe from 'stripe';
import { FUNCTIONS_REGION } from '../../../contract/constants';
import { SCHOOL_TIME_ZONE } from '../../../contract/domain';
import { applyStripeEvent, releaseLapsedHolds } from '../usecases/cardPayments';
import { lapsedHolds } from '../data/holds';
import { chargeInstalments } from '../usecases/instalments';
import type { Response } from '../lib/gzip';
import { stripe, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from '../payments/stripe';

/**
 * Every event is checked against its signature on the raw body (a wrong or missing signature, or one
 * older than five minutes, gets 400 and changes nothing); a failure to apply it answers 500, and
 * Stripe sends it again.
 */
export async function serveStripeEvent(req: Request, res: Response): Promise<void> {
  if (req.method !== 'POST') {
    res.status(405).send('Method not allowed');
    return;
  }
  let event: Stripe.Event;
  try {
    event = stripe().webhooks.constructEvent(req.rawBody, req.get('stripe-signature') ?? '', STRIPE_WEBHOOK_SECRET.value());
  } catch (error) {
    logger.warn('stripe webhook refused', { message: (error as Error).message });
    res.status(400).send('Webhook signature rejected.');
    return;
  }
  const outcome = await applyStripeEvent(event);
  logger.info('stripe event', { eventId: event.id, type: event.type, outcome });
  res.status(200).json({ received: true, outcome });
}

/** Lapsed holds give their seats back (the emulator runs no schedules: tests call the same work). */
export const sweepHolds = onSchedule({ schedule: 'every 5 minutes', region: FUNCTIONS_REGION, secrets: [STRIPE_SECRET_KEY] }, async () => {
  const now = new Date();
  const released = await releaseLapsedHolds(now, await lapsedHolds(now));
  logger.info('lapsed holds released', { released });
});

/** Monthly plans' payments on their dates, each morning (the emulator runs no schedules: tests call the same work with a date). */
export const instalmentsJob = onSchedule({ schedule: 'every day 09:00', timeZone: SCHOOL_TIME_ZONE, region: FUNCTIONS_REGION, secrets: [STRIPE_SECRET_KEY], timeoutSeconds: 540, retryCount: 3 }, async () => {
  logger.info('monthly payments charged', await chargeInstalments(new Date()));
});
