// docs/draw.md promises that someone can write the draw again from that page alone and get the same
// placements from a published record: test/support/drawFromDocs.mjs is such a rewrite (plain
// JavaScript, Node's crypto, nothing shared with contract/draw.ts), and it must agree with the code the
// server and the browser's Verify run, on the hashes, the key and every child's placement.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalEntries, runDraw, type DrawChoice, type DrawEntry } from '../../contract/draw';
// @ts-expect-error -- a plain .mjs module without types, on purpose (written from the docs only)
import { drawFromDocs, entriesText } from '../support/drawFromDocs.mjs';

const CLASSES = ['a', 'b', 'c', 'd', 'e', 'f'];
// Ids whose order by UTF-16 code units differs from other orders (upper case, digits, accents).
const BUNDLES: DrawChoice[] = [{ id: 'Z1', classIds: ['b', 'a'] }, { id: 'é2', classIds: ['d', 'c', 'f'] }];
const CHOICES: DrawChoice[] = [...CLASSES.map((id) => ({ id, classIds: [id] })), ...BUNDLES];
const hex64 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(''));
const entries = fc
  .array(
    fc.record({
      id: fc.string({ minLength: 1, maxLength: 6 }),
      group: fc.integer({ min: 1, max: 4 }),
      linked: fc.boolean(),
      children: fc.array(fc.shuffledSubarray(CHOICES, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 4 }),
    }),
    { minLength: 1, maxLength: 40 },
  )
  .map((list) => list.map((e, i): DrawEntry => ({ id: `${e.id}${i}`, group: e.group, linked: e.linked, children: e.children.map((c, k) => ({ id: `${e.id}${i}-${k}`, choices: c })) })));
const capacity = fc.record(Object.fromEntries(CLASSES.map((id) => [id, fc.integer({ min: 0, max: 5 })])) as Record<string, fc.Arbitrary<number>>);

describe('the draw written again from docs/draw.md', () => {
  it('writes the entries as committed, and draws the same hashes, key and placements as contract/draw.ts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.record({ entries, capacity, seed: hex64, beacon: hex64 }), async (record) => {
        expect(entriesText(record.entries)).toBe(canonicalEntries(record.entries));
        const code = await runDraw(record);
        const docs = drawFromDocs(record);
        expect({ seedHash: docs.seedHash, entriesHash: docs.entriesHash, key: docs.key }).toEqual({ seedHash: code.seedHash, entriesHash: code.entriesHash, key: code.key });
        expect(docs.placements).toEqual(code.placements);
      }),
      { numRuns: 300 },
    );
  });
});
