// A registration round's plans, pure: what setting a round commits to and refuses, what an entry may
// hold, and which priority group a family falls in. The emulator suite proves the reads and writes.
import { describe, expect, it } from 'vitest';
import { BEACON_STAND_IN, roundTime } from '../../contract/beacon';
import type { ClassGroup, ClassRecord, Release, Semester, Student, WaitlistEntry } from '../../contract/domain';
import { childKey, type PublicRound, type RoundSettings } from '../../contract/rounds';
import { isRefusal, unlessVerified } from '../../functions/src/domain/refusal';
import { demandOf, drawnRound, fairnessOf, groupOf, planEntry, planResults, planRound, roundOf, VERIFY_TO_ENTER, type EntryFacts, type ResultFacts } from '../../functions/src/domain/rounds';
import type { Placement } from '../../contract/draw';

const now = new Date('2026-11-28T18:00:00.000Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
const semester = { id: 'spring', name: 'Spring 2027' } as Semester;
const settings: RoundSettings = { semesterId: 'spring', entriesOpen: at(-1), entriesClose: at(60), drawAt: at(61), claimHours: 48, maxChoices: 2, groups: [] };
const facts = { semester, existing: null, now, chain: BEACON_STAND_IN, seed: { seed: 'ab'.repeat(32), hash: 'cd'.repeat(32) } };
const planned = (input: RoundSettings, over = {}) => planRound(input, { ...facts, ...over });

describe('setting a round', () => {
  it('commits to the seed’s hash and the first beacon round at or after the draw, after entries close', () => {
    const plan = planned(settings);
    if (isRefusal(plan)) throw new Error(plan.message);
    expect(plan.seed).toBe('ab'.repeat(32));
    expect(plan.round).toMatchObject({ seedHash: 'cd'.repeat(32), committedAt: now.toISOString(), entriesHash: null, drawn: null, semesterName: 'Spring 2027' });
    const time = roundTime(BEACON_STAND_IN, plan.round.beacon.round) * 1000;
    expect(time).toBeGreaterThanOrEqual(Date.parse(settings.drawAt));
    expect(roundTime(BEACON_STAND_IN, plan.round.beacon.round - 1) * 1000).toBeLessThan(Date.parse(settings.drawAt));
    expect(plan.round.beacon.time > settings.entriesClose).toBe(true);
  });

  it.each<[string, RoundSettings, object, string]>([
    ['a semester that does not exist', settings, { semester: undefined }, 'This semester does not exist.'],
    ['entries closing before they open', { ...settings, entriesClose: at(-2) }, {}, 'Entries must close after they open.'],
    ['entries already closed', { ...settings, entriesOpen: at(-10), entriesClose: at(-5) }, {}, 'Entries must close in the future.'],
    ['a draw at the close (the beacon’s value would exist before entries close)', { ...settings, drawAt: settings.entriesClose }, {}, 'The draw must come after entries close.'],
    ['a round whose entries have opened', settings, { existing: { ...settings, drawn: null } as unknown as PublicRound }, 'the round can no longer change'],
    ['a round whose entries are committed, even asked with a clock before they opened', { ...settings, entriesOpen: at(10) }, { existing: { ...settings, entriesOpen: at(5), drawn: null, closedAt: at(1) } as unknown as PublicRound }, 'the round can no longer change'],
  ])('refuses %s', (_, input, over, words) => {
    const plan = planned(input, over);
    expect(isRefusal(plan) && plan.message).toContain(words);
  });

  it('may change while entries are still to open (a new commitment each time)', () => {
    const upcoming = { ...settings, entriesOpen: at(10) };
    const plan = planned(upcoming, { existing: { ...upcoming, drawn: null } as unknown as PublicRound, seed: { seed: 'ef'.repeat(32), hash: '01'.repeat(32) } });
    expect(isRefusal(plan) ? plan.message : plan.round.seedHash).toBe('01'.repeat(32));
  });
});

describe('what a round answers before anything is read of it', () => {
  const round = { ...settings, semesterName: 'Spring 2027', drawn: null } as unknown as PublicRound;
  it('takes entries only from a verified address, shows a draw only once drawn, and says when the semester has no round', () => {
    expect(unlessVerified(true, VERIFY_TO_ENTER)).toBeNull();
    expect(unlessVerified(false, VERIFY_TO_ENTER)).toEqual({ refused: 'failed-precondition', message: VERIFY_TO_ENTER });
    expect(roundOf(round)).toBe(round);
    expect(roundOf(null)).toEqual({ refused: 'not-found', message: 'This semester has no registration round.' });
    expect(drawnRound(round)).toEqual({ refused: 'failed-precondition', message: 'This round has not been drawn yet.' });
    expect(drawnRound(null)).toEqual({ refused: 'failed-precondition', message: 'This round has not been drawn yet.' });
    const drawn = { ...round, drawn: { seed: 'ab', beacon: { round: 1, randomness: 'cd', signature: 'ef' } } } as unknown as PublicRound;
    expect(drawnRound(drawn)).toEqual(drawn);
  });
});

describe('an entry', () => {
  const round = { ...settings, semesterName: 'Spring 2027', drawn: null } as unknown as PublicRound;
  // Reviewed two months ago, consents answered, Maria a guardian of both.
  const answered = { guardians: [{ name: 'Maria Rivera' }], infoReviewedAt: at(-60 * 24 * 60), health: { medications: [] }, permissions: { photo: 'yes', sunscreen: true, bugSpray: true } };
  const ava = { id: 'ava', firstName: 'Ava', lastName: 'Rivera', birthDate: '2018-03-01', grade: 2, ...answered } as unknown as Student;
  const leo = { id: 'leo', firstName: 'Leo', lastName: 'Rivera', birthDate: '2015-06-01', grade: 5, ...answered } as unknown as Student;
  const release = { id: 'liability', version: 'v2', title: 'Liability Release', text: 'The school…' } as Release;
  const klass = (id: string, gradeMin: number, gradeMax: number) => [id, { id, title: id.toUpperCase(), gradeMin, gradeMax } as ClassRecord] as const;
  const f: EntryFacts = {
    round,
    now,
    students: [ava, leo],
    classes: new Map([klass('art', 1, 5), klass('teen', 7, 12), klass('mud', 0, 3)]),
    bundles: new Map([['pair', { id: 'pair', classIds: ['art', 'mud'] } as ClassGroup]]),
    existing: null,
    enteredElsewhere: new Map(),
    releases: [release],
    uid: 'u1',
    newId: 'e1',
  };
  const signed = [{ releaseId: 'liability', version: 'v2', typedName: 'Maria Rivera' }];
  const input = { semesterId: 'spring', children: [{ studentId: 'ava', choices: ['art', 'pair'] }, { studentId: 'leo', choices: ['art'] }], linked: true, waitlist: true, releases: signed };

  it('keeps the children, their choices, the link, the signatures and how the family will pay, with each child’s key', () => {
    const plan = planEntry({ ...input, payWith: 'card' }, f);
    if (isRefusal(plan)) throw new Error(plan.message);
    expect(plan.entry).toEqual({ id: 'e1', ownerUid: 'u1', semesterId: 'spring', children: input.children, linked: true, waitlist: true, releases: signed, payWith: 'card', createdAt: now.toISOString(), updatedAt: now.toISOString() });
    expect(plan.keys).toEqual([childKey(ava), childKey(leo)]);
    // One child is never "linked".
    const alone = planEntry({ ...input, children: [input.children[1]] }, f);
    expect(!isRefusal(alone) && alone.entry.linked).toBe(false);
  });

  it.each<[string, Partial<typeof input>, Partial<EntryFacts>, string]>([
    ['before entries open', {}, { round: { ...round, entriesOpen: at(5) } }, 'Entries open '],
    ['after entries close', {}, { now: new Date(Date.parse(at(61))) }, 'entries can no longer change'],
    ['sent before entries closed, arriving once they are committed', {}, { round: { ...round, closedAt: at(0) } }, 'entries can no longer change'],
    ['without a round', {}, { round: null }, 'This semester has no registration round.'],
    ['another family’s child', { children: [{ studentId: 'someone', choices: ['art'] }] }, {}, 'This student does not exist.'],
    ['more choices than the round takes', { children: [{ studentId: 'ava', choices: ['art', 'pair', 'mud'] }] }, {}, 'Ava Rivera: this round takes at most 2 choices per child.'],
    ['a class of another semester', { children: [{ studentId: 'ava', choices: ['elsewhere'] }] }, {}, 'Ava Rivera: one of the choices is not a class of Spring 2027.'],
    ['a class for other grades', { children: [{ studentId: 'leo', choices: ['teen'] }] }, {}, 'Leo Rivera: TEEN is for grades 7–12.'],
    ['a bundle with a class for other grades', { children: [{ studentId: 'leo', choices: ['pair'] }] }, {}, 'Leo Rivera: MUD is for grades K–3.'],
    ['a child another family entered', {}, { enteredElsewhere: new Map([[childKey(ava), 'e9']]) }, 'Ava Rivera is already in another family’s entry for this round'],
    ['without the releases signed', { releases: [] }, {}, 'Ava Rivera: Please sign the Liability Release by typing your full name.'],
    ['signed by someone not a guardian', { releases: [{ ...signed[0], typedName: 'Sam Stranger' }] }, {}, 'Ava Rivera: The Liability Release must be signed by a guardian listed for the student: type Maria Rivera exactly as listed.'],
    ['signed on an older text', { releases: [{ ...signed[0], version: 'v1' }] }, {}, 'Ava Rivera: The Liability Release has changed. Please read it again and sign.'],
    ['a child whose yearly review is due, unconfirmed', {}, { students: [{ ...ava, infoReviewedAt: at(-400 * 24 * 60) }, leo] }, "Please confirm that Ava's information is still accurate."],
    ['a child with a consent unanswered', {}, { students: [ava, { ...leo, permissions: { ...leo.permissions, sunscreen: null } } as unknown as Student] }, 'Please answer each permission for Leo (Health and safety).'],
  ])('is refused %s', (_, over, factsOver, words) => {
    const plan = planEntry({ ...input, ...over }, { ...f, ...factsOver });
    expect(isRefusal(plan) && plan.message).toContain(words);
  });

  it('takes a child due for its yearly review once the family confirms its information (kept on the child, not in the entry)', () => {
    const due = { ...f, students: [{ ...ava, infoReviewedAt: null } as unknown as Student, leo] };
    const plan = planEntry({ ...input, children: [{ ...input.children[0], infoConfirmed: true }, input.children[1]] }, due);
    expect(isRefusal(plan) ? plan.message : plan.entry.children).toEqual(input.children);
  });

  it('keeps its id and first date when changed, and its own children are not “elsewhere”', () => {
    const existing = { id: 'e7', ownerUid: 'u1', semesterId: 'spring', children: [], linked: false, waitlist: true, releases: [], createdAt: at(-30), updatedAt: at(-30) };
    const plan = planEntry(input, { ...f, existing, enteredElsewhere: new Map([[childKey(ava), 'e7']]) });
    if (isRefusal(plan)) throw new Error(plan.message);
    expect([plan.entry.id, plan.entry.createdAt, plan.entry.updatedAt]).toEqual(['e7', at(-30), now.toISOString()]);
  });

  it('knows a child by its name and birth date, whoever types it', () => {
    expect(childKey({ firstName: ' ava ', lastName: 'RIVERA', birthDate: '2018-03-01' })).toBe(childKey(ava));
  });
});

describe('a family’s priority group', () => {
  const groups = [{ rule: 'staff' as const }, { rule: 'returning' as const }];
  it('is the first group whose rule it meets, in the office’s order; everyone else comes after the last', () => {
    expect(groupOf(groups, { staff: true, returning: true, siblings: false, aid: false })).toBe(1);
    expect(groupOf(groups, { staff: false, returning: true, siblings: true, aid: false })).toBe(2);
    expect(groupOf(groups, { staff: false, returning: false, siblings: true, aid: true })).toBe(3);
    expect(groupOf([], { staff: true, returning: true, siblings: true, aid: false })).toBe(1);
  });
  it('can be the families receiving aid, first', () => {
    const aidFirst = [{ rule: 'aid' as const }, ...groups];
    expect(groupOf(aidFirst, { staff: true, returning: true, siblings: false, aid: true })).toBe(1);
    expect(groupOf(aidFirst, { staff: true, returning: true, siblings: false, aid: false })).toBe(2);
  });
});

describe('a drawn entry through the seat ledger', () => {
  const drawnAt = '2026-11-28T18:00:00.000Z';
  const round = { semesterId: 'spring', semesterName: 'Spring 2027', claimHours: 48, drawn: { at: drawnAt } } as PublicRound;
  const student = (id: string, firstName: string) => ({ id, firstName, lastName: 'Reed' }) as Student;
  const students = new Map([['ava', student('ava', 'Ava')], ['leo', student('leo', 'Leo')]]);
  const choices = new Map([
    ['art', { classIds: ['art'], title: 'Art' }],
    ['pond', { classIds: ['pond'], title: 'Pond' }],
    ['pair', { classIds: ['art', 'pond'], title: 'Art and Pond' }],
  ]);
  const priced = (classIds: string[], total: number) => ({ lines: classIds.map((classId) => ({ classId, addOnIds: [] })), quote: { lineItems: [], discounts: [], subtotal: total, total } });
  const quotes = new Map([
    ['ava|art', priced(['art'], 20000)], ['ava|pond', priced(['pond'], 15000)], ['ava|pair', priced(['art', 'pond'], 30000)],
    ['leo|art', priced(['art'], 20000)], ['leo|pond', priced(['pond'], 15000)],
  ]);
  const signed = [{ releaseId: 'liability', version: 'v2', typedName: 'Kim Reed' }];
  const entry = { id: 'e1', ownerUid: 'u1', semesterId: 'spring', linked: false, waitlist: true, releases: signed, payWith: 'office' as const, createdAt: drawnAt, updatedAt: drawnAt, children: [{ studentId: 'ava', choices: ['pair', 'art', 'pond'] }, { studentId: 'leo', choices: ['art', 'pond'] }] };
  const placement = (childId: string, placed: string | null, rank: number | null, turn = 4): Placement => ({ entryId: 'e1', childId, group: 2, number: 0.25, turn, placed, rank, passed: [], linked: false });
  const facts = (over: Partial<ResultFacts> = {}): ResultFacts => ({
    round, entry, students, email: 'reed@example.com', choices, quotes,
    placements: new Map([['e1-1', placement('e1-1', 'art', 1)], ['e1-2', placement('e1-2', null, null)]]),
    free: new Map([['art', ['s0003', 's0004']], ['pond', []]]),
    waiting: [{ id: 'w-early', classIds: ['pond'], rank: 1, status: 'waiting', joinedAt: '2026-11-01T18:00:00.000Z' } as WaitlistEntry],
    now: new Date('2026-11-28T18:00:30.000Z'),
    ...over,
  });

  it('offers the place on a free seat for the round’s claim hours, and lists the child for each choice above it, in draw order', () => {
    const plan = planResults(facts());
    const offered = plan.entries.find((e) => e.status === 'offered')!;
    // 48 hours after 10:00 am at the school: within its waking hours, unchanged.
    expect(offered).toMatchObject({ id: 'e1-1-art', studentId: 'ava', classIds: ['art'], offer: { expiresAt: '2026-11-30T18:00:30.000Z', seats: { art: 's0003' } }, round: { turn: 4 }, request: { releases: signed, codes: [], infoConfirmed: false, payWith: 'office' } });
    // The entry signed the releases and said how it would pay: the place is accepted in one step.
    expect(plan.entries.every((e) => e.request.releases === signed && e.request.payWith === 'office')).toBe(true);
    expect(plan.seats).toEqual([{ classId: 'art', seatId: 's0003', seat: { state: 'offered', classId: 'art', entryId: 'e1-1-art', until: '2026-11-30T18:00:30.000Z', at: '2026-11-28T18:00:30.000Z' } }]);
    // Ava waits for her first choice (the bundle); Leo, placed nowhere, for both his choices; the
    // list's order is the draw's (its time and the turn), behind those already waiting.
    const waiting = plan.entries.filter((e) => e.status === 'waiting');
    expect(waiting.map((e) => [e.id, e.rank])).toEqual([['e1-1-pair', Date.parse(drawnAt) + 0.004], ['e1-2-art', Date.parse(drawnAt) + 0.004], ['e1-2-pond', Date.parse(drawnAt) + 0.004]]);
    expect(plan.results).toEqual([
      // The bundle holds Pond, where a family already waits: second in line.
      { studentId: 'ava', placement: placement('e1-1', 'art', 1), offer: { entryId: 'e1-1-art', expiresAt: '2026-11-30T18:00:30.000Z' }, waiting: [{ choiceId: 'pair', entryId: 'e1-1-pair', place: 2 }] },
      // Behind Ava's bundle on Art, and behind both on Pond.
      { studentId: 'leo', placement: placement('e1-2', null, null), offer: null, waiting: [{ choiceId: 'art', entryId: 'e1-2-art', place: 2 }, { choiceId: 'pond', entryId: 'e1-2-pond', place: 3 }] },
    ]);
  });

  it('moves an offer ending in the night to 8 am at the school', () => {
    const plan = planResults(facts({ now: new Date('2026-11-28T08:00:00.000Z') }));
    // 48 hours after midnight at the school is midnight: the offer ends at 8 am instead (UTC−8).
    expect(plan.entries.find((e) => e.status === 'offered')!.offer!.expiresAt).toBe('2026-11-30T16:00:00.000Z');
  });

  it('waits for a place it cannot offer (no seat free since the draw, or no price), first in line; lists nothing for a family that said no', () => {
    const full = planResults(facts({ free: new Map([['art', []], ['pond', []]]) }));
    expect(full.seats).toEqual([]);
    expect(full.results[0]).toMatchObject({ offer: null, waiting: [{ choiceId: 'pair' }, { choiceId: 'art' }] });
    const unpriced = planResults(facts({ quotes: new Map([...quotes].filter(([k]) => k !== 'ava|art')) }));
    expect(unpriced.results[0].offer).toBeNull();
    const no = planResults(facts({ entry: { ...entry, waitlist: false } }));
    expect(no.entries.map((e) => e.id)).toEqual(['e1-1-art']);
    expect(no.results.map((r) => r.waiting)).toEqual([[], []]);
  });
});

describe('the office’s view of a round', () => {
  it('counts demand against seats: children ranking each choice first and at all, most wanted first', () => {
    const entries = [
      { children: [{ studentId: 'a', choices: ['art', 'pond'] }, { studentId: 'b', choices: ['pond'] }] },
      { children: [{ studentId: 'c', choices: ['art', 'pair', 'pond'] }] },
    ];
    const choices = new Map([['art', { title: 'Art', seats: 1 }], ['pond', { title: 'Pond', seats: 4 }], ['pair', { title: 'Art and Pond', seats: 1 }]]);
    expect(demandOf(entries, choices)).toEqual([
      { choiceId: 'art', title: 'Art', seats: 1, first: 2, ranked: 2 },
      { choiceId: 'pond', title: 'Pond', seats: 4, first: 1, ranked: 3 },
      { choiceId: 'pair', title: 'Art and Pond', seats: 1, first: 0, ranked: 1 },
    ]);
  });

  it('says how each priority group fared, and whether linked brothers and sisters were kept together', () => {
    const p = (entryId: string, childId: string, group: number, placed: string | null, rank: number | null): Placement => ({ entryId, childId, group, number: 0.5, turn: 0, placed, rank, passed: [], linked: false });
    const placements = [p('e1', 'e1-1', 1, 'art', 0), p('e1', 'e1-2', 1, 'art', 1), p('e2', 'e2-1', 2, 'pond', 1), p('e2', 'e2-2', 2, 'art', 0), p('e3', 'e3-1', 2, null, null), p('e4', 'e4-1', 3, 'pond', 2)];
    const entry = (id: string, children: number, linked: boolean) => ({ id, group: 1, linked, children: Array.from({ length: children }, (_, i) => ({ id: `${id}-${i + 1}`, choices: [] })) });
    const fairness = fairnessOf(placements, [entry('e1', 2, true), entry('e2', 2, true), entry('e3', 1, false), entry('e4', 1, false)], ['Returning families', 'Siblings']);
    expect(fairness).toEqual({
      groups: [
        { group: 1, label: 'Returning families', children: 2, first: 1, firstOrSecond: 2, notPlaced: 0 },
        { group: 2, label: 'Siblings', children: 3, first: 1, firstOrSecond: 2, notPlaced: 1 },
        { group: 3, label: 'Everyone else', children: 1, first: 0, firstOrSecond: 0, notPlaced: 0 },
      ],
      // e2's children went to two classes: not kept together.
      siblings: { entries: 2, together: 1 },
    });
  });
});
