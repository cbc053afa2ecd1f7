import { isRefusal, refuse, type Refusal } from '../../functions/src/domain/refusal';
import { describe, expect, it } from 'vitest';
import type { ClassGroup, ClassRecord, Discount, Enrollment, Semester } from '../../contract/domain';
import { balanceOf } from '../../contract/money';
import { applyCancellation, applyTransfer, cancellationRefusal, planAddOns, planCancellation, planTransfer, termEndedRefusal, type TransferPlan } from '../../functions/src/domain/cancellation';
import { priceBasket, type BasketLine } from '../../functions/src/domain/pricing';
import { planOfficeDiscount } from '../../functions/src/domain/payments';

const cls = (id: string, price: number, over: Partial<ClassRecord> = {}) =>
  ({ id, semesterId: 's', title: `Class ${id}`, price, slidingScale: null, addOns: [], classType: 'After-school', ...over }) as ClassRecord;
const CLASSES = [
  cls('a', 24000, { slidingScale: { min: 18000, max: 30000 } }),
  cls('b', 24000, { addOns: [{ id: 'boots', description: 'Boots', price: 1500 }] }),
  cls('c', 26000),
  cls('d', 20000),
];
const GROUPS: ClassGroup[] = [{ id: 'ab', semesterId: 's', name: 'A+B', price: 44000, classIds: ['a', 'b'] }];
const SIBLING10: Discount = {
  id: 'sib', code: 'SIBLING10', description: '10% off', type: 'percent-basket', amount: 0, percent: 10,
  classIds: [], groupIds: [], classTypes: [], minimumCount: 0, expiresOn: '2026-11-30', active: true, combinable: false,
};

/** An enrollment as `enroll` writes it: priced by the same engine. */
function enrolled(lines: BasketLine[], discounts: Discount[], paid: number): Enrollment {
  const q = priceBasket({ classes: CLASSES, groups: GROUPS, lines, discounts, today: '2026-11-20' });
  expect(q.problems).toEqual([]);
  return {
    id: 'e1', ownerUid: 'u', studentId: 'st', studentName: 'Ava Demo', semesterIds: ['s'], classIds: lines.map((l) => l.classId),
    lineItems: q.lineItems, discounts: q.discounts, subtotal: q.subtotal, total: q.total,
    payments: paid ? [{ amount: paid, method: 'check', note: '', at: '2026-11-20T10:00:00Z', by: 'office' }] : [],
    balance: q.total - paid, status: 'confirmed', releases: [], createdAt: '2026-11-20T10:00:00Z', idempotencyKey: 'k',
  };
}
const plan = (e: Enrollment, cancel: string[], classes = CLASSES) =>
  planCancellation({ enrollment: e, cancelClassIds: cancel, classes, groups: GROUPS, discounts: [SIBLING10], enrolledOn: '2026-11-20' });
const details = { note: '', at: '2026-12-01T10:00:00Z', by: 'office@example.com', classTitles: ['x'] };

describe('cancellation priced by the pricing engine', () => {
  it('cancelling one class of a paid basket suggests the difference back', () => {
    const e = enrolled([{ classId: 'c', addOnIds: [] }, { classId: 'd', addOnIds: [] }], [SIBLING10], 41400);
    expect(e.total).toBe(41400);
    const p = plan(e, ['d']);
    // The code expired after the enrollment but is judged as on the day of it: c at 10% off.
    expect(p.newTotal).toBe(23400);
    expect(p.suggestedRefund).toBe(18000);
    const next = applyCancellation(e, p, p.suggestedRefund, details) as Enrollment;
    expect(next).toMatchObject({ classIds: ['c'], total: 23400, balance: 0, status: 'confirmed' });
    expect(balanceOf(next)).toBe(0);
  });

  it('breaking a bundle prices the kept class alone at the sliding price the family chose', () => {
    // a at $220 on its sliding scale + b ($240) = $460 separately, so the $440 bundle applies.
    const e = enrolled([{ classId: 'a', price: 22000, addOnIds: [] }, { classId: 'b', addOnIds: ['boots'] }, { classId: 'c', addOnIds: [] }], [], 0);
    expect(e.total).toBe(44000 + 1500 + 26000);
    const p = plan(e, ['c']);
    expect(p.newTotal).toBe(45500); // bundle intact
    const broken = plan(e, ['b']);
    expect(broken.newTotal).toBe(22000 + 26000); // a at the family's $220, not the $240 list price
    expect(broken.suggestedRefund).toBe(0); // nothing paid yet: the balance just drops
    const next = applyCancellation(e, broken, 0, details) as Enrollment;
    expect(next.balance).toBe(48000);
    expect(next.lineItems.find((l) => l.id === 'a')).toMatchObject({ listPrice: 24000, price: 22000 });
  });

  it('cancelling a bundle member of a paid enrollment refunds the difference at the chosen prices', () => {
    const e = enrolled([{ classId: 'a', price: 25000, addOnIds: [] }, { classId: 'b', addOnIds: [] }], [], 44000);
    expect(e.lineItems).toHaveLength(1); // $250 + $240 > $440: the bundle
    const p = plan(e, ['b']);
    expect(p.newTotal).toBe(25000);
    expect(p.suggestedRefund).toBe(19000);
  });

  it('a sibling discount that applied then still applies to what is kept', () => {
    const rule: Discount = { ...SIBLING10, id: 'sibrule', code: 'SIBLING', type: 'sibling-percent' };
    const q = priceBasket({ classes: CLASSES, groups: GROUPS, lines: [{ classId: 'c', addOnIds: [] }, { classId: 'd', addOnIds: [] }], discounts: [], rules: [rule], siblings: { childrenBefore: 1, takersByClass: {} }, today: '2026-11-20' });
    expect(q.total).toBe(41400);
    const e = { ...enrolled([{ classId: 'c', addOnIds: [] }, { classId: 'd', addOnIds: [] }], [], 41400), lineItems: q.lineItems, discounts: q.discounts, total: q.total, subtotal: q.subtotal };
    const p = planCancellation({ enrollment: e, cancelClassIds: ['d'], classes: CLASSES, groups: GROUPS, discounts: [rule], enrolledOn: '2026-11-20' });
    expect(p.newTotal).toBe(23400);
    expect(p.suggestedRefund).toBe(18000);
  });

  it('a per-class sibling rule reprices what is kept with the family as it was when enrolled', () => {
    // 25 % off the classes a brother or sister takes too: only c was shared.
    const rule: Discount = { ...SIBLING10, id: 'sibrule', code: 'SIBLING', type: 'sibling-percent', percent: 25, siblingPerClass: true };
    const siblings = { childrenBefore: 1, takersByClass: { c: 1 } };
    const lines = [{ classId: 'c', addOnIds: [] }, { classId: 'd', addOnIds: [] }];
    const q = priceBasket({ classes: CLASSES, groups: GROUPS, lines, discounts: [], rules: [rule], siblings, today: '2026-11-20' });
    expect(q.discounts).toEqual([{ code: 'SIBLING', description: '10% off', amount: 6500 }]);
    const e = { ...enrolled(lines, [], q.total), lineItems: q.lineItems, discounts: q.discounts, total: q.total, subtotal: q.subtotal, siblings };
    const keepShared = planCancellation({ enrollment: e, cancelClassIds: ['d'], classes: CLASSES, groups: GROUPS, discounts: [rule], enrolledOn: '2026-11-20' });
    expect(keepShared).toMatchObject({ newTotal: 19500, suggestedRefund: q.total - 19500 });
    const keepOwn = planCancellation({ enrollment: e, cancelClassIds: ['c'], classes: CLASSES, groups: GROUPS, discounts: [rule], enrolledOn: '2026-11-20' });
    expect(keepOwn).toMatchObject({ newTotal: 20000, suggestedRefund: q.total - 20000 });
  });

  it('the prices the family was charged are kept when the office changes a price later', () => {
    const e = enrolled([{ classId: 'c', addOnIds: [] }, { classId: 'd', addOnIds: [] }], [], 46000);
    const raised = CLASSES.map((c) => (c.id === 'c' ? { ...c, price: 99900 } : c));
    expect(plan(e, ['d'], raised).newTotal).toBe(26000);
  });

  it('a smaller refund than suggested is kept as a fee; the balance stays at zero', () => {
    const e = enrolled([{ classId: 'c', addOnIds: [] }, { classId: 'd', addOnIds: [] }], [], 46000);
    const p = plan(e, ['d']);
    const next = applyCancellation(e, p, 15000, details) as Enrollment;
    expect(next.cancellations![0]).toMatchObject({ refund: 15000, fee: 5000 });
    expect(next).toMatchObject({ total: 31000, balance: 0 });
    // A later full cancellation keeps the fee owed and suggests back everything else.
    const all = plan(next, ['c']);
    expect(all.newTotal).toBe(5000);
    expect(all.suggestedRefund).toBe(46000 - 15000 - 5000);
    const done = applyCancellation(next, all, all.suggestedRefund, details) as Enrollment;
    expect(done).toMatchObject({ status: 'cancelled', classIds: [], total: 5000, balance: 0 });
  });

  it('a request to the office about classes now all cancelled is withdrawn and leaves the queue; one with a class left still waits', () => {
    const e = enrolled([{ classId: 'c', addOnIds: [] }, { classId: 'd', addOnIds: [] }], [], 46000);
    const request = (id: string, classIds: string[]) => ({ id, kind: 'cancel' as const, classIds, classTitles: classIds, askedAt: '2026-11-25T10:00:00Z', outcome: { refund: 0, toCard: 0, kept: 0, owes: 0 }, words: '', status: 'waiting' as const });
    const asked = { ...e, requests: [request('q-d', ['d']), request('q-cd', ['c', 'd'])], requestWaiting: true as const };
    const next = applyCancellation(asked, plan(asked, ['d']), 0, details) as Enrollment;
    expect(next.requests!.map((r) => [r.id, r.status])).toEqual([['q-d', 'withdrawn'], ['q-cd', 'waiting']]);
    expect(next.requests![0].decidedAt).toBe(details.at);
    expect(next.requestWaiting).toBe(true);
    const done = applyCancellation(next, plan(next, ['c']), 0, details) as Enrollment;
    expect(done.requests!.map((r) => r.status)).toEqual(['withdrawn', 'withdrawn']);
    expect(done.requestWaiting).toBeUndefined();
  });

  it('refuses a refund above what was paid, foreign classes and a cancelled enrollment', () => {
    const e = enrolled([{ classId: 'c', addOnIds: [] }], [], 10000);
    expect(applyCancellation(e, plan(e, ['c']), 10001, details)).toEqual(refuse('invalid-argument', 'The refund cannot be more than the $100 paid.'));
    expect(cancellationRefusal(e, ['zzz'])).toEqual({ refused: 'failed-precondition', message: 'Only classes of this enrollment can be cancelled.' });
    expect(cancellationRefusal({ ...e, status: 'cancelled' }, ['c'])).toEqual({ refused: 'failed-precondition', message: 'This enrollment is already cancelled.' });
  });

  it('an add-on paid then is repriced at the price paid, whatever the class charges for it now', () => {
    const e = enrolled([{ classId: 'b', addOnIds: ['boots'] }, { classId: 'c', addOnIds: [] }], [], 0);
    const dearer = CLASSES.map((c) => (c.id === 'b' ? { ...c, addOns: [{ id: 'boots', description: 'Boots', price: 9900 }] } : c));
    expect(plan(e, ['c'], dearer).newTotal).toBe(24000 + 1500);
  });
});

describe('a child’s whole term cancelled', () => {
  it('is cancelled up to its last day, not after', () => {
    const winter = { name: 'Winter 2027', endDate: '2027-02-21' };
    expect(termEndedRefusal(winter, '2027-02-21')).toBeNull();
    expect(termEndedRefusal(winter, '2027-02-22')).toEqual(refuse('failed-precondition', 'Winter 2027 has ended: there is nothing left to cancel.'));
  });
});

describe('add-ons taken later', () => {
  const withKits = (c: ClassRecord) => (c.id === 'c' ? { ...c, addOns: [{ id: 'kit', description: 'Art kit', price: 3000 }, { id: 'lunch', description: 'Lunch', price: 5000 }] } : c);
  const classes = CLASSES.map(withKits);
  const addOns = (e: Enrollment, classId: string, ids: string[], discounts = [SIBLING10]) =>
    planAddOns({ enrollment: e, classes, groups: GROUPS, discounts, enrolledOn: '2026-11-20' }, classId, ids);

  it('reprices the enrollment with the add-on at today’s price; a code on the total applies to it as to the rest', () => {
    const e = enrolled([{ classId: 'c', addOnIds: [] }, { classId: 'd', addOnIds: [] }], [SIBLING10], 41400);
    const plan = addOns(e, 'c', ['kit']) as Exclude<ReturnType<typeof addOns>, Refusal>;
    expect(plan.added).toEqual([{ id: 'kit', description: 'Art kit', price: 3000 }]);
    // $460 + $30 = $490, 10 % off the total: $441; $27 more than the $414 paid.
    expect(plan.charge).toBe(2700);
    expect(plan.enrollment).toMatchObject({ subtotal: 49000, total: 44100, balance: 2700, classIds: ['c', 'd'] });
    expect(plan.enrollment.lineItems.find((l) => l.id === 'c')!.addOns).toEqual([{ id: 'kit', description: 'Art kit', price: 3000 }]);
    expect(plan.enrollment.discounts).toEqual([{ code: 'SIBLING10', description: '10% off', amount: 4900 }]);
  });

  it('inside a bundle, the add-on goes with the bundle’s line', () => {
    const e = enrolled([{ classId: 'a', addOnIds: [] }, { classId: 'b', addOnIds: [] }], [], 0);
    const plan = planAddOns({ enrollment: e, classes: CLASSES, groups: GROUPS, discounts: [], enrolledOn: '2026-11-20' }, 'b', ['boots']);
    expect(plan).toMatchObject({ charge: 1500, enrollment: { total: 45500, lineItems: [{ kind: 'group', addOns: [{ id: 'boots' }] }] } });
  });

  it('refuses an add-on taken already, an unknown one, a class of another enrollment, an enrollment the office changed or not confirmed', () => {
    const e = enrolled([{ classId: 'b', addOnIds: ['boots'] }, { classId: 'c', addOnIds: [] }], [], 0);
    expect(planAddOns({ enrollment: e, classes: CLASSES, groups: GROUPS, discounts: [], enrolledOn: '2026-11-20' }, 'b', ['boots'])).toEqual(refuse('failed-precondition', 'Class b already has Boots.'));
    expect(addOns(e, 'c', ['nope'])).toEqual(refuse('failed-precondition', 'Unknown add-on for Class c.'));
    expect(addOns(e, 'd', ['kit'])).toEqual(refuse('failed-precondition', 'Add-ons can be added here only to the classes of this enrollment.'));
    expect(addOns({ ...e, cancellations: [{ classIds: ['x'], classTitles: ['x'], refund: 0, fee: 0, note: '', at: '', by: '' }] }, 'c', ['kit'])).toEqual(refuse('failed-precondition', 'The office has changed this enrollment: please ask the office to add it.'));
    expect(addOns({ ...e, status: 'pending_payment' }, 'c', ['kit'])).toEqual(refuse('failed-precondition', 'Add-ons can be added to a confirmed enrollment only.'));
    expect(addOns({ ...e, status: 'cancelled', classIds: [] }, 'c', ['kit'])).toEqual(refuse('failed-precondition', 'Add-ons can be added to a confirmed enrollment only.'));
    // A code deleted since: the price would not come out as charged.
    const coded = enrolled([{ classId: 'c', addOnIds: [] }], [SIBLING10], 0);
    expect(addOns(coded, 'c', ['kit'], [])).toEqual(refuse('failed-precondition', 'The price of this enrollment has changed since: please ask the office to add it.'));
  });
  it('lets a family add one while its term takes registrations; the office adds one after', () => {
    const e = enrolled([{ classId: 'c', addOnIds: [] }], [], 0);
    const term = { id: 's', name: 'Winter', status: 'open', registrationOpens: '2026-11-01', registrationCloses: '2026-12-31' } as Semester;
    const asked = (today: string, semesters = [term]) => planAddOns({ enrollment: e, classes, groups: GROUPS, discounts: [], enrolledOn: '2026-11-20' }, 'c', ['kit'], { semesters, today });
    expect(asked('2026-12-31')).toMatchObject({ charge: 3000 });
    expect(asked('2027-01-01')).toEqual(refuse('failed-precondition', 'Registration for Winter is closed: please ask the office.'));
    expect(asked('2026-12-01', [{ ...term, status: 'closed' } as Semester])).toEqual(refuse('failed-precondition', 'Registration for Winter is closed: please ask the office.'));
    expect(asked('2026-12-01', [])).toEqual(refuse('failed-precondition', 'Registration for Class c is closed: please ask the office.'));
    // The office: no term asked about.
    expect(planAddOns({ enrollment: e, classes, groups: GROUPS, discounts: [], enrolledOn: '2026-11-20' }, 'c', ['kit'])).toMatchObject({ charge: 3000 });
  });
});

describe('moving a child to another class of the term', () => {
  const move = (e: Enrollment, from: string, to: ClassRecord, free: boolean) => planTransfer({ enrollment: e, classes: [...CLASSES, to], groups: GROUPS, discounts: [SIBLING10], enrolledOn: '2026-11-20' }, from, to, free);
  const cheaper = cls('e', 15000);
  const dearer = cls('f', 30000);

  it.each<[string, number, ClassRecord, boolean, Partial<TransferPlan>]>([
    // c ($260) paid in full, with SIBLING10 (10 % off the basket): the new class at its own price, 10 % off too.
    ['to a cheaper class, paid in full: the difference paid comes back as credit', 23400, cheaper, false, { newTotal: 13500, credit: 9900, owes: 0 }],
    ['to a dearer class, paid in full: the difference is owed', 23400, dearer, false, { newTotal: 27000, credit: 0, owes: 3600 }],
    ['to a cheaper class, nothing paid: only what is owed drops', 0, cheaper, false, { newTotal: 13500, credit: 0, owes: 13500 }],
    ['to a cheaper class, a $200 deposit paid: credit for what was paid beyond the new price', 20000, cheaper, false, { newTotal: 13500, credit: 6500, owes: 0 }],
    ['at no charge: the new class at the price the old one was charged', 23400, dearer, true, { newTotal: 23400, credit: 0, owes: 0 }],
    ['at no charge, to a cheaper class: nothing back either', 23400, cheaper, true, { newTotal: 23400, credit: 0, owes: 0 }],
  ])('%s', (_, paid, to, free, expected) => {
    const e = enrolled([{ classId: 'c', addOnIds: [] }], [SIBLING10], paid);
    const p = move(e, 'c', to, free) as TransferPlan;
    expect(p).toMatchObject({ currentTotal: 23400, ...expected, fromTitle: 'Class c', to: { classId: to.id, title: to.title } });
    const next = applyTransfer(e, p, details);
    // The enrollment: the new class in the old one's place; the move on record with its credit, which counts as given back.
    expect(next).toMatchObject({ classIds: [to.id], total: p.newTotal, balance: p.owes, status: 'confirmed' });
    expect(balanceOf(next)).toBe(p.owes);
    expect(next.cancellations!.at(-1)).toMatchObject({ classIds: ['c'], movedTo: { classId: to.id }, refund: p.credit, fee: 0 });
    expect(next.lineItems.map((l) => l.classIds)).toEqual([[to.id]]);
  });

  it('reprices the classes kept with it: the sibling rule and a bundle stay as charged', () => {
    const e = enrolled([{ classId: 'a', price: 22000, addOnIds: [] }, { classId: 'b', addOnIds: [] }, { classId: 'd', addOnIds: [] }], [], 0);
    const p = move(e, 'd', cheaper, false) as TransferPlan;
    expect(p.newTotal).toBe(e.total - 20000 + 15000);
    expect(p.lineItems.find((l) => l.kind === 'group')).toMatchObject({ classIds: ['a', 'b'] });
  });

  it('refuses a class of a bundle, a class already taken, another term, a foreign class and an enrollment not confirmed', () => {
    const e = enrolled([{ classId: 'a', price: 22000, addOnIds: [] }, { classId: 'b', addOnIds: [] }, { classId: 'd', addOnIds: [] }], [], 0);
    expect(move(e, 'a', cheaper, false)).toEqual(refuse('failed-precondition', 'A+B is a bundle: its classes are not moved one by one. Cancel it instead, or call the office.'));
    expect(move(e, 'd', CLASSES[0], false)).toEqual(refuse('failed-precondition', 'Ava is already enrolled in Class a.'));
    expect(move(e, 'd', cls('g', 100, { semesterId: 'other' }), false)).toEqual(refuse('failed-precondition', 'Class g is in another term: a move is to a class of the same term.'));
    expect(move(e, 'c', cheaper, false)).toEqual(refuse('failed-precondition', 'Only classes of this enrollment can be moved.'));
    expect(move({ ...e, status: 'pending_payment' }, 'd', cheaper, false)).toEqual(refuse('failed-precondition', 'Only a confirmed enrollment can move to another class.'));
  });
});

describe('a discount the office gives by hand', () => {
  const made = (id: string) => ({ id, at: new Date('2026-12-02T10:00:00Z'), by: 'office@example.com' });
  const given = (e: Enrollment, amount: number, id = 'k-1') => {
    const r = planOfficeDiscount(e, { amount, reason: 'Hardship this month' }, made(id));
    if ('refused' in r) throw new Error(r.message);
    return r.enrollment;
  };

  it('takes a fixed amount off what is owed, last, as one "office" line; the same request twice gives it once', () => {
    const e = enrolled([{ classId: 'c', addOnIds: [] }, { classId: 'd', addOnIds: [] }], [SIBLING10], 10000);
    const d = given(e, 5000);
    expect([d.total, balanceOf(d), d.discounts.map((x) => [x.code, x.amount])]).toEqual([e.total - 5000, e.total - 5000 - 10000, [['SIBLING10', 4600], ['office', 5000]]]);
    expect(d.officeDiscounts).toEqual([{ id: 'k-1', amount: 5000, reason: 'Hardship this month', at: '2026-12-02T10:00:00.000Z', by: 'office@example.com' }]);
    expect(planOfficeDiscount(d, { amount: 5000, reason: 'again' }, made('k-1'))).toMatchObject({ refused: 'already-exists' });
    // A second discount adds to the line.
    const twice = given(d, 1000, 'k-2');
    expect([twice.total, twice.discounts.at(-1)]).toEqual([e.total - 6000, { code: 'office', description: 'Office discount', amount: 6000 }]);
  });

  it('never more than is owed (paid money goes back as credit), and only on a confirmed enrollment', () => {
    const paid = enrolled([{ classId: 'c', addOnIds: [] }], [], 26000);
    expect(planOfficeDiscount(paid, { amount: 100, reason: 'x' }, made('k'))).toEqual({ refused: 'failed-precondition', message: 'Nothing is owed on this enrollment: for money already paid, give account credit.' });
    const part = enrolled([{ classId: 'c', addOnIds: [] }], [], 20000);
    expect(planOfficeDiscount(part, { amount: 6001, reason: 'x' }, made('k'))).toEqual({ refused: 'failed-precondition', message: 'A discount lowers what is owed ($60 now): for money already paid, give account credit.' });
    expect(planOfficeDiscount({ ...part, status: 'cancelled' }, { amount: 100, reason: 'x' }, made('k'))).toMatchObject({ refused: 'failed-precondition' });
  });

  it('is kept through a cancellation (never more than what is left) and a move', () => {
    const e = given(enrolled([{ classId: 'c', addOnIds: [] }, { classId: 'd', addOnIds: [] }], [SIBLING10], 0), 5000);
    // One class cancelled: the codes reprice what is left, then the office's $50 comes off.
    const p = plan(e, ['d']);
    expect(p.discounts.map((x) => [x.code, x.amount])).toEqual([['SIBLING10', 2600], ['office', 5000]]);
    expect(p.newTotal).toBe(26000 - 2600 - 5000);
    // Moved to a cheaper class: the discount stays.
    const moved = planTransfer({ enrollment: e, classes: CLASSES, groups: GROUPS, discounts: [SIBLING10], enrolledOn: '2026-11-20' }, 'c', CLASSES[1], false);
    if (isRefusal(moved)) throw new Error(moved.message);
    expect(moved.discounts.at(-1)).toEqual({ code: 'office', description: 'Office discount', amount: 5000 });
    // A discount larger than what is left takes what is left.
    const small = given(enrolled([{ classId: 'd', addOnIds: [] }, { classId: 'c', addOnIds: [] }], [], 0), 30000);
    expect(plan(small, ['c']).newTotal).toBe(0);
  });
});
