// A checkout as a plan: from the facts read (the catalogue, the family's documents, the seats the ledger
// picked) to the enrollments, seats and counts it makes, or the words of its refusal. Tables of
// refusals and results; the emulator suites prove the reads and writes around it.
import { describe, expect, it } from 'vitest';
import { CREDIT_CHANGED } from '../../contract/credit';
import type { Enrollment, WaitlistEntry } from '../../contract/domain';
import { CARD_NOT_OFFERED, listingStale, methodRefusal, planCheckout, pricedOrRefused, seatTaken, unlessOffered, specialSeats, type CheckoutFacts, type CheckoutPlan } from '../../functions/src/domain/checkout';
import { isRefusal } from '../../functions/src/domain/refusal';
import { DEFAULT_RELEASES } from '../../functions/src/domain/releases';
import type { Seat, SeatPlan } from '../../functions/src/domain/seats';
import { buildDemoData } from '../../scripts/demo/demoData';

const today = '2026-11-27';
const now = new Date(`${today}T18:00:00.000Z`);
const DEMO = buildDemoData(today);
const ava = DEMO.students.find((s) => s.id === 'demo-ava')!;
const leo = DEMO.students.find((s) => s.id === 'demo-leo')!;
const classes = new Map(DEMO.classes.map((c) => [c.id, c]));
const semesters = new Map(DEMO.semesters.map((s) => [s.id, s]));
const signed = DEFAULT_RELEASES.map((r) => ({ releaseId: r.id, version: r.version, typedName: 'Sam Rivera' }));
const holdEnd = '2026-11-27T18:33:00.000Z';

/** The ledger's plan: each child's classes, each on a free seat unless said otherwise. */
const seatsFor = (asked: { studentId: string; classIds: string[] }[], over: Record<string, SeatPlan['seats'] extends Map<string, infer V> ? V : never> = {}): SeatPlan[] =>
  asked.map((a, i) => ({ studentId: a.studentId, seats: new Map(a.classIds.map((c, k) => [c, `${c}/${a.studentId}` in over ? over[`${c}/${a.studentId}`] : { id: `s00${i}${k}`, source: 'free' as const }])) }));

type FactsOver = Partial<CheckoutFacts> & { children?: { studentId: string; classIds: string[] }[] };

/** Ava in Wild Art, paid at the office, with everything in order. */
function facts(over: FactsOver = {}): CheckoutFacts {
  const asked = over.children ?? [{ studentId: ava.id, classIds: ['wild-art'] }];
  const { children: _children, ...rest } = over;
  return {
    uid: ava.ownerUid,
    payload: {
      children: asked.map((a) => ({ studentId: a.studentId, lines: a.classIds.map((classId) => ({ classId, addOnIds: [] })), infoConfirmed: false, releases: signed })),
      codes: [],
      expectedTotal: 26000,
      idempotencyKey: 'key-0001',
      payWith: 'office',
    },
    now,
    today,
    options: { emailVerified: true, payLaterLimit: 3 },
    ids: asked.map((_, i) => `e${i}`),
    asked,
    seats: seatsFor(asked),
    catalogue: { classes, semesters, rounds: new Map(), groups: [], discounts: [], unknownCodes: [], rules: [] },
    releases: DEFAULT_RELEASES,
    classById: classes,
    students: asked.map((a) => DEMO.students.find((s) => s.id === a.studentId)),
    family: [],
    rostered: [],
    replaced: [],
    special: [],
    specialNow: [],
    entry: null,
    uses: { total: {}, family: {} },
    holdsToday: 0,
    holdEnd,
    credit: 0,
    aidTerms: new Set(),
    ...rest,
  };
}
const withPayload = (over: Partial<CheckoutFacts['payload']>, rest: FactsOver = {}) => {
  const base = facts(rest);
  return { ...base, payload: { ...base.payload, ...over } };
};
const planned = (f: CheckoutFacts): CheckoutPlan => {
  const plan = planCheckout(f);
  if (isRefusal(plan)) throw new Error(plan.message);
  return plan;
};

const unpaid = (id: string): Enrollment => ({ ...({} as Enrollment), id, ownerUid: ava.ownerUid, studentId: leo.id, status: 'confirmed', classIds: ['orienteering'], semesterIds: ['open-term'], total: 26000, balance: 26000, payments: [], discounts: [], releases: [] });
const hold = (id: string, classIds: string[], expiresAt = holdEnd): Enrollment => ({ ...unpaid(id), studentId: ava.id, status: 'pending_payment', classIds, hold: { expiresAt, amount: 26000 } });
const heldSeat = (enrollmentId: string, studentId = ava.id): Seat => ({ state: 'held', classId: 'wild-art', enrollmentId, studentId, ownerUid: ava.ownerUid, until: holdEnd, at: now.toISOString() });
const offerEntry: WaitlistEntry = {
  ...({} as WaitlistEntry),
  id: 'w1',
  ownerUid: ava.ownerUid,
  studentId: ava.id,
  classIds: ['wild-art'],
  status: 'offered',
  quote: { ...({} as WaitlistEntry['quote']), total: 24000, subtotal: 26000, lineItems: [], discounts: [] },
  countedDiscountIds: ['half'],
};

/** Ava's free seat in Wild Art, created and counted, taken (not held), with her roster entry. */
const freeSeatTaken = (seatId: string) => ({
  classId: 'wild-art',
  seatId,
  create: true,
  counts: true,
  seat: { state: 'taken', classId: 'wild-art', enrollmentId: 'e0', studentId: ava.id, ownerUid: ava.ownerUid, at: now.toISOString() },
  roster: { studentId: ava.id, studentName: 'Ava Rivera', enrollmentId: 'e0', ownerUid: ava.ownerUid, seat: seatId, addOns: [] },
});

describe('a checkout refused', () => {
  it.each<[string, CheckoutFacts, string, string]>([
    ['another family’s student', facts({ students: [{ ...ava, ownerUid: 'someone-else' }] }), 'not-found', 'We could not find this student in your account.'],
    ['a student that does not exist', facts({ students: [undefined] }), 'not-found', 'We could not find this student in your account.'],
    ['no seat left', facts({ seats: seatsFor([{ studentId: ava.id, classIds: ['wild-art'] }], { 'wild-art/demo-ava': null }) }), 'failed-precondition', 'Wild Art is full.'],
    ['a child on the roster already', facts({ rostered: [{ classId: 'wild-art', studentId: ava.id, enrollmentId: 'older' }] }), 'failed-precondition', 'Ava is already enrolled in Wild Art.'],
    ['a class for other grades', facts({ children: [{ studentId: ava.id, classIds: ['orienteering'] }] }), 'failed-precondition', 'Ava is in grade 2; Orienteering is for grades 4–8.'],
    ['a year-old profile not confirmed', facts({ students: [{ ...ava, infoReviewedAt: '2025-10-01T00:00:00.000Z' }] }), 'failed-precondition', 'Please confirm that Ava\'s information is still accurate.'],
    ['a release not signed', withPayload({ children: [{ studentId: ava.id, lines: [{ classId: 'wild-art', addOnIds: [] }], infoConfirmed: false, releases: signed.slice(1) }] }), 'failed-precondition', 'Please sign the Medical Release by typing your full name.'],
    ['two classes at the same time', withPayload({ expectedTotal: 50000 }, { children: [{ studentId: ava.id, classIds: ['wild-art', 'nature-journaling'] }] }), 'failed-precondition', 'Nature Journaling (Wednesdays 3:30 pm – 5:00 pm) clashes with Wild Art (Wednesdays 3:15 pm – 5:00 pm).'],
    ['a class of a semester whose places a round gives, before the draw', facts({ catalogue: { ...facts().catalogue, rounds: new Map([['open-term', { entriesOpen: '2026-11-20T17:00:00.000Z', entriesClose: '2026-12-01T17:00:00.000Z', drawn: false }]]) } }), 'failed-precondition', `Places in ${semesters.get('open-term')!.name} are given by a draw, not first come (its entries close Tue, Dec 1, 9:00 AM PST). Seats left after the draw open first come.`],
    ['a code that does not exist', withPayload({ codes: ['NOPE'] }, { catalogue: { ...facts().catalogue, unknownCodes: ['NOPE'] } }), 'failed-precondition', 'NOPE is not a valid code.'],
    ['a price that changed since the review', withPayload({ expectedTotal: 25998 }), 'aborted', 'Prices changed, please review your enrollment before submitting again.'],
    ['an email not verified, paying at the office', facts({ options: { emailVerified: false, payLaterLimit: 3 } }), 'failed-precondition', 'To pay the office later, please verify your email address first (open the link we emailed you), or pay by card.'],
    ['an email not verified, paying by card', withPayload({ payWith: 'card' }, { options: { emailVerified: false, payLaterLimit: 3 } }), 'failed-precondition', 'To hold seats while you pay by card, please verify your email address first (open the link we emailed you).'],
    ['an email not verified, claiming an offer', withPayload({ expectedTotal: 24000 }, { options: { emailVerified: false, payLaterLimit: 3 }, entry: offerEntry }), 'failed-precondition', 'To claim a waitlist offer, please verify your email address first (open the link we emailed you).'],
    ['the office’s limit of unpaid checkouts', facts({ family: [unpaid('u1'), unpaid('u2'), unpaid('u3')] }), 'failed-precondition', 'Your account already has 3 enrollments waiting for payment at the office, the most we keep: please pay this one by card, or pay the others first.'],
    ['too many seats held for card payments', withPayload({ payWith: 'card' }, { family: [hold('h1', Array.from({ length: 12 }, (_, i) => `c${i}`))] }), 'failed-precondition', 'Your account already holds 12 seats waiting for card payments: pay for them, or let them go, before holding more.'],
    ['too many card payments started today', withPayload({ payWith: 'card' }, { holdsToday: 20 }), 'resource-exhausted', 'You have started many card payments today. Please finish one, or try again tomorrow.'],
    ['a deposit where none is offered', withPayload({ payWith: 'card', payDeposit: true }), 'failed-precondition', 'A deposit is not offered for these classes now: please pay in full.'],
  ])('for %s', (_why, f, refused, message) => {
    expect(planCheckout(f)).toEqual({ refused, message });
  });

  it('takes only a way to pay the school offers now, and a price without a problem', () => {
    expect(methodRefusal(['card', 'office'], 'office')).toBeNull();
    expect(methodRefusal(['office'], 'card')).toEqual({ refused: 'failed-precondition', message: 'Card payments are not offered: please choose another way to pay.' });
    expect(methodRefusal(['card'], 'office')).toEqual({ refused: 'failed-precondition', message: 'Please pay by card.' });
    expect(unlessOffered(['office'], 'card', CARD_NOT_OFFERED)).toEqual({ refused: 'failed-precondition', message: 'Card payments are not offered: please pay the office.' });
    expect(unlessOffered(['card', 'office'], 'card', CARD_NOT_OFFERED)).toBeNull();
    const quote = { total: 26000, problems: [] };
    expect(pricedOrRefused(quote)).toBe(quote);
    expect(pricedOrRefused({ total: 0, problems: [{ message: 'Wild Art is not part of this bundle.' }, { message: 'second' }] })).toEqual({ refused: 'invalid-argument', message: 'Wild Art is not part of this bundle.' });
  });

  it('counts a replaced checkout neither against the office’s limit nor as the child being enrolled already', () => {
    const replaced = { ...unpaid('u3'), studentId: ava.id, classIds: ['wild-art'], status: 'pending_payment' as const, hold: { expiresAt: holdEnd, amount: 26000 } };
    const f = facts({ family: [unpaid('u1'), unpaid('u2'), replaced], replaced: [replaced], rostered: [{ classId: 'wild-art', studentId: ava.id, enrollmentId: 'u3' }] });
    expect(planned(f).enrollments).toHaveLength(1);
  });
});

describe('a checkout planned', () => {
  it('first come again once the semester’s round is drawn (its seats left)', () => {
    const drawn = new Map([['open-term', { entriesOpen: '2026-11-20T17:00:00.000Z', entriesClose: '2026-11-25T17:00:00.000Z', drawn: true }]]);
    expect(planned(facts({ catalogue: { ...facts().catalogue, rounds: drawn } })).enrollments).toHaveLength(1);
  });

  it('paid at the office: one confirmed enrollment owing its total, a seat taken with its roster entry, counted once', () => {
    const plan = planned(facts({ payload: { ...facts().payload, children: [{ ...facts().payload.children[0], infoConfirmed: true }] } }));
    expect(plan.held).toBe(false);
    expect(plan.enrollments).toEqual([
      expect.objectContaining({ id: 'e0', ownerUid: ava.ownerUid, studentId: ava.id, studentName: 'Ava Rivera', classIds: ['wild-art'], semesterIds: ['open-term'], total: 26000, balance: 26000, status: 'confirmed', payments: [], idempotencyKey: 'key-0001' }),
    ]);
    expect(plan.enrollments[0].releases).toEqual(signed.map((s) => ({ ...s, signedAt: now.toISOString() })));
    expect(plan.enrollments[0].hold).toBeUndefined();
    expect(plan.seats).toEqual([freeSeatTaken('s0000')]);
    expect(plan).toMatchObject({ reviewed: [ava.id], counted: [], holdsToday: 0, passedOn: new Set() });
  });

  it('by card: held until the hold’s end for the amount asked, on the seat and the roster, and one more card payment today', () => {
    const plan = planned(withPayload({ payWith: 'card' }, { holdsToday: 4 }));
    expect(plan.held).toBe(true);
    expect(plan.enrollments[0]).toMatchObject({ status: 'pending_payment', hold: { expiresAt: holdEnd, amount: 26000 } });
    expect(plan.seats[0].seat).toMatchObject({ state: 'held', until: holdEnd });
    expect(plan.seats[0].roster.holdExpiresAt).toBe(holdEnd);
    expect(plan.holdsToday).toBe(5);
  });

  it('two children: one enrollment each in the order asked, the second child priced by the sibling rule, one checkout naming both', () => {
    const sibling = { ...DEMO.discounts.find((d) => d.type === 'sibling-percent')! };
    const children = [{ studentId: ava.id, classIds: ['wild-art'] }, { studentId: leo.id, classIds: ['orienteering'] }];
    const base = facts({ children, catalogue: { ...facts().catalogue, rules: [sibling] } });
    const siblingOff = Math.round((26000 * sibling.percent) / 100);
    // Leo's profile is more than a year old: the family confirms it is still accurate.
    const plan = planned({ ...base, payload: { ...base.payload, expectedTotal: 52000 - siblingOff, children: base.payload.children.map((c) => ({ ...c, infoConfirmed: true })) } });
    expect(plan.enrollments.map((e) => [e.id, e.studentId, e.total, e.checkoutIds])).toEqual([
      ['e0', ava.id, 26000, ['e0', 'e1']],
      ['e1', leo.id, 26000 - siblingOff, ['e0', 'e1']],
    ]);
    expect(plan.seats.map((s) => `${s.classId}/${s.seatId}/${s.roster.enrollmentId}`)).toEqual(['wild-art/s0000/e0', 'orienteering/s0010/e1']);
  });

  it('with account credit: it pays first, at the office or before the card; all of it paid, nothing is held; what the family was shown must be what is used', () => {
    const office = planned(facts({ credit: 10000 }));
    expect(office.enrollments[0]).toMatchObject({ status: 'confirmed', balance: 16000, payments: [{ id: 'e0-credit', method: 'credit', amount: 10000 }] });
    expect(office.credit).toBe(10000);
    const card = planned(withPayload({ payWith: 'card', expectedCredit: 10000 }, { credit: 10000 }));
    expect(card).toMatchObject({ held: true, credit: 10000, enrollments: [{ status: 'pending_payment', balance: 16000, hold: { amount: 16000 } }] });
    const all = planned(withPayload({ payWith: 'card' }, { credit: 50000 }));
    expect(all).toMatchObject({ held: false, credit: 26000, holdsToday: 0, enrollments: [{ status: 'confirmed', balance: 0, payments: [{ method: 'credit', amount: 26000 }] }] });
    expect(all.enrollments[0].hold).toBeUndefined();
    expect(planCheckout(withPayload({ expectedCredit: 5000 }, { credit: 10000 }))).toEqual({ refused: 'failed-precondition', message: CREDIT_CHANGED });
    // Two children: the first child's part first, then the second's.
    const children = [{ studentId: ava.id, classIds: ['wild-art'] }, { studentId: leo.id, classIds: ['orienteering'] }];
    const base = facts({ children, credit: 30000 });
    const two = planned({ ...base, payload: { ...base.payload, expectedTotal: 52000, children: base.payload.children.map((c) => ({ ...c, infoConfirmed: true })) } });
    expect(two.enrollments.map((e) => [e.balance, e.payments.map((p) => p.amount)])).toEqual([[0, [26000]], [22000, [4000]]]);
  });

  it('goes on with a replaced hold’s seat: passed on (not created, not counted again)', () => {
    const replaced = hold('h1', ['wild-art']);
    const seats = seatsFor([{ studentId: ava.id, classIds: ['wild-art'] }], { 'wild-art/demo-ava': { id: 's0007', source: 'kept' } });
    const special = specialSeats(seats);
    expect(special).toEqual([{ classId: 'wild-art', id: 's0007', source: 'kept', studentId: ava.id }]);
    const plan = planned(facts({ seats, family: [replaced], replaced: [replaced], special, specialNow: [heldSeat('h1')] }));
    expect(plan.seats[0]).toMatchObject({ seatId: 's0007', create: false, counts: false });
    expect(plan.passedOn).toEqual(new Set(['wild-art/demo-ava']));
  });

  it('refuses a kept seat that is no longer the replaced hold’s, and asks for a new listing when it was given back', () => {
    const seats = seatsFor([{ studentId: ava.id, classIds: ['wild-art'] }], { 'wild-art/demo-ava': { id: 's0007', source: 'kept' } });
    const special = specialSeats(seats);
    const replaced = hold('h1', ['wild-art']);
    expect(planCheckout(facts({ seats, replaced: [replaced], special, specialNow: [heldSeat('someone-else')] }))).toEqual({ refused: 'failed-precondition', message: 'Wild Art is full.' });
    expect(listingStale(special, [heldSeat('h1')])).toBe(false);
    expect(listingStale(special, [null])).toBe(true);
    expect(listingStale(special, [{ state: 'reserved', classId: 'wild-art', at: now.toISOString() }])).toBe(true);
  });

  it('claiming a waitlist offer: its seat, the lower price quoted when the family joined, the uses counted then', () => {
    const seats = seatsFor([{ studentId: ava.id, classIds: ['wild-art'] }], { 'wild-art/demo-ava': { id: 's0002', source: 'offer' } });
    const special = specialSeats(seats);
    const offered: Seat = { state: 'offered', classId: 'wild-art', entryId: 'w1', until: holdEnd, at: now.toISOString() };
    const plan = planned(withPayload({ expectedTotal: 24000 }, { seats, special, specialNow: [offered], entry: offerEntry }));
    expect(plan.enrollments[0]).toMatchObject({ total: 24000, waitlistEntryId: 'w1', countedDiscountIds: ['half'] });
    expect(plan.seats[0]).toMatchObject({ seatId: 's0002', create: false, counts: true, seat: { entryId: 'w1', state: 'taken' } });
    expect(plan.counted).toEqual(['half']);
    // The offer's seat given to someone else meanwhile: full.
    expect(planCheckout(withPayload({ expectedTotal: 24000 }, { seats, special, specialNow: [{ ...offered, entryId: 'w9' }], entry: offerEntry }))).toMatchObject({ message: 'Wild Art is full.' });
  });

  it('a late card payment takes the same seat and roster entry as a checkout, taken rather than held', () => {
    const [e] = planned(facts()).enrollments;
    expect(seatTaken(e, 'wild-art', { id: 's0004', source: 'free' }, { counts: true }, now.toISOString())).toEqual(freeSeatTaken('s0004'));
  });
});
