// The field sync's plan: each entry kept once by its id, never changed, for the children on the
// class's roster that day and its meeting days; what it cannot keep is held for the office, never
// dropped; corrections name an entry of the same child, kind and meeting; times a phone cannot have
// meant are flagged, as are releases on replaced codes and repeated failed checks.
import { describe, expect, it } from 'vitest';
import {
  adultsWhoMayCollect,
  codeMatches,
  codeWordMatches,
  codeWordTag,
  newSalt,
  offlineCopyUntil,
  phoneTag,
  PICKUP_CANDIDATES_LEFT,
  PICKUP_CHECK_ITERATIONS,
  PICKUP_FALSE_ACCEPT,
  pickupCheckValue,
  pickupText,
  schoolYearOf,
  standing,
  tagOf,
  type AttendanceEntry,
  type AttendanceInput,
  type FieldEntry,
  type FieldEntryInput,
  type FieldSync,
  type PickupInput,
} from '../../contract/field';
import { CODES_PER_CHILD_A_DAY, codeHolders, codesMadeToday, HELD, incidentLines, offlineCopyOf, pickupLines, planFieldSync, seatDaysOf, TOO_MANY_CODES, type FieldFacts } from '../../functions/src/domain/field';
import type { Student } from '../../contract/domain';

const NOW = new Date('2026-10-02T23:55:00.000Z');
const input = (id: string, extra: Partial<AttendanceInput> = {}): AttendanceInput => ({ id: `entry-${id}-0000000000`, kind: 'attendance', studentId: 'kid-a', meeting: '2026-10-02', at: '2026-10-02T22:20:00.000Z', mark: 'present', ...extra });
const sync = (entries: FieldEntryInput[], sentAt = NOW.toISOString()): FieldSync => ({ classId: 'creek', sentAt, entries });
const kept = (i: AttendanceInput, classId = 'creek'): AttendanceEntry => ({ ...i, classId, by: { uid: 'teacher', email: 't@example.com' }, receivedAt: '2026-10-02T23:00:00.000Z' });
const facts = (over: Partial<FieldFacts> = {}): FieldFacts => ({
  now: NOW,
  by: { uid: 'teacher', email: 't@example.com' },
  teaches: true,
  rosterIds: new Set(['kid-a', 'kid-b']),
  seatDays: new Map(),
  meetings: new Set(['2026-09-25', '2026-10-02', '2026-10-09']),
  kept: new Map(),
  held: new Map(),
  codes: new Map(),
  failures: new Map(),
  ...over,
});
const heldAs = (id: string, reason: string) => ({ held: [{ id: `entry-${id}-0000000000`, reason }] });

describe('planFieldSync', () => {
  it('keeps new entries with who sent them and when they arrived', () => {
    const { create, result } = planFieldSync(sync([input('1'), input('2', { studentId: 'kid-b', mark: 'late' })]), facts());
    expect(result).toEqual({ saved: ['entry-1-0000000000', 'entry-2-0000000000'], already: [], held: [] });
    expect(create[1]).toEqual({ ...input('2', { studentId: 'kid-b', mark: 'late' }), classId: 'creek', by: { uid: 'teacher', email: 't@example.com' }, receivedAt: NOW.toISOString() });
  });

  it.each([
    ['sent again, the same', [input('1')], new Map([['entry-1-0000000000', kept(input('1'))]]), { already: ['entry-1-0000000000'] }],
    ['the same id twice in one sync', [input('1'), input('1')], new Map(), { saved: ['entry-1-0000000000'], already: ['entry-1-0000000000'] }],
    ['sent again with another mark', [input('1', { mark: 'absent' })], new Map([['entry-1-0000000000', kept(input('1'))]]), heldAs('1', HELD.changed)],
    ['a child not on the roster that day', [input('1', { studentId: 'kid-gone' })], new Map(), heldAs('1', HELD.notOnRoster)],
    ['a day the class does not meet', [input('1', { meeting: '2026-10-03' })], new Map(), heldAs('1', HELD.notAMeeting)],
    ['a meeting still to come', [input('1', { meeting: '2026-10-09' })], new Map(), heldAs('1', HELD.toCome)],
    ['a correction of an entry kept', [input('2', { mark: 'absent', corrects: 'entry-1-0000000000' })], new Map([['entry-1-0000000000', kept(input('1'))]]), { saved: ['entry-2-0000000000'] }],
    ['a correction of an entry in the same sync', [input('1'), input('2', { mark: 'absent', corrects: 'entry-1-0000000000' })], new Map(), { saved: ['entry-1-0000000000', 'entry-2-0000000000'] }],
    ['a correction of nothing', [input('2', { corrects: 'entry-9-0000000000' })], new Map(), heldAs('2', HELD.correctsNothing)],
    ['a correction of another child’s entry', [input('2', { corrects: 'entry-1-0000000000' })], new Map([['entry-1-0000000000', kept(input('1', { studentId: 'kid-b' }))]]), heldAs('2', HELD.correctsNothing)],
    ['a correction of another class’s entry', [input('2', { corrects: 'entry-1-0000000000' })], new Map([['entry-1-0000000000', kept(input('1'), 'other')]]), heldAs('2', HELD.correctsNothing)],
    ['a correction of another meeting’s entry', [input('2', { corrects: 'entry-1-0000000000' })], new Map([['entry-1-0000000000', kept(input('1', { meeting: '2026-09-25' }))]]), heldAs('2', HELD.correctsNothing)],
  ])('%s', (_name, entries, before, expected) => {
    const { create, hold, result } = planFieldSync(sync(entries), facts({ kept: before }));
    expect(result).toEqual({ saved: [], already: [], held: [], ...expected });
    expect(create.map((e) => e.id)).toEqual(result.saved);
    expect(hold.map((e) => [e.id, e.reason])).toEqual(result.held.map((h) => [h.id, h.reason]));
  });

  it('holds everything for the office when the caller no longer teaches the class; sent again, it is answered as held again, once', () => {
    const entries = [input('1'), { ...input('2'), kind: 'incident', incident: { time: '15:20', where: 'Meadow', what: 'Bee sting', firstAid: 'Ice', told: 'Parent' } } as FieldEntryInput];
    const first = planFieldSync(sync(entries), facts({ teaches: false }));
    expect(first.create).toEqual([]);
    expect(first.result.held.map((h) => h.reason)).toEqual([HELD.notTaught, HELD.notTaught]);
    expect(first.hold[1]).toMatchObject({ id: entries[1].id, kind: 'incident', classId: 'creek', by: { uid: 'teacher' }, receivedAt: NOW.toISOString(), reason: HELD.notTaught });
    const again = planFieldSync(sync(entries), facts({ teaches: false, held: new Map(first.hold.map((h) => [h.id, h])) }));
    expect(again.hold).toEqual([]);
    expect(again.result).toEqual({ saved: [], already: [], held: first.result.held });
  });

  it('keeps, flagged, an entry for a child who held a seat that day and has left the roster since', () => {
    const gone = { seatDays: new Map([['kid-gone', [{ from: '2026-09-01', to: '2026-10-02' }]]]) };
    const { create, result } = planFieldSync(sync([input('1', { studentId: 'kid-gone' })]), facts(gone));
    expect(result.saved).toEqual(['entry-1-0000000000']);
    expect(create[0].flags).toEqual(['off-roster']);
    // Left the day before: held for the office instead.
    const before = { seatDays: new Map([['kid-gone', [{ from: '2026-09-01', to: '2026-10-01' }]]]) };
    expect(planFieldSync(sync([input('1', { studentId: 'kid-gone' })]), facts(before)).result.held).toEqual([{ id: 'entry-1-0000000000', reason: HELD.notOnRoster }]);
  });

  it('flags every entry of a phone whose clock is more than 10 minutes off, either way, and no other', () => {
    const at = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();
    expect(planFieldSync(sync([input('1')], at(10)), facts()).create[0].clockOffMinutes).toBeUndefined();
    expect(planFieldSync(sync([input('1')], at(-10)), facts()).create[0].flags).toBeUndefined();
    expect(planFieldSync(sync([input('1'), input('2')], at(11)), facts()).create.map((e) => [e.clockOffMinutes, e.flags])).toEqual([
      [11, ['clock-off']],
      [11, ['clock-off']],
    ]);
    expect(planFieldSync(sync([input('1')], at(-45)), facts()).create[0].clockOffMinutes).toBe(-45);
  });

  it.each([
    ['a dose stamped years before its meeting', '2020-01-01T17:00:00.000Z', ['outside-meeting-day']],
    ['a mark stamped after the phone sent it', '2099-12-31T17:00:00.000Z', ['after-sending']],
    ['a mark of last week’s meeting typed up days later', '2026-09-28T03:00:00.000Z', undefined],
    ['a time within the tolerance after sending', new Date(NOW.getTime() + 9 * 60_000).toISOString(), undefined],
  ])('flags the time of %s', (_name, at, flags) => {
    const meeting = at.startsWith('2026-09-28') ? '2026-09-25' : '2026-10-02';
    expect(planFieldSync(sync([input('1', { at, meeting })]), facts()).create[0].flags).toEqual(flags);
  });

  it('meetings up to today (with the tolerance) are kept; the next day’s is held', () => {
    // NOW is 4:55 pm on Oct 2 at the school: a meeting of Oct 2 is today's.
    expect(planFieldSync(sync([input('1')]), facts()).result.saved).toHaveLength(1);
    expect(planFieldSync(sync([input('1', { meeting: '2026-10-09' })]), facts()).result.held[0].reason).toBe(HELD.toCome);
  });
});

describe('pickups checked on a code the family replaced since, and failed checks again and again', () => {
  const pickup = (id: string, over: Partial<PickupInput> = {}): PickupInput => ({ id: `entry-${id}-0000000000`, kind: 'pickup', studentId: 'kid-a', meeting: '2026-10-02', at: '2026-10-02T23:50:00.000Z', adult: 'Sam Rivera', check: 'code', codesIssuedAt: '2026-09-01T00:00:00.000Z', ...over });
  const codes = (issuedAt: string, adults = ['Sam Rivera', 'Jo Lee']) => ({ codes: new Map([['kid-a', { issuedAt, adults: new Set(adults) }]]) });
  it.each([
    ['the codes the phone checked are the current ones', pickup('1'), codes('2026-09-01T00:00:00.000Z'), undefined],
    ['new codes were made before the release', pickup('1'), codes('2026-10-02T20:00:00.000Z'), ['old-code']],
    ['new codes were made after the release (it was right then)', pickup('1'), codes('2026-10-03T01:00:00.000Z'), undefined],
    ['the adult is no longer on the list', pickup('1'), codes('2026-09-01T00:00:00.000Z', ['Jo Lee']), ['adult-removed']],
    ['the child has no codes this school year any more', pickup('1'), {}, ['old-code']],
    ['a release on the code word is not a code', pickup('1', { check: 'code-word', codesIssuedAt: undefined }), codes('2026-10-02T20:00:00.000Z'), undefined],
  ])('%s', (_name, entry, c, flags) => {
    const plan = planFieldSync(sync([entry]), facts(c));
    expect(plan.create[0].flags).toEqual(flags);
    expect(plan.oldCodeReleases.map((e) => e.id)).toEqual(flags ? [entry.id] : []);
  });

  it('the third failed check of a child at a meeting escalates (once); every later one stays flagged', () => {
    const wrong = (id: string) => pickup(id, { check: id.endsWith('w') ? 'wrong-code-word' : 'wrong-code', codesIssuedAt: undefined });
    const first = planFieldSync(sync([wrong('1'), wrong('2w')]), facts());
    expect(first.escalations).toEqual([]);
    expect(first.create.map((e) => e.flags)).toEqual([undefined, undefined]);
    const third = planFieldSync(sync([wrong('3'), wrong('4w')]), facts({ failures: new Map([['kid-a/2026-10-02', 2]]) }));
    expect(third.escalations.map((e) => e.id)).toEqual([wrong('3').id]);
    expect(third.create.map((e) => e.flags)).toEqual([['repeated-failures'], ['repeated-failures']]);
    // Another meeting, another child: counted apart.
    expect(planFieldSync(sync([{ ...wrong('5'), meeting: '2026-09-25' }, { ...wrong('6'), studentId: 'kid-b' }]), facts({ failures: new Map([['kid-a/2026-10-02', 2]]) })).escalations).toEqual([]);
  });
});

describe('seatDaysOf', () => {
  const enrollment = (over: object) => ({ classIds: ['creek'], status: 'confirmed' as const, createdAt: '2026-09-01T18:00:00.000Z', ...over });
  it('reads the days a child held a seat from its enrollments', () => {
    expect(seatDaysOf([enrollment({})], 'creek')).toEqual([{ from: '2026-09-01', to: '9999-12-31' }]);
    expect(seatDaysOf([enrollment({ cancellations: [{ classIds: ['creek'], at: '2026-10-03T01:00:00.000Z' }] })] as never, 'creek')).toEqual([{ from: '2026-09-01', to: '2026-10-02' }]);
    // Cancelled, the class leaves the enrollment's classes: its cancellation still names it.
    expect(seatDaysOf([enrollment({ classIds: [], status: 'cancelled', cancellations: [{ classIds: ['creek'], at: '2026-10-03T01:00:00.000Z' }] })] as never, 'creek')).toEqual([{ from: '2026-09-01', to: '2026-10-02' }]);
    expect(seatDaysOf([enrollment({ status: 'expired', hold: { releasedAt: '2026-09-01T19:00:00.000Z' } })] as never, 'creek')).toEqual([{ from: '2026-09-01', to: '2026-09-01' }]);
    expect(seatDaysOf([enrollment({ status: 'cancelled' })], 'creek')).toEqual([]);
    expect(seatDaysOf([enrollment({})], 'pond')).toEqual([]);
  });
});

describe('standing', () => {
  it('lets a correction win over the entry it names, even from a phone whose clock is behind', () => {
    const first = kept(input('first', { at: '2026-10-02T22:20:00.000Z', mark: 'present' }));
    const fix = kept(input('fix', { at: '2026-10-02T22:15:00.000Z', mark: 'absent', corrects: first.id }));
    const other = kept(input('other', { studentId: 'kid-b', at: '2026-10-02T22:10:00.000Z' }));
    expect(standing([first, fix, other]).map((e) => e.id).sort()).toEqual([fix.id, other.id].sort());
    expect(standing([fix, first, other]).map((e) => e.id).sort()).toEqual([fix.id, other.id].sort());
  });

  it('orders entries that do not name each other by when they reached the server, never by the phone’s time', () => {
    const a = { ...kept(input('a', { at: '2026-10-02T22:20:00.000Z', mark: 'present' })), receivedAt: '2026-10-02T22:21:00.000Z' };
    const b = { ...kept(input('b', { at: '2026-10-02T22:25:00.000Z', mark: 'late' })), receivedAt: '2026-10-02T22:26:00.000Z' };
    expect(standing([b, a]).map((e) => e.mark)).toEqual(['late']);
    // A phone set to 2099 does not keep its mark over a later honest one.
    const future = { ...kept(input('f', { at: '2099-12-31T23:00:00.000Z', mark: 'absent' })), receivedAt: '2026-10-02T22:30:00.000Z' };
    const honest = { ...kept(input('h', { at: '2026-10-02T22:35:00.000Z', mark: 'present' })), receivedAt: '2026-10-02T22:36:00.000Z' };
    expect(standing([honest, future]).map((e) => e.mark)).toEqual(['present']);
    // Not sent yet (on the phone): the latest.
    const notSent = { ...kept(input('w', { mark: 'left_early' })), receivedAt: undefined };
    expect(standing([notSent, future]).map((e) => e.mark)).toEqual(['left_early']);
    expect(standing([a, kept(input('c', { meeting: '2026-09-25' }))])).toHaveLength(2);
    expect(standing([a, kept(input('d'), 'pond')])).toHaveLength(2);
  });
});

describe('offlineCopyUntil', () => {
  const weekly = ['2026-12-01', '2026-12-08', '2026-12-15', '2026-12-22'];
  it('keeps a copy until the class’s next meeting day, however far: no longer', () => {
    expect(offlineCopyUntil(weekly, '2026-12-08')).toBe('2026-12-08');
    expect(offlineCopyUntil(weekly, '2026-12-09')).toBe('2026-12-15');
    expect(offlineCopyUntil(weekly, '2026-11-28')).toBe('2026-12-01');
    expect(offlineCopyUntil(['2026-12-17'], '2026-11-27')).toBe('2026-12-17');
  });
  it('has nothing to keep when no meeting is left', () => {
    expect(offlineCopyUntil(weekly, '2026-12-23')).toBeNull();
    expect(offlineCopyUntil([], '2026-12-30')).toBeNull();
  });
  it('a phone asking for a copy is told until when it opens, or that there is nothing to take offline', () => {
    expect(offlineCopyOf('Creek Explorers', weekly, '2026-12-09')).toEqual({ until: '2026-12-15' });
    expect(offlineCopyOf('Creek Explorers', weekly, '2026-12-23')).toEqual({ refused: 'failed-precondition', message: 'Creek Explorers has no meeting left: there is nothing to take offline.' });
  });
});

describe('incident reports in the plan', () => {
  const report = (id: string, what = 'Bee sting on the left hand.'): FieldEntryInput => ({
    id: `entry-${id}-0000000000`, kind: 'incident', studentId: 'kid-a', meeting: '2026-10-02', at: '2026-10-02T22:20:00.000Z',
    incident: { time: '15:20', where: 'Meadow', what, firstAid: 'Ice', told: 'Parent by phone' },
  });
  it('keeps a report once; the same id with other words is held for the office, never changed', () => {
    const first = report('r1');
    const kept = new Map([[first.id, { ...first, classId: 'creek', by: { uid: 'teacher', email: 't@example.com' }, receivedAt: '2026-10-02T23:00:00.000Z' }]]);
    const { create, result } = planFieldSync(sync([first, report('r1', 'Bee sting on the right hand.')]), facts({ kept }));
    expect(create).toEqual([]);
    expect(result.already).toEqual([first.id]);
    expect(result.held).toEqual([{ id: first.id, reason: HELD.changed }]);
  });
  it('a correction corrects an entry of its own kind', () => {
    const mark = kept(input('m1'));
    const wrong = { ...report('r2'), corrects: mark.id };
    expect(planFieldSync(sync([wrong]), facts({ kept: new Map([[mark.id, mark]]) })).result.held).toEqual([{ id: wrong.id, reason: HELD.correctsNothing }]);
  });
});

describe('incidentLines', () => {
  it('shows each report as it stands, a correction in place of what it corrects, newest first', () => {
    const at = (id: string, meeting: string, time: string, corrects?: string): FieldEntry =>
      ({ id, kind: 'incident', classId: 'creek', studentId: 'kid-a', meeting, at: '2026-10-02T22:20:00.000Z', incident: { time, where: 'Meadow', what: id, firstAid: 'Ice', told: 'Parent' }, by: { uid: 't', email: 't@example.com' }, receivedAt: '2026-10-02T23:00:00.000Z', ...(corrects && { corrects }) }) as FieldEntry;
    const lines = incidentLines([at('first', '2026-10-02', '15:20'), at('fixed', '2026-10-02', '15:25', 'first'), at('later', '2026-10-09', '15:00'), kept(input('mark'))], new Map([['creek', 'Creek Kids']]));
    expect(lines.map((l) => [l.incident.what, l.meeting, l.corrected, l.classTitle, l.by])).toEqual([
      ['later', '2026-10-09', false, 'Creek Kids', 't@example.com'],
      ['fixed', '2026-10-02', true, 'Creek Kids', 't@example.com'],
    ]);
  });
});

describe('pickup codes', () => {
  it('a school year runs from August to July', () => {
    expect(schoolYearOf('2026-08-01')).toBe('2026–27');
    expect(schoolYearOf('2027-07-31')).toBe('2026–27');
    expect(schoolYearOf('2026-07-31')).toBe('2025–26');
    expect(schoolYearOf('1999-12-01')).toBe('1999–00');
  });
  it('a code passes its own tag: not a code of other length; the phone gets the tag, never the check value', async () => {
    const salt = newSalt();
    const stored = { name: 'Sam Rivera', salt, check: await pickupCheckValue('042917', salt) };
    expect(stored.check).toMatch(/^[0-9a-f]{64}$/);
    const adult = phoneTag(stored);
    expect(adult).toEqual({ name: 'Sam Rivera', salt, tag: tagOf(stored.check) });
    expect(adult.tag).toBeGreaterThanOrEqual(0);
    expect(adult.tag).toBeLessThan(1024);
    expect(JSON.stringify(adult)).not.toContain(stored.check.slice(0, 6));
    expect(await codeMatches('042917', adult)).toBe(true);
    expect(await codeMatches(' 042917 ', adult)).toBe(true);
    expect(await codeMatches('42917', adult)).toBe(false);
    expect(await codeMatches('0429170', adult)).toBe(false);
    // Two adults with the same code have different check values (their own salts).
    expect(await pickupCheckValue('042917', newSalt())).not.toBe(stored.check);
  });

  // What a thief with the phone's copy learns, and what a stranger guessing at the door gets: the tag
  // is short enough that the first is no better than the second. Measured on 2 000 wrong codes.
  it('states the false-accept rate at the door and what a tag read off a phone leaves an attacker', async () => {
    expect(PICKUP_FALSE_ACCEPT).toBe(1 / 1024);
    expect(Math.round(PICKUP_CANDIDATES_LEFT)).toBe(977);
    // Guessing among the candidates a tag leaves (1 in 977 a try) is barely better than guessing
    // blind at the door (1 in 1 024): within 5 %.
    expect(1 / PICKUP_CANDIDATES_LEFT / PICKUP_FALSE_ACCEPT).toBeLessThan(1.05);
    // Recovering the candidates costs the whole code space of slow hashes: 10^6 × 100 000 rounds.
    expect(PICKUP_CHECK_ITERATIONS).toBe(100_000);
    // Observed: wrong codes pass about one time in 1 024 (a fast stand-in for PBKDF2 keeps this quick:
    // the tag is the first 10 bits of a uniform hash either way).
    const { createHash } = await import('node:crypto');
    const salt = newSalt();
    const tag = (code: string) => tagOf(createHash('sha256').update(`${salt}:${code}`).digest('hex'));
    const right = tag('042917');
    let passed = 0;
    for (let i = 0; i < 200_000; i++) if (tag(String(i).padStart(6, '0')) === right && i !== 42917) passed++;
    const rate = passed / 200_000;
    expect(rate).toBeGreaterThan(PICKUP_FALSE_ACCEPT / 2);
    expect(rate).toBeLessThan(PICKUP_FALSE_ACCEPT * 2);
  });

  it('the code word is checked by its tag, as said: capitals, accents, spaces and punctuation do not count', async () => {
    const word = await codeWordTag('Blue Héron');
    expect(JSON.stringify(word)).not.toMatch(/heron/i);
    expect(await codeWordMatches('blue heron', word)).toBe(true);
    expect(await codeWordMatches(' BLUE-HERON! ', word)).toBe(true);
    expect(await codeWordMatches('', word)).toBe(false);
    expect(await codeWordMatches('red fox', word)).toBe(tagOf(await pickupCheckValue('redfox', word.salt)) === word.tag);
  });
  it('the adults who may collect a child: its guardians, then the people listed, each once', () => {
    expect(adultsWhoMayCollect({ guardians: [{ name: 'Sam Rivera' }, { name: 'Jo Lee ' }], authorizedPickups: [{ name: 'Jo Lee' }, { name: 'Grandma Rose' }, { name: ' ' }] })).toEqual(['Sam Rivera', 'Jo Lee', 'Grandma Rose']);
  });
  it('new codes are for every adult who may collect the child, at most five sets a school day', () => {
    const student = { firstName: 'Ava', guardians: [{ name: 'Sam Rivera' }], authorizedPickups: [{ name: 'Grandma Rose' }] } as Student;
    expect(codeHolders(student)).toEqual(['Sam Rivera', 'Grandma Rose']);
    expect(codeHolders({ ...student, guardians: [], authorizedPickups: [] })).toEqual({ refused: 'failed-precondition', message: 'Add the adults who may collect Ava first.' });
    expect(codesMadeToday(undefined, '2026-12-02')).toEqual({ count: 1 });
    expect(codesMadeToday({ madeOn: '2026-12-01', madeToday: CODES_PER_CHILD_A_DAY }, '2026-12-02')).toEqual({ count: 1 });
    expect(codesMadeToday({ madeOn: '2026-12-02', madeToday: CODES_PER_CHILD_A_DAY - 1 }, '2026-12-02')).toEqual({ count: CODES_PER_CHILD_A_DAY });
    expect(codesMadeToday({ madeOn: '2026-12-02', madeToday: CODES_PER_CHILD_A_DAY }, '2026-12-02')).toEqual({ refused: 'resource-exhausted', message: TOO_MANY_CODES });
    // Codes made before the day was counted count as one set.
    expect(codesMadeToday({ madeOn: '2026-12-02' }, '2026-12-02')).toEqual({ count: 2 });
  });
  it('says each outcome in words', () => {
    expect(pickupText({ adult: 'Sam Rivera', check: 'code' })).toBe('Released to Sam Rivera (pickup code)');
    expect(pickupText({ adult: 'Pat Doe', check: 'code-word' })).toBe('Released to Pat Doe (code word)');
    expect(pickupText({ adult: '', check: 'alone' })).toBe('Left on their own (the family allows it)');
    expect(pickupText({ adult: 'Sam Rivera', check: 'wrong-code' })).toBe('Stopped: the code given for Sam Rivera did not match');
    expect(pickupText({ adult: 'Pat Doe', check: 'wrong-code-word' })).toBe('Stopped: the code word given by Pat Doe did not match');
    expect(pickupText({ adult: 'Sam Rivera', check: 'office' })).toBe('Released to Sam Rivera (the office approved by phone)');
    expect(pickupText({ adult: 'Jo Lee', check: 'no-code' })).toBe('Stopped: Jo Lee has no pickup code for this school year');
    expect(pickupText({ adult: '', check: 'not-listed' })).toBe('Stopped: an adult is not on the pickup list');
  });
  it('a pickup is kept once; sent again with another outcome it is held for the office, never changed; the sheet lists every attempt, newest first', () => {
    const pickup = (id: string, check: 'code' | 'wrong-code', at: string): FieldEntryInput => ({ id: `entry-${id}-0000000000`, kind: 'pickup', studentId: 'kid-a', meeting: '2026-10-02', at, adult: 'Sam Rivera', check });
    const wrong = pickup('p1', 'wrong-code', '2026-10-02T23:50:00.000Z');
    const right = pickup('p2', 'code', '2026-10-02T23:52:00.000Z');
    const first = planFieldSync(sync([wrong, right]), facts());
    expect(first.result.saved).toEqual([wrong.id, right.id]);
    const kept = new Map(first.create.map((e) => [e.id, e]));
    const again = planFieldSync(sync([wrong, { ...wrong, check: 'code' } as FieldEntryInput]), facts({ kept }));
    expect(again.create).toEqual([]);
    expect(again.result.already).toEqual([wrong.id]);
    expect(again.result.held).toEqual([{ id: wrong.id, reason: HELD.changed }]);
    expect(pickupLines(first.create, new Map([['creek', 'Creek Explorers']])).map((l) => [l.check, l.classTitle, l.by])).toEqual([
      ['code', 'Creek Explorers', 't@example.com'],
      ['wrong-code', 'Creek Explorers', 't@example.com'],
    ]);
  });
});
