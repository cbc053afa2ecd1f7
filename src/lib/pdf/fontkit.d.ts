// fontkit 2 ships no types: what the receipts' writer uses of it.
declare module 'fontkit' {
  interface Subset {
    encode(): Uint8Array;
  }
  /** restructure's stream over a table's bytes, as fontkit reads one. */
  interface TableStream {
    buffer: Uint8Array;
    pos: number;
  }
  interface Font {
    type: string;
    /** The stream over the whole file. */
    stream: TableStream;
    createSubset(): Subset;
    /** A table's bytes as a stream at its start (fontkit's own, which the glyphs' readers call). */
    _getTableStream(tag: string): TableStream | null;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
