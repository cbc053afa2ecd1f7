import { describe, expect, it } from 'vitest';
import { cls, discount } from '../support/pricing';
import type { ClassGroup, ClassRecord, Discount, Enrollment } from '../../contract/domain';
import { chargeOrder, priceCart, type CartChild } from '../../functions/src/domain/cart';
import { planCancellation } from '../../functions/src/domain/cancellation';
import type { BasketLine, PricedClass } from '../../functions/src/domain/pricing';

const CLASSES: PricedClass[] = [
  cls('a', 24000, { slidingScale: { min: 18000, max: 30000 } }),
  cls('b', 24000, { addOns: [{ id: 'boots', description: 'Boots', price: 1500 }] }),
  cls('c', 26000),
  cls('d', 20000),
  cls('e', 5000),
];
const GROUPS: ClassGroup[] = [{ id: 'ab', semesterId: 's', name: 'A+B', price: 44000, classIds: ['a', 'b'] }];
const d = discount;
const SIB10 = d('SIB', { type: 'sibling-percent', percent: 10 });
const SIB_AMOUNT = d('SIB', { type: 'sibling-amount', amount: 3000, siblingFrom: 3 });
const WELCOME20 = d('WELCOME20', { type: 'fixed-basket', amount: 2000 });
const FALL10 = d('FALL10', { type: 'percent-basket', percent: 10 });
const ART15 = d('ART15', { type: 'percent-off-classes', percent: 15, classIds: ['c'] });

const line = (classId: string, over: Partial<BasketLine> = {}): BasketLine => ({ classId, addOnIds: [], ...over });
const child = (studentId: string, ...lines: BasketLine[]): CartChild => ({ studentId, lines });
const cart = (children: CartChild[], over: { discounts?: Discount[]; rules?: Discount[]; family?: Pick<Enrollment, 'status' | 'studentId' | 'semesterIds' | 'classIds'>[] } = {}) =>
  priceCart({ classes: CLASSES, groups: GROUPS, children, discounts: over.discounts ?? [], rules: over.rules ?? [], family: over.family ?? [], today: '2026-11-24' });
const totals = (q: ReturnType<typeof cart>) => Object.fromEntries(q.children.map((c) => [c.studentId, c.total]));

describe('one checkout for several children', () => {
  it('charges the children by their classes’ list price, the highest first; a tie keeps the order listed', () => {
    const price = (id: string) => CLASSES.find((c) => c.id === id)!.price;
    expect(chargeOrder([child('ava', line('d')), child('ben', line('c')), child('cal', line('e'), line('e'))], price).map((c) => c.studentId)).toEqual(['ben', 'ava', 'cal']);
    expect(chargeOrder([child('ava', line('a')), child('ben', line('b'))], price).map((c) => c.studentId)).toEqual(['ava', 'ben']);
  });

  it.each([
    // [what, children, rules, family already enrolled, totals by child, sibling amounts by child]
    ['one child: no sibling line', [child('ava', line('c'))], [SIB10], [], { ava: 26000 }, { ava: 0 }],
    ['two children: the less expensive is the 2nd child', [child('ava', line('d')), child('ben', line('c'))], [SIB10], [], { ben: 26000, ava: 18000 }, { ben: 0, ava: 2000 }],
    ['the same two listed the other way round: the same figures', [child('ben', line('c')), child('ava', line('d'))], [SIB10], [], { ben: 26000, ava: 18000 }, { ben: 0, ava: 2000 }],
    ['a child enrolled before: both in this checkout are additional', [child('ava', line('d')), child('ben', line('c'))], [SIB10], [{ status: 'confirmed', studentId: 'zoe', semesterIds: ['s'], classIds: ['e'] }], { ben: 23400, ava: 18000 }, { ben: 2600, ava: 2000 }],
    ['an enrollment not confirmed does not count', [child('ben', line('c'))], [SIB10], [{ status: 'cancelled', studentId: 'zoe', semesterIds: ['s'], classIds: ['e'] }], { ben: 26000 }, { ben: 0 }],
    ['three children, an amount from the 3rd: only the least expensive', [child('ava', line('e')), child('ben', line('c')), child('cal', line('d'))], [SIB_AMOUNT], [], { ben: 26000, cal: 20000, ava: 2000 }, { ben: 0, cal: 0, ava: 3000 }],
    ['bundle + sliding + add-on for one child, 2nd child on a shared class', [child('ava', line('a', { price: 30000 }), line('b', { addOnIds: ['boots'] })), child('ben', line('c'))], [SIB10], [], { ava: 45500, ben: 23400 }, { ava: 0, ben: 2600 }],
    ['per class: only the class a brother or sister takes too', [child('ava', line('c'), line('d')), child('ben', line('c'), line('e'))], [{ ...SIB10, siblingPerClass: true }], [], { ava: 46000, ben: 28400 }, { ava: 0, ben: 2600 }],
  ] as const)('%s', (_what, children, rules, family, byChild, siblingByChild) => {
    const q = cart([...children], { rules: [...rules], family: family.map((e) => ({ ...e, semesterIds: [...e.semesterIds], classIds: [...e.classIds] })) });
    expect(q.problems).toEqual([]);
    expect(totals(q)).toEqual(byChild);
    expect(Object.fromEntries(q.children.map((c) => [c.studentId, c.discounts.find((x) => x.code === 'SIB')?.amount ?? 0]))).toEqual(siblingByChild);
    expect(q.total).toBe(Object.values(byChild as Record<string, number>).reduce((a, b) => a + b, 0));
    expect(q.subtotal - q.discountTotal).toBe(q.total);
    for (const c of q.children) expect(c.subtotal - c.discounts.reduce((s, x) => s + x.amount, 0)).toBe(c.total);
  });

  it('keeps on each child the family as it was when priced (a cancellation reprices with it)', () => {
    const q = cart([child('ava', line('d')), child('ben', line('c')), child('cal', line('c'))], { rules: [SIB10] });
    expect(q.children.map((c) => [c.studentId, c.siblings])).toEqual([
      ['ben', undefined],
      ['cal', { childrenBefore: 1, takersByClass: { c: 1 } }],
      ['ava', { childrenBefore: 2, takersByClass: { c: 2 } }],
    ]);
  });

  it('a fixed amount off the total is taken once for the checkout; what one child could not take goes to the next', () => {
    const once = cart([child('ava', line('d')), child('ben', line('c'))], { discounts: [WELCOME20] });
    expect(once.children.map((c) => [c.studentId, c.discounts])).toEqual([
      ['ben', [{ code: 'WELCOME20', description: 'WELCOME20', amount: 2000 }]],
      ['ava', []],
    ]);
    expect(once.total).toBe(44000);
    expect(once.codeProblems).toEqual([]);
    const big = d('BIG', { amount: 30000 });
    const shared = cart([child('ava', line('d')), child('ben', line('c'))], { discounts: [big] });
    expect(shared.children.map((c) => [c.studentId, c.discounts[0]?.amount])).toEqual([['ben', 26000], ['ava', 4000]]);
    expect(shared.total).toBe(46000 - 30000);
  });

  it('a percent off the total and a code on a class apply to every child they fit; a code fitting no child is a problem', () => {
    const q = cart([child('ava', line('d')), child('ben', line('c'))], { discounts: [FALL10, ART15] });
    expect(totals(q)).toEqual({ ben: 19890, ava: 18000 });
    expect(q.codeProblems).toEqual([]);
    const none = cart([child('ava', line('d')), child('ben', line('e'))], { discounts: [ART15] });
    expect(none.codeProblems).toEqual([{ about: 'ART15', message: 'ART15 does not apply to the selected classes.' }]);
    expect(none.total).toBe(25000);
  });

  it('a rule’s name typed as a code is not a code to type, and the rule applies by itself', () => {
    const q = cart([child('ava', line('d')), child('ben', line('c'))], { discounts: [SIB10], rules: [SIB10] });
    expect(q.codeProblems).toEqual([{ about: 'SIB', message: 'SIB is not a code to type: the sibling discount applies by itself when brothers or sisters enroll.' }]);
    expect(totals(q)).toEqual({ ben: 26000, ava: 18000 });
  });

  it('a code allowed once per family applies to every child of one checkout (it counts one use)', () => {
    const ONCE = d('ONCE', { type: 'percent-basket', percent: 50, maxUsesPerFamily: 1 });
    const q = priceCart({ classes: CLASSES, groups: GROUPS, children: [child('ava', line('d')), child('ben', line('c'))], discounts: [ONCE], family: [], uses: { total: {}, family: {} }, today: '2026-11-24' });
    expect(totals(q)).toEqual({ ben: 13000, ava: 10000 });
    const used = priceCart({ classes: CLASSES, groups: GROUPS, children: [child('ava', line('d'))], discounts: [ONCE], family: [], uses: { total: {}, family: { ONCE: 1 } }, today: '2026-11-24' });
    expect(used.codeProblems[0].message).toBe('ONCE may be used once per family, and your family has used it.');
  });

  it('never below zero, and a class that is not offered is a problem', () => {
    const q = cart([child('ava', line('e')), child('ben', line('zzz'))], { discounts: [d('HUGE', { amount: 999_999_00 })], rules: [SIB10] });
    expect(q.total).toBe(0);
    expect(q.problems).toEqual([{ about: 'zzz', message: 'This class is not offered.' }]);
  });

  it('a cancellation of the child who took the rest of a fixed amount reprices with no more than that rest', () => {
    const big = d('BIG', { amount: 30000 });
    const q = cart([child('ava', line('d'), line('e')), child('ben', line('c'))], { discounts: [big] });
    const ava = q.children.find((c) => c.studentId === 'ava')!;
    expect(ava.discounts).toEqual([{ code: 'BIG', description: 'BIG', amount: 4000 }]);
    expect(ava.total).toBe(21000);
    const enrollment: Enrollment = {
      id: 'e', ownerUid: 'u', studentId: 'ava', studentName: 'Ava', semesterIds: ['s'], classIds: ['d', 'e'],
      lineItems: ava.lineItems, discounts: ava.discounts, subtotal: ava.subtotal, total: ava.total,
      payments: [{ amount: 21000, method: 'check', note: '', at: '2026-11-24T10:00:00Z', by: 'office' }], balance: 0,
      status: 'confirmed', releases: [], createdAt: '2026-11-24T10:00:00Z', idempotencyKey: 'k',
    };
    // Cancelling the $50 class: the $200 class less the $40 it had off; the full $300 would make it free.
    const plan = planCancellation({ enrollment, cancelClassIds: ['e'], classes: CLASSES as ClassRecord[], groups: GROUPS, discounts: [big], enrolledOn: '2026-11-24' });
    expect(plan.newTotal).toBe(16000);
    expect(plan.suggestedRefund).toBe(5000);
  });
});
