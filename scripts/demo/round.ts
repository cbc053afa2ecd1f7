// The demo's drawn round: last year's term, drawn with the beacon's stand-in, so that a new user sees a
// round's public page and can check its draw right after `npm start`. Built with the same draw as the
// server's (contract/draw.ts); its entries are made up (nobody's family), its seed fixed.
import { BEACON_STAND_IN, roundAt, roundTime } from '../../contract/beacon';
import type { ClassRecord, Semester } from '../../contract/domain';
import { runDraw, sha256Hex, type DrawEntry } from '../../contract/draw';
import type { PublicRound } from '../../contract/rounds';
import { signedRound } from '../beacon/standIn';

/** The drawn round of `semester` over its `classes`: what seedDemo writes. */
export async function demoRound(semester: Semester, classes: ClassRecord[]) {
  // Entries open at 9:00 am (Pacific) on the term's first day of registration, for a week; the draw an hour after.
  const entriesOpen = `${semester.registrationOpens}T17:00:00.000Z`;
  const close = new Date(Date.parse(entriesOpen) + 7 * 86_400_000).toISOString();
  const drawAt = new Date(Date.parse(close) + 3_600_000).toISOString();
  const round = roundAt(BEACON_STAND_IN, Date.parse(drawAt) / 1000);
  const beacon = signedRound(round);
  const seed = await sha256Hex(`demo round of ${semester.id}`);
  // 24 families: every third with two children (linked, but for every fifth), ranking the term's classes.
  const ids = classes.map((c) => c.id);
  const entries: DrawEntry[] = Array.from({ length: 24 }, (_, n) => {
    const id = `demo-entry-${String(n + 1).padStart(2, '0')}`;
    const children = Array.from({ length: n % 3 === 0 ? 2 : 1 }, (_, i) => ({ id: `${id}-${i + 1}`, choices: [ids[(n + i) % ids.length], ids[(n + i + 1) % ids.length]].map((c) => ({ id: c, classIds: [c] })) }));
    return { id, group: n % 4 === 0 ? 1 : 2, linked: children.length > 1 && n % 5 !== 0, children };
  });
  const capacity = Object.fromEntries(classes.map((c) => [c.id, c.capacity]));
  const result = await runDraw({ entries, capacity, seed, beacon: beacon.randomness });
  const published: PublicRound = {
    semesterId: semester.id,
    semesterName: semester.name,
    entriesOpen,
    entriesClose: close,
    drawAt,
    claimHours: 48,
    maxChoices: 3,
    groups: [{ label: 'Families returning from the last two terms', rule: 'returning' }],
    seedHash: result.seedHash,
    beacon: { chain: BEACON_STAND_IN.hash, round, time: new Date(roundTime(BEACON_STAND_IN, round) * 1000).toISOString() },
    committedAt: new Date(Date.parse(entriesOpen) - 86_400_000).toISOString(),
    entriesHash: result.entriesHash,
    closedAt: close,
    entryCount: entries.length,
    waiting: null,
    drawn: { at: drawAt, seed, beacon, children: result.placements.length, placed: result.placements.filter((p) => p.placed !== null).length },
    // Last year's: its made-up families' places are long past (nothing to offer on the ledger).
    offersMade: entries.length,
    settledAt: drawAt,
  };
  return { round: published, entries, placements: result.placements, capacity };
}
