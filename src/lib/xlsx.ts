// .xlsx files for the office, beside the CSVs: a spreadsheet opens them with real cells — amounts as
// numbers in dollars with a currency format, days as dates, counts as numbers — never text to convert.
// The writer is loaded only when a file is asked for (the office's pages, never the landing page).
import type { Cents, IsoDate } from '../../contract/domain';
import { downloadBlob } from './download';

/** A cell: text, a count, an amount in cents, a school day, or empty. */
export type XlsxCell = string | number | { cents: Cents } | { day: IsoDate } | null;

/** Dollars with two decimals (Excel's US currency format). */
export const MONEY_FORMAT = '[$$-409]#,##0.00';
export const DAY_FORMAT = 'mmm d, yyyy';

function cellOf(cell: XlsxCell) {
  if (cell === null) return null;
  if (typeof cell === 'string') return { value: cell, type: String };
  if (typeof cell === 'number') return { value: cell, type: Number };
  // A day is midnight UTC: the spreadsheet shows the day itself, whatever the computer's zone.
  if ('day' in cell) return { value: new Date(`${cell.day}T00:00:00Z`), type: Date, format: DAY_FORMAT };
  return { value: cell.cents / 100, type: Number, format: MONEY_FORMAT };
}

/** The rows as one sheet of an .xlsx file. */
export async function xlsxBlob(sheet: string, rows: XlsxCell[][]): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/universal');
  // Sheet names are at most 31 characters, without : \ / ? * [ ].
  return writeXlsxFile(rows.map((row) => row.map(cellOf)), { sheet: sheet.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) }).toBlob();
}

/** Offers the rows as an .xlsx download. */
export async function downloadXlsx(filename: string, sheet: string, rows: XlsxCell[][]): Promise<void> {
  downloadBlob(filename, await xlsxBlob(sheet, rows));
}
