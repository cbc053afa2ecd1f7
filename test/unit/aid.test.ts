// Financial aid in the one pricing engine: the award comes last (after the sliding scale, bundles,
// codes and the sibling rule), as its own line, never below nothing, never on add-ons unless the award
// says so, within each child's cap and what the award has left; a cancellation reprices with it and
// gives back what it no longer takes. Finance's batch never lets a fund give more than it holds.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AID_CODE, aidOnLines, committedOf, FIRST_COME_NOTE, schoolYearOf, type AidApplication, type AidFund } from '../../contract/aid';
import type { ClassGroup, Discount, Enrollment } from '../../contract/domain';
import { formatCents } from '../../contract/format';
import { aidChange, aidOnOwed, aidTakenBy, aidYearStep, byNeed, cartAidOf, childAidRoom, firstComeAward, planAwards, withoutAid } from '../../functions/src/domain/aid';
import { planCancellation } from '../../functions/src/domain/cancellation';
import { priceCart, type CartAid, type CartChild } from '../../functions/src/domain/cart';
import { isRefusal } from '../../functions/src/domain/refusal';
import type { BasketLine, PricedClass } from '../../functions/src/domain/pricing';
import { cls, discount } from '../support/pricing';

const CLASSES: PricedClass[] = [
  cls('a', 24000, { slidingScale: { min: 18000, max: 30000 } }),
  cls('b', 24000, { addOns: [{ id: 'boots', description: 'Boots', price: 1500 }] }),
  cls('c', 26000),
  cls('d', 20000),
];
const GROUPS: ClassGroup[] = [{ id: 'ab', semesterId: 's', name: 'A+B', price: 44000, classIds: ['a', 'b'] }];
const SIB10 = discount('SIB', { type: 'sibling-percent', percent: 10 });
const FALL10 = discount('FALL10', { type: 'percent-basket', percent: 10 });
const WELCOME20 = discount('WELCOME20', { type: 'fixed-basket', amount: 2000 });

const line = (classId: string, over: Partial<BasketLine> = {}): BasketLine => ({ classId, addOnIds: [], ...over });
const child = (studentId: string, ...lines: BasketLine[]): CartChild => ({ studentId, lines });
const award = (over: Partial<CartAid> = {}): CartAid => ({ applicationId: 'app', label: 'Financial aid — Spring', addOns: false, semesterId: 's', studentIds: ['ava', 'ben'], left: 100_000_00, taken: {}, ...over });
const cart = (children: CartChild[], aid: CartAid | undefined, over: { discounts?: Discount[]; rules?: Discount[] } = {}) =>
  priceCart({ classes: CLASSES, groups: GROUPS, children, discounts: over.discounts ?? [], rules: over.rules ?? [], family: [], today: '2026-11-24', ...(aid ? { aid } : {}) });
const aidOf = (q: ReturnType<typeof cart>) => Object.fromEntries(q.children.map((c) => [c.studentId, c.discounts.find((x) => x.code === AID_CODE)?.amount ?? 0]));

describe('an award in the pricing engine', () => {
  it.each([
    // [what, children, award, codes, rules, aid by child, totals by child]
    ['60 % of one class', [child('ava', line('c'))], award({ percent: 60 }), [], [], { ava: 15600 }, { ava: 10400 }],
    ['after the sliding scale the family chose', [child('ava', line('a', { price: 18000 }))], award({ percent: 50 }), [], [], { ava: 9000 }, { ava: 9000 }],
    ['after a bundle’s price; the add-on stays the family’s', [child('ava', line('a'), line('b', { addOnIds: ['boots'] }))], award({ percent: 50 }), [], [], { ava: 22000 }, { ava: 23500 }],
    ['the add-on too when the award says so', [child('ava', line('b', { addOnIds: ['boots'] }))], award({ percent: 50, addOns: true }), [], [], { ava: 12750 }, { ava: 12750 }],
    ['after the codes on the total', [child('ava', line('c'))], award({ percent: 50 }), [FALL10, WELCOME20], [], { ava: 10700 }, { ava: 10700 }],
    ['after the sibling rule, on the 2nd child', [child('ava', line('c')), child('ben', line('d'))], award({ percent: 50 }), [], [SIB10], { ava: 13000, ben: 9000 }, { ava: 13000, ben: 9000 }],
    ['a cap for each child', [child('ava', line('c')), child('ben', line('d'))], award({ percent: 60, capPerChild: 10000 }), [], [], { ava: 10000, ben: 10000 }, { ava: 16000, ben: 10000 }],
    ['what a child took before counts against its cap', [child('ava', line('c'))], award({ percent: 60, capPerChild: 10000, taken: { ava: 7000 } }), [], [], { ava: 3000 }, { ava: 23000 }],
    ['without a cap, what a child took before counts only through what the award has left', [child('ava', line('c'))], award({ left: 30000, taken: { ava: 7000 } }), [], [], { ava: 26000 }, { ava: 0 }],
    ['an amount: all it can, child by child, never below nothing', [child('ava', line('c')), child('ben', line('d'))], award({ left: 30000 }), [], [], { ava: 26000, ben: 4000 }, { ava: 0, ben: 16000 }],
    ['only the children it names', [child('ava', line('c')), child('cal', line('d'))], award({ percent: 50 }), [], [], { ava: 13000, cal: 0 }, { ava: 13000, cal: 20000 }],
    ['nothing left: nothing off', [child('ava', line('c'))], award({ percent: 50, left: 0 }), [], [], { ava: 0 }, { ava: 26000 }],
    ['no award', [child('ava', line('c'))], undefined, [], [], { ava: 0 }, { ava: 26000 }],
  ] as const)('%s', (_what, children, aid, discounts, rules, aidByChild, byChild) => {
    const q = cart([...children], aid, { discounts: [...discounts], rules: [...rules] });
    expect(q.problems).toEqual([]);
    expect(aidOf(q)).toEqual(aidByChild);
    expect(Object.fromEntries(q.children.map((c) => [c.studentId, c.total]))).toEqual(byChild);
    // Its own line, last; each child's figures add up.
    for (const c of q.children) {
      if (aidOf(q)[c.studentId]) expect(c.discounts.at(-1)).toEqual({ code: AID_CODE, description: 'Financial aid — Spring', amount: aidOf(q)[c.studentId] });
      expect(c.subtotal - c.discounts.reduce((s, x) => s + x.amount, 0)).toBe(c.total);
    }
  });

  it('never takes more than the award has left nor a child’s cap, nor below nothing, whatever the basket', () => {
    const ids = ['a', 'b', 'c', 'd'];
    fc.assert(
      fc.property(
        fc.array(fc.subarray(ids, { minLength: 1 }), { minLength: 1, maxLength: 3 }),
        fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }),
        fc.option(fc.integer({ min: 1, max: 40000 }), { nil: undefined }),
        fc.integer({ min: 0, max: 80000 }),
        fc.boolean(),
        (baskets, percent, capPerChild, left, addOns) => {
          const children = baskets.map((classes, i) => child(`k${i}`, ...classes.map((c) => line(c, c === 'b' ? { addOnIds: ['boots'] } : {}))));
          const q = cart(children, award({ percent, capPerChild, left, addOns, studentIds: children.map((c) => c.studentId) }));
          const given = Object.values(aidOf(q)).reduce((s, a) => s + a, 0);
          expect(given).toBeLessThanOrEqual(left);
          for (const c of q.children) {
            expect(c.total).toBeGreaterThanOrEqual(0);
            if (capPerChild !== undefined) expect(aidOf(q)[c.studentId]).toBeLessThanOrEqual(capPerChild);
            const addOnTotal = c.lineItems.reduce((s, l) => s + l.addOns.reduce((x, a) => x + a.price, 0), 0);
            if (!addOns) expect(c.total).toBeGreaterThanOrEqual(Math.min(addOnTotal, c.subtotal - c.discounts.filter((d) => d.code !== AID_CODE).reduce((s, d) => s + d.amount, 0)));
          }
        },
      ),
    );
  });

  it('a cancellation reprices with the award, at most what it took, and gives back the rest', () => {
    const q = cart([child('ava', line('c'), line('d'))], award({ percent: 50, capPerChild: 20000 }));
    const quote = q.children[0];
    expect(aidOf(q).ava).toBe(20000);
    const enrollment = {
      id: 'e1', ownerUid: 'u', studentId: 'ava', studentName: 'Ava', semesterIds: ['s'], classIds: ['c', 'd'], lineItems: quote.lineItems, discounts: quote.discounts,
      subtotal: quote.subtotal, total: quote.total, balance: quote.total, status: 'confirmed', payments: [], releases: [], createdAt: '', idempotencyKey: 'k', aid: quote.aid,
    } as Enrollment;
    const plan = planCancellation({ enrollment, cancelClassIds: ['d'], classes: CLASSES as never, groups: [], discounts: [], enrolledOn: '2026-11-24' });
    // Class c alone: 50 % of $260 = $130 (under the $200 it took), so the family owes $130 and $70 goes back to the award.
    expect(plan.newTotal).toBe(13000);
    expect(plan.discounts).toEqual([{ code: AID_CODE, description: 'Financial aid — Spring', amount: 13000 }]);
    expect(aidChange(enrollment, { ...enrollment, discounts: plan.discounts })).toEqual(new Map([['app', -7000]]));
    const all = planCancellation({ enrollment, cancelClassIds: ['c', 'd'], classes: CLASSES as never, groups: [], discounts: [], enrolledOn: '2026-11-24' });
    expect(aidChange(enrollment, { ...enrollment, discounts: all.discounts })).toEqual(new Map([['app', -20000]]));
  });
});

const application = (id: string, over: Partial<AidApplication> = {}): AidApplication => ({
  id, ownerUid: id, email: `${id}@example.com`, schoolYear: '2026–27', semesterId: 's', semesterName: 'Spring', studentIds: ['k1', 'k2'], childNames: ['Kid One', 'Kid Two'],
  householdSize: 3, incomeBand: '100-185', benefits: false, words: '', status: 'received', submittedAt: '2026-11-01T00:00:00Z', ...over,
});
const FUND: AidFund = { id: 'f', name: 'General', gifts: 50000, transfers: 10000, committed: 20000 };
const plan = (decisions: Parameters<typeof planAwards>[0], apps: AidApplication[] = [application('x'), application('y')]) =>
  planAwards(decisions, { applications: new Map(apps.map((a) => [a.id, a])), funds: new Map([[FUND.id, FUND]]), today: '2026-11-24', at: 'now', by: 'finance@example.com' });

describe('finance’s batch', () => {
  it('commits the most each award can take, fund by fund, never more than the fund holds', () => {
    expect(committedOf({ percent: 60, capPerChild: 15000 }, 2)).toBe(30000);
    expect(committedOf({ amount: 25000 }, 2)).toBe(25000);
    expect(committedOf({ amount: 25000, capPerChild: 10000 }, 2)).toBe(20000);
    const ok = plan([{ applicationId: 'x', award: true, fundId: 'f', percent: 60, capPerChild: 10000, expiresOn: '2027-06-30', note: '' }, { applicationId: 'y', award: false, note: '' }]);
    expect(isRefusal(ok)).toBe(false);
    if (isRefusal(ok)) return;
    expect(ok.funds).toEqual([{ ...FUND, committed: 40000 }]);
    expect(ok.applications.map((a) => [a.status, a.award?.committed])).toEqual([['awarded', 20000], ['declined', undefined]]);
    // $600 in, $200 committed: two awards of $250 fit one at a time, not both.
    const over = plan(['x', 'y'].map((applicationId) => ({ applicationId, award: true, fundId: 'f', amount: 25000, expiresOn: '2027-06-30', note: '' })));
    expect(over).toEqual({ refused: 'failed-precondition', message: `General holds ${formatCents(15000)} now: the award for Kid One and Kid Two (up to ${formatCents(25000)}) is more than that.` });
  });

  it.each([
    ['neither a percent nor an amount', { applicationId: 'x', award: true, fundId: 'f', expiresOn: '2027-06-30', note: '' }, 'For Kid One and Kid Two, give a percent or an amount.'],
    ['a percent without a cap', { applicationId: 'x', award: true, fundId: 'f', percent: 50, expiresOn: '2027-06-30', note: '' }, 'For Kid One and Kid Two, a percent needs a cap for each child (the most the fund can give).'],
    ['an expiry already past', { applicationId: 'x', award: true, fundId: 'f', amount: 100, expiresOn: '2026-11-23', note: '' }, 'For Kid One and Kid Two, give an expiry that is not past.'],
    ['no fund', { applicationId: 'x', award: true, fundId: 'nope', amount: 100, expiresOn: '2027-06-30', note: '' }, 'For Kid One and Kid Two, choose a fund.'],
  ] as const)('refuses %s', (_what, decision, message) => {
    expect(plan([{ ...decision }])).toMatchObject({ message });
  });

  it('refuses an application decided already, or twice in one batch', () => {
    expect(plan([{ applicationId: 'x', award: false, note: '' }], [application('x', { status: 'declined' })])).toMatchObject({ message: 'The application for Kid One and Kid Two was decided already (declined): reload the page.' });
    expect(plan([{ applicationId: 'x', award: false, note: '' }, { applicationId: 'x', award: false, note: '' }])).toMatchObject({ message: 'The application for Kid One and Kid Two is decided twice in this batch.' });
  });

  it('reads the applications most in need first', () => {
    const apps = [
      application('rich', { incomeBand: 'over-300', householdSize: 6 }),
      application('big', { incomeBand: '100-185', householdSize: 6 }),
      application('small', { incomeBand: '100-185', householdSize: 2 }),
      application('snap', { incomeBand: '185-300', benefits: true }),
      application('poor', { incomeBand: 'under-100' }),
    ];
    expect(apps.sort(byNeed).map((a) => a.id)).toEqual(['snap', 'poor', 'big', 'small', 'rich']);
  });

  it('gives a checkout the award while it lasts, with each child’s use so far; a replaced hold gives its part back', () => {
    const awarded = application('x', { status: 'awarded', award: { fundId: 'f', fundName: 'General', percent: 50, capPerChild: 10000, addOns: false, committed: 20000, used: 12000, expiresOn: '2027-01-31', note: '', at: '', by: '' } });
    const e = (id: string, status: Enrollment['status'], amount: number) => ({ id, status, studentId: 'k1', aid: { applicationId: 'x', label: 'L', addOns: false }, discounts: [{ code: AID_CODE, description: 'L', amount }] });
    const family = [e('kept', 'confirmed', 8000), e('held', 'pending_payment', 4000), e('gone', 'expired', 9000)];
    expect(cartAidOf(awarded, '2026-11-24', family, new Set(['held']))).toMatchObject({ left: 12000, taken: { k1: 8000 }, percent: 50, capPerChild: 10000 });
    expect(cartAidOf(awarded, '2027-02-01', family, new Set())).toBeUndefined();
    expect(cartAidOf(application('x'), '2026-11-24', family, new Set())).toBeUndefined();
    expect(aidTakenBy(family)).toEqual(new Map([['x', 21000]]));
  });

  it('a late payment’s aid per child: what it takes beside the room the cap leaves after the child’s other enrollments', () => {
    const e = (id: string, status: Enrollment['status'], studentId: string, amount: number) => ({ id, status, studentId, aid: { applicationId: 'x', label: 'L', addOns: false }, discounts: [{ code: AID_CODE, description: 'L', amount }] });
    // The checkout paid late (expired since), and a newer one for the same child that took aid meanwhile.
    const late = [e('late', 'expired', 'k1', 11000), e('late2', 'expired', 'k2', 3000)];
    const family = [...late, e('newer', 'pending_payment', 'k1', 11000), e('gone', 'expired', 'k1', 9000), e('k2-kept', 'confirmed', 'k2', 5000)];
    expect(childAidRoom(late, family, new Map([['x', 15000]]))).toEqual([
      { taken: 11000, room: 4000 },
      { taken: 3000, room: 10000 },
    ]);
    // No cap, no line; an award the checkout did not use, none either.
    expect(childAidRoom(late, family, new Map())).toEqual([]);
    expect(childAidRoom(late, family, new Map([['y', 15000]]))).toEqual([]);
  });

  it('gives an expired award’s rest back to its fund, and deletes an application two school years after its year', () => {
    const award = { fundId: 'f', fundName: 'General', amount: 20000, addOns: false, committed: 20000, used: 12000, expiresOn: '2027-06-30', note: '', at: '', by: '' };
    expect(aidYearStep({ schoolYear: '2026–27', award }, '2027-06-30')).toBeNull();
    expect(aidYearStep({ schoolYear: '2026–27', award }, '2027-07-01')).toEqual({ step: 'return', amount: 8000 });
    expect(aidYearStep({ schoolYear: '2026–27', award: { ...award, committed: 12000 } }, '2027-07-01')).toBeNull();
    expect(aidYearStep({ schoolYear: '2026–27' }, '2029-07-31')).toBeNull();
    expect(aidYearStep({ schoolYear: '2026–27' }, '2029-08-01')).toEqual({ step: 'delete' });
  });

  it('shows office-only staff a price adjustment instead of an award, wherever it is in an answer', () => {
    const line = { code: AID_CODE, description: 'Financial aid — Spring', amount: 14040 };
    const answer = { rows: [{ id: 'e1', total: 9360, discounts: [{ code: 'SIB', description: 'Sibling', amount: 2600 }, line], aid: { applicationId: 'x', label: 'L', addOns: false } }], total: 1 };
    expect(withoutAid(answer)).toEqual({ rows: [{ id: 'e1', total: 9360, discounts: [{ code: 'SIB', description: 'Sibling', amount: 2600 }, { code: 'adjustment', description: 'Price adjustment', amount: 14040 }] }], total: 1 });
    // Nothing else changes: a field merely named "aid" that is not an award's terms stays.
    expect(withoutAid({ aidGiven: 5, aid: 3, list: [null, 'x'] })).toEqual({ aidGiven: 5, aid: 3, list: [null, 'x'] });
  });

  it('takes an award decided after the family enrolled from what it still owes, oldest first, within the caps', () => {
    const mk = (id: string, studentId: string, total: number, paid: number, over: Partial<Enrollment> = {}) =>
      ({ id, ownerUid: 'u', studentId, studentName: studentId, semesterIds: ['s'], classIds: ['c'], lineItems: [], discounts: [], subtotal: total, total, balance: total - paid, status: 'confirmed', payments: paid ? [{ amount: paid, method: 'cash', note: '', at: '', by: '' }] : [], releases: [], createdAt: `2026-11-0${id.slice(-1)}`, idempotencyKey: id, ...over }) as Enrollment;
    const family = [
      mk('e2', 'ava', 26000, 0),
      mk('e1', 'ava', 20000, 15000),
      mk('e3', 'ben', 26000, 0),
      mk('e4', 'ben', 26000, 0, { status: 'cancelled' }),
      mk('e5', 'cal', 26000, 0),
      mk('e6', 'ben', 26000, 0, { semesterIds: ['other'] }),
    ];
    const { enrollments, taken } = aidOnOwed(family, award({ percent: 50, capPerChild: 15000, left: 25000 }));
    // Ava: e1 first ($100 of half, only $50 owed), then e2 ($130 of half, $100 left of her cap); Ben: what the award has left.
    expect(enrollments.map((e) => [e.id, aidOnLines(e.discounts), e.total, e.balance])).toEqual([
      ['e1', 5000, 15000, 0],
      ['e2', 10000, 16000, 16000],
      ['e3', 10000, 16000, 16000],
    ]);
    expect(taken).toBe(25000);
  });

  it('first come until it runs out: an application is awarded the fund’s terms as it arrives, while the fund holds them', () => {
    const fund = (id: string, name: string, held: number, over: Partial<AidFund> = {}): AidFund => ({ id, name, gifts: held, transfers: 0, committed: 0, firstCome: { percent: 50, capPerChild: 10000, expiresOn: '2027-06-30' }, ...over });
    const app = application('x');
    // Two children at most $100 each: it needs $200 of a fund; the first by name that holds it.
    const made = firstComeAward(app, [fund('b', 'B fund', 50000), fund('a', 'A fund', 15000), fund('c', 'C fund', 90000, { firstCome: null })], '2026-11-24', 'now');
    expect(made).toMatchObject({ fund: { id: 'b', committed: 20000 }, application: { status: 'awarded', award: { fundId: 'b', percent: 50, capPerChild: 10000, committed: 20000, note: FIRST_COME_NOTE, by: 'portal' } } });
    expect(firstComeAward(app, [fund('a', 'A fund', 15000), fund('c', 'C fund', 90000, { firstCome: null })], '2026-11-24', 'now')).toBeNull();
    // Its terms past their date: no award on arrival.
    expect(firstComeAward(app, [fund('b', 'B fund', 50000)], '2027-07-01', 'now')).toBeNull();
  });

  it('counts school years from August', () => {
    expect([schoolYearOf('2026-07-31'), schoolYearOf('2026-08-01'), schoolYearOf('2027-06-15'), schoolYearOf('2099-12-01')]).toEqual(['2025–26', '2026–27', '2026–27', '2099–00']);
  });
});
