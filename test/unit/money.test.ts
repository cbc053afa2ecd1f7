import { refuse } from '../../functions/src/domain/refusal';
import { describe, expect, it } from 'vitest';
import { creditToUse } from '../../contract/credit';
import type { Enrollment, Semester } from '../../contract/domain';
import { balanceOf, moneyFigures, voidProblem } from '../../contract/money';
import { cardRefundableOf, cardRefundParts } from '../../functions/src/domain/refunds';
import { balanceDueDateOf, depositPlan } from '../../functions/src/domain/deposits';
import { receiptRecipients } from '../../functions/src/mail/receipt';
import { balanceDueLabel } from '../../contract/wording';

const base = { total: 26000, payments: [], cancellations: [], cardRefunds: [] } satisfies Partial<Enrollment>;
const card = { brand: 'visa', last4: '4242', paymentIntent: 'pi_1', sessionId: 'cs_1' };
const paid = { id: 'p1', amount: 26000, method: 'card' as const, note: '', at: '2026-11-23T20:00:00.000Z', by: 'Stripe', card };

describe('money of card checkouts', () => {
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

describe('which card payments a refund goes back to', () => {
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
    expect(cardRefundParts(after, 10001)).toEqual(refuse('failed-precondition', 'Only $100 can go back to the card: give the rest back another way (the cancellation form splits a refund).'));
    // What the cancellation form offers to send back to the cards: what is left of each.
    expect([cardRefundableOf(two), cardRefundableOf(after)]).toEqual([26000, 10000]);
  });

  it('voided and office payments never take a card refund', () => {
    const office = e({ payments: [{ ...paid, card: undefined, method: 'check' }, { ...pay('v', 5000, 'pi_v'), voided: { reason: 'x', at: paid.at, by: 'x' } }] });
    expect(cardRefundParts(office, 100)).toEqual(refuse('failed-precondition', expect.stringMatching(/no card payment to refund/)));
    expect(cardRefundableOf(office)).toBe(0);
  });
});

describe('deposits', () => {
  const term = { depositPerClass: 10_000, balanceDueDate: '2027-05-01' };
  const semesters = new Map<string, Pick<Semester, 'depositPerClass' | 'balanceDueDate'>>([['camps', term], ['fall', { depositPerClass: null, balanceDueDate: '2027-01-10' }], ['none', {}]]);
  const today = '2026-11-23';

  it('adds each class’s deposit (its own, else the semester’s) and takes the earliest due date', () => {
    expect(depositPlan([{ semesterId: 'camps' }], semesters, 43_000, today)).toEqual({ amount: 10_000, dueDate: '2027-05-01' });
    expect(depositPlan([{ semesterId: 'camps' }, { semesterId: 'camps', deposit: 15_000 }], semesters, 88_000, today)).toEqual({ amount: 25_000, dueDate: '2027-05-01' });
    expect(depositPlan([{ semesterId: 'camps' }, { semesterId: 'fall', deposit: 5_000 }], semesters, 88_000, today)).toEqual({ amount: 15_000, dueDate: '2027-01-10' });
  });

  it('offers none when a class has no deposit, the date is missing or past, or the deposit is the whole total', () => {
    expect(depositPlan([{ semesterId: 'camps' }, { semesterId: 'fall' }], semesters, 88_000, today)).toBeNull();
    expect(depositPlan([{ semesterId: 'none', deposit: 5_000 }], semesters, 30_000, today)).toBeNull();
    expect(depositPlan([{ semesterId: 'camps' }], semesters, 43_000, '2027-05-01')).toBeNull();
    expect(depositPlan([{ semesterId: 'camps' }], semesters, 10_000, today)).toBeNull();
    expect(depositPlan([{ semesterId: 'camps' }], semesters, 9_000, today)).toBeNull();
    expect(depositPlan([], semesters, 9_000, today)).toBeNull();
  });

  it('a balance is due by the earliest date still ahead, and receipts say so only when something is owed', () => {
    expect(balanceDueDateOf([term, { balanceDueDate: '2027-01-10' }], today)).toBe('2027-01-10');
    expect(balanceDueDateOf([{ balanceDueDate: '2026-11-23' }, {}], today)).toBeUndefined();
    expect(balanceDueLabel({ balance: 33_000, balanceDueDate: '2027-05-01' })).toBe('Balance due by May 1, 2027');
    expect(balanceDueLabel({ balance: 0, balanceDueDate: '2027-05-01' })).toBe('Balance due');
    // A term without a due date: the balance is due now, and the label says when.
    expect(balanceDueLabel({ balance: 33_000 })).toBe('Balance due now');
  });
});

describe('who gets an enrollment’s emails', () => {
  it('the account’s address; the guardians’ only when asked; never twice', () => {
    expect(receiptRecipients('a@example.com', ['g@example.com', 'a@example.com'], false)).toEqual(['a@example.com']);
    expect(receiptRecipients('a@example.com', ['g@example.com', 'a@example.com', 'g@example.com'], true)).toEqual(['a@example.com', 'g@example.com']);
    expect(receiptRecipients(null, ['g@example.com'], false)).toEqual([]);
  });
});

describe('which payments the office may void', () => {
  const cash = { id: 'p2', amount: 35000, method: 'cash' as const, note: '', at: '2026-11-23T20:00:00.000Z', by: 'office' };
  const cancelled = (at: string) => ({ cancellations: [{ classIds: ['c'], classTitles: ['Camp'], refund: 10000, fee: 0, note: '', at, by: 'office' }] });
  it('an office payment no cancellation has counted; never a card payment, one from the account credit, a voided one, or one a cancellation counted', () => {
    expect(voidProblem({}, cash)).toBeNull();
    expect(voidProblem(cancelled('2026-11-22T00:00:00.000Z'), cash)).toBeNull(); // paid after that cancellation
    expect(voidProblem(cancelled('2026-11-24T00:00:00.000Z'), cash)).toMatch(/^A cancellation has counted this payment/);
    expect(voidProblem({}, paid)).toMatch(/^A card payment cannot be voided/);
    expect(voidProblem({}, { ...cash, method: 'credit' })).toMatch(/^A payment from the account credit cannot be voided/);
    expect(voidProblem({}, { ...cash, voided: { reason: 'x', at: cash.at, by: 'office' } })).toBe('This payment is already voided.');
  });
});

describe('how much account credit a checkout uses', () => {
  it.each<[string, number, number[], boolean, { total: number; parts: number[] }]>([
    ['none', 0, [26000], true, { total: 0, parts: [0] }],
    ['some, the card the rest', 10000, [26000], true, { total: 10000, parts: [10000] }],
    ['more than is due: what is due', 30000, [26000], true, { total: 26000, parts: [26000] }],
    ['all but less than Stripe’s smallest charge: that much is left for the card', 25980, [26000], true, { total: 25950, parts: [25950] }],
    ['the same at the office: all of it (no card minimum)', 25980, [26000], false, { total: 25980, parts: [25980] }],
    ['a small charge that cannot be lowered: none', 10, [30], true, { total: 0, parts: [0] }],
    ['two children: the first child’s part first', 30000, [26000, 10000], false, { total: 30000, parts: [26000, 4000] }],
  ])('%s', (_why, balance, dues, byCard, expected) => {
    expect(creditToUse(balance, dues, byCard)).toEqual(expected);
  });
});
