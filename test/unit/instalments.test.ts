import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkoutPaymentsLeft, claimPayParts, declinedPayment, monthlyWithCredit, INSTALMENT_RETRY_DAYS, paymentsText, planWords, remainingPayments, splitEvenly, type Instalments } from '../../contract/instalments';
import { checkoutDeposit } from '../../functions/src/domain/deposits';
import { addMonthsIso, afterDecline, afterPayment, chargeDue, checkoutInstalments, payableNow, planDates, settled } from '../../functions/src/domain/instalments';
import { no } from '../../functions/src/domain/refusal';
import type { Enrollment } from '../../contract/domain';

const semesters = new Map([
  ['fall', { instalments: 3 }],
  ['short', { instalments: 2 }],
  ['none', { instalments: null }],
]);
const klass = (semesterId: string, startDate = '2027-03-01') => ({ semesterId, startDate });
const AT = '2026-11-29T15:00:00.000Z';

describe('monthly plans: the dates and what a checkout is offered', () => {
  it('moves a date by months, keeping the day or the month’s last', () => {
    expect([addMonthsIso('2026-11-29', 1), addMonthsIso('2026-11-29', 2), addMonthsIso('2027-01-31', 1), addMonthsIso('2028-01-31', 1), addMonthsIso('2026-12-15', 13)]).toEqual([
      '2026-12-29',
      '2027-01-29',
      '2027-02-28',
      '2028-02-29',
      '2028-01-15',
    ]);
  });

  it('keeps every payment before the first meeting', () => {
    expect(planDates('2026-11-29', 3, '2027-03-01')).toEqual(['2026-11-29', '2026-12-29', '2027-01-29']);
    expect(planDates('2026-11-29', 3, '2027-01-10')).toEqual(['2026-11-29', '2026-12-29']);
    expect(planDates('2026-11-29', 3, '2026-12-29')).toEqual(['2026-11-29']);
  });

  it('offers the fewest payments the classes’ semesters allow, split per child with the odd cents first, and only when it splits at all', () => {
    const one = checkoutInstalments([{ classes: [klass('fall')], total: 30001 }], semesters, '2026-11-29')!;
    expect(one.offer.payments).toEqual([
      { due: '2026-11-29', amount: 10001 },
      { due: '2026-12-29', amount: 10000 },
      { due: '2027-01-29', amount: 10000 },
    ]);
    expect(one.firsts).toEqual([10001]);
    // Two children: each child's own split, added date by date.
    const two = checkoutInstalments([{ classes: [klass('fall')], total: 30000 }, { classes: [klass('short')], total: 10001 }], semesters, '2026-11-29')!;
    expect(two.dates).toEqual(['2026-11-29', '2026-12-29']);
    expect(two.firsts).toEqual([15000, 5001]);
    expect(two.offer.payments.map((p) => p.amount)).toEqual([20001, 20000]);
    // Not offered: a semester without a plan, a class that starts too soon, payments below Stripe's least charge.
    expect(checkoutInstalments([{ classes: [klass('fall'), klass('none')], total: 30000 }], semesters, '2026-11-29')).toBeNull();
    expect(checkoutInstalments([{ classes: [klass('fall', '2026-12-20')], total: 30000 }], semesters, '2026-11-29')).toBeNull();
    expect(checkoutInstalments([{ classes: [klass('fall')], total: 140 }], semesters, '2026-11-29')).toBeNull();
    expect(checkoutInstalments([{ classes: [], total: 0 }], semesters, '2026-11-29')).toBeNull();
  });
});

describe('monthly payments and the account credit', () => {
  it('are offered while the credit leaves part of the first payment to the card', () => {
    const offer = { payments: [{ due: '2026-11-29', amount: 10000 }, { due: '2026-12-29', amount: 10000 }] };
    expect([0, 9000, 9980, 10000, 20000].map((credit) => monthlyWithCredit(offer, credit))).toEqual([offer, offer, offer, null, null]);
    expect(monthlyWithCredit(null, 0)).toBeNull();
  });
});

describe('a waitlist claim’s ways to pay part now', () => {
  it('are what the checkout decides at the claim’s lower total, from today’s answer alone (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60000 }), fc.integer({ min: 0, max: 60000 }), fc.integer({ min: 0, max: 60000 }), fc.constantFrom(...semesters.keys()), (todayTotal, lower, perClass, semesterId) => {
        const claimTotal = Math.min(todayTotal, lower);
        const terms = new Map([[semesterId, { ...semesters.get(semesterId)!, balanceDueDate: '2027-02-01', depositPerClass: perClass || null }]]);
        const at = (total: number) => {
          const child = [{ classes: [{ ...klass(semesterId), id: 'c' }], total }];
          return { deposit: checkoutDeposit(child, terms, '2026-11-29')?.plan ?? null, instalments: checkoutInstalments(child, terms, '2026-11-29')?.offer ?? null };
        };
        expect(claimPayParts(at(todayTotal), claimTotal)).toEqual(at(claimTotal));
      }),
      // A claim's total equal to the deposit: nothing left to pay later, so no deposit.
      { examples: [[30000, 10000, 10000, 'fall']] },
    );
  });
});

describe('monthly plans: what is charged, and after', () => {
  const plan: Instalments = { dates: ['2026-11-29', '2026-12-29', '2027-01-29'], paid: 1, nextOn: '2026-12-29', customer: 'cus_1', paymentMethod: 'pm_1', card: { brand: 'visa', last4: '4242' } };

  it('shares what is owed over the dates left, so a cancellation, credit or aid changes the next payments and never charges more than is owed', () => {
    expect(remainingPayments(plan, 20000)).toEqual([
      { due: '2026-12-29', amount: 10000 },
      { due: '2027-01-29', amount: 10000 },
    ]);
    expect(remainingPayments(plan, 5001).map((p) => p.amount)).toEqual([2501, 2500]);
    expect(remainingPayments(plan, 0)).toEqual([]);
    expect(remainingPayments(plan, -500)).toEqual([]);
    expect(paymentsText(remainingPayments(plan, 20000))).toBe('$100 on Dec 29, 2026, $100 on Jan 29, 2027');
    expect(paymentsText([{ due: '2026-11-29', amount: 5000 }], '2026-11-29')).toBe('$50 today');
  });

  it('is said in a sentence, the same for the family and the office', () => {
    expect(planWords(plan, 20000)).toBe('Monthly payments: 1 of 3 paid with the Visa card ending 4242. To come: $100 on Dec 29, 2026, $100 on Jan 29, 2027.');
    expect(planWords({ ...plan, paid: 3 }, 0)).toBe('Monthly payments: 3 of 3 paid with the Visa card ending 4242.');
    const failed = { ...plan, failed: { since: '2026-12-29', tries: 1, reason: 'the card has insufficient funds', amount: 10000 }, nextOn: '2027-01-01' };
    expect(declinedPayment(failed, 20000)).toEqual({ amount: 10000, words: 'Monthly payment 2 of 3 ($100) did not go through on Dec 29, 2026: the card has insufficient funds. The card is tried again on Jan 1, 2027.' });
    expect(declinedPayment({ ...failed, nextOn: undefined }, 20000)?.words).toBe('Monthly payment 2 of 3 ($100) did not go through on Dec 29, 2026: the card has insufficient funds. The card is not tried again: it is to be paid by hand.');
    // Nothing declined, or nothing left to pay: nothing to say.
    expect(declinedPayment(plan, 20000)).toBeNull();
    expect(declinedPayment(failed, 0)).toBeNull();
    expect(checkoutPaymentsLeft([{ instalments: plan, balance: 20001 }, { instalments: plan, balance: 5000 }, { balance: 999 }])).toEqual([
      { due: '2026-12-29', amount: 12501 },
      { due: '2027-01-29', amount: 12500 },
    ]);
  });

  it('charges on the date (or later, a run missed), not before, and nothing once paid off', () => {
    expect(chargeDue(plan, 20000, '2026-12-28')).toBeNull();
    expect(chargeDue(plan, 20000, '2026-12-29')).toEqual({ amount: 10000, index: 1, attempt: 0 });
    expect(chargeDue(plan, 20000, '2027-01-02')).toEqual({ amount: 10000, index: 1, attempt: 0 });
    expect(chargeDue(plan, 0, '2026-12-29')).toBeNull();
    expect(chargeDue({ ...plan, paymentMethod: undefined }, 20000, '2026-12-29')).toBeNull();
    expect(chargeDue(settled(plan), 20000, '2026-12-29')).toBeNull();
  });

  it('moves on after a payment, and stops when nothing is left', () => {
    expect(afterPayment(plan, 10000)).toMatchObject({ paid: 2, nextOn: '2027-01-29' });
    expect(afterPayment(plan, 0)).not.toHaveProperty('nextOn');
    expect(afterPayment({ ...plan, paid: 2, nextOn: '2027-01-29' }, 0)).toMatchObject({ paid: 3 });
    // A failed payment paid by hand clears the failure.
    expect(afterPayment({ ...plan, failed: { since: '2026-12-29', tries: 2, reason: 'x', amount: 10000 } }, 10000)).not.toHaveProperty('failed');
  });

  it('lets the family pay by hand only the payment that failed or the office was told of, what the plan shares out', () => {
    const failed = { ...plan, failed: { since: '2026-12-29', tries: 1, reason: 'x', amount: 10000 } };
    const owing = (instalments: Instalments | undefined, over: Partial<Enrollment> = {}) =>
      payableNow({ status: 'confirmed', total: 30000, payments: [{ amount: 10000, method: 'card' }], instalments, ...over } as Enrollment);
    expect(owing(failed)).toEqual({ index: 1, amount: 10000 });
    expect(owing({ ...plan, officeTold: AT })).toEqual({ index: 1, amount: 10000 });
    const nothing = no('No monthly payment is waiting to be paid on this enrollment.');
    expect(owing(plan)).toEqual(nothing);
    expect(owing(undefined)).toEqual(nothing);
    expect(owing(failed, { status: 'cancelled' })).toEqual(nothing);
    expect(owing(failed, { total: 10000 })).toEqual(nothing);
  });

  it('tries a declined payment again after the retry days from its first failure, then tells the office and stops', () => {
    let now = afterDecline(plan, '2026-12-29', 'the card was declined', 10000, AT);
    expect(INSTALMENT_RETRY_DAYS).toEqual([3, 7]);
    expect(now).toEqual({ told: false, plan: expect.objectContaining({ nextOn: '2027-01-01', failed: { since: '2026-12-29', tries: 1, reason: 'the card was declined', amount: 10000 } }) });
    now = afterDecline(now.plan, '2027-01-01', 'the card has insufficient funds', 10000, AT);
    expect([now.told, now.plan.nextOn, now.plan.failed]).toEqual([false, '2027-01-05', { since: '2026-12-29', tries: 2, reason: 'the card has insufficient funds', amount: 10000 }]);
    now = afterDecline(now.plan, '2027-01-05', 'the card was declined', 10000, AT);
    expect([now.told, now.plan.nextOn, now.plan.officeTold, now.plan.failed?.tries]).toEqual([true, undefined, AT, 3]);
    expect(chargeDue(now.plan, 20000, '2027-02-01')).toBeNull();
  });

  it('never asks more than is owed in all, whatever the balance and the dates left (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000, max: 10_000_000 }), fc.integer({ min: 1, max: 6 }), fc.nat(5), (balance, n, paid) => {
        const dates = Array.from({ length: n }, (_, i) => addMonthsIso('2026-01-31', i));
        const left = remainingPayments({ dates, paid: Math.min(paid, n) }, balance);
        const sum = left.reduce((s, p) => s + p.amount, 0);
        expect(sum).toBe(left.length ? balance : 0);
        expect(left.every((p) => p.amount >= 0 && Number.isInteger(p.amount))).toBe(true);
        if (left.length > 1) expect(Math.max(...left.slice(1).map((p) => p.amount)) - Math.min(...left.slice(1).map((p) => p.amount))).toBe(0);
        expect(splitEvenly(Math.max(balance, 0), n).reduce((s, x) => s + x, 0)).toBe(Math.max(balance, 0));
      }),
    );
  });
});
