// A paid Stripe page settling its checkout, as plans: the payment matched to what was asked, the
// seats confirmed, a late payment's seats taken or refused with the truthful kind, the refund whole.
import { describe, expect, it } from 'vitest';
import type { CardDetails, Enrollment, Payment } from '../../contract/domain';
import { confirmedBy, endedByNewer, heldAmountOf, lateOutcome, mismatchOf, refundedWhole, settlementOf, type LateFacts } from '../../functions/src/domain/settlement';

const at = '2026-11-27T18:00:00.000Z';
const card: CardDetails = { brand: 'visa', last4: '4242', paymentIntent: 'pi_1', sessionId: 'cs_1' };
const held = (id: string, amount: number, over: Partial<Enrollment> = {}) =>
  ({ id, studentName: id === 'e0' ? 'Ava Rivera' : 'Leo Rivera', total: 26000, payments: [] as Payment[], status: 'pending_payment', hold: { expiresAt: at, amount, sessionId: 'cs_1' }, ...over }) as Enrollment;
const checkout = [held('e0', 26000), held('e1', 13000)];

describe('a paid page matched to its checkout', () => {
  it('covers every child’s held amount', () => expect(heldAmountOf(checkout)).toBe(39000));

  it.each([
    ['the page and amount asked', { id: 'cs_1', amount: 39000 }, null],
    ['another amount', { id: 'cs_1', amount: 26000 }, 'A card payment of $260 (Stripe pi_1) did not match this checkout of $390.'],
    ['another page of the same checkout', { id: 'cs_old', amount: 39000 }, 'A card payment of $390 (Stripe pi_1) did not match this checkout of $390.'],
  ])('%s', (_why, page, flag) => {
    expect(mismatchOf(checkout[0], checkout, { ...page, paymentIntent: 'pi_1' })).toBe(flag);
  });

  it.each<[string, Enrollment[], string]>([
    ['every seat still held: confirm', checkout, 'confirm'],
    ['already recorded (an event sent again)', [held('e0', 26000, { payments: [{ id: 'p', amount: 26000, method: 'card', note: '', at, by: 'Stripe', card }] }), held('e1', 13000)], 'again'],
    ['the hold ended on one child: late', [held('e0', 26000), held('e1', 13000, { status: 'expired' })], 'late'],
  ])('%s', (_why, now, settlement) => expect(settlementOf(now, 'cs_1')).toBe(settlement));
});

describe('settling', () => {
  it('confirms each child with its part of the payment, owing the rest', () => {
    expect(confirmedBy(checkout, card, ['p0', 'p1'], at)).toEqual([
      { ...checkout[0], status: 'confirmed', balance: 0, payments: [{ id: 'p0', amount: 26000, method: 'card', note: 'Paid online by Visa card ending 4242', at, by: 'Stripe', card }] },
      { ...checkout[1], status: 'confirmed', balance: 13000, payments: [{ id: 'p1', amount: 13000, method: 'card', note: 'Paid online by Visa card ending 4242', at, by: 'Stripe', card }] },
    ]);
  });

  it('refunds whole with the payment recorded, owing nothing, saying why in the family’s words', () => {
    const [a, b] = refundedWhole(checkout, card, 'duplicate', { id: 're_1', pageId: 'cs_1' }, ['p0', 'p1'], at);
    expect(a).toMatchObject({ status: 'pending_payment', balance: 0, payments: [{ id: 'p0', amount: 26000 }] });
    expect(b.cardRefunds).toEqual([
      { amount: 13000, refundId: 're_1', paymentIntent: 'pi_1', last4: '4242', kind: 'duplicate', sessionId: 'cs_1', at, reason: 'This payment was for seats already paid for or replaced by a newer checkout for Ava Rivera and Leo Rivera: it was refunded in full.' },
    ]);
    const [lost] = refundedWhole(checkout.slice(0, 1), card, 'seat-lost', { id: 're_2', pageId: 'cs_1' }, ['p0'], at);
    expect(lost.cardRefunds![0].reason).toBe('The payment arrived after the checkout time ran out, and the seats (or the discount or financial aid they were priced with) were no longer available: it was refunded in full.');
  });
});

describe('a late payment', () => {
  const expired = checkout.map((e) => ({ ...e, status: 'expired' as const }));
  const facts = (over: Partial<LateFacts> = {}): LateFacts => ({ checkout: expired, pageId: 'cs_1', offeredNow: [], codes: [], rostered: false, ...over });
  const offered = { state: 'offered' as const, classId: 'c', entryId: 'w1', at };

  it('is for seats already the family’s when a newer checkout replaced or settled it', () => {
    expect(endedByNewer(expired)).toBe(false);
    expect(endedByNewer([{ ...expired[0], hold: { ...expired[0].hold!, replacedBy: 'e9' } }])).toBe(true);
    expect(endedByNewer([{ ...expired[0], status: 'cancelled' }])).toBe(true);
    expect(endedByNewer([{ ...expired[0], status: 'confirmed' }])).toBe(true);
  });

  it.each<[string, LateFacts, ReturnType<typeof lateOutcome>]>([
    ['seats free, nothing changed: taken', facts(), 'take'],
    ['settled already (the event again)', facts({ checkout: [checkout[0]] }), 'again'],
    ['its offer’s seat still offered to it: taken', facts({ entryId: 'w1', offeredNow: [offered] }), 'take'],
    ['its offer’s seat offered to another family since', facts({ entryId: 'w1', offeredNow: [{ ...offered, entryId: 'w2' }] }), 'seat-lost'],
    ['its offer’s seat gone', facts({ entryId: 'w1', offeredNow: [null] }), 'seat-lost'],
    ['a code used up since', facts({ codes: [{ maxUses: 5, uses: 5 }] }), 'seat-lost'],
    ['a code with uses left, or no limit', facts({ codes: [{ maxUses: 5, uses: 4 }, { maxUses: null, uses: 90 }] }), 'take'],
    ['a code used up, but claimed from an offer still on the list (its use counted when it joined)', facts({ entryId: 'w1', offeredNow: [offered], codes: [{ maxUses: 5, uses: 5 }], entryKeepsUses: true }), 'take'],
    ['a code used up, claimed from an offer the family left while paying (its use given back when the hold ended)', facts({ entryId: 'w1', offeredNow: [offered], codes: [{ maxUses: 5, uses: 5 }], entryKeepsUses: false }), 'seat-lost'],
    ['the children on these rosters by a newer checkout', facts({ rostered: true }), 'duplicate'],
    ['its financial aid award still holds what it took', facts({ aid: [{ taken: 14040, left: 14040 }] }), 'take'],
    ['its financial aid award given to another checkout since', facts({ aid: [{ taken: 14040, left: 14039 }] }), 'seat-lost'],
    ['a child’s capped aid with room for what it took', facts({ aid: [{ taken: 11000, left: 20000 }], aidPerChild: [{ taken: 11000, room: 11000 }] }), 'take'],
    ['a child’s capped aid given by a newer checkout since: honoured, the child would pass the cap', facts({ aid: [{ taken: 11000, left: 20000 }], aidPerChild: [{ taken: 11000, room: 4000 }] }), 'seat-lost'],
  ])('%s', (_why, f, outcome) => expect(lateOutcome(f)).toBe(outcome));
});
