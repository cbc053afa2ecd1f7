// Lines of text as a letter-size PDF (pdf-lib, with fontkit for the fonts): each character in the
// first Noto font that draws it, the fonts embedded as subsets of what is printed, so a name prints
// exactly as it was typed — Vietnamese, Chinese, Arabic, Hebrew, Devanagari or an emoji — and can be
// copied back out. fontkit 2 shapes the scripts that join or reorder letters (the copy pdf-lib
// bundles drops Arabic's joined forms and fails on Indic scripts); the font files are WOFF (fontkit's
// WOFF2 reader breaks some of them when it makes a subset); the layout feature that splits a letter
// into base and accent is off, so that every character copies back out as itself.
import * as fontkit from 'fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { fontFor, PDF_FONTS, type FontFile } from './fonts';
import { downloadBlob } from '../download';

export interface PdfLine {
  text: string;
  /** An amount, printed at the right margin. */
  amount?: string;
  style?: 'title' | 'heading' | 'muted' | 'strong';
  /** Indented under the line above it. */
  indent?: boolean;
}

/**
 * A WOFF font whose tables are inflated once: fontkit inflates a compressed table again each time it
 * reads from it, so every glyph measured or put into a subset inflated the whole glyf table (most of a
 * receipt's time in the browser). The stream over the same bytes is made anew for each reader, as
 * fontkit's own is: readers move its position.
 */
export function inflatedOnce(font: fontkit.Font): fontkit.Font {
  if (font.type !== 'WOFF') return font;
  const read = font._getTableStream.bind(font);
  const inflated = new Map<string, Uint8Array>();
  font._getTableStream = (tag) => {
    const bytes = inflated.get(tag);
    if (bytes) return new (font.stream.constructor as new (buffer: Uint8Array) => fontkit.TableStream)(bytes);
    const stream = read(tag);
    // A table stored uncompressed is read from the file's own stream, positioned at the table.
    if (stream && stream !== font.stream) inflated.set(tag, stream.buffer);
    return stream;
  };
  return font;
}

/**
 * fontkit 2 as pdf-lib calls it: pdf-lib reads a subset's bytes as a stream (fontkit 1's way), fontkit 2
 * gives them at once.
 */
const fontkitForPdfLib = {
  create(bytes: Uint8Array, name?: string) {
    const font = inflatedOnce(fontkit.create(bytes, name));
    const createSubset = font.createSubset.bind(font);
    font.createSubset = () => {
      const subset = createSubset();
      const encodeStream = () => {
        const handlers: Record<string, (value?: Uint8Array | Error) => void> = {};
        const stream = {
          on(event: string, handler: (value?: Uint8Array | Error) => void) {
            handlers[event] = handler;
            return stream;
          },
        };
        queueMicrotask(() => {
          try {
            handlers.data?.(subset.encode());
            handlers.end?.();
          } catch (error) {
            handlers.error?.(error as Error);
          }
        });
        return stream;
      };
      return Object.assign(subset, { encodeStream });
    };
    return font;
  },
};

/** Fetches a font file's bytes (the browser fetches its address; tests read the file). */
export type FontLoader = (url: string) => Promise<ArrayBuffer | Uint8Array>;

const MARGIN = 54;
const INDENT = 14;
const AMOUNT_WIDTH = 90;
const SIZE = { title: 18, heading: 13, muted: 9, strong: 11, plain: 10.5 } as const;
/** Invisible characters no font needs to draw (emoji presentation selectors, joiners). */
const INVISIBLE = /\u200D|\uFE0E|\uFE0F/gu;

/** A piece of text in one font file. */
interface Run {
  text: string;
  file: FontFile;
}

/** The file that draws each character, remembered (a receipt asks for the same few hundred). */
const chosen = new Map<FontFile[], Map<number, FontFile>>();
function fileFor(files: FontFile[], codePoint: number): FontFile | null {
  let known = chosen.get(files);
  if (!known) chosen.set(files, (known = new Map()));
  if (!known.has(codePoint)) {
    const file = fontFor(files, codePoint);
    if (file) known.set(codePoint, file);
  }
  return known.get(codePoint) ?? null;
}

/** The text cut where the font that draws it changes (a character no font draws stays with the text around it). */
function runsOf(text: string, files: FontFile[]): Run[] {
  const runs: Run[] = [];
  const chars = [...text.normalize('NFC').replace(INVISIBLE, '')];
  for (const [i, char] of chars.entries()) {
    const last = runs[runs.length - 1];
    // A space between two words of one font stays in their run: a right-to-left name is one run,
    // laid out as a whole, its words in their order.
    const next = char === ' ' ? chars.slice(i + 1).find((c) => c !== ' ') : undefined;
    const joins = !!last && next !== undefined && fileFor(files, next.codePointAt(0)!) === last.file;
    const file = joins ? last.file : (fileFor(files, char.codePointAt(0)!) ?? last?.file ?? files[0]);
    if (last?.file === file) last.text += char;
    else runs.push({ text: char, file });
  }
  return runs;
}

export const fetchFont: FontLoader = async (url) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Font ${url}: ${response.status}`);
  return response.arrayBuffer();
};

/** The PDF's bytes: the lines, page after page, each page with its footer. */
export async function writePdf(lines: PdfLine[], footer: string, load: FontLoader = fetchFont): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkitForPdfLib as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
  const embedded = new Map<FontFile, Promise<PDFFont>>();
  const fontOf = (file: FontFile) => {
    if (!embedded.has(file)) embedded.set(file, load(file.url).then((bytes) => doc.embedFont(bytes, { subset: true, features: { ccmp: false } })));
    return embedded.get(file)!;
  };
  const weightOf = (line: PdfLine) => (line.style && line.style !== 'muted' ? PDF_FONTS.bold : PDF_FONTS.regular);

  // Every font the text needs, fetched at once.
  const all = [...lines.map((l) => [l.text, weightOf(l)] as const), ...lines.filter((l) => l.amount).map((l) => [l.amount!, weightOf(l)] as const), [footer, PDF_FONTS.regular] as const];
  await Promise.all(all.flatMap(([text, files]) => runsOf(text, files).map((r) => fontOf(r.file))));

  /** A text's pieces in their fonts, with their widths at this size. */
  const measured = async (text: string, files: FontFile[], size: number) =>
    Promise.all(runsOf(text, files).map(async (r) => { const font = await fontOf(r.file); return { ...r, font, width: font.widthOfTextAtSize(r.text, size) }; }));
  const widths = new Map<string, number>();
  const widthOf = async (text: string, files: FontFile[], size: number) => {
    const key = `${files === PDF_FONTS.bold ? 'b' : 'r'}${size}:${text}`;
    if (!widths.has(key)) widths.set(key, (await measured(text, files, size)).reduce((sum, r) => sum + r.width, 0));
    return widths.get(key)!;
  };
  const draw = async (page: PDFPage, text: string, files: FontFile[], x: number, y: number, size: number, grey: number) => {
    for (const r of await measured(text, files, size)) {
      if (r.text.trim()) page.drawText(r.text, { x, y, size, font: r.font, color: rgb(grey, grey, grey) });
      x += r.width;
    }
  };
  /** The text in lines no wider than `width`: at spaces, or between characters of a word wider than a line (a long name, Chinese without spaces). */
  const wrap = async (text: string, files: FontFile[], size: number, width: number) => {
    const space = await widthOf(' ', files, size);
    const done: string[] = [];
    let line = '';
    let used = 0;
    /** Puts a piece at the end of the line (after `joiner`), or on a new line when it does not fit. */
    const add = (piece: string, w: number, joiner: string) => {
      const gap = line && joiner ? space : 0;
      if (line && used + gap + w > width) {
        done.push(line);
        [line, used] = ['', 0];
        return add(piece, w, joiner);
      }
      line += (line ? joiner : '') + piece;
      used += gap + w;
    };
    for (const word of text.split(' ')) {
      const w = await widthOf(word, files, size);
      if (w <= width) add(word, w, ' ');
      else for (const [i, char] of [...word].entries()) add(char, await widthOf(char, files, size), i === 0 ? ' ' : '');
    }
    return [...done, line];
  };

  let page = doc.addPage([612, 792]);
  const { width: pageWidth, height: pageHeight } = page.getSize();
  const width = pageWidth - 2 * MARGIN;
  let y = MARGIN;
  for (const line of lines) {
    const size = SIZE[line.style ?? 'plain'];
    const files = weightOf(line);
    const indent = line.indent ? INDENT : 0;
    const wrapped = await wrap(line.text, files, size, width - indent - (line.amount ? AMOUNT_WIDTH : 0));
    const height = wrapped.length * size * 1.3 + (line.style === 'heading' ? 8 : 2);
    if (y + height > pageHeight - MARGIN - 20) {
      page = doc.addPage([612, 792]);
      y = MARGIN;
    }
    if (line.style === 'heading') y += 8;
    const grey = line.style === 'muted' ? 0.35 : 0.08;
    for (const [i, text] of wrapped.entries()) await draw(page, text, files, MARGIN + indent, pageHeight - y - size - i * size * 1.3, size, grey);
    if (line.amount) await draw(page, line.amount, files, MARGIN + width - (await widthOf(line.amount, files, size)), pageHeight - y - size, size, grey);
    y += height;
  }
  const pages = doc.getPages();
  for (const [i, p] of pages.entries()) {
    const text = `${footer} · Page ${i + 1} of ${pages.length}`;
    await draw(p, text, PDF_FONTS.regular, MARGIN, MARGIN - 20, SIZE.muted, 0.35);
  }
  return doc.save();
}

/** Saves the bytes as a file the browser downloads. */
export function downloadPdf(filename: string, bytes: Uint8Array): void {
  downloadBlob(filename, new Blob([bytes as BlobPart], { type: 'application/pdf' }));
}
