// The office's .xlsx files hold real cells: amounts as numbers with a currency format, days as dates
// (Excel's day numbers with a date format), counts as numbers, text as text. Read back from the file.
import { describe, expect, it } from 'vitest';
import { DAY_FORMAT, MONEY_FORMAT, xlsxBlob } from '../../src/lib/xlsx';
import { readXlsx } from '../support/xlsx';

describe('an .xlsx file of the office', () => {
  it('holds amounts, days and counts as numbers with their formats, and text as text', async () => {
    const blob = await xlsxBlob('Payments: Winter/2027 [after-school] and weekend', [
      ['Way', 'Payments', 'Amount', 'Day'],
      ['Card', 3, { cents: 123456 }, { day: '2027-02-28' }],
      ['=1+1', null, { cents: -2000 }, { day: '2026-12-01' }],
    ]);
    const { cells, sheetName } = readXlsx(new Uint8Array(await blob.arrayBuffer()));
    expect(sheetName).toBe('Payments  Winter 2027  after-sc');
    expect(cells.get('A1')).toMatchObject({ type: 's', value: 'Way' });
    expect(cells.get('B2')).toMatchObject({ type: 'n', value: '3', format: undefined });
    expect(cells.get('C2')).toMatchObject({ type: 'n', value: '1234.56', format: MONEY_FORMAT });
    expect(cells.get('C3')).toMatchObject({ type: 'n', value: '-20', format: MONEY_FORMAT });
    // Excel counts days from 1899-12-30: Feb 28, 2027 is day 46446.
    expect(cells.get('D2')).toMatchObject({ type: 'n', value: '46446', format: DAY_FORMAT });
    expect(cells.get('D3')).toMatchObject({ type: 'n', value: '46357', format: DAY_FORMAT });
    // Text is a string cell, never a formula.
    expect(cells.get('A3')).toMatchObject({ type: 's', value: '=1+1' });
  });
});
