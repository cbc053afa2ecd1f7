// fontkit 2 ships no types: what the receipts' writer uses of it.
declare module 'fontkit' {
  interface Subset {
    encode(): Uint8Array;
  }
  interface Font {
    createSubset(): Subset;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
