// The seat ledger's pure rules: which seat each child of a checkout gets, what a seat given back
// becomes, how a capacity change moves and closes seats, and the checks of a class's books.
import { refuse, type Refusal } from '../../functions/src/domain/refusal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ClassRecord, WaitlistEntry } from '../../contract/domain';
import { aidSeatsLeft, seatsLeft } from '../../functions/src/domain/catalogue';
import { afterCapacity, aidReleased, aidSeatsEnd, classLedgerProblems, freeSeatIds, namedBy, pickSeats, planAidSeats, planCapacity, planSeats, seatAfterRelease, seatId, type Seat } from '../../functions/src/domain/seats';

const AT = '2026-11-25T10:00:00.000Z';
const klass = (id: string, capacity: number) => ({ id, capacity }) as ClassRecord;
const taken = (classId: string, studentId: string, enrollmentId = `e-${studentId}`): Seat => ({ state: 'taken', classId, studentId, enrollmentId, at: AT });
const held = (classId: string, studentId: string, enrollmentId: string, entryId?: string): Seat => ({ state: 'held', classId, studentId, enrollmentId, until: AT, at: AT, ...(entryId ? { entryId } : {}) });
const offered = (classId: string, entryId: string): Seat => ({ state: 'offered', classId, entryId, until: AT, at: AT });
const entry = (id: string, studentId: string, seats: Record<string, string>) => ({ id, studentId, status: 'offered', offer: { at: AT, expiresAt: AT, seats } }) as unknown as WaitlistEntry;
const listing = (classId: string, seats: [string, Seat][]) => new Map([[classId, new Map(seats)]]);
/** The plan as [classId, source, seat id] per child. */
const shown = (plan: ReturnType<typeof planSeats>) => plan.map((p) => [...p.seats].map(([c, s]) => [c, s?.source ?? 'full', s?.id ?? null]));

describe('planSeats: the seat each child gets', () => {
  const classes = new Map([['a', klass('a', 3)]]);
  const cases: { name: string; listed: Map<string, Map<string, Seat>>; replaced?: string[]; offer?: WaitlistEntry; want: (string | null)[][][] }[] = [
    { name: 'a free seat (the only one left)', listed: listing('a', [['s0000', taken('a', 'x')], ['s0002', taken('a', 'y')]]), want: [[['a', 'free', 's0001']]] },
    { name: 'none when the class is full', listed: listing('a', [0, 1, 2].map((n) => [seatId(n), taken('a', `k${n}`)])), want: [[['a', 'full', null]]] },
    {
      name: "the seat its family's replaced hold keeps for it",
      listed: listing('a', [['s0000', taken('a', 'x')], ['s0001', taken('a', 'y')], ['s0002', held('a', 'ada', 'old')]]),
      replaced: ['old'],
      want: [[['a', 'kept', 's0002']]],
    },
    {
      name: 'its offered seat before a hold of the same child (the hold is given back)',
      listed: listing('a', [['s0000', offered('a', 'w1')], ['s0001', held('a', 'ada', 'old')], ['s0002', taken('a', 'y')]]),
      replaced: ['old'],
      offer: entry('w1', 'ada', { a: 's0000' }),
      want: [[['a', 'offer', 's0000']]],
    },
    {
      name: 'a held seat claimed from an offer is not kept by a checkout that is not that claim',
      listed: listing('a', [['s0000', held('a', 'ada', 'claim', 'w1')], ['s0001', taken('a', 'y')]]),
      replaced: ['claim'],
      want: [[['a', 'free', 's0002']]],
    },
  ];
  it.each(cases)('$name', ({ listed, replaced = [], offer, want }) => {
    expect(shown(planSeats([{ studentId: 'ada', classIds: ['a'] }], listed, classes, { replaced: new Set(replaced), offer: offer ?? null }))).toEqual(want);
  });

  it('never gives one free seat to two children, and gives out every free seat before saying full', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 4 }), (used, children) => {
        const capacity = 6;
        const listed = listing('a', Array.from({ length: used }, (_, n) => [seatId(n), taken('a', `k${n}`)] as [string, Seat]));
        const plan = planSeats(Array.from({ length: children }, (_, i) => ({ studentId: `c${i}`, classIds: ['a'] })), listed, new Map([['a', klass('a', capacity)]]), { replaced: new Set(), offer: null });
        const given = plan.map((p) => p.seats.get('a')).filter((s) => s).map((s) => s!.id);
        expect(new Set(given).size).toBe(given.length);
        expect(given.every((id) => !listed.get('a')!.has(id))).toBe(true);
        expect(given.length).toBe(Math.min(children, capacity - used));
      }),
    );
  });
});

describe('free seats', () => {
  it('are the numbers below the capacity that no document uses, picked without repeats', () => {
    expect(freeSeatIds(4, ['s0001', 's0003', 's0007'])).toEqual(['s0000', 's0002']);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 19 })), fc.integer({ min: 0, max: 25 }), (used, count) => {
        const free = freeSeatIds(20, used.map(seatId));
        const picked = pickSeats(free, count);
        if (count > free.length) expect(picked).toBeNull();
        else expect(new Set(picked).size === count && picked!.every((id) => free.includes(id))).toBe(true);
      }),
    );
  });
});

describe('seatAfterRelease: a seat given back', () => {
  it('returns to the open offer it was claimed from, else is kept for those waiting, else is free', () => {
    expect(seatAfterRelease(held('a', 'ada', 'e1', 'w1'), { offerOpenUntil: '2026-11-27T10:00:00.000Z', waiting: true }, AT)).toEqual({ state: 'offered', classId: 'a', entryId: 'w1', until: '2026-11-27T10:00:00.000Z', at: AT });
    expect(seatAfterRelease(held('a', 'ada', 'e1', 'w1'), { offerOpenUntil: null, waiting: true }, AT)).toEqual({ state: 'reserved', classId: 'a', at: AT });
    expect(seatAfterRelease(taken('a', 'ada'), { offerOpenUntil: null, waiting: false }, AT)).toBeNull();
    // An offer that ends is not offered again to the same entry.
    expect(seatAfterRelease(offered('a', 'w1'), { offerOpenUntil: AT, waiting: false }, AT)).toBeNull();
  });
});

describe('planCapacity: a new capacity', () => {
  const seats = new Map<string, Seat>([
    ['s0000', taken('a', 'x')],
    ['s0003', held('a', 'y', 'e-y')],
    ['s0004', { state: 'reserved', classId: 'a', at: AT }],
  ]);
  it('is refused below the seats taken, held and offered', () => {
    expect(planCapacity(1, 5, seats)).toEqual(refuse('failed-precondition', '2 seats are taken, held or offered: the capacity cannot be less than that.'));
  });
  it('moves the used seats above it down, and closes every number above it (a reserved seat there too: closed, not dropped)', () => {
    expect(planCapacity(2, 5, seats)).toEqual({ moves: [{ from: 's0003', to: 's0001' }], close: ['s0002', 's0003', 's0004'], open: [], drop: [] });
  });
  it('never deletes the number a moved seat goes to, even where a reserved seat it drops was', () => {
    // Taken, reserved, offered; down to two: the reserved seat goes, and the offer moves to its number.
    const three = new Map<string, Seat>([
      ['s0000', taken('a', 'x')],
      ['s0001', { state: 'reserved', classId: 'a', at: AT }],
      ['s0002', offered('a', 'w2')],
    ]);
    expect(planCapacity(2, 3, three)).toEqual({ moves: [{ from: 's0002', to: 's0001' }], close: ['s0002'], open: [], drop: [] });
  });
  it('opens the numbers closed before when it goes up again', () => {
    const closed = new Map<string, Seat>([...seats, ['s0001', { state: 'closed', classId: 'a', at: AT }]]);
    expect(planCapacity(6, 6, closed)).toEqual({ moves: [], close: [], open: ['s0001'], drop: [] });
  });
  it('a seat that moves takes its names with it: the child on the roster, the offer it was offered or is held for', () => {
    expect([taken('a', 'x'), held('a', 'y', 'e-y'), held('a', 'z', 'e-z', 'w1'), offered('a', 'w2'), { state: 'reserved', classId: 'a', at: AT } as Seat].map(namedBy)).toEqual([
      { roster: true, offer: false },
      { roster: true, offer: false },
      { roster: true, offer: true },
      { roster: false, offer: true },
      { roster: false, offer: false },
    ]);
  });
});

describe("classLedgerProblems: a class's books", () => {
  it('agree when the roster is the taken and held seats and the count mirrors it', () => {
    const seats = new Map<string, Seat>([['s0000', taken('a', 'x')], ['s0001', held('a', 'y', 'e-y')]]);
    const roster = [{ studentId: 'x', enrollmentId: 'e-x', seat: 's0000' }, { studentId: 'y', enrollmentId: 'e-y', seat: 's0001' }];
    expect(classLedgerProblems({ id: 'a', capacity: 2, enrolledCount: 2 }, seats, roster)).toEqual([]);
    expect(classLedgerProblems({ id: 'a', capacity: 1, enrolledCount: 1 }, seats, roster.slice(0, 1))).toEqual([
      'a: 2 seats in use for a capacity of 1',
      'a: seat s0001 is in use at or above the capacity',
      'a: 2 seats taken or held, 1 on the roster',
    ]);
  });

  it('count a seat kept for a move request as in use, never on the roster; a lower capacity keeps room for it', () => {
    const kept: Seat = { state: 'requested', classId: 'a', enrollmentId: 'e-z', studentId: 'z', ownerUid: 'u', requestId: 'r1', at: AT };
    const seats = new Map<string, Seat>([['s0000', taken('a', 'x')], ['s0001', kept]]);
    const roster = [{ studentId: 'x', enrollmentId: 'e-x', seat: 's0000' }];
    expect(classLedgerProblems({ id: 'a', capacity: 2, enrolledCount: 1, keptSeats: 1 }, seats, roster)).toEqual([]);
    expect(classLedgerProblems({ id: 'a', capacity: 2, enrolledCount: 1 }, seats, roster)).toEqual(['a: keptSeats 0, 1 seats kept for moves']);
    expect(classLedgerProblems({ id: 'a', capacity: 1, enrolledCount: 1, keptSeats: 1 }, seats, roster)).toContain('a: 2 seats in use for a capacity of 1');
    // The public is not offered the kept seat: the class shows full.
    expect(seatsLeft({ capacity: 2, enrolledCount: 1, keptSeats: 1 }, new Date(AT))).toBe(0);
    expect(seatsLeft({ capacity: 3, enrolledCount: 1, keptSeats: 1 }, new Date(AT))).toBe(1);
    expect(planCapacity(1, 2, seats)).toEqual(refuse('failed-precondition', '2 seats are taken, held or offered: the capacity cannot be less than that.'));
    expect(freeSeatIds(2, seats.keys())).toEqual([]);
  });
});

describe('seats kept for aid', () => {
  // Released at the start of Mar 1, school time.
  const aidClass = { capacity: 4, aidSeats: 2, aidSeatsUntil: '2027-03-01' };
  const END = aidSeatsEnd(aidClass)!;
  const before = new Date('2027-02-28T12:00:00Z');
  const after = new Date('2027-03-01T12:00:00Z');
  const aid = (): Seat => ({ state: 'aid', classId: 'a', until: END, at: AT });

  it('open at the start of their release day on the school clock', () => {
    expect(END).toBe('2027-03-01T08:00:00.000Z');
    expect(aidSeatsEnd({ aidSeats: 0, aidSeatsUntil: '2027-03-01' })).toBeNull();
    expect(aidReleased(aid(), before)).toBe(false);
    expect(aidReleased(aid(), after)).toBe(true);
  });

  it('are made on free numbers as the office asks, less those aid families took through them; none after the release', () => {
    const seats = new Map<string, Seat>([['s0000', taken('a', 'x')]]);
    expect(planAidSeats(aidClass, seats, new Date(AT))).toEqual({ create: ['s0001', 's0002'], drop: [], retime: [], until: END });
    seats.set('s0001', { ...taken('a', 'y'), aid: true });
    seats.set('s0002', aid());
    expect(planAidSeats(aidClass, seats, new Date(AT))).toEqual({ create: [], drop: [], retime: [], until: END });
    expect(planAidSeats({ ...aidClass, aidSeats: 0 }, seats, new Date(AT))).toMatchObject({ create: [], drop: ['s0002'] });
    expect(planAidSeats({ ...aidClass, aidSeatsUntil: '2027-04-01' }, seats, new Date(AT))).toMatchObject({ create: [], retime: ['s0002'] });
    expect(planAidSeats(aidClass, seats, after)).toMatchObject({ create: [], drop: ['s0002'] });
    // Never more than the free numbers.
    expect(planAidSeats({ ...aidClass, aidSeats: 4 }, new Map([['s0000', taken('a', 'x')], ['s0001', taken('a', 'z')], ['s0002', taken('a', 'w')]]), new Date(AT)).create).toEqual(['s0003']);
  });

  it('go to a family receiving aid first, and never to another family', () => {
    const listed = listing('a', [['s0000', taken('a', 'x')], ['s0001', aid()], ['s0002', aid()]]);
    const classes = new Map([['a', klass('a', 4)]]);
    const asked = [{ studentId: 'ada', classIds: ['a'] }, { studentId: 'ben', classIds: ['a'] }, { studentId: 'cy', classIds: ['a'] }];
    const own = { replaced: new Set<string>(), offer: null };
    const aided = shown(planSeats(asked, listed, classes, { ...own, aid: { classIds: new Set(['a']), now: before } }));
    expect(aided.map(([[, source]]) => source)).toEqual(['aid', 'aid', 'free']);
    expect(aided.map(([[, , id]]) => id).sort()).toEqual(['s0001', 's0002', 's0003']);
    expect(shown(planSeats(asked, listed, classes, own))).toEqual([[['a', 'free', 's0003']], [['a', 'full', null]], [['a', 'full', null]]]);
    // Past the release they are no one's until given back to everyone (the checkout releases them first).
    expect(shown(planSeats(asked.slice(0, 1), listed, classes, { ...own, aid: { classIds: new Set(['a']), now: after } }))).toEqual([[['a', 'free', 's0003']]]);
  });

  it('a seat taken through one returns to aid when given back before the release, to the waitlist or free after', () => {
    const seat: Seat = { ...taken('a', 'y'), aid: true };
    expect(seatAfterRelease(seat, { offerOpenUntil: null, waiting: true, aidUntil: END }, AT)).toEqual({ state: 'aid', classId: 'a', until: END, at: AT });
    expect(seatAfterRelease(seat, { offerOpenUntil: null, waiting: true, aidUntil: END }, after.toISOString())).toMatchObject({ state: 'reserved' });
    expect(seatAfterRelease(seat, { offerOpenUntil: null, waiting: false, aidUntil: null }, AT)).toBeNull();
  });

  it('a lower capacity drops them before seats kept for the waitlist', () => {
    const seats = new Map<string, Seat>([['s0000', taken('a', 'x')], ['s0001', aid()], ['s0002', aid()], ['s0003', { state: 'reserved', classId: 'a', at: AT }]]);
    // Room for two of the three: the waitlist's seat moves down into the second aid seat's number.
    expect(planCapacity(3, 4, seats)).toEqual({ moves: [{ from: 's0003', to: 's0002' }], close: ['s0003'], open: [], drop: [] });
    expect(planCapacity(2, 4, seats)).toEqual({ moves: [{ from: 's0003', to: 's0001' }], close: ['s0002', 's0003'], open: [], drop: [] });
  });

  it('a seat kept for no one that a lower capacity drops above it is closed, never deleted (a family who read the old capacity could take it)', () => {
    const seats = new Map<string, Seat>([['s0000', taken('a', 'x')], ['s0003', { state: 'reserved', classId: 'a', at: AT }]]);
    const plan = planCapacity(1, 4, seats);
    expect(plan).toEqual({ moves: [], close: ['s0001', 's0002', 's0003'], open: [], drop: [] });
    const after = afterCapacity(seats, plan as Exclude<typeof plan, Refusal>, 'a', AT);
    expect(classLedgerProblems({ id: 'a', capacity: 1, enrolledCount: 1, seatNumbers: 4 }, after, [{ studentId: 'x', enrollmentId: 'e-x', seat: 's0000' }])).toEqual([]);
    after.delete('s0003');
    expect(classLedgerProblems({ id: 'a', capacity: 1, enrolledCount: 1, seatNumbers: 4 }, after, [{ studentId: 'x', enrollmentId: 'e-x', seat: 's0000' }])).toEqual(['a: seat s0003 is above the capacity and not closed']);
  });

  it('count in the books: in use, mirrored by aidKept, never more than the office asked for; the public never sees them as left', () => {
    const seats = new Map<string, Seat>([['s0000', { ...taken('a', 'x'), aid: true }], ['s0001', aid()]]);
    const roster = [{ studentId: 'x', enrollmentId: 'e-x', seat: 's0000' }];
    expect(classLedgerProblems({ id: 'a', capacity: 2, enrolledCount: 1, aidKept: 1, aidSeats: 2 }, seats, roster)).toEqual([]);
    expect(classLedgerProblems({ id: 'a', capacity: 2, enrolledCount: 1, aidSeats: 2 }, seats, roster)).toEqual(['a: aidKept 0, 1 seats kept for aid']);
    expect(classLedgerProblems({ id: 'a', capacity: 2, enrolledCount: 1, aidKept: 1, aidSeats: 1 }, seats, roster)).toEqual(['a: 1 seats kept for aid and 1 taken through them, for 1 asked']);
    expect(classLedgerProblems({ id: 'a', capacity: 1, enrolledCount: 1, aidKept: 1, aidSeats: 2 }, seats, roster)).toContain('a: 2 seats in use for a capacity of 1');
    const stored = { ...aidClass, enrolledCount: 1, aidKept: 1 };
    expect([seatsLeft(stored, before), aidSeatsLeft(stored, before)]).toEqual([2, 1]);
    expect([seatsLeft(stored, after), aidSeatsLeft(stored, after)]).toEqual([3, 0]);
  });
});
