import { describe, expect, it } from 'vitest';
import { formatCents, formatTimeLeft, formatDateRange, formatGrades, formatTimeRange, formatWeekdays } from '../../contract/format';

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

describe('a hold counted down (issue 18)', () => {
  it('shows minutes and seconds left, and 0:00 once past', () => {
    const until = '2026-11-23T20:30:00.000Z';
    const at = (iso: string) => Date.parse(iso);
    expect(formatTimeLeft(until, at('2026-11-23T20:00:00.000Z'))).toBe('30:00');
    expect(formatTimeLeft(until, at('2026-11-23T20:29:05.400Z'))).toBe('0:54');
    expect(formatTimeLeft(until, at('2026-11-23T20:31:00.000Z'))).toBe('0:00');
  });
});
