// The money reports: payments and refunds by way over a range of days, what is owed by age, the
// term's billing by code and aid — and their totals are the dashboard's figures, to the cent.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AID_CODE } from '../../contract/aid';
import type { Enrollment } from '../../contract/domain';
import { dashboardFigures } from '../../functions/src/domain/dashboard';
import { ageBucket, apportion, classRevenue, moneyReport } from '../../functions/src/domain/reports';

const base = { ownerUid: 'u', studentId: 's', studentName: 'Kid', semesterIds: ['t'], classIds: ['c'], lineItems: [], subtotal: 0, releases: [], idempotencyKey: 'k' };
const e = (id: string, over: Partial<Enrollment>): Enrollment => ({ ...base, id, discounts: [], total: 26000, balance: 0, status: 'confirmed', payments: [], createdAt: '2026-09-01T15:00:00Z', ...over }) as Enrollment;
const pay = (amount: number, method: Enrollment['payments'][number]['method'], at: string, voided = false) => ({ amount, method, note: '', at, by: 'x', ...(voided ? { voided: { reason: 'r', at, by: 'x' } } : {}) });

const ENROLLMENTS: Enrollment[] = [
  e('card', { payments: [pay(26000, 'card', '2026-09-02T10:00:00Z')], discounts: [{ code: 'SIB10', description: 'Sibling', amount: 2600 }], total: 23400 }),
  e('cash', { payments: [pay(10000, 'cash', '2026-10-05T10:00:00Z'), pay(5000, 'check', '2026-10-06T10:00:00Z', true)], balanceDueDate: '2026-09-15' }),
  e('aided', { discounts: [{ code: AID_CODE, description: 'Financial aid — Fall', amount: 15600 }], total: 10400, payments: [pay(10400, 'credit', '2026-11-01T10:00:00Z')] }),
  e('cancelled', {
    status: 'cancelled', total: 2500, classIds: [], payments: [pay(26000, 'card', '2026-09-03T10:00:00Z'), pay(2000, 'cash', '2026-09-04T10:00:00Z')],
    cancellations: [{ classIds: ['c'], classTitles: ['C'], refund: 25500, fee: 2500, refundMethod: 'credit', cardRefunds: [{ amount: 24000, refundId: 'r', last4: '4242', reason: '', at: '2026-10-10T10:00:00Z' }], note: '', at: '2026-10-10T10:00:00Z', by: 'x' }],
  }),
  e('whole', { status: 'expired', total: 26000, payments: [pay(26000, 'card', '2026-11-20T10:00:00Z')], cardRefunds: [{ amount: 26000, refundId: 'w', last4: '4242', reason: '', kind: 'seat-lost', at: '2026-11-20T11:00:00Z' }] }),
  e('owes-late', { balanceDueDate: '2026-07-01' }),
  e('paying', { status: 'pending_payment', payments: [pay(5000, 'credit', '2026-11-25T10:00:00Z')] }),
];
const day = (moment: string) => moment.slice(0, 10);
const report = (from: string, to: string) => moneyReport({ semesterId: 't', enrollments: ENROLLMENTS, from, to, today: '2026-11-28', dayOf: day });

describe('money reports', () => {
  it.each([
    ['2026-11-28', 'Not due yet'],
    ['2026-11-20', '0–30 days'],
    ['2026-10-29', '0–30 days'],
    ['2026-10-28', '31–60 days'],
    ['2026-08-30', '61–90 days'],
    ['2026-08-29', 'Over 90 days'],
  ] as const)('a balance due on %s is %s on Nov 28', (due, bucket) => expect(ageBucket(due, '2026-11-28')).toBe(due === '2026-11-28' ? '0–30 days' : bucket));

  it('adds up payments and refunds by way over the days asked, never a voided payment nor a checkout being paid', () => {
    const october = report('2026-10-01', '2026-10-31');
    expect(october.payments).toEqual([{ method: 'cash', count: 1, amount: 10000 }]);
    expect(october.refunds).toEqual([{ method: 'card', count: 1, amount: 24000 }, { method: 'credit', count: 1, amount: 1500 }]);
    expect(report('2026-11-01', '2026-11-30').refunds).toEqual([{ method: 'card', count: 1, amount: 26000 }]);
  });

  it('is the dashboard’s figures, to the cent, over the whole term', () => {
    const all = report('2000-01-01', '2999-12-31');
    const d = dashboardFigures('t', [], ENROLLMENTS, { creditOwed: 0, aidFundsHold: 0 });
    expect([all.paymentsTotal, all.refundsTotal, all.term.billed, all.term.paid, all.term.refunded, all.term.netPaid, all.term.outstanding]).toEqual([d.paid, d.refunded, d.billed, d.paid, d.refunded, d.netPaid, d.outstanding]);
    expect(all.owedTotal + all.overpaid).toBe(d.outstanding);
    expect(all.term.aid).toBe(d.aidGiven);
    expect(all.owed).toEqual([
      { bucket: '61–90 days', count: 1, amount: 16000 },
      { bucket: 'Over 90 days', count: 1, amount: 26000 },
    ]);
    // By family: the same total, the longest due first (all the enrollments here are one account's).
    expect(all.owedBy).toEqual([{ ownerUid: 'u', children: ['Kid'], count: 2, oldest: 'Over 90 days', amount: 42000 }]);
    expect(all.term.codes).toEqual([{ code: 'SIB10', description: 'Sibling', checkouts: 1, amount: 2600 }]);
    // What the classes cost before discounts, less each code and the aid, is what was billed.
    expect(all.term.beforeDiscounts - all.term.codes.reduce((s, c) => s + c.amount, 0) - all.term.aid).toBe(all.term.billed);
  });
});

describe('what is owed, by family', () => {
  it('sums each family’s balances (its children named once), the longest due first, then the most owed; the families add up to the total owed', () => {
    const owes = (id: string, ownerUid: string, studentName: string, balanceDueDate: string, paid = 0) => e(id, { ownerUid, studentName, balanceDueDate, payments: paid ? [pay(paid, 'cash', '2026-09-02T10:00:00Z')] : [] });
    const r = moneyReport({
      semesterId: 't',
      enrollments: [
        owes('a1', 'ana', 'Zed Ana', '2026-11-20'),
        owes('a2', 'ana', 'Amy Ana', '2026-07-01', 20000),
        owes('a3', 'ana', 'Amy Ana', '2026-11-20', 26000),
        owes('b1', 'bo', 'Bo Bo', '2026-11-01'),
        owes('c1', 'cy', 'Cy Cy', '2026-07-01', 10000),
        e('paid', { ownerUid: 'dee', studentName: 'Dee', payments: [pay(26000, 'cash', '2026-09-02T10:00:00Z')] }),
      ],
      from: '2026-01-01',
      to: '2026-12-31',
      today: '2026-11-28',
      dayOf: day,
    });
    expect(r.owedBy).toEqual([
      // Amy's third enrollment is paid: not counted.
      { ownerUid: 'ana', children: ['Amy Ana', 'Zed Ana'], count: 2, oldest: 'Over 90 days', amount: 6000 + 26000 },
      { ownerUid: 'cy', children: ['Cy Cy'], count: 1, oldest: 'Over 90 days', amount: 16000 },
      { ownerUid: 'bo', children: ['Bo Bo'], count: 1, oldest: '0–30 days', amount: 26000 },
    ]);
    expect(r.owedBy.reduce((s, o) => s + o.amount, 0)).toBe(r.owedTotal);
  });
});

describe('revenue per class', () => {
  const line = (id: string, title: string, price: number) => ({ kind: 'class' as const, id, semesterId: 't', title, classIds: [id], listPrice: price, price, addOns: [] });
  const bundle = { kind: 'group' as const, id: 'g', semesterId: 't', title: 'Bundle', classIds: ['b', 'c'], listPrice: 40000, price: 30000, addOns: [], members: [{ classId: 'b', title: 'B', listPrice: 20000, price: 20000 }, { classId: 'c', title: 'C', listPrice: 10000, price: 10000 }] };

  it('shares an enrollment over its classes by what each costs on it, a refund to the classes it cancelled; to the cent', () => {
    const rows = classRevenue([
      // $100 for A and a $300 bundle of B ($200) and C ($100): a $40.01 code, $100 paid.
      e('mixed', { classIds: ['a', 'b', 'c'], lineItems: [line('a', 'A', 10000), bundle], discounts: [{ code: 'X', description: 'X', amount: 4001 }], total: 35999, payments: [pay(10000, 'cash', '2026-09-02T10:00:00Z')] }),
      // D cancelled whole, $50 kept, the rest of its $260 back.
      e('gone', { status: 'cancelled', classIds: [], lineItems: [], total: 5000, payments: [pay(26000, 'card', '2026-09-03T10:00:00Z')], cancellations: [{ classIds: ['d'], classTitles: ['D'], refund: 21000, fee: 5000, note: '', at: '2026-10-01T10:00:00Z', by: 'x' }] }),
    ]);
    expect(rows.map((r) => [r.title, r.children, r.beforeDiscounts, r.discounts, r.billed, r.paid, r.refunded, r.netPaid])).toEqual([
      ['A', 1, 10000, 1000, 9000, 2500, 0, 2500],
      ['B', 1, 20000, 2001, 17999, 5000, 0, 5000],
      ['C', 1, 10000, 1000, 9000, 2500, 0, 2500],
      ['D', 0, 5000, 0, 5000, 26000, 21000, 5000],
    ]);
  });

  it('adds up to the term’s billing to the cent, over every kind of enrollment', () => {
    const all = report('2000-01-01', '2999-12-31');
    const sum = (k: 'beforeDiscounts' | 'billed' | 'paid' | 'refunded' | 'netPaid' | 'discounts') => all.classes.reduce((s, r) => s + r[k], 0);
    expect([sum('beforeDiscounts'), sum('billed'), sum('paid'), sum('refunded'), sum('netPaid'), sum('discounts')]).toEqual([
      all.term.beforeDiscounts, all.term.billed, all.term.paid, all.term.refunded, all.term.netPaid, all.term.aid + all.term.codes.reduce((s, c) => s + c.amount, 0),
    ]);
  });

  it('shares any amount over any weights without losing or making a cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.array(fc.nat({ max: 100_000 }), { minLength: 1, maxLength: 6 }), (amount, ws) => {
        const shares = apportion(amount, ws.map((w, i) => [`k${i}`, w]));
        expect([...shares.values()].reduce((s, x) => s + x, 0)).toBe(amount);
        for (const x of shares.values()) expect(Number.isInteger(x)).toBe(true);
      }),
    );
  });
});
