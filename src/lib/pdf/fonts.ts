// The fonts a PDF is written in: Noto, as Fontsource publishes it (one small WOFF file per block of
// characters, its unicode.json saying which). A PDF loads only the files its text needs, so
// a receipt for "Nguyễn 李 🌲" fetches a few tens of kilobytes, not the ten megabytes of a whole
// Chinese font. Families in fallback order: the first that covers a character draws it.
/** Where each font file is served from (an asset of the build; a path under node_modules in tests). Read by path, as the packages export only their CSS (knip.json knows these dependencies are used). */
const FILES = import.meta.glob(
  [
    '/node_modules/@fontsource/noto-sans/files/*-{400,700}-normal.woff',
    '/node_modules/@fontsource/noto-sans-{hebrew,arabic,sc}/files/*-400-normal.woff',
    '/node_modules/@fontsource/noto-emoji/files/*-400-normal.woff',
  ],
  { query: '?url', import: 'default', eager: true },
) as Record<string, string>;

/** One font file and the characters it draws. */
export interface FontFile {
  /** Its address, to fetch it. */
  url: string;
  /** Inclusive code point ranges. */
  ranges: [number, number][];
}

/** "U+0460-052F,U+20B4,U+4??" as code point ranges. */
export function unicodeRanges(range: string): [number, number][] {
  return range.split(',').map((part) => {
    const p = part.trim().replace(/^U\+/i, '');
    if (p.includes('?')) return [parseInt(p.replace(/\?/g, '0'), 16), parseInt(p.replace(/\?/g, 'F'), 16)];
    const [a, b = a] = p.split('-');
    return [parseInt(a, 16), parseInt(b, 16)];
  });
}

/** Each Fontsource package's blocks of characters: "latin" → its unicode-range ("[4]" for a numbered block). */
const BLOCKS = import.meta.glob('/node_modules/@fontsource/{noto-sans,noto-sans-hebrew,noto-sans-arabic,noto-sans-sc,noto-emoji}/unicode.json', { import: 'default', eager: true }) as Record<string, Record<string, string>>;

/** A package's files of one weight, each with the characters it draws. */
export function fontFilesOf(family: string, weight: 400 | 700): FontFile[] {
  return Object.entries(BLOCKS[`/node_modules/@fontsource/${family}/unicode.json`] ?? {}).flatMap(([block, range]) => {
    const url = FILES[`/node_modules/@fontsource/${family}/files/${family}-${block.replace(/^\[(\d+)\]$/, '$1')}-${weight}-normal.woff`];
    return url ? [{ url, ranges: unicodeRanges(range) }] : [];
  });
}

/** A weight's files, in fallback order (bold where Noto Sans has it, regular for the other scripts). */
export const PDF_FONTS: Record<'regular' | 'bold', FontFile[]> = (() => {
  const others = (['noto-sans-hebrew', 'noto-sans-arabic', 'noto-emoji', 'noto-sans-sc'] as const).flatMap((f) => fontFilesOf(f, 400));
  return { regular: [...fontFilesOf('noto-sans', 400), ...others], bold: [...fontFilesOf('noto-sans', 700), ...others] };
})();

/** The first file that draws this character, or null when none does. */
export function fontFor(files: FontFile[], codePoint: number): FontFile | null {
  return files.find((f) => f.ranges.some(([lo, hi]) => codePoint >= lo && codePoint <= hi)) ?? null;
}
