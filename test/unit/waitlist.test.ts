// The waitlist's pure rules: order, bundles as units, claim windows, places.
import { describe, expect, it } from 'vitest';
import type { CartChildQuote, LineItem, WaitlistEntry } from '../../contract/domain';
import { ordinal } from '../../contract/format';
import { claimHours, claimRefusal, entryUsesFree, joinRefusal, newOffer, offerEnd, offersToMake, placeOf, planDecline, planJoin, planLapse, planLeave, planMove, planOfferByHand, planOffers, planRemove, rankBetween, reminderDue, schoolInstant } from '../../functions/src/domain/waitlist';
import type { Seat } from '../../functions/src/domain/seats';
import { buildDemoData } from '../../scripts/demo/demoData';

const entry = (id: string, classIds: string[], rank: number, over: Partial<WaitlistEntry> = {}): WaitlistEntry =>
  ({ id, classIds, rank, joinedAt: new Date(rank).toISOString(), status: 'waiting', ...over }) as WaitlistEntry;
const seats = (...pairs: [string, number][]) => new Map(pairs);

describe('waitlist rules', () => {
  it.each<[string, Pick<WaitlistEntry, 'status' | 'enrollmentId'>, { id: string; status: 'pending_payment' | 'expired' | 'confirmed' } | undefined, boolean]>([
    ['waiting: the entry carries its code uses', { status: 'waiting' }, undefined, false],
    ['offered, its card payment under way: the entry carries them', { status: 'offered', enrollmentId: 'e1' }, { id: 'e1', status: 'pending_payment' }, false],
    ['enrolled: the entry carries them', { status: 'enrolled', enrollmentId: 'e1' }, { id: 'e1', status: 'confirmed' }, false],
    ['left with nothing claimed: free', { status: 'left' }, undefined, true],
    ['left while its card payment is under way: the payment keeps them', { status: 'left', enrollmentId: 'e1' }, { id: 'e1', status: 'pending_payment' }, false],
    ['left after its card payment ended unpaid: free', { status: 'left', enrollmentId: 'e1' }, { id: 'e1', status: 'expired' }, true],
    ['declined, lapsed or removed after its payment ended: free', { status: 'lapsed', enrollmentId: 'e1' }, undefined, true],
    ['another enrollment pending is not its claim: free', { status: 'removed', enrollmentId: 'e1' }, { id: 'e2', status: 'pending_payment' }, true],
  ])('code uses of an entry: %s', (_why, e, claim, free) => expect(entryUsesFree(e, claim)).toBe(free));

  it('offers the seats kept for the waitlist first come first served; offered entries are never offered again', () => {
    const list = [entry('c', ['x'], 3), entry('a', ['x'], 1), entry('b', ['x'], 2)];
    expect(offersToMake(seats(['x', 2]), list).map((e) => e.id)).toEqual(['a', 'b']);
    expect(offersToMake(seats(['x', 1]), [...list, entry('o', ['x'], 0, { status: 'offered' })]).map((e) => e.id)).toEqual(['a']);
    expect(offersToMake(seats(['x', 0]), list)).toEqual([]);
    expect(offersToMake(seats(), list)).toEqual([]);
    // Running the job twice makes one offer: an offered entry holds its own seat and is not offered another.
    expect(offersToMake(seats(['x', 1]), [entry('a', ['x'], 1, { status: 'offered' })])).toEqual([]);
  });

  it('a bundle waits as one unit: offered only when each of its classes has a seat, without holding back a later single class', () => {
    const bundle = entry('bundle', ['x', 'y'], 1);
    const single = entry('single', ['x'], 2);
    expect(offersToMake(seats(['x', 1], ['y', 0]), [bundle, single]).map((e) => e.id)).toEqual(['single']);
    expect(offersToMake(seats(['x', 1], ['y', 1]), [bundle, single]).map((e) => e.id)).toEqual(['bundle']);
  });

  it('gives 48 hours to claim (or the semester’s), 24 within 14 days of the start, 4 within 2 days', () => {
    const now = new Date('2026-11-24T15:00:00Z');
    expect(claimHours(undefined, '2027-01-20', now)).toBe(48);
    expect(claimHours({ waitlistClaimHours: 72 }, '2027-01-20', now)).toBe(72);
    expect(claimHours({ waitlistClaimHours: 72 }, '2026-12-01', now)).toBe(24);
    expect(claimHours(undefined, '2026-12-08', now)).toBe(24);
    expect(claimHours(undefined, '2026-11-26', now)).toBe(4);
    expect(claimHours({ waitlistClaimHours: 12 }, '2026-12-01', now)).toBe(12);
  });

  it('ends an offer at a waking hour of the school: one that would end in the night ends at 8 AM', () => {
    // Times at the school (America/Los_Angeles): PST is UTC−8 in winter, PDT UTC−7 in summer.
    const at = (iso: string) => new Date(iso).toISOString();
    const cases: [string, number, string][] = [
      ['2026-11-24T18:00:00Z', 48, '2026-11-26T18:00:00Z'], // 10 AM → 10 AM two days later: kept
      ['2026-11-25T04:30:00Z', 48, '2026-11-27T04:30:00Z'], // 8:30 PM → 8:30 PM: kept
      ['2026-11-25T05:30:00Z', 48, '2026-11-27T16:00:00Z'], // 9:30 PM → would end 9:30 PM: next 8 AM
      ['2026-11-24T09:00:00Z', 48, '2026-11-26T16:00:00Z'], // 1 AM → would end 1 AM: 8 AM that morning
      ['2026-11-24T07:00:00Z', 4, '2026-11-24T16:00:00Z'], // 11 PM, 4 hours → 3 AM: 8 AM
      ['2026-07-01T10:00:00Z', 24, '2026-07-02T15:00:00Z'], // summer: 3 AM PDT → 8 AM PDT
      ['2026-03-06T11:00:00Z', 48, '2026-03-08T15:00:00Z'], // ends the night the clocks go forward: 8 AM PDT
    ];
    for (const [now, hours, end] of cases) expect(at(offerEnd(new Date(now), hours).toISOString()), `${now} + ${hours} h`).toBe(at(end));
    expect(schoolInstant('2026-11-01', 8).toISOString()).toBe('2026-11-01T16:00:00.000Z'); // the day the clocks go back
    expect(newOffer(undefined, [{ startDate: '2027-01-20' }], new Date('2026-11-25T05:30:00Z')).expiresAt).toBe('2026-11-27T16:00:00.000Z');
  });

  it('reminds once, within 2 hours of the end', () => {
    const offered = (expiresAt: string, remindedAt?: string) => entry('a', ['x'], 1, { status: 'offered', offer: { at: '', expiresAt, ...(remindedAt ? { remindedAt } : {}) } });
    const now = new Date('2026-11-24T15:00:00Z');
    expect(reminderDue(offered('2026-11-24T16:30:00Z'), now)).toBe(true);
    expect(reminderDue(offered('2026-11-24T17:30:00Z'), now)).toBe(false);
    expect(reminderDue(offered('2026-11-24T16:30:00Z', '2026-11-24T14:59:00Z'), now)).toBe(false);
    expect(reminderDue(offered('2026-11-24T14:30:00Z'), now)).toBe(false);
  });

  it('tells a family its place among those waiting for any of its classes, and places a moved entry', () => {
    const list = [entry('a', ['x'], 1), entry('b', ['y'], 2), entry('c', ['x', 'y'], 3), entry('d', ['x'], 4, { status: 'offered' })];
    expect(list.map((e) => placeOf(e, list))).toEqual([1, 1, 3, null]);
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st', '111th']);
    expect(rankBetween(list[0], list[2])).toBe(2);
    expect(rankBetween(undefined, list[0])).toBeLessThan(1);
    expect(rankBetween(list[2], undefined)).toBeGreaterThan(3);
  });
});

describe('serving the waitlists, as a plan', () => {
  const now = new Date('2026-11-27T18:00:00.000Z');
  const DEMO = buildDemoData('2026-11-27');
  const semesters = new Map(DEMO.semesters.map((s) => [s.id, s]));
  const klass = (id: string, capacity: number) => ({ ...DEMO.classes.find((c) => c.id === id)!, capacity });
  const at = now.toISOString();
  const taken = (classId: string): Seat => ({ state: 'taken', classId, enrollmentId: 'e', studentId: 's', ownerUid: 'u', at });
  const reserved = (classId: string): Seat => ({ state: 'reserved', classId, at });
  const ledger = (classId: string, states: (Seat | undefined)[]) => new Map(states.flatMap((s, i) => (s ? [[`s000${i}`, s] as const] : [])));

  it('offers the seat kept for the waitlist before a free one, names it on the offer, and frees the kept seats nobody waits for', () => {
    const classes = [klass('wild-art', 3), klass('orienteering', 2)];
    const seats = new Map([
      ['wild-art', ledger('wild-art', [taken('wild-art'), undefined, reserved('wild-art')])],
      ['orienteering', ledger('orienteering', [reserved('orienteering'), taken('orienteering')])],
    ]);
    const plan = planOffers({ classes, seats, semesters, rounds: new Map(), entries: [entry('b', ['wild-art'], 2), entry('a', ['wild-art'], 1)], now });
    expect(plan.offers.map((o) => [o.entry.id, o.offer.seats])).toEqual([['a', { 'wild-art': 's0002' }], ['b', { 'wild-art': 's0001' }]]);
    expect(plan.offers[0].offer).toEqual({ ...newOffer(semesters.get('open-term'), [classes[0]], now), seats: { 'wild-art': 's0002' } });
    // Nobody waits for Orienteering: its kept seat goes back to the public.
    expect(plan.freed).toEqual([{ classId: 'orienteering', seatId: 's0000' }]);
  });

  it('keeps the seats of a class someone still waits for, and makes no offer in a class no longer open for enrollment', () => {
    const seats = new Map([['wild-art', ledger('wild-art', [reserved('wild-art'), taken('wild-art')])]]);
    const waiting = [entry('a', ['wild-art'], 1)];
    const closed = planOffers({ classes: [{ ...klass('wild-art', 2), registrationDeadline: '2026-11-01' }], seats, semesters, rounds: new Map(), entries: waiting, now });
    expect(closed).toEqual({ offers: [], freed: [] });
    // Open, but the only seat is offered to the first: the second keeps waiting, nothing is freed.
    const plan = planOffers({ classes: [klass('wild-art', 2)], seats, semesters, rounds: new Map(), entries: [...waiting, entry('b', ['wild-art'], 2)], now });
    expect(plan.offers.map((o) => o.entry.id)).toEqual(['a']);
    expect(plan.freed).toEqual([]);
  });

  it('makes no offer in a semester whose registration round is still offering its places in draw order; once it is done, offers again', () => {
    const seats = new Map([['wild-art', ledger('wild-art', [reserved('wild-art'), taken('wild-art')])]]);
    const facts = { classes: [klass('wild-art', 2)], seats, semesters, entries: [entry('a', ['wild-art'], 1)], now };
    const gate = (drawn: boolean) => new Map([['open-term', { entriesOpen: '2026-01-01T00:00:00Z', entriesClose: '2026-01-08T00:00:00Z', drawn }]]);
    expect(planOffers({ ...facts, rounds: gate(false) }).offers).toEqual([]);
    expect(planOffers({ ...facts, rounds: gate(true) }).offers.map((o) => o.entry.id)).toEqual(['a']);
  });
});

describe('the family’s and the office’s hand on the list, as plans', () => {
  const now = new Date('2026-03-02T15:00:00Z');
  const mine = (over: Partial<WaitlistEntry> = {}) => entry('w1', ['x'], 10, { ownerUid: 'fam', studentName: 'Ava', title: 'Creek Critters', history: [], ...over });
  const offered = (expiresAt: string) => mine({ status: 'offered', offer: { at: now.toISOString(), expiresAt } });

  it('the family leaves or declines only its own entry; another family’s is answered as missing', () => {
    expect(planLeave(mine(), 'fam', now)).toMatchObject({ status: 'left', event: { action: 'left', at: now.toISOString() } });
    expect(planLeave(mine({ status: 'left' }), 'fam', now)).toBeNull();
    expect(planLeave(mine(), 'other', now)).toEqual({ refused: 'not-found', message: 'This waitlist entry does not exist.' });
    expect(planDecline(offered('2026-03-03T15:00:00Z'), 'fam', now)).toMatchObject({ status: 'declined' });
    expect(planDecline(mine(), 'fam', now)).toEqual({ refused: 'failed-precondition', message: 'No seat is offered for Creek Critters now.' });
    expect(planDecline(offered('2026-03-03T15:00:00Z'), 'other', now)).toMatchObject({ refused: 'not-found' });
  });

  it('a family claims only an offer still open: not one enrolled already, still waiting, or over', () => {
    expect(claimRefusal(offered('2026-03-03T15:00:00Z'), now)).toBeNull();
    expect(claimRefusal(mine({ status: 'enrolled' }), now)).toEqual({ refused: 'failed-precondition', message: 'Ava is already enrolled in Creek Critters: see My Enrollments.' });
    expect(claimRefusal(mine(), now)).toEqual({ refused: 'failed-precondition', message: 'No seat is offered for Creek Critters yet: Ava is still on the waitlist.' });
    const over = claimRefusal(offered('2026-03-02T14:59:59Z'), now);
    expect(over?.message).toMatch(/^This offer for Creek Critters ended .+ and is no longer open: the seat went to the next family on the waitlist\. You may join the waitlist again\.$/);
    expect(claimRefusal(mine({ status: 'left' }), now)?.message).toBe('This offer for Creek Critters is no longer open: the seat went to the next family on the waitlist. You may join the waitlist again.');
  });

  it('the office removes an entry on the list with its reason, emailed; an offer lapses only once its time is up', () => {
    expect(planRemove(mine(), 'office@example.com', 'Moved away', now)).toEqual({
      status: 'removed', event: { at: now.toISOString(), action: 'removed', by: 'office@example.com', reason: 'Moved away' }, mail: 'removed', reason: 'Moved away',
    });
    expect(planRemove(mine({ status: 'declined' }), 'office@example.com', 'Moved away', now)).toEqual({ refused: 'failed-precondition', message: 'Ava is no longer on this waitlist.' });
    expect(planLapse(offered('2026-03-02T14:59:59Z'), now)).toMatchObject({ status: 'lapsed', mail: 'lapsed' });
    expect(planLapse(offered('2026-03-02T15:00:01Z'), now)).toBeNull();
  });

  it('the office offers a waiting entry the first seat each of its classes can give, or says why not', () => {
    const classes = [{ id: 'x', startDate: '2026-04-01' }, { id: 'y', startDate: '2026-04-01' }];
    const next = planOfferByHand(mine({ classIds: ['x', 'y'] }), classes, [['kept-x', 'free-x'], ['free-y']], undefined, 'office@example.com', now);
    expect(next).toMatchObject({ status: 'offered', offer: { seats: { x: 'kept-x', y: 'free-y' }, by: 'office@example.com' }, history: [{ action: 'offered', by: 'office@example.com' }] });
    expect(planOfferByHand(mine(), classes.slice(0, 1), [[]], undefined, 'office@example.com', now)).toEqual({
      refused: 'failed-precondition', message: 'No seat is free in Creek Critters: raise its capacity, or wait for a seat to free up.',
    });
    expect(planOfferByHand(offered('2026-03-03T15:00:00Z'), classes.slice(0, 1), [['s']], undefined, 'office@example.com', now)).toEqual({ refused: 'failed-precondition', message: 'Ava is not waiting (offered).' });
  });

  it('the office moves a waiting entry before another waiting one, or to the end; never before one no longer waiting', () => {
    const list = [entry('a', ['x'], 100), entry('b', ['x'], 200), entry('gone', ['x'], 150, { status: 'left' }), mine({ rank: 300 })];
    const before = planMove(mine({ rank: 300 }), list, 'b', 'office@example.com', 'Sibling already enrolled', now) as WaitlistEntry;
    expect(before.rank).toBe(150);
    expect(before.history.at(-1)).toEqual({ at: now.toISOString(), action: 'moved', by: 'office@example.com', reason: 'Sibling already enrolled' });
    expect((planMove(entry('a', ['x'], 100, { history: [] }), list, null, 'o', 'r', now) as WaitlistEntry).rank).toBe(1300);
    expect(planMove(mine(), list, 'gone', 'o', 'r', now)).toEqual({ refused: 'not-found', message: 'The entry to move before is not waiting on this list.' });
    expect(planMove(mine({ status: 'offered' }), list, 'a', 'o', 'r', now)).toMatchObject({ refused: 'failed-precondition' });
  });
});

describe('joining the list, as a plan', () => {
  const now = new Date('2026-03-02T15:00:00Z');
  const student = { id: 's1', ownerUid: 'fam', firstName: 'Ava', lastName: 'Lee' };
  const classes = [{ id: 'x', title: 'Creek Critters', semesterId: 'spring' }];
  const facts = { uid: 'fam', emailVerified: true, student, classes, listed: [] as WaitlistEntry[], freeSeats: [null] as (string | null)[] };

  it('refuses in order: an unproven address, another family’s child, a child already waiting, a class with a seat free', () => {
    expect(joinRefusal(facts)).toBeNull();
    expect(joinRefusal({ ...facts, emailVerified: false, student: undefined })).toEqual({ refused: 'failed-precondition', message: 'To join a waitlist, please verify your email address first (open the link we emailed you): offers are sent there.' });
    const missing = { refused: 'not-found', message: 'We could not find this student in your account.' };
    expect(joinRefusal({ ...facts, student: undefined })).toEqual(missing);
    expect(joinRefusal({ ...facts, student: { ...student, ownerUid: 'other' }, freeSeats: ['3'] })).toEqual(missing);
    const waiting = entry('w', ['x'], 1, { studentId: 's1' });
    expect(joinRefusal({ ...facts, listed: [waiting], freeSeats: ['3'] })).toEqual({ refused: 'failed-precondition', message: 'Ava is already on the waitlist for Creek Critters.' });
    // Once off the list (left, enrolled…), the child may wait again; another child on it does not count.
    expect(joinRefusal({ ...facts, listed: [{ ...waiting, status: 'left' }, entry('v', ['x'], 2, { studentId: 's2' })] })).toBeNull();
    expect(joinRefusal({ ...facts, freeSeats: ['3'] })).toEqual({ refused: 'failed-precondition', message: 'Creek Critters has seats: enroll instead of joining the waitlist.' });
    // A bundle is waited for while any of its classes is full.
    const bundle = [...classes, { id: 'y', title: 'Tide Pools', semesterId: 'spring' }];
    expect(joinRefusal({ ...facts, classes: bundle, freeSeats: ['3', '7'] })).toEqual({ refused: 'failed-precondition', message: 'Creek Critters and Tide Pools have seats: enroll instead of joining the waitlist.' });
    expect(joinRefusal({ ...facts, classes: bundle, freeSeats: ['3', null] })).toBeNull();
  });

  const line = (id: string, title: string, price: number, classIds = [id]): LineItem => ({ kind: classIds.length > 1 ? 'group' : 'class', id, semesterId: 'spring', title, classIds, listPrice: price, price, addOns: [] });
  const quote = (over: Partial<CartChildQuote> = {}): CartChildQuote => ({
    studentId: 's1', lineItems: [line('g', 'Creek & Tide bundle', 30000, ['x', 'y'])], discounts: [{ code: 'EARLY', description: '10 % early', amount: 3000 }],
    subtotal: 30000, discountTotal: 3000, total: 27000, problems: [], codeProblems: [], notes: [], ...over,
  });
  const request = { lines: [{ classId: 'x' }, { classId: 'y' }], codes: ['EARLY'], releases: [], infoConfirmed: true, studentId: 's1', expectedTotal: 27000, idempotencyKey: 'k1' } as unknown as Parameters<typeof planJoin>[0]['request'];
  const priced = {
    id: 'w9', uid: 'fam', email: 'fam@example.com', student, now, request, quote: quote(), codeProblems: [],
    classes: [{ id: 'x', semesterId: 'spring' }, { id: 'y', semesterId: 'spring' }],
    freeSeats: [null, '4'] as (string | null)[],
    discounts: [{ id: 'd1', code: 'EARLY', maxUses: 10 }, { id: 'd2', code: 'OTHER', maxUses: 5 }],
  };

  it('puts a priced request on the list as one unit, counting its limited code and keeping a bundle’s free seat', () => {
    const plan = planJoin(priced);
    expect(plan).toEqual({
      entry: {
        id: 'w9', ownerUid: 'fam', email: 'fam@example.com', studentId: 's1', studentName: 'Ava Lee', semesterId: 'spring', classIds: ['x', 'y'], title: 'Creek & Tide bundle',
        request: { lines: request.lines, codes: ['EARLY'], releases: [], infoConfirmed: true },
        quote: { lineItems: quote().lineItems, discounts: quote().discounts, subtotal: 30000, total: 27000 },
        countedDiscountIds: ['d1'],
        joinedAt: now.toISOString(), rank: now.getTime(), status: 'waiting', history: [{ at: now.toISOString(), action: 'joined' }],
      },
      reserve: [{ classId: 'y', seatId: '4' }],
    });
    // A code without a use limit counts nothing; a request to copy the guardians is kept.
    const plain = planJoin({ ...priced, discounts: [{ id: 'd1', code: 'EARLY', maxUses: null }], request: { ...request, copyGuardians: true } });
    expect(plain).not.toHaveProperty('refused');
    expect(plain).toMatchObject({ entry: { request: { copyGuardians: true } } });
    expect((plain as { entry: WaitlistEntry }).entry).not.toHaveProperty('countedDiscountIds');
  });

  it('refuses a code that does not apply, two units at once, and a price changed since the family saw it', () => {
    expect(planJoin({ ...priced, codeProblems: [{ about: 'NOPE', message: '“NOPE” is not a valid code.' }] })).toEqual({ refused: 'failed-precondition', message: '“NOPE” is not a valid code.' });
    expect(planJoin({ ...priced, quote: quote({ lineItems: [line('x', 'Creek Critters', 15000), line('y', 'Tide Pools', 15000)] }) })).toEqual({ refused: 'invalid-argument', message: 'Join the waitlist for one class, or one bundle, at a time.' });
    expect(planJoin({ ...priced, quote: quote({ total: 27002 }) })).toMatchObject({ refused: 'aborted' });
    // A cent off is rounding, not a change.
    expect(planJoin({ ...priced, quote: quote({ total: 27001 }) })).not.toHaveProperty('refused');
  });
});
