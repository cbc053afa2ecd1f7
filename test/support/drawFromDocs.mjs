// The registration round's draw written again from docs/draw.md alone, in plain JavaScript with
// Node's own crypto, sharing no code with contract/draw.ts: the docs promise that someone can do this
// and get the same placements from a published record, and test/unit/drawFromDocs.test.ts checks it.
import { createHash, createHmac } from 'node:crypto';

const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');
const byCodeUnits = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/** Step 1: the entries as committed, and their hash. */
export function entriesText(entries) {
  const sorted = [...entries].sort((a, b) => byCodeUnits(a.id, b.id));
  return JSON.stringify(
    sorted.map((e) => ({
      id: e.id,
      group: e.group,
      linked: e.linked,
      children: e.children.map((c) => ({ id: c.id, choices: c.choices.map((ch) => ({ id: ch.id, classIds: [...ch.classIds].sort(byCodeUnits) })) })),
    })),
  );
}

/** Steps 1 to 7 from a record: its hashes, the key, and each child's placement. */
export function drawFromDocs({ entries, capacity, seed, beacon }) {
  const entriesHash = sha256(entriesText(entries));
  const seedHash = sha256(seed);
  const key = sha256(`wildwood-draw-1|${seed}|${beacon}|${entriesHash}`);
  // Step 4: each entry's number.
  const number = new Map(entries.map((e) => [e.id, Number(createHmac('sha256', Buffer.from(key, 'hex')).update(e.id, 'utf8').digest().readUIntBE(0, 6)) / 2 ** 48]));
  // Step 5: the turns.
  const turns = [...entries].sort((a, b) => a.group - b.group || number.get(a.id) - number.get(b.id) || byCodeUnits(a.id, b.id));
  // Step 6: the placement.
  const free = new Map(Object.entries(capacity));
  const seatsOf = (classId) => free.get(classId) ?? 0;
  const placements = [];
  turns.forEach((entry, turn) => {
    const result = (child, placed, together) => {
      const rank = placed === null ? null : child.choices.findIndex((c) => c.id === placed);
      const passed = (placed === null ? child.choices : child.choices.slice(0, rank)).map((c) => c.id);
      placements.push({ entryId: entry.id, childId: child.id, group: entry.group, number: number.get(entry.id), turn, placed, rank, passed, linked: together });
    };
    if (entry.linked && entry.children.length > 1) {
      const [first, ...others] = entry.children;
      const position = (child, id) => child.choices.findIndex((c) => c.id === id);
      const candidates = first.choices
        .filter((choice) => others.every((child) => position(child, choice.id) >= 0))
        .map((choice) => ({ choice, sum: entry.children.reduce((s, child) => s + position(child, choice.id), 0), own: position(first, choice.id) }))
        .sort((a, b) => a.sum - b.sum || a.own - b.own || byCodeUnits(a.choice.id, b.choice.id));
      const n = entry.children.length;
      const taken = candidates.find(({ choice }) => choice.classIds.every((id) => seatsOf(id) >= n));
      if (taken) for (const id of taken.choice.classIds) free.set(id, seatsOf(id) - n);
      for (const child of entry.children) result(child, taken ? taken.choice.id : null, true);
      return;
    }
    for (const child of entry.children) {
      const choice = child.choices.find((c) => c.classIds.every((id) => seatsOf(id) >= 1));
      if (choice) for (const id of choice.classIds) free.set(id, seatsOf(id) - 1);
      result(child, choice ? choice.id : null, false);
    }
  });
  return { seedHash, entriesHash, key, placements };
}
