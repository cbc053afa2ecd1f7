// Reads back an .xlsx file's first sheet as a spreadsheet would: each cell's type (s: text, n: a
// number), its value and its number format (a currency or a date format), by reference ("C2").
import { strFromU8, unzipSync } from 'fflate';

/** The cells of the first sheet, and the sheet's name. */
export function readXlsx(bytes: Uint8Array) {
  const files = unzipSync(bytes);
  const text = (name: string) => strFromU8(files[name]);
  const shared = [...text('xl/sharedStrings.xml').matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map((m) => m[1]);
  const styles = text('xl/styles.xml');
  const formats = new Map([...styles.matchAll(/<numFmt numFmtId="(\d+)" formatCode="([^"]*)"/g)].map((m) => [m[1], m[2].replace(/&quot;/g, '"').replace(/&amp;/g, '&')]));
  const xfs = [...(styles.match(/<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/)?.[1] ?? '').matchAll(/<xf\b[^>]*>/g)].map((m) => m[0].match(/numFmtId="(\d+)"/)?.[1]);
  const cells = [...text('xl/worksheets/sheet1.xml').matchAll(/<c r="([A-Z]+\d+)"([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)].map(([, ref, attrs, inner]) => {
    const type = attrs.match(/ t="(\w+)"/)?.[1];
    const style = attrs.match(/ s="(\d+)"/)?.[1];
    const raw = inner?.match(/<v>([^<]*)<\/v>/)?.[1];
    const value = type === 's' ? shared[Number(raw)] : type === 'inlineStr' ? inner?.match(/<t[^>]*>([^<]*)<\/t>/)?.[1] : raw;
    return { ref, type: type ?? 'n', value, format: style ? formats.get(xfs[Number(style)] ?? '') : undefined };
  });
  return { cells: new Map(cells.map((c) => [c.ref, c])), sheetName: text('xl/workbook.xml').match(/<sheet [^>]*name="([^"]*)"/)?.[1] };
}
