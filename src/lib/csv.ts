// CSV files for the office: RFC 4180 quoting, and cells that a spreadsheet would run as a formula
// (starting with = + - @, or a tab or carriage return) are neutralised with a leading apostrophe.
import { downloadBlob } from './download';

export type CsvValue = string | number | boolean | null | undefined;

export function csvCell(value: CsvValue): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: CsvValue[][]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Offers the rows as a .csv download (UTF-8 with a BOM so spreadsheets read accents right). */
export function downloadCsv(filename: string, rows: CsvValue[][]): void {
  downloadBlob(filename, new Blob(['\uFEFF', toCsv(rows)], { type: 'text/csv;charset=utf-8' }));
}

/** "Fall 2026" → "fall-2026", for file names. */
export const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'export';
