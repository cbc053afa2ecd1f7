import { describe, expect, it } from 'vitest';
import type { Enrollment } from '../../contract/domain';
import { balanceOf, moneyFigures } from '../../contract/money';
import { cardRefundParts } from '../../functions/src/domain/refunds';

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

describe('which card payments a refund goes back to (issue 18)', () => {
  const pay = (id: string, amount: number, intent: string) => ({ ...paid, id, amount, card: { ...card, paymentIntent: intent } });
  const e = (over: Partial<Enrollment>) => ({ id: 'e1', ...base, status: 'confirmed', ...over }) as Enrollment;

  it('newest payment first, each at most what is left of it after earlier refunds', () => {
    const two = e({ payments: [pay('a', 10000, 'pi_a'), pay('b', 16000, 'pi_b')], cancellations: [] });
    expect(cardRefundParts(two, 20000)).toEqual([
      { paymentIntent: 'pi_b', amount: 16000, brand: 'visa', last4: '4242' },
      { paymentIntent: 'pi_a', amount: 4000, brand: 'visa', last4: '4242' },
    ]);
    const after = e({ ...two, cancellations: [{ classIds: [], classTitles: [], refund: 16000, fee: 0, note: '', at: paid.at, by: 'x', cardRefunds: [{ amount: 16000, refundId: 're_1', paymentIntent: 'pi_b', last4: '4242', reason: '', at: paid.at }] }] });
    expect(cardRefundParts(after, 5000)).toEqual([{ paymentIntent: 'pi_a', amount: 5000, brand: 'visa', last4: '4242' }]);
    expect(cardRefundParts(after, 10001)).toBe('Only $100 was paid by card: refund the rest another way, in a second cancellation or outside the portal.');
  });

  it('voided and office payments never take a card refund', () => {
    const office = e({ payments: [{ ...paid, card: undefined, method: 'check' }, { ...pay('v', 5000, 'pi_v'), voided: { reason: 'x', at: paid.at, by: 'x' } }] });
    expect(cardRefundParts(office, 100)).toMatch(/no card payment to refund/);
  });
});
