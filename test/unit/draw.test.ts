// The registration round's draw: the same record gives the same placements; nobody is placed above
// capacity; linked siblings are placed together or not at all; a child is left out of a choice only
// when it had no room at the child's turn (so a higher group never loses a seat it ranked to a lower
// one); turns follow group then number; and the numbers are uniform.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalEntries, drawOrder, entryNumbers, placementWords, runDraw, sha256Hex, verifyRecord, type DrawChoice, type DrawEntry, type Placement } from '../../contract/draw';

const CLASSES = ['a', 'b', 'c', 'd', 'e'];
const BUNDLES: DrawChoice[] = [{ id: 'g1', classIds: ['a', 'b'] }, { id: 'g2', classIds: ['c', 'd'] }];
const CHOICES: DrawChoice[] = [...CLASSES.map((id) => ({ id, classIds: [id] })), ...BUNDLES];
const hex64 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(''));

const choices = fc.shuffledSubarray(CHOICES, { minLength: 1, maxLength: 5 });
const entries = fc
  .array(
    fc.record({
      group: fc.integer({ min: 1, max: 3 }),
      linked: fc.boolean(),
      children: fc.array(choices, { minLength: 1, maxLength: 3 }),
    }),
    { minLength: 1, maxLength: 25 },
  )
  .map((list) =>
    list.map((e, i): DrawEntry => ({ id: `e${i}`, group: e.group, linked: e.linked, children: e.children.map((c, k) => ({ id: `e${i}k${k}`, choices: c })) })),
  );
const capacity = fc.record(Object.fromEntries(CLASSES.map((id) => [id, fc.integer({ min: 0, max: 4 })])) as Record<string, fc.Arbitrary<number>>);
const draw = fc.record({ entries, capacity, seed: hex64, beacon: hex64 });

const choiceOf = (id: string) => CHOICES.find((c) => c.id === id)!;

/** The seats left just before `turn`, from the placements alone. */
function freeBefore(placements: Placement[], capacity: Record<string, number>, turn: number): Map<string, number> {
  const free = new Map(Object.entries(capacity));
  for (const p of placements.filter((x) => x.turn < turn && x.placed)) for (const id of choiceOf(p.placed!).classIds) free.set(id, free.get(id)! - 1);
  return free;
}

describe('the draw', () => {
  it('gives the same placements for the same record, whatever order the entries come in', async () => {
    await fc.assert(
      fc.asyncProperty(draw, fc.integer(), async (input, shift) => {
        const turned = [...input.entries.slice(Math.abs(shift) % input.entries.length), ...input.entries.slice(0, Math.abs(shift) % input.entries.length)];
        const [one, two] = [await runDraw(input), await runDraw({ ...input, entries: turned })];
        expect(two).toEqual(one);
      }),
      { numRuns: 60 },
    );
  });

  it('never places above capacity; linked siblings together or not at all; a choice passed over had no room at the child’s turn', async () => {
    await fc.assert(
      fc.asyncProperty(draw, async (input) => {
        const { placements } = await runDraw(input);
        expect(placements).toHaveLength(input.entries.reduce((n, e) => n + e.children.length, 0));
        // Capacity: what is left never goes below zero.
        const left = freeBefore(placements, input.capacity, Infinity);
        for (const [id, n] of left) expect(n, id).toBeGreaterThanOrEqual(0);
        for (const entry of input.entries) {
          const mine = placements.filter((p) => p.entryId === entry.id);
          const free = freeBefore(placements, input.capacity, mine[0].turn);
          const room = (choiceId: string, n: number) => choiceOf(choiceId).classIds.every((id) => (free.get(id) ?? 0) >= n);
          if (entry.linked && entry.children.length > 1) {
            // Together: one choice for all, or none; none only when no choice they all ranked had room for all.
            expect(new Set(mine.map((p) => p.placed)).size).toBe(1);
            expect(mine.every((p) => p.linked)).toBe(true);
            const common = entry.children[0].choices.filter((c) => entry.children.every((k) => k.choices.some((x) => x.id === c.id)));
            if (mine[0].placed === null) for (const c of common) expect(room(c.id, entry.children.length), c.id).toBe(false);
          } else {
            // One by one, in the entry's order: each better choice had no room at the child's turn.
            for (const [k, child] of entry.children.entries()) {
              const p = mine.find((x) => x.childId === child.id)!;
              expect(p.linked).toBe(false);
              const siblingsBefore = mine.slice(0, k).filter((x) => x.placed);
              const at = new Map(free);
              for (const s of siblingsBefore) for (const id of choiceOf(s.placed!).classIds) at.set(id, at.get(id)! - 1);
              for (const passed of p.passed) expect(choiceOf(passed).classIds.every((id) => (at.get(id) ?? 0) >= 1), passed).toBe(false);
              if (p.placed) expect(child.choices[p.rank!].id).toBe(p.placed);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('takes entries by group, then by number: a higher group never loses a seat it ranked to a lower one', async () => {
    await fc.assert(
      fc.asyncProperty(draw, async (input) => {
        const { placements } = await runDraw(input);
        const turns = [...new Map(placements.map((p) => [p.turn, p])).values()].sort((a, b) => a.turn - b.turn);
        for (let i = 1; i < turns.length; i++) {
          const [a, b] = [turns[i - 1], turns[i]];
          expect(a.group < b.group || (a.group === b.group && a.number <= b.number)).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('commits to the entries: the hash does not depend on their order and changes with any choice', async () => {
    const base: DrawEntry[] = [
      { id: 'x', group: 1, linked: true, children: [{ id: 'x1', choices: [CHOICES[0], CHOICES[5]] }, { id: 'x2', choices: [CHOICES[0]] }] },
      { id: 'y', group: 2, linked: false, children: [{ id: 'y1', choices: [CHOICES[1], CHOICES[0]] }] },
    ];
    const hash = await sha256Hex(canonicalEntries(base));
    expect(await sha256Hex(canonicalEntries([...base].reverse()))).toBe(hash);
    const swapped = [base[0], { ...base[1], children: [{ id: 'y1', choices: [CHOICES[0], CHOICES[1]] }] }];
    expect(await sha256Hex(canonicalEntries(swapped))).not.toBe(hash);
    expect(await sha256Hex(canonicalEntries([{ ...base[0], linked: false }, base[1]]))).not.toBe(hash);
  });

  it('says why a child was placed where it was', () => {
    const p = (over: Partial<Placement>): Placement => ({ entryId: 'e', childId: 'k', group: 2, number: 0.18341, turn: 3, placed: 'b', rank: 1, passed: ['a'], linked: false, ...over });
    expect(placementWords(p({}))).toBe('group 2, number 0.1834: your first choice was full when your turn came; placed in your second choice');
    expect(placementWords(p({ placed: 'c', rank: 2, passed: ['a', 'b'] }))).toBe('group 2, number 0.1834: your first and second choices were full when your turn came; placed in your third choice');
    expect(placementWords(p({ placed: 'a', rank: 0, passed: [] }))).toBe('group 2, number 0.1834: placed in your first choice');
    expect(placementWords(p({ placed: null, rank: null, passed: ['a', 'b'] }))).toBe('group 2, number 0.1834: every choice was full when your turn came; not placed');
    // Linked siblings: a better choice is passed over when not all of them ranked it or it had no seat for each.
    expect(placementWords(p({ linked: true }))).toBe('group 2, number 0.1834: placed with your linked children in your second choice, the best-ranked class you all ranked that had a seat for each of you');
    expect(placementWords(p({ linked: true, placed: 'a', rank: 0, passed: [] }))).toBe('group 2, number 0.1834: placed in your first choice, with your linked children');
    expect(placementWords(p({ linked: true, placed: null, rank: null, passed: ['a', 'b'] }))).toBe('group 2, number 0.1834: no class your linked children all ranked had a seat for each of them when your turn came; not placed');
  });

  it('draws every turn order equally often (chi-square over 10 000 keys, 4 entries of one group)', async () => {
    const ids = ['a', 'b', 'c', 'd'];
    const counts = [0, 0, 0, 0];
    const places = await Promise.all(
      Array.from({ length: 10_000 }, async (_, i) => {
        const numbers = await entryNumbers(await sha256Hex(`uniformity ${i}`), ids);
        return drawOrder(ids.map((id) => ({ id, group: 1 })), numbers).findIndex((e) => e.id === 'a');
      }),
    );
    for (const place of places) counts[place]++;
    const expected = 2_500;
    const chi = counts.reduce((s, n) => s + (n - expected) ** 2 / expected, 0);
    // 3 degrees of freedom: above 16.27 happens by chance once in 1 000 for a uniform draw.
    expect(chi, JSON.stringify(counts)).toBeLessThan(16.27);
  });
  it('Verify: a published record drawn again matches; a changed entry, seed or placement does not', async () => {
    await fc.assert(
      fc.asyncProperty(draw, async (input) => {
        const { placements, seedHash, entriesHash, algorithm } = await runDraw(input);
        const record = { ...input, placements, seedHash, entriesHash, algorithm };
        expect(await verifyRecord(record)).toBeNull();
        const [first, ...rest] = input.entries;
        const changed = { ...first, group: first.group + 1 };
        expect(await verifyRecord({ ...record, entries: [changed, ...rest] })).toBe('The entries do not match the hash published when entries closed.');
        expect(await verifyRecord({ ...record, seed: `${record.seed}0` })).toBe('The seed does not match the hash published when the round opened.');
        const moved = placements.map((p, i) => (i === 0 ? { ...p, number: p.number / 2 } : p));
        expect(await verifyRecord({ ...record, placements: moved })).toBe('Drawn again, the placements differ from the published ones.');
      }),
      { numRuns: 40 },
    );
  });
});
