// The field sync's plan: each entry kept once by its id, never changed, only for the roster's children
// on the class's meeting days; corrections name an entry of the same child; a phone clock far off is flagged.
import { describe, expect, it } from 'vitest';
import { adultsWhoMayCollect, codeMatches, newSalt, offlineCopyUntil, pickupCheckValue, pickupText, schoolYearOf, standing, type AttendanceEntry, type AttendanceInput, type FieldEntry, type FieldEntryInput, type FieldSync } from '../../contract/field';
import { incidentLines, pickupLines, planFieldSync, REFUSALS, type FieldFacts } from '../../functions/src/domain/field';

const NOW = new Date('2026-10-02T23:55:00.000Z');
const input = (id: string, extra: Partial<AttendanceInput> = {}): AttendanceInput => ({ id: `entry-${id}-0000000000`, kind: 'attendance', studentId: 'kid-a', meeting: '2026-10-02', at: '2026-10-02T22:20:00.000Z', mark: 'present', ...extra });
const sync = (entries: FieldEntryInput[], sentAt = NOW.toISOString()): FieldSync => ({ classId: 'creek', sentAt, entries });
const kept = (i: AttendanceInput, classId = 'creek'): AttendanceEntry => ({ ...i, classId, by: { uid: 'teacher', email: 't@example.com' }, receivedAt: '2026-10-02T23:00:00.000Z' });
const facts = (over: Partial<FieldFacts> = {}): FieldFacts => ({
  now: NOW,
  by: { uid: 'teacher', email: 't@example.com' },
  rosterIds: new Set(['kid-a', 'kid-b']),
  meetings: new Set(['2026-09-25', '2026-10-02']),
  kept: new Map(),
  ...over,
});

describe('planFieldSync', () => {
  it('keeps new entries with who sent them and when they arrived', () => {
    const { create, result } = planFieldSync(sync([input('1'), input('2', { studentId: 'kid-b', mark: 'late' })]), facts());
    expect(result).toEqual({ saved: ['entry-1-0000000000', 'entry-2-0000000000'], already: [], refused: [] });
    expect(create[1]).toEqual({ ...input('2', { studentId: 'kid-b', mark: 'late' }), classId: 'creek', by: { uid: 'teacher', email: 't@example.com' }, receivedAt: NOW.toISOString() });
  });

  it.each([
    ['sent again, the same', [input('1')], new Map([['entry-1-0000000000', kept(input('1'))]]), { already: ['entry-1-0000000000'] }],
    ['the same id twice in one sync', [input('1'), input('1')], new Map(), { saved: ['entry-1-0000000000'], already: ['entry-1-0000000000'] }],
    ['sent again with another mark', [input('1', { mark: 'absent' })], new Map([['entry-1-0000000000', kept(input('1'))]]), { refused: [{ id: 'entry-1-0000000000', reason: REFUSALS.changed }] }],
    ['a child no longer on the roster', [input('1', { studentId: 'kid-gone' })], new Map(), { refused: [{ id: 'entry-1-0000000000', reason: REFUSALS.notOnRoster }] }],
    ['a day the class does not meet', [input('1', { meeting: '2026-10-03' })], new Map(), { refused: [{ id: 'entry-1-0000000000', reason: REFUSALS.notAMeeting }] }],
    ['a correction of an entry kept', [input('2', { mark: 'absent', corrects: 'entry-1-0000000000' })], new Map([['entry-1-0000000000', kept(input('1'))]]), { saved: ['entry-2-0000000000'] }],
    ['a correction of an entry in the same sync', [input('1'), input('2', { mark: 'absent', corrects: 'entry-1-0000000000' })], new Map(), { saved: ['entry-1-0000000000', 'entry-2-0000000000'] }],
    ['a correction of nothing', [input('2', { corrects: 'entry-9-0000000000' })], new Map(), { refused: [{ id: 'entry-2-0000000000', reason: REFUSALS.correctsNothing }] }],
    ['a correction of another child’s entry', [input('2', { corrects: 'entry-1-0000000000' })], new Map([['entry-1-0000000000', kept(input('1', { studentId: 'kid-b' }))]]), { refused: [{ id: 'entry-2-0000000000', reason: REFUSALS.correctsNothing }] }],
    ['a correction of another class’s entry', [input('2', { corrects: 'entry-1-0000000000' })], new Map([['entry-1-0000000000', kept(input('1'), 'other')]]), { refused: [{ id: 'entry-2-0000000000', reason: REFUSALS.correctsNothing }] }],
  ])('%s', (_name, entries, before, expected) => {
    const { create, result } = planFieldSync(sync(entries), facts({ kept: before }));
    expect(result).toEqual({ saved: [], already: [], refused: [], ...expected });
    expect(create.map((e) => e.id)).toEqual(result.saved);
  });

  it('flags every entry of a phone whose clock is more than 10 minutes off, either way, and no other', () => {
    const at = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();
    expect(planFieldSync(sync([input('1')], at(10)), facts()).create[0].clockOffMinutes).toBeUndefined();
    expect(planFieldSync(sync([input('1')], at(-10)), facts()).create[0].clockOffMinutes).toBeUndefined();
    expect(planFieldSync(sync([input('1'), input('2')], at(11)), facts()).create.map((e) => e.clockOffMinutes)).toEqual([11, 11]);
    expect(planFieldSync(sync([input('1')], at(-45)), facts()).create[0].clockOffMinutes).toBe(-45);
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

  it('orders entries that do not name each other by the phone’s time', () => {
    const a = kept(input('a', { at: '2026-10-02T22:20:00.000Z', mark: 'present' }));
    const b = kept(input('b', { at: '2026-10-02T22:25:00.000Z', mark: 'late' }));
    expect(standing([b, a]).map((e) => e.mark)).toEqual(['late']);
    expect(standing([a, kept(input('c', { meeting: '2026-09-25' }))])).toHaveLength(2);
    expect(standing([a, kept(input('d'), 'pond')])).toHaveLength(2);
  });
});

describe('offlineCopyUntil', () => {
  const weekly = ['2026-12-01', '2026-12-08', '2026-12-15', '2026-12-22'];
  it('keeps a copy until the class’s last meeting in the week from today', () => {
    expect(offlineCopyUntil(weekly, '2026-12-08')).toBe('2026-12-08');
    expect(offlineCopyUntil(weekly, '2026-12-09')).toBe('2026-12-15');
    expect(offlineCopyUntil(['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-14'], '2026-12-07')).toBe('2026-12-11');
  });
  it('keeps it a week at most, and a week when no meeting falls in it', () => {
    expect(offlineCopyUntil(weekly, '2026-12-23')).toBe('2026-12-29');
    expect(offlineCopyUntil([], '2026-12-30')).toBe('2027-01-05');
  });
});

describe('incident reports in the plan', () => {
  const report = (id: string, what = 'Bee sting on the left hand.'): FieldEntryInput => ({
    id: `entry-${id}-0000000000`, kind: 'incident', studentId: 'kid-a', meeting: '2026-10-02', at: '2026-10-02T22:20:00.000Z',
    incident: { time: '15:20', where: 'Meadow', what, firstAid: 'Ice', told: 'Parent by phone' },
  });
  it('keeps a report once; the same id with other words is refused, never changed', () => {
    const first = report('r1');
    const kept = new Map([[first.id, { ...first, classId: 'creek', by: { uid: 'teacher', email: 't@example.com' }, receivedAt: '2026-10-02T23:00:00.000Z' }]]);
    const { create, result } = planFieldSync(sync([first, report('r1', 'Bee sting on the right hand.')]), facts({ kept }));
    expect(create).toEqual([]);
    expect(result.already).toEqual([first.id]);
    expect(result.refused).toEqual([{ id: first.id, reason: REFUSALS.changed }]);
  });
  it('a correction corrects an entry of its own kind', () => {
    const mark = kept(input('m1'));
    const wrong = { ...report('r2'), corrects: mark.id };
    expect(planFieldSync(sync([wrong]), facts({ kept: new Map([[mark.id, mark]]) })).result.refused).toEqual([{ id: wrong.id, reason: REFUSALS.correctsNothing }]);
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
  it('a code matches its own check value only: not another code, not another salt, not a code of other length', async () => {
    const salt = newSalt();
    const adult = { name: 'Sam Rivera', salt, check: await pickupCheckValue('042917', salt) };
    expect(adult.check).toMatch(/^[0-9a-f]{64}$/);
    expect(adult.check).not.toContain('042917');
    expect(await codeMatches('042917', adult)).toBe(true);
    expect(await codeMatches(' 042917 ', adult)).toBe(true);
    expect(await codeMatches('042918', adult)).toBe(false);
    expect(await codeMatches('42917', adult)).toBe(false);
    expect(await codeMatches('0429170', adult)).toBe(false);
    expect(await codeMatches('042917', { ...adult, salt: newSalt() })).toBe(false);
    // Two adults with the same code have different check values (their own salts).
    const other = newSalt();
    expect(await pickupCheckValue('042917', other)).not.toBe(adult.check);
  });
  it('the adults who may collect a child: its guardians, then the people listed, each once', () => {
    expect(adultsWhoMayCollect({ guardians: [{ name: 'Sam Rivera' }, { name: 'Jo Lee ' }], authorizedPickups: [{ name: 'Jo Lee' }, { name: 'Grandma Rose' }, { name: ' ' }] })).toEqual(['Sam Rivera', 'Jo Lee', 'Grandma Rose']);
  });
  it('says each outcome in words', () => {
    expect(pickupText({ adult: 'Sam Rivera', check: 'code' })).toBe('Released to Sam Rivera (pickup code)');
    expect(pickupText({ adult: 'Pat Doe', check: 'code-word' })).toBe('Released to Pat Doe (code word)');
    expect(pickupText({ adult: '', check: 'alone' })).toBe('Left on their own (the family allows it)');
    expect(pickupText({ adult: 'Sam Rivera', check: 'wrong-code' })).toBe('Stopped: the code given for Sam Rivera did not match');
    expect(pickupText({ adult: 'Jo Lee', check: 'no-code' })).toBe('Stopped: Jo Lee has no pickup code for this school year');
    expect(pickupText({ adult: '', check: 'not-listed' })).toBe('Stopped: an adult is not on the pickup list');
  });
  it('a pickup is kept once; sent again with another outcome it is refused, never changed; the sheet lists every attempt, newest first', () => {
    const pickup = (id: string, check: 'code' | 'wrong-code', at: string): FieldEntryInput => ({ id: `entry-${id}-0000000000`, kind: 'pickup', studentId: 'kid-a', meeting: '2026-10-02', at, adult: 'Sam Rivera', check });
    const wrong = pickup('p1', 'wrong-code', '2026-10-02T23:50:00.000Z');
    const right = pickup('p2', 'code', '2026-10-02T23:52:00.000Z');
    const first = planFieldSync(sync([wrong, right]), facts());
    expect(first.result.saved).toEqual([wrong.id, right.id]);
    const kept = new Map(first.create.map((e) => [e.id, e]));
    const again = planFieldSync(sync([wrong, { ...wrong, check: 'code' } as FieldEntryInput]), facts({ kept }));
    expect(again.create).toEqual([]);
    expect(again.result.already).toEqual([wrong.id]);
    expect(again.result.refused).toEqual([{ id: wrong.id, reason: REFUSALS.changed }]);
    expect(pickupLines(first.create, new Map([['creek', 'Creek Explorers']])).map((l) => [l.check, l.classTitle, l.by])).toEqual([
      ['code', 'Creek Explorers', 't@example.com'],
      ['wrong-code', 'Creek Explorers', 't@example.com'],
    ]);
  });
});
