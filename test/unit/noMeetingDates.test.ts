// The office adds days off to a semester or a class: a run of days with a reason, within the dates.
import { describe, expect, it } from 'vitest';
import { daysToAdd } from '../../src/features/catalogueSetup/NoMeetingDates';

const semester = { start: '2027-01-04', end: '2027-03-12', what: 'the semester' };

describe('days off the office adds', () => {
  it('a run of days with its reason, leaving out days already listed', () => {
    expect(daysToAdd('2027-02-15', '2027-02-17', ' Winter break ', [{ date: '2027-02-16', reason: 'x' }], semester)).toEqual([
      { date: '2027-02-15', reason: 'Winter break' },
      { date: '2027-02-17', reason: 'Winter break' },
    ]);
  });

  it('a day after the semester’s end (or before its start) is refused when it is added, not at the save', () => {
    expect(daysToAdd('2027-03-15', '', 'Spring break', [], semester)).toBe('Days off must be within the semester, Jan 4, 2027 to Mar 12, 2027.');
    expect(daysToAdd('2027-03-10', '2027-03-16', 'Spring break', [], semester)).toBe('Days off must be within the semester, Jan 4, 2027 to Mar 12, 2027.');
    expect(daysToAdd('2026-12-31', '', 'New Year', [], semester)).toMatch(/^Days off must be within the semester/);
    // A class still without dates (a draft) takes any day.
    expect(daysToAdd('2026-12-31', '', 'New Year', [], { start: '', end: '', what: 'the class’s dates' })).toEqual([{ date: '2026-12-31', reason: 'New Year' }]);
  });
});
