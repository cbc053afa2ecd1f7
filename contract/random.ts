// Random ids and salts, the same in the browser and on the server (WebCrypto's getRandomValues,
// which, unlike randomUUID, also works on a page served over plain http).

export const hex = (bytes: ArrayBuffer | Uint8Array) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/** The bytes a hex text stands for (`hex`'s inverse). */
export const bytesOf = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (b) => parseInt(b, 16));

/** `bytes` random bytes as hex (16: 128 bits). */
export const randomHex = (bytes = 16) => hex(crypto.getRandomValues(new Uint8Array(bytes)));
