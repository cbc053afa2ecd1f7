// A paid Stripe page settling its checkout, as plans. Whether the payment is the one the checkout
// asked for, whether it confirms the held seats, comes late (the hold ended) or again; a late payment's
// seats taken as a new enrollment would take them, or refused with the truthful kind of full refund.
// Pure: usecases/cardPayments.ts reads the checkout and the seats, asks these, and writes.
import type { CardDetails, CardRefund, Enrollment, Payment } from '../../../contract/domain';
import { andList, formatCents } from '../../../contract/format';
import { paidOf } from '../../../contract/money';
import { formatCard, SEATS_GONE } from '../../../contract/wording';
import { afterPayment, type PlanCard } from './instalments';
import type { Seat } from './seats';

/** Why a payment is refunded whole: seats already the family's (or replaced), or seats gone. */
export type WholeRefund = Extract<CardRefund['kind'], 'duplicate' | 'seat-lost'>;

/** What one card payment covers: every held enrollment of the checkout (one per child). */
export const heldAmountOf = (checkout: Enrollment[]) => checkout.reduce((sum, e) => sum + (e.hold?.amount ?? 0), 0);

/** The paid page as Stripe reports it. */
export interface PaidPage {
  id: string;
  amount: number;
  paymentIntent: string;
}

/**
 * The office's flag when a payment is not what this checkout asked Stripe for (another page, another
 * amount): nothing is confirmed. Null when it is. `paidFor` is the enrollment the page names.
 */
export function mismatchOf(paidFor: Enrollment, checkout: Enrollment[], page: PaidPage): string | null {
  const asked = heldAmountOf(checkout);
  if (page.id === paidFor.hold?.sessionId && page.amount === asked) return null;
  return `A card payment of ${formatCents(page.amount)} (Stripe ${page.paymentIntent}) did not match this checkout of ${formatCents(asked)}.`;
}

/**
 * What the payment does to its checkout as it is now: nothing again (already recorded), confirm the
 * seats still held, or settle late (the hold ended: seats again as a new enrollment, or a refund).
 */
export function settlementOf(checkout: Enrollment[], pageId: string): 'again' | 'confirm' | 'late' {
  if (checkout.some((e) => e.payments.some((p) => p.card?.sessionId === pageId))) return 'again';
  return checkout.every((e) => e.status === 'pending_payment') ? 'confirm' : 'late';
}

/** One child's part of the card payment: what its hold asked. */
const cardPayment = (e: Enrollment, card: CardDetails, id: string, at: string): Payment => ({ id, amount: e.hold!.amount, method: 'card', note: `Paid online by ${formatCard(card)}`, at, by: 'Stripe', card });

/** The checkout confirmed: each child's enrollment records its part of the payment (`paymentIds` in the same order). */
export function confirmedBy(checkout: Enrollment[], card: CardDetails, paymentIds: string[], at: string, saved?: PlanCard | null): Enrollment[] {
  return checkout.map((e, i) => {
    const payment = cardPayment(e, card, paymentIds[i], at);
    const payments = [...e.payments, payment];
    const balance = e.total - paidOf({ payments });
    // A monthly plan's first payment: the next date is charged to the card saved with it.
    const instalments = e.instalments && { ...afterPayment(e.instalments, balance), ...(saved ?? {}) };
    return { ...e, status: 'confirmed', payments, balance, ...(instalments ? { instalments } : {}) };
  });
}

/**
 * The checkout refunded whole: each enrollment records its part of the payment and its refund, with
 * the reason in the family's words, and owes nothing (its status stays as it was).
 */
export function refundedWhole(checkout: Enrollment[], card: CardDetails, kind: WholeRefund, refund: { id: string; pageId: string }, paymentIds: string[], at: string): Enrollment[] {
  const names = andList(checkout.map((e) => e.studentName));
  const reason =
    kind === 'duplicate'
      ? `This payment was for seats already paid for or replaced by a newer checkout for ${names}: it was refunded in full.`
      : `The payment arrived after the checkout time ran out, and ${SEATS_GONE}: it was refunded in full.`;
  return checkout.map((e, i) => {
    const payment = cardPayment(e, card, paymentIds[i], at);
    const back: CardRefund = { amount: payment.amount, refundId: refund.id, paymentIntent: card.paymentIntent, last4: card.last4, reason, kind, sessionId: refund.pageId, at };
    return { ...e, payments: [...e.payments, payment], cardRefunds: [...(e.cardRefunds ?? []), back], balance: 0 };
  });
}

/** A late payment's checkout ended by something newer (replaced, confirmed or cancelled): the seats are already the family's. */
export const endedByNewer = (checkout: Enrollment[]) => checkout.some((e) => e.hold?.replacedBy || e.status === 'confirmed' || e.status === 'cancelled');

/** A late payment's checkout settled since it was found ended (this event handled twice at once, or revived): nothing more to do. */
export const settledSince = (checkout: Enrollment[], pageId: string) => checkout.some((e) => e.status !== 'expired' || e.payments.some((p) => p.card?.sessionId === pageId));

/** What a late payment's transaction found. */
export interface LateFacts {
  checkout: Enrollment[];
  pageId: string;
  /** The waitlist offer the checkout claimed, if any. */
  entryId?: string;
  /** The offer's seats the plan counted on, as they are now. */
  offeredNow: (Seat | null)[];
  /** The limited codes the checkout counted: their limit and their uses now. */
  codes: { maxUses: number | null; uses: number }[];
  /** The claimed offer's entry still carries those codes' uses (counted when it joined): they need no room. */
  entryKeepsUses?: boolean;
  /** Whether any of the children is on one of these rosters now (by a newer checkout). */
  rostered: boolean;
  /** The financial aid awards the checkout was priced with: what it takes of each, and what each has left now. */
  aid?: { taken: number; left: number }[];
  /** For each child and capped award: what the checkout takes of it, and the room the child's cap leaves now (`childAidRoom`). */
  aidPerChild?: { taken: number; room: number }[];
}

/** A late payment: already settled, refused (with the refund's kind), or its seats taken. */
export function lateOutcome(f: LateFacts): 'again' | WholeRefund | 'take' {
  if (settledSince(f.checkout, f.pageId)) return 'again';
  // The offer's seat given to someone else meanwhile, a code used up since, or its financial aid award: it cannot be honoured.
  if (f.offeredNow.some((s) => s?.state !== 'offered' || s.entryId !== f.entryId)) return 'seat-lost';
  if (!f.entryKeepsUses && f.codes.some((c) => c.maxUses != null && c.uses >= c.maxUses)) return 'seat-lost';
  // Its award given to another checkout since (what its hold took went back when it ended): likewise.
  if (f.aid?.some((a) => a.taken > a.left)) return 'seat-lost';
  // Or given to the same child by a newer checkout, up to the child's cap: honoured, it would go past it.
  if (f.aidPerChild?.some((c) => c.taken > c.room)) return 'seat-lost';
  // A new checkout for the same children put them on these rosters since: this payment is for seats
  // already theirs. Taken blind, its roster entries would be overwritten, and a class would count two
  // seats for one child.
  if (f.rostered) return 'duplicate';
  return 'take';
}
