// Which card payments a refund goes back to. Pure.
import type { CardRefund, Cents, Enrollment } from '../../../contract/domain';
import { formatCents } from '../../../contract/format';
import { refuse, type Refusal } from './refusal';

export interface CardRefundPart {
  paymentIntent: string;
  amount: Cents;
  brand: string;
  last4: string;
}

/** Every refund sent to a card for the enrollment: its own (whole payments, outside the portal) and its cancellations'. */
export const allCardRefunds = (enrollment: Pick<Enrollment, 'cardRefunds' | 'cancellations'>): CardRefund[] => [
  ...(enrollment.cardRefunds ?? []),
  ...(enrollment.cancellations ?? []).flatMap((c) => c.cardRefunds ?? []),
];

/** What is left of each card payment (by payment intent) after the refunds already made to it. */
function refundedByIntent(enrollment: Pick<Enrollment, 'cardRefunds' | 'cancellations'>): Map<string, number> {
  const refunded = new Map<string, number>();
  for (const r of allCardRefunds(enrollment)) if (r.paymentIntent) refunded.set(r.paymentIntent, (refunded.get(r.paymentIntent) ?? 0) + r.amount);
  return refunded;
}

/** How much can still go back to the cards the family paid with. */
export function cardRefundableOf(enrollment: Pick<Enrollment, 'payments' | 'cardRefunds' | 'cancellations'>): Cents {
  const refunded = refundedByIntent(enrollment);
  return enrollment.payments.reduce((sum, p) => (p.card && !p.voided ? sum + Math.max(0, p.amount - (refunded.get(p.card.paymentIntent) ?? 0)) : sum), 0);
}

/**
 * A refund of `amount` split over the enrollment's card payments, newest first, each at most what is
 * left of it after earlier refunds; or why it cannot go back by card.
 */
export function cardRefundParts(enrollment: Enrollment, amount: Cents): CardRefundPart[] | Refusal {
  const refunded = refundedByIntent(enrollment);
  const parts: CardRefundPart[] = [];
  let left = amount;
  for (const p of [...enrollment.payments].reverse()) {
    if (!p.card || p.voided || left === 0) continue;
    const room = p.amount - (refunded.get(p.card.paymentIntent) ?? 0);
    if (room <= 0) continue;
    const part = Math.min(room, left);
    parts.push({ paymentIntent: p.card.paymentIntent, amount: part, brand: p.card.brand, last4: p.card.last4 });
    left -= part;
  }
  if (!parts.length) return refuse('failed-precondition', 'This enrollment has no card payment to refund: choose how else the refund is given back.');
  if (left > 0) return refuse('failed-precondition', `Only ${formatCents(amount - left)} can go back to the card: give the rest back another way (the cancellation form splits a refund).`);
  return parts;
}
