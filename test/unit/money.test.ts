import { describe, expect, it } from 'vitest';
import type { Enrollment } from '../../contract/domain';
import { balanceOf, moneyFigures } from '../../contract/money';

const base = { total: 26000, payments: [], cancellations: [], cardRefunds: [] } satisfies Partial<Enrollment>;
const card = { brand: 'visa', last4: '4242', paymentIntent: 'pi_1', sessionId: 'cs_1' };
const paid = { id: 'p1', amount: 26000, method: 'card' as const, note: '', at: '2026-11-23T20:00:00.000Z', by: 'Stripe', card };

describe('money of card checkouts (issue 18)', () => {
  it('a held checkout owes its total until paid; a paid one owes nothing', () => {
    expect(balanceOf({ ...base, status: 'pending_payment' })).toBe(26000);
    expect(balanceOf({ ...base, status: 'confirmed', payments: [paid] })).toBe(0);
  });

  it('an expired checkout owes nothing, and a late payment refunded to the card nets to zero', () => {
    expect(balanceOf({ ...base, status: 'expired' })).toBe(0);
    const refunded = { ...base, status: 'expired' as const, payments: [paid], cardRefunds: [{ amount: 26000, refundId: 're_1', last4: '4242', reason: 'seat lost', at: paid.at }] };
    expect(Object.fromEntries(moneyFigures(refunded))).toEqual({ Total: 26000, Paid: 26000, Refunded: 26000, 'Net paid': 0, Balance: 0 });
  });
});
