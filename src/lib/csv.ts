// CSV files for the office: RFC 4180 quoting, and cells that a spreadsheet would run as a formula
// (starting with = + - @, or a tab or carriage return) are neutralised with a leading apostrophe.

import { SCHOOL_TIME_ZONE } from '../../contract/domain';

export type CsvValue = string | number | boolean | null | undefined;

let stamp: Intl.DateTimeFormat | undefined;
/** "2026-11-27 09:15": a moment on the school's clock, sortable (the column's header names the zone). */
export function schoolStamp(iso: string): string {
  stamp ??= new Intl.DateTimeFormat('en-US', { timeZone: SCHOOL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const part = Object.fromEntries(stamp.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

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
  const blob = new Blob(['\uFEFF', toCsv(rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** "Fall 2026" → "fall-2026", for file names. */
export const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'export';
