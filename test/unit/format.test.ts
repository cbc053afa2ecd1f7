import { describe, expect, it } from 'vitest';
import { formatCents, formatDateRange, formatGrades, formatTimeRange, formatWeekdays } from '../../contract/format';
import { formatDay, formatTimeLeft, parseDollars } from '../../contract/wording';

describe('formats', () => {
  it('money in cents', () => {
    expect(formatCents(24000)).toBe('$240');
    expect(formatCents(1999)).toBe('$19.99');
    expect(formatCents(105)).toBe('$1.05');
    expect(formatCents(123456700)).toBe('$1,234,567');
    expect(formatCents(100000)).toBe('$1,000');
    expect(formatCents(99999)).toBe('$999.99');
    expect(formatCents(-150050)).toBe('−$1,500.50');
    expect(formatCents(-2500)).toBe('−$25');
  });
  it('dates, times, weekdays and grades', () => {
    expect(formatDateRange('2026-12-07', '2027-02-15')).toBe('Dec 7, 2026 – Feb 15, 2027');
    expect(formatDateRange('2027-06-14', '2027-06-18')).toBe('Jun 14 – Jun 18, 2027');
    expect(formatTimeRange('09:00', '15:15')).toBe('9:00 am – 3:15 pm');
    expect(formatTimeRange('12:00', '00:30')).toBe('12:00 pm – 12:30 am');
    expect(formatWeekdays([1])).toBe('Mondays');
    expect(formatWeekdays([3, 1])).toBe('Mondays & Wednesdays');
    expect(formatWeekdays([1, 2, 3, 4, 5])).toBe('Monday – Friday');
    expect(formatWeekdays([0, 2, 6])).toBe('Sundays, Tuesdays & Saturdays');
    expect(formatGrades(0, 1)).toBe('Grades K–1');
    expect(formatGrades(0, 0)).toBe('Grade K');
  });
});

describe('a day on the school calendar', () => {
  it('reads an instant as the day it was at the school, whatever the zone it is read in, each call on its own', () => {
    // Late on Nov 22 at the school is Nov 23 in UTC; in summer the school is seven hours behind.
    expect(formatDay('2026-11-23T06:30:00.000Z')).toBe('Nov 22, 2026');
    expect(formatDay('2026-11-23T08:30:00.000Z')).toBe('Nov 23, 2026');
    expect(formatDay('2027-07-01T06:59:00.000Z')).toBe('Jun 30, 2027');
    expect(formatDay('2027-07-01T07:00:00.000Z')).toBe('Jul 1, 2027');
  });
});

describe('a hold counted down', () => {
  it('shows minutes and seconds left, and 0:00 once past', () => {
    const until = '2026-11-23T20:30:00.000Z';
    const at = (iso: string) => Date.parse(iso);
    expect(formatTimeLeft(until, at('2026-11-23T20:00:00.000Z'))).toBe('30:00');
    expect(formatTimeLeft(until, at('2026-11-23T20:29:05.400Z'))).toBe('0:54');
    expect(formatTimeLeft(until, at('2026-11-23T20:31:00.000Z'))).toBe('0:00');
  });
});

describe('an amount typed in dollars', () => {
  it.each([
    ['25', 2500],
    ['25.5', 2550],
    ['$1,025.50', 102550],
    ['1,250,000', 125000000],
    [' 0.07 ', 7],
  ])('%s is %i cents', (typed, cents) => expect(parseDollars(typed)).toBe(cents));
  // A decimal comma, a comma out of place, three decimals or words: refused, never guessed.
  it.each(['250,5', '4,00', '1,25', '12,3456', ',100', '1.234', 'abc', '', '-5', '1e3'])('%s is not an amount', (typed) => expect(parseDollars(typed)).toBeNull());
});
