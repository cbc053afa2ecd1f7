// Refunds to cards through Stripe's Refunds API, made before the cancellation is recorded.
import { orRefused } from '../lib/refused';
import { HttpsError } from 'firebase-functions/v2/https';
import type { CardRefund, Enrollment } from '../../../contract/domain';
import { cardRefundParts } from '../domain/refunds';
import { isStripeError, stripe } from '../payments/stripe';

/**
 * Sends `amount` back to the enrollment's card payments. The idempotency keys come from the
 * cancellation reserved before (`cancellationId`): the office retrying the same cancellation, or two
 * offices at once, never refund twice. A refusal from Stripe throws and nothing is recorded.
 */
export async function refundToCards(enrollment: Enrollment, amount: number, reason: string, at: string, cancellationId: string): Promise<CardRefund[]> {
  const parts = orRefused(cardRefundParts(enrollment, amount));
  const done: CardRefund[] = [];
  for (const [i, part] of parts.entries()) {
    try {
      const refund = await stripe().refunds.create(
        { payment_intent: part.paymentIntent, amount: part.amount, metadata: { enrollmentId: enrollment.id } },
        { idempotencyKey: `cancel-${cancellationId}-${i}` },
      );
      done.push({ amount: refund.amount, refundId: refund.id, paymentIntent: part.paymentIntent, last4: part.last4, reason, at });
    } catch (error) {
      if (!isStripeError(error)) throw error;
      const sent = done.length ? ` (${done.length} of ${parts.length} refunds went through: retry the same cancellation to finish it)` : '';
      throw new HttpsError('failed-precondition', `Stripe refused the refund: ${error.message}. The enrollment was not changed${sent}.`);
    }
  }
  return done;
}
