// When a medication is due, read from the family's words, and which doses are missed.
import { describe, expect, it } from 'vitest';
import { asNeeded, doseStatus, dosesDue, doseTimes, followUpAt } from '../../contract/doses';

describe('doseTimes', () => {
  it('reads clock times in the family’s words, never a count', () => {
    expect(doseTimes('8:00 and 12:30 pm')).toEqual(['08:00', '12:30']);
    expect(doseTimes('3 pm daily')).toEqual(['15:00']);
    expect(doseTimes('at noon with food')).toEqual(['12:00']);
    expect(doseTimes('12 am, 7:15am, 4:45 p.m.')).toEqual(['00:00', '07:15', '16:45']);
    expect(doseTimes('2 puffs twice a day')).toEqual([]);
    expect(doseTimes('13 pm, 25:00, 9:75')).toEqual([]);
    expect(doseTimes('15:30')).toEqual(['15:30']);
  });
  it('tells "as needed" apart', () => {
    expect(asNeeded({ schedule: 'As needed for wheezing' })).toBe(true);
    expect(asNeeded({ schedule: 'PRN' })).toBe(true);
    expect(asNeeded({ schedule: 'if needed, 2 puffs' })).toBe(true);
    expect(asNeeded({ schedule: '3 pm daily' })).toBe(false);
  });
});

describe('dosesDue and doseStatus', () => {
  const children = [
    { id: 'ana', health: { medications: [{ name: 'Ritalin', dose: '5 mg', schedule: '12:00 and 3:30 pm' }, { name: 'Inhaler', dose: '2 puffs', schedule: 'as needed 3:45 pm' }] } },
    { id: 'ben', health: { medications: [{ name: 'Insulin', dose: 'per plan', schedule: '8:00 am' }] } },
  ];
  const klass = { startTime: '15:00', endTime: '17:00' };
  it('a medication is due at the times that fall in the meeting; one given as needed never is', () => {
    expect(dosesDue(children, klass)).toEqual([{ studentId: 'ana', medication: 'Ritalin', time: '15:30' }]);
  });
  const due = [
    { studentId: 'ana', medication: 'Ritalin', time: '15:30' },
    { studentId: 'ana', medication: 'Ritalin', time: '16:30' },
  ];
  const dose = (stamp: string, outcome = 'given') => ({ studentId: 'ana', medication: 'Ritalin', outcome, stamp });
  it('a dose recorded within the hour after its time covers it; none, once the hour is past, is missed', () => {
    expect(doseStatus(due, [], '2026-12-18', '2026-12-18 16:30').map((s) => s.missed)).toEqual([false, false]);
    expect(doseStatus(due, [], '2026-12-18', '2026-12-18 16:31').map((s) => s.missed)).toEqual([true, false]);
    // Refused and not given are recorded answers too; a follow-up is not a dose.
    expect(doseStatus(due, [dose('2026-12-18 15:35', 'refused')], '2026-12-18', '2026-12-18 18:00').map((s) => [s.dose?.outcome, s.missed])).toEqual([['refused', false], [undefined, true]]);
    expect(doseStatus(due, [dose('2026-12-18 15:35', 'follow-up')], '2026-12-18', '2026-12-18 18:00').map((s) => s.missed)).toEqual([true, true]);
    // Each due time takes its own dose, in order; a dose recorded too late covers nothing.
    const both = doseStatus(due, [dose('2026-12-18 16:40'), dose('2026-12-18 15:20')], '2026-12-18', '2026-12-18 18:00');
    expect(both.map((s) => [s.dose?.stamp, s.missed])).toEqual([['2026-12-18 15:20', false], ['2026-12-18 16:40', false]]);
    expect(doseStatus(due, [dose('2026-12-18 17:40')], '2026-12-18', '2026-12-18 18:00').map((s) => s.missed)).toEqual([true, true]);
  });
  it('asks for a follow-up 30 minutes after a dose given as needed', () => {
    expect(followUpAt('2026-12-18 15:45')).toBe('2026-12-18 16:15');
    expect(followUpAt('2026-12-18 23:50')).toBe('2026-12-18 23:59');
  });
});
