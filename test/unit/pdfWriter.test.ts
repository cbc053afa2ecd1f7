// The receipts' PDF writer: every name prints as it was typed (Vietnamese, Chinese, Arabic, Hebrew, an
// emoji), read back out of the PDF as text; only the font files the text needs are fetched.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as fontkit from 'fontkit';
import { decodePDFRawStream, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { fontFor, PDF_FONTS, unicodeRanges } from '../../src/lib/pdf/fonts';
import { inflatedOnce, writePdf, type FontLoader } from '../../src/lib/pdf/writePdf';

/** Reads a font file where the build would serve it from (its path under the repository), and counts what was fetched. */
const loader = () => {
  const fetched: string[] = [];
  const load: FontLoader = async (url) => {
    fetched.push(url);
    return new Uint8Array(await readFile(join(process.cwd(), url.replace(/^\//, '').replace(/\?.*$/, ''))));
  };
  return { load, fetched };
};
// A copy goes to the reader: it takes the buffer it is given.
const textOf = async (bytes: Uint8Array) => (await extractText(bytes.slice(), { mergePages: true })).text as string;

/** The glyphs each font embedded in the PDF draws as nothing (a space, or a glyph the subset lost). */
async function blankGlyphs(bytes: Uint8Array): Promise<number[]> {
  const doc = await PDFDocument.load(bytes);
  const files = doc.context.enumerateIndirectObjects().flatMap(([, o]) => (o instanceof PDFRawStream && o.dict.has(PDFName.of('Length1')) ? [o] : []));
  return files.map((file) => {
    const font = fontkit.create(decodePDFRawStream(file).decode()) as unknown as { numGlyphs: number; getGlyph(id: number): { path: { commands: unknown[] } } };
    let blank = 0;
    for (let id = 1; id < font.numGlyphs; id++) if (font.getGlyph(id).path.commands.length === 0) blank++;
    return blank;
  });
}

describe('the PDF writer', () => {
  it('reads the unicode-range of a font file', () => {
    expect(unicodeRanges('U+0000-00FF, U+0131,U+4??')).toEqual([[0, 0xff], [0x131, 0x131], [0x400, 0x4ff]]);
    expect(fontFor(PDF_FONTS.regular, 'A'.codePointAt(0)!)?.url).toMatch(/noto-sans-latin-400-normal\.woff$/);
    expect(fontFor(PDF_FONTS.regular, 'ễ'.codePointAt(0)!)?.url).toMatch(/noto-sans-vietnamese-400/);
    expect(fontFor(PDF_FONTS.regular, '李'.codePointAt(0)!)?.url).toMatch(/noto-sans-sc-\d+-400/);
    expect(fontFor(PDF_FONTS.regular, 'س'.codePointAt(0)!)?.url).toMatch(/noto-sans-arabic-arabic-400/);
    expect(fontFor(PDF_FONTS.regular, '🌲'.codePointAt(0)!)?.url).toMatch(/noto-emoji-/);
    expect(fontFor(PDF_FONTS.bold, 'A'.codePointAt(0)!)?.url).toMatch(/noto-sans-latin-700/);
  });

  it('prints names exactly as typed, in every script a family writes, and they read back as text', async () => {
    const { load, fetched } = loader();
    const names = ['Nguyễn Thị Mỹ', '李小龙', 'سارة حداد', 'שרה כהן', 'Zoë 🌲', 'Ελένη', 'Дарья', 'प्रिया'];
    const bytes = await writePdf(
      [{ text: 'Wildwood Outdoor School', style: 'title' }, ...names.map((n) => ({ text: `${n} · enrolled Nov 20, 2026`, style: 'heading' as const })), { text: 'Wild Art', amount: '$260' }],
      '© 2026 Wildwood Outdoor School',
      load,
    );
    const text = await textOf(bytes);
    for (const n of ['Nguyễn Thị Mỹ', '李小龙', 'Zoë', '🌲', 'Ελένη', 'Дарья', 'Wild Art', '$260', '© 2026 Wildwood Outdoor School · Page 1 of 1']) expect(text, n).toContain(n);
    // Right-to-left names come back as written, words in their order (the reader's bidi puts them back).
    for (const n of ['سارة حداد', 'שרה כהן']) expect(text, n).toContain(n);
    // Nothing but the letters typed: no stray marks from letters split into base and accent.
    expect([...text].filter((c) => c.codePointAt(0)! < 9)).toEqual([]);
    // Every glyph drawn has its outline in the file: joined Arabic forms and Devanagari's conjuncts are
    // not lost on the way into a subset (at most the space of each font is blank).
    expect((await blankGlyphs(bytes)).every((n) => n <= 1)).toBe(true);
    // Only the files this text needs: no whole Chinese font.
    expect(fetched.length).toBeLessThan(20);
    expect(new Set(fetched).size).toBe(fetched.length);
    expect(fetched.filter((u) => u.includes('noto-sans-sc'))).toHaveLength(fetched.filter((u) => u.includes('noto-sans-sc')).length);
    expect(bytes.length).toBeLessThan(200_000);
  });

  it('wraps long lines and starts a new page when one is full, each page with its footer', async () => {
    const { load } = loader();
    const lines = Array.from({ length: 80 }, (_, i) => ({ text: `Line ${i + 1}: ${'word '.repeat(40)}` }));
    const text = await textOf(await writePdf(lines, '© 2026 Wildwood Outdoor School', load));
    expect(text).toContain('Line 80:');
    const pages = Number(/Page 1 of (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(2);
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });

  it('inflates each compressed table of a font file once, however many glyphs are read from it', async () => {
    const bytes = new Uint8Array(await readFile(join(process.cwd(), 'node_modules/@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff')));
    const font = inflatedOnce(fontkit.create(bytes));
    const [first, second] = [font._getTableStream('glyf')!, font._getTableStream('glyf')!];
    // The same bytes, not inflated again; each reader with a stream of its own (readers move its position).
    expect(second.buffer).toBe(first.buffer);
    expect(second).not.toBe(first);
    first.pos = 100;
    expect(second.pos).toBe(0);
    // The bytes fontkit itself inflates, and the glyphs it reads from them.
    const own = fontkit.create(bytes) as unknown as typeof font & { layout(text: string): { advanceWidth: number } };
    expect([...first.buffer]).toEqual([...own._getTableStream('glyf')!.buffer]);
    expect((font as typeof own).layout('Wildwood Outdoor School').advanceWidth).toBe(own.layout('Wildwood Outdoor School').advanceWidth);
  });
});
