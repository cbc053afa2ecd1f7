import { describe, expect, it } from 'vitest';
import { csvCell, slug, toCsv } from '../../src/lib/csv';

describe('CSV export', () => {
  it.each([
    ['=HYPERLINK("http://evil.example")', `"'=HYPERLINK(""http://evil.example"")"`],
    ['+1 555 0100', "'+1 555 0100"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['Ava, "Bee"', '"Ava, ""Bee"""'],
    ['two\nlines', '"two\nlines"'],
    ['plain', 'plain'],
  ])('neutralises and quotes %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('keeps numbers (also negative amounts) as numbers and empties as empty', () => {
    expect(csvCell(-1250)).toBe('-1250');
    expect(csvCell(null)).toBe('');
    expect(toCsv([['Name', 'Balance'], ['Ava', 12.5]])).toBe('Name,Balance\r\nAva,12.5\r\n');
  });

  it('makes file names', () => {
    expect(slug('Winter 2026 After-school & Weekend')).toBe('winter-2026-after-school-weekend');
  });
});
