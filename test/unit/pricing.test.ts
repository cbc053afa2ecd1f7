import { describe, expect, it } from 'vitest';
import { cls, discount } from '../support/pricing';
import type { ClassGroup, Discount, Enrollment } from '../../contract/domain';
import { discountBasis } from '../../contract/money';
import { formatCents } from '../../contract/format';
import { priceBasket, siblingContext, type BasketLine, type PricedClass } from '../../functions/src/domain/pricing';

const CLASSES: PricedClass[] = [
  cls('a', 24000, { slidingScale: { min: 18000, max: 30000 } }),
  cls('b', 24000, { addOns: [{ id: 'boots', description: 'Boots', price: 1500 }] }),
  cls('c', 26000),
  cls('camp1', 45000, { classType: 'Camp' }),
  cls('camp2', 45000, { classType: 'Camp', addOns: [{ id: 'lunch', description: 'Lunch', price: 6000 }] }),
  cls('camp3', 52000, { classType: 'Camp' }),
];
const GROUPS: ClassGroup[] = [{ id: 'ab', semesterId: 's', name: 'A+B', price: 44000, classIds: ['a', 'b'] }];
const d = discount;
const SIBLING10 = d('SIBLING10', { type: 'percent-basket', percent: 10 });
const WELCOME20 = d('WELCOME20', { type: 'fixed-basket', amount: 2000 });
const EARLY = d('EARLYBIRD', { type: 'early-bird-fixed', amount: 2500, expiresOn: '2026-12-01' });
const ART15 = d('ART15', { type: 'percent-off-classes', percent: 15, classIds: ['c'] });
const GROUP50 = d('GROUP50', { type: 'percent-off-classes', percent: 50, groupIds: ['ab'] });
const FREE_A = d('FREEA', { type: 'free-classes', classIds: ['a'] });
const CAMPS3 = d('CAMPS3', { type: 'percent-off-with-minimum', percent: 15, classTypes: ['Camp'], minimumCount: 3 });
const HUGE = d('HUGE', { type: 'fixed-basket', amount: 10_000_00 });

const line = (classId: string, over: Partial<BasketLine> = {}): BasketLine => ({ classId, addOnIds: [], ...over });
const quote = (lines: BasketLine[], discounts: Discount[] = [], today = '2026-11-22') =>
  priceBasket({ classes: CLASSES, groups: GROUPS, lines, discounts, today });

describe('pricing engine', () => {
  it.each([
    ['one class at list price', [line('c')], [], 26000, 26000],
    ['sliding-scale price within range', [line('a', { price: 18000 })], [], 18000, 18000],
    ['add-on added', [line('b', { addOnIds: ['boots'] })], [], 25500, 25500],
    ['complete group at group price', [line('a'), line('b')], [], 44000, 44000],
    ['group plus add-on of a member', [line('a'), line('b', { addOnIds: ['boots'] })], [], 45500, 45500],
    ['no bundle when the chosen sliding prices are cheaper', [line('a', { price: 18000 }), line('b')], [], 42000, 42000],
    ['no bundle when it costs the same as the chosen prices', [line('a', { price: 20000 }), line('b')], [], 44000, 44000],
    ['bundle with a sliding member when the bundle is cheaper', [line('a', { price: 30000 }), line('b')], [], 44000, 44000],
    ['incomplete group: classes priced alone', [line('a'), line('c')], [], 50000, 50000],
    ['percent basket', [line('c')], [SIBLING10], 26000, 23400],
    ['fixed basket', [line('c')], [WELCOME20], 26000, 24000],
    ['basket discounts in code order: percent then fixed', [line('c')], [SIBLING10, WELCOME20], 26000, 21400],
    ['basket discounts in code order: fixed then percent', [line('c')], [WELCOME20, SIBLING10], 26000, 21600],
    ['early bird before its date', [line('c')], [EARLY], 26000, 23500],
    ['percent off a listed class, add-ons untouched', [line('c'), line('b', { addOnIds: ['boots'] })], [ART15], 51500, 47600],
    ['percent off a listed group', [line('a'), line('b')], [GROUP50], 44000, 22000],
    ['free listed class', [line('a', { price: 30000 }), line('c')], [FREE_A], 56000, 26000],
    ['free class then percent basket', [line('a'), line('c')], [FREE_A, SIBLING10], 50000, 23400],
    ['minimum count met: percent off everything but add-ons', [line('camp1'), line('camp2', { addOnIds: ['lunch'] }), line('camp3')], [CAMPS3], 148000, 126700],
    ['never below zero', [line('c')], [HUGE, WELCOME20], 26000, 0],
    ['percent rounds to the cent', [line('c', {})], [d('THIRD', { type: 'percent-basket', percent: 33.333 })], 26000, 17333],
  ])('%s', (_name, lines, discounts, subtotal, total) => {
    const q = quote(lines as BasketLine[], discounts as Discount[]);
    expect(q.problems).toEqual([]);
    expect(q.subtotal).toBe(subtotal);
    expect(q.total).toBe(total);
    expect(q.discountTotal).toBe(subtotal - total);
    expect(q.discounts.reduce((s, x) => s + x.amount, 0)).toBe(subtotal - total);
  });

  it('lists line items: the group first with its classes, then the other classes', () => {
    const q = quote([line('c'), line('a'), line('b')]);
    expect(q.lineItems.map((l) => [l.kind, l.id, l.classIds, l.listPrice, l.price])).toEqual([
      ['group', 'ab', ['a', 'b'], 48000, 44000],
      ['class', 'c', ['c'], 26000, 26000],
    ]);
  });

  it('a bundle line keeps each class at its list and chosen price, and says what it costs separately', () => {
    const q = quote([line('a', { price: 25000 }), line('b')]);
    expect(q.lineItems).toHaveLength(1);
    expect(q.lineItems[0].members).toEqual([
      { classId: 'a', title: 'a', listPrice: 24000, price: 25000 },
      { classId: 'b', title: 'b', listPrice: 24000, price: 24000 },
    ]);
    const separately = q.lineItems[0].members!.reduce((s, m) => s + m.price, 0);
    expect(separately).toBe(49000);
    // Cheaper alone: both classes on their own lines at the chosen prices.
    const alone = quote([line('a', { price: 18000 }), line('b')]);
    expect(alone.lineItems.map((l) => [l.kind, l.id, l.price])).toEqual([['class', 'a', 18000], ['class', 'b', 24000]]);
  });

  it('codes that are not combinable: the best single code applies and the others say which one won', () => {
    const single = (x: Discount) => ({ ...x, combinable: false });
    // $500 of classes: ART15 (15% of c) 3900, WELCOME20 2000, PCT10 (10% of the total) 5000.
    const PCT10 = single(d('PCT10', { type: 'percent-basket', percent: 10 }));
    const q = quote([line('c'), line('b')], [single(ART15), single(WELCOME20), PCT10]);
    expect(q.subtotal).toBe(50000);
    expect(q.discounts.map((x) => x.code)).toEqual(['PCT10']);
    expect(q.total).toBe(45000);
    expect(q.codeProblems).toEqual([
      { about: 'ART15', message: 'ART15 cannot be combined with other codes; PCT10 saves you more.' },
      { about: 'WELCOME20', message: 'WELCOME20 cannot be combined with other codes; PCT10 saves you more.' },
    ]);
  });

  it('combinable codes stack with each other; a single code wins only when it saves more', () => {
    const BIG = { ...d('BIG', { type: 'fixed-basket', amount: 10000 }), combinable: false };
    const both = quote([line('c')], [SIBLING10, WELCOME20]);
    expect(both.total).toBe(21400); // 10 % then $20, both combinable
    const withBig = quote([line('c')], [SIBLING10, WELCOME20, BIG]);
    expect(withBig.discounts.map((x) => x.code)).toEqual(['BIG']);
    expect(withBig.total).toBe(16000);
    expect(withBig.codeProblems.map((p) => p.message)).toEqual([
      'SIBLING10 cannot be combined with BIG, which saves you more.',
      'WELCOME20 cannot be combined with BIG, which saves you more.',
    ]);
    const small = { ...BIG, amount: 500 };
    const withSmall = quote([line('c')], [small, SIBLING10, WELCOME20]);
    expect(withSmall.discounts.map((x) => x.code)).toEqual(['SIBLING10', 'WELCOME20']);
    expect(withSmall.codeProblems.map((p) => p.message)).toEqual(['BIG cannot be combined with other codes; SIBLING10 + WELCOME20 saves you more.']);
  });

  it('a code that does not fit the basket says so and does not take part in the choice', () => {
    const q = quote([line('c')], [{ ...CAMPS3, combinable: false }, { ...WELCOME20, combinable: false }]);
    expect(q.discounts.map((x) => x.code)).toEqual(['WELCOME20']);
    expect(q.codeProblems.map((p) => p.message)).toEqual(['CAMPS3 needs at least 3 Camp classes (you have 0).']);
  });

  it('the sibling rule is a rule: applied to an additional child, never as a typed code', () => {
    const RULE = d('SIBLING', { type: 'sibling-percent', percent: 10, description: 'Sibling discount' });
    const base = { classes: CLASSES, groups: GROUPS, lines: [line('c')], today: '2026-11-22' };
    const second = { childrenBefore: 1, takersByClass: {} };
    expect(priceBasket({ ...base, discounts: [], rules: [RULE] }).total).toBe(26000);
    const sibling = priceBasket({ ...base, discounts: [{ ...WELCOME20, combinable: false }], rules: [RULE], siblings: second });
    // Its own line, after the codes on classes and before the codes on the total.
    expect(sibling.discounts).toEqual([
      { code: 'SIBLING', description: 'Sibling discount', amount: 2600 },
      { code: 'WELCOME20', description: 'WELCOME20', amount: 2000 },
    ]);
    expect(sibling.total).toBe(21400);
    const typed = priceBasket({ ...base, discounts: [RULE], rules: [RULE] });
    expect(typed.total).toBe(26000);
    expect(typed.codeProblems).toEqual([{ about: 'SIBLING', message: 'SIBLING is not a code to type: Sibling discount applies by itself when brothers or sisters enroll.' }]);
    expect(priceBasket({ ...base, discounts: [], rules: [{ ...RULE, active: false }], siblings: second }).total).toBe(26000);
    expect(priceBasket({ ...base, discounts: [], rules: [{ ...RULE, semesterIds: ['other'] }], siblings: second }).total).toBe(26000);
    // Two rules both apply, in the order of their codes whatever order they were read in; the percent is of what the first left.
    const AMOUNT = d('AMOUNT', { type: 'sibling-amount', amount: 1000 });
    expect(priceBasket({ ...base, discounts: [], rules: [RULE, AMOUNT], siblings: second }).discounts.map((x) => [x.code, x.amount])).toEqual([['AMOUNT', 1000], ['SIBLING', 2500]]);
  });

  // Children before this one in the semester, and how many of them take each class.
  const first = { childrenBefore: 0, takersByClass: {} };
  const second = { childrenBefore: 1, takersByClass: { c: 1 } };
  const third = { childrenBefore: 2, takersByClass: { c: 2, a: 1 } };
  const P15 = d('SIB', { type: 'sibling-percent', percent: 15 });
  const A50 = d('SIB', { type: 'sibling-amount', amount: 5000 });
  it.each([
    // [what, lines, rule, siblings, codes, total, sibling line]
    ['percent, 1st child: nothing', [line('c')], P15, first, [], 26000, 0],
    ['percent, 2nd child: each class', [line('c'), line('camp1')], P15, second, [], 60350, 10650],
    ['percent from the 3rd, 2nd child: nothing', [line('c')], { ...P15, siblingFrom: 3 }, second, [], 26000, 0],
    ['percent from the 3rd, 3rd child', [line('c')], { ...P15, siblingFrom: 3 }, third, [], 22100, 3900],
    ['amount, 2nd child: once per class', [line('c'), line('camp1')], A50, second, [], 61000, 10000],
    ['amount on a bundle: once per class in it', [line('a'), line('b')], A50, second, [], 34000, 10000],
    ['percent on a bundle: of the bundle price', [line('a'), line('b')], P15, second, [], 37400, 6600],
    ['percent on a sliding-scale price: of the price chosen', [line('a', { price: 20000 })], P15, second, [], 17000, 3000],
    ['per class, 2nd in c only', [line('c'), line('camp1')], { ...P15, siblingPerClass: true }, second, [], 67100, 3900],
    ['per class from the 3rd: c has two before, a one', [line('c'), line('a')], { ...P15, siblingPerClass: true, siblingFrom: 3 }, third, [], 46100, 3900],
    ['per class on a bundle: only its shared class', [line('a'), line('b')], { ...A50, siblingPerClass: true }, third, [], 39000, 5000],
    ['add-ons are not discounted', [line('b', { addOnIds: ['boots'] })], P15, second, [], 21900, 3600],
    // 15% then 15% off $260: $39, then 15% of the $221 left.
    ['with a code on the class: a percent of what the code left', [line('c')], P15, second, [ART15], 18785, 3315],
    ['15% off by code, then the 10% sibling rule, on $260: $39, then $22.10', [line('c')], d('SIB', { type: 'sibling-percent', percent: 10 }), second, [ART15], 19890, 2210],
    ['a large percent after a code on the class: of what it left', [line('c')], d('SIB', { type: 'sibling-percent', percent: 90 }), second, [ART15], 2210, 19890],
    ['before a code on the total', [line('c')], P15, second, [WELCOME20], 20100, 3900],
    // The bundle ($440, cheaper than $300 + $240) half off, then 15% of the $220 left and of c's $260; boots; $20 off.
    ['bundle + sliding + add-on + codes + 3rd child', [line('a', { price: 30000 }), line('b', { addOnIds: ['boots'] }), line('c')], { ...P15, siblingFrom: 3 }, third, [GROUP50, WELCOME20], 40300, 7200],
    ['an amount never takes a class below zero', [line('c')], d('SIB', { type: 'sibling-amount', amount: 99_999_00 }), second, [], 0, 26000],
    ['never below zero with a free class', [line('a'), line('c')], A50, second, [FREE_A], 21000, 5000],
  ] as const)('%s', (_what, lines, rule, siblings, codes, total, siblingAmount) => {
    const q = priceBasket({ classes: CLASSES, groups: GROUPS, lines: [...lines], discounts: [...codes], rules: [rule], siblings, today: '2026-11-22' });
    expect(q.problems).toEqual([]);
    expect(q.discounts.find((x) => x.code === 'SIB')?.amount ?? 0).toBe(siblingAmount);
    expect(q.total).toBe(total);
    expect(q.total).toBeGreaterThanOrEqual(0);
    expect(q.subtotal - q.discounts.reduce((s, x) => s + x.amount, 0)).toBe(q.total);
  });

  it('a bundle price not used because a chosen sliding price makes its classes cheaper on their own: said in words', () => {
    // The bundle A+B at $440; a at its lowest sliding price ($180) makes them $420 on their own.
    const group = GROUPS[0];
    const [a, b] = group.classIds.map((id) => CLASSES.find((c) => c.id === id)!);
    const low = a.slidingScale!.min;
    const q = priceBasket({ classes: CLASSES, groups: GROUPS, lines: [line(a.id, { price: low }), line(b.id)], discounts: [], today: '2026-11-22' });
    expect(q.lineItems.map((l) => l.kind)).toEqual(['class', 'class']);
    expect(q.total).toBe(low + b.price);
    expect(q.notes).toEqual([
      {
        about: group.id,
        message: `The ${group.name} price (${formatCents(group.price)}) is not used: with the sliding-scale price you chose, its classes come to ${formatCents(low + b.price)}, ${formatCents(group.price - low - b.price)} less.`,
      },
    ]);
    // At the list prices the bundle applies, and there is nothing to say.
    const full = priceBasket({ classes: CLASSES, groups: GROUPS, lines: [line(a.id), line(b.id)], discounts: [], today: '2026-11-22' });
    expect([full.lineItems.map((l) => l.kind), full.notes]).toEqual([['group'], []]);
    // A higher sliding price: the bundle's lower price applies all the same, and the family is told.
    const high = a.slidingScale!.max;
    const generous = priceBasket({ classes: CLASSES, groups: GROUPS, lines: [line(a.id, { price: high }), line(b.id)], discounts: [], today: '2026-11-22' });
    expect([generous.lineItems.map((l) => l.kind), generous.total]).toEqual([['group'], group.price]);
    expect(generous.notes).toEqual([
      { about: group.id, message: `The ${group.name} price (${formatCents(group.price)}) applies: it is less than the sliding-scale prices you chose for its classes (${formatCents(high + b.price)}).` },
    ]);
  });

  it('says what a class-only discount was taken from when the basket has add-ons (10 % of $240, not of $255)', () => {
    const second = { childrenBefore: 1, takersByClass: {} };
    const P10 = { id: 'sib', code: 'SIB', type: 'sibling-percent', percent: 10, description: 'Sibling discount (10%)', active: true, combinable: true, semesterIds: [] } as unknown as Discount;
    const withBoots = priceBasket({ classes: CLASSES, groups: GROUPS, lines: [line('b', { addOnIds: ['boots'] })], discounts: [], rules: [P10], siblings: second, today: '2026-11-22' });
    expect(withBoots.discounts).toEqual([{ code: 'SIB', description: 'Sibling discount (10%)', amount: 2400, ofClasses: 24000 }]);
    expect(discountBasis(withBoots.discounts[0])).toBe(', of the classes’ $240, not the add-ons');
    // Without add-ons there is nothing to question: no basis.
    const plain = priceBasket({ classes: CLASSES, groups: GROUPS, lines: [line('b')], discounts: [], rules: [P10], siblings: second, today: '2026-11-22' });
    expect(plain.discounts[0]).not.toHaveProperty('ofClasses');
    expect(discountBasis(plain.discounts[0])).toBe('');
  });

  it('counts the family from its confirmed enrollments in the semester, each child once', () => {
    const e = (studentId: string, classIds: string[], status: Enrollment['status'] = 'confirmed', semesterIds = ['s']) => ({ studentId, classIds, status, semesterIds });
    const family = [e('ava', ['c', 'a']), e('ava', ['camp1']), e('ben', ['c']), e('cal', ['c'], 'cancelled'), e('dee', ['c'], 'pending_payment'), e('eve', ['c'], 'confirmed', ['other']), e('leo', ['c'])];
    expect(siblingContext(family, 'leo', ['s'])).toEqual({ childrenBefore: 2, takersByClass: { c: 2, a: 1, camp1: 1 } });
    expect(siblingContext(family.slice(6), 'leo', ['s'])).toBeUndefined();
  });

  it('a code limited to semesters works only for classes of those semesters', () => {
    const SPRING = { ...WELCOME20, semesterIds: ['s'] };
    expect(quote([line('c')], [SPRING]).total).toBe(24000);
    const other = priceBasket({ classes: [{ ...CLASSES[2], semesterId: 'camps' }], groups: [], lines: [line('c')], discounts: [SPRING], today: '2026-11-22' });
    expect(other.total).toBe(26000);
    expect(other.codeProblems).toEqual([{ about: 'WELCOME20', message: 'WELCOME20 is not valid for the classes of this semester.' }]);
  });

  it('reports a sliding price out of range, a fixed-price change and unknown classes or add-ons', () => {
    expect(quote([line('a', { price: 17999 })]).problems).toEqual([{ about: 'a', message: 'Choose a price for a within its sliding scale.' }]);
    expect(quote([line('a', { price: 30001 })]).problems).toHaveLength(1);
    expect(quote([line('a', { price: 20000.5 })]).problems).toHaveLength(1);
    expect(quote([line('c', { price: 100 })]).problems).toEqual([{ about: 'c', message: 'c has a fixed price.' }]);
    expect(quote([line('nope')]).problems).toEqual([{ about: 'nope', message: 'This class is not offered.' }]);
    expect(quote([line('b', { addOnIds: ['x'] })]).problems).toEqual([{ about: 'b', message: 'Unknown add-on for b.' }]);
  });

  it('says why a code does not apply, and it changes nothing', () => {
    const cases: [Discount, RegExp][] = [
      [ART15, /does not apply to the selected classes/],
      [CAMPS3, /needs at least 3 Camp classes \(you have 1\)/],
      // A switched-off or expired code is told exactly what an unknown one is.
      [{ ...WELCOME20, active: false }, /^WELCOME20 is not a valid code\.$/],
      [{ ...WELCOME20, expiresOn: '2026-11-21' }, /^WELCOME20 is not a valid code\.$/],
      [EARLY, /^EARLYBIRD is not a valid code\.$/],
    ];
    for (const [discount, message] of cases) {
      const q = quote([line('camp1')], [discount], discount === EARLY ? '2026-12-02' : '2026-11-22');
      expect(q.codeProblems.map((p) => p.message).join()).toMatch(message);
      expect(q.total).toBe(45000);
      expect(q.discounts).toEqual([]);
    }
  });

  it('a code with use limits applies until its uses in all or by this family are taken', () => {
    const LIMITED = { ...WELCOME20, maxUses: 2, maxUsesPerFamily: 1 };
    const withUses = (total: number, family: number) =>
      priceBasket({ classes: CLASSES, groups: GROUPS, lines: [line('c')], discounts: [LIMITED], uses: { total: { WELCOME20: total }, family: { WELCOME20: family } }, today: '2026-11-22' });
    expect(withUses(1, 0).total).toBe(24000);
    expect(quote([line('c')], [LIMITED]).total).toBe(24000);
    expect(withUses(2, 0).total).toBe(26000);
    expect(withUses(2, 0).codeProblems).toEqual([{ about: 'WELCOME20', message: 'WELCOME20 has been used as many times as the school allows.' }]);
    expect(withUses(0, 1).total).toBe(26000);
    expect(withUses(0, 1).codeProblems).toEqual([{ about: 'WELCOME20', message: 'WELCOME20 may be used once per family, and your family has used it.' }]);
    // A code without limits ignores any count.
    expect(priceBasket({ classes: CLASSES, groups: GROUPS, lines: [line('c')], discounts: [WELCOME20], uses: { total: { WELCOME20: 99 }, family: { WELCOME20: 99 } }, today: '2026-11-22' }).total).toBe(24000);
  });

  it('reports unknown codes and uses a code once even if entered twice', () => {
    const q = priceBasket({ classes: CLASSES, groups: GROUPS, lines: [line('c')], discounts: [WELCOME20, WELCOME20], unknownCodes: ['NOPE'], today: '2026-11-22' });
    expect(q.total).toBe(24000);
    expect(q.codeProblems).toEqual([{ about: 'NOPE', message: 'NOPE is not a valid code.' }]);
  });

  it('prices the same class once when it is listed twice', () => {
    expect(quote([line('c'), line('c')]).total).toBe(26000);
  });

  it('an empty basket costs nothing', () => {
    expect(quote([], [WELCOME20]).total).toBe(0);
  });
});
