import { describe, expect, it } from 'vitest';
import type { PublicClass } from '../../contract/domain';
import { meetingDates, noClassText, skippedDays } from '../../contract/schedule';
import { meetingsBetween, monthGrid, weekStart } from '../../src/features/calendar/meetings';

const klass = (id: string, startDate: string, endDate: string, weekdays: number[], startTime = '15:00') =>
  ({ id, title: id, startDate, endDate, weekdays, startTime }) as PublicClass;

describe('class meetings', () => {
  it('expands weekdays between the start and end dates, within the range asked', () => {
    const mondays = klass('m', '2026-12-07', '2026-12-28', [1]);
    expect(meetingsBetween([mondays], '2026-12-01', '2026-12-31').map((m) => m.date)).toEqual(['2026-12-07', '2026-12-14', '2026-12-21', '2026-12-28']);
    expect(meetingsBetween([mondays], '2026-12-10', '2026-12-20').map((m) => m.date)).toEqual(['2026-12-14']);
    expect(meetingsBetween([mondays], '2027-01-01', '2027-01-31')).toEqual([]);
  });

  it('handles camps running Monday to Friday and sorts by date then time', () => {
    const camp = klass('camp', '2027-06-14', '2027-06-18', [1, 2, 3, 4, 5], '09:00');
    const late = klass('late', '2027-06-14', '2027-06-14', [1], '13:00');
    const m = meetingsBetween([late, camp], '2027-06-01', '2027-06-30');
    expect(m).toHaveLength(6);
    expect(m.slice(0, 2).map((x) => x.klass.id)).toEqual(['camp', 'late']);
  });

  it('leaves out the semester\'s holidays and the class\'s own days off, and says which', () => {
    // Ten Thursdays from Dec 3, 2026: Dec 24 and Dec 31 are the winter break, Jan 14 rained off.
    const thursdays = {
      ...klass('t', '2026-12-03', '2027-02-04', [4]),
      holidays: [
        { date: '2026-12-24', reason: 'Winter break' },
        { date: '2026-12-31', reason: 'Winter break' },
        { date: '2026-12-25', reason: 'Winter break' }, // not a Thursday: changes nothing
      ],
      noMeetingDates: [{ date: '2027-01-14', reason: 'Storm' }],
    };
    expect(meetingDates(thursdays)).toEqual(['2026-12-03', '2026-12-10', '2026-12-17', '2027-01-07', '2027-01-21', '2027-01-28', '2027-02-04']);
    expect(meetingsBetween([thursdays], '2026-12-20', '2027-01-10').map((m) => m.date)).toEqual(['2027-01-07']);
    expect(skippedDays(thursdays).map((d) => d.date)).toEqual(['2026-12-24', '2026-12-31', '2027-01-14']);
    expect(noClassText(thursdays)).toBe('No class on Dec 24 and Dec 31 (Winter break), Jan 14 (Storm)');
    expect(noClassText(klass('m', '2026-12-07', '2026-12-28', [1]))).toBe('');
    // A day off outside the class's dates is not a skipped meeting.
    expect(skippedDays({ ...thursdays, holidays: [{ date: '2027-03-04', reason: 'Later' }], noMeetingDates: [] })).toEqual([]);
  });

  it('starts weeks on Sunday and covers whole weeks of a month', () => {
    expect(weekStart('2026-11-22')).toBe('2026-11-22');
    expect(weekStart('2026-11-25')).toBe('2026-11-22');
    const grid = monthGrid(2026, 11); // December 2026
    expect(grid[0][0]).toBe('2026-11-29');
    expect(grid.at(-1)!.at(-1)).toBe('2027-01-02');
    expect(grid.every((w) => w.length === 7)).toBe(true);
  });
});
