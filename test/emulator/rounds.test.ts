// A registration round on the emulators, with real ID tokens and the beacon's stand-in: what is
// published and when, entries until the close, and a draw anyone can check.
import { afterAll, describe, expect, it } from 'vitest';
import { BEACON_STAND_IN, beaconProblem, roundAt, roundTime } from '../../contract/beacon';
import { canonicalEntries, sha256Hex, verifyRecord } from '../../contract/draw';
import type { PublicRound } from '../../contract/rounds';
import { adminDb } from '../../scripts/demo/adminApp';
import { standIn } from '../support/ledger';
import { callAs, useSeededDemo } from '../support/fixtures';
import { createUnverifiedUser } from '../support/emulators';
import { addClassesLikeWildArt, enrollAtQuotedPrice, familyWithStudent, lettered } from '../support/samples';

const TERM = 'open-term';
const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
const settings = (over: object = {}) => ({ semesterId: TERM, entriesOpen: minutes(-1), entriesClose: minutes(60), drawAt: minutes(61), claimHours: 48, maxChoices: 3, groups: [{ label: 'Returning families', rule: 'returning' as const }], ...over });

describe('a registration round', () => {
  const demo = useSeededDemo();
  afterAll(async () => {
    await standIn('/__standin/beacon', { aheadSeconds: 0, down: false });
  });
  let published: PublicRound;
  const classes = lettered('lot', 'Lottery Class', { a: 2, b: 1 });

  it('publishes the seed’s hash and a beacon round after entries close before any entry can exist; refuses a draw before the close', async () => {
    await addClassesLikeWildArt(classes);
    expect((await callAs(demo.family, 'round', { semesterId: TERM })).result).toEqual({ round: null });
    const before = await callAs(demo.family, 'saveRoundEntry', { semesterId: TERM, children: [{ studentId: 'demo-ava', choices: ['lot-a'] }], linked: false });
    expect([before.status, before.error?.message]).toEqual([404, 'This semester has no registration round.']);

    const early = await callAs(demo.admin, 'adminSaveRound', settings({ drawAt: minutes(59) }));
    expect([early.status, early.error?.message]).toEqual([400, 'The draw must come after entries close.']);
    const saved = await callAs(demo.admin, 'adminSaveRound', settings());
    expect(saved.status, JSON.stringify(saved.error)).toBe(200);
    published = saved.result!.round;
    expect(published.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(published.beacon.chain).toBe(BEACON_STAND_IN.hash);
    expect(published.beacon.round).toBe(roundAt(BEACON_STAND_IN, Date.parse(published.drawAt) / 1000));
    expect(published.beacon.time > published.entriesClose).toBe(true);
    expect(new Date(roundTime(BEACON_STAND_IN, published.beacon.round) * 1000).toISOString()).toBe(published.beacon.time);
    // The secret seed is kept apart and answers nowhere: it matches the hash only once revealed.
    const seed = (await adminDb().doc(`roundSecrets/${TERM}`).get()).get('seed') as string;
    expect(await sha256Hex(seed)).toBe(published.seedHash);
    const shown = await callAs(null, 'round', { semesterId: TERM });
    expect(shown.result!.round).toEqual(published);
    expect(JSON.stringify(shown)).not.toContain(seed);
    const audit = await adminDb().collection('audit').where('kind', '==', 'round-set').get();
    expect(audit.docs.map((d) => d.get('record'))).toEqual([{ type: 'round', id: TERM }]);
  });

  it('takes entries while open: linked siblings, a change, each child once, a verified account, the classes it may take', async () => {
    const entry = await callAs(demo.family, 'saveRoundEntry', { semesterId: TERM, children: [{ studentId: 'demo-ava', choices: ['lot-b', 'lot-a'] }, { studentId: 'demo-leo', choices: ['lot-a'] }], linked: true });
    expect(entry.status, JSON.stringify(entry.error)).toBe(200);
    expect(entry.result!.entry).toMatchObject({ linked: true, ownerUid: demo.family.uid });
    // A change keeps the entry's id: entering early or late changes nothing.
    const changed = await callAs(demo.family, 'saveRoundEntry', { semesterId: TERM, children: [{ studentId: 'demo-ava', choices: ['lot-b', 'lot-a'] }, { studentId: 'demo-leo', choices: ['lot-b', 'lot-a'] }], linked: true });
    expect(changed.result!.entry.id).toBe(entry.result!.entry.id);
    expect((await callAs(demo.family, 'myRoundEntry', { semesterId: TERM })).result).toEqual({ entry: changed.result!.entry, placements: [] });
    // An email confirms the entry, and then its change, to the account's address.
    const mails = (await adminDb().collection('mail').where('entryId', '==', entry.result!.entry.id).get()).docs.map((d) => d.data() as { to: string[]; message: { subject: string; text: string } });
    expect(mails.map((m) => [m.to, m.message.subject]).sort()).toEqual([
      [['family@example.com'], 'Your round entry is changed — Wildwood Outdoor School'],
      [['family@example.com'], 'Your round entry is in — Wildwood Outdoor School'],
    ]);
    expect(mails.find((m) => m.message.subject.includes('changed'))!.message.text).toContain('Ava: 1st Lottery Class B, 2nd Lottery Class A.\n\nLeo: 1st Lottery Class B, 2nd Lottery Class A.\n\nYour children are linked');

    // Another family, its own child.
    const other = await familyWithStudent('round.other@example.com', 'Mia', 'Stone');
    expect((await callAs(other.user, 'saveRoundEntry', { semesterId: TERM, children: [{ studentId: other.studentId, choices: ['lot-a', 'lot-b'] }], linked: false })).status).toBe(200);
    // Ava entered again from a second account (same name and birth date): refused.
    const second = await familyWithStudent('round.second@example.com', 'Ava', 'Rivera');
    const twice = await callAs(second.user, 'saveRoundEntry', { semesterId: TERM, children: [{ studentId: second.studentId, choices: ['lot-a'] }], linked: false });
    expect([twice.status, twice.error?.message]).toEqual([409, 'Ava Rivera is already in another family’s entry for this round: a child is entered once. The office can help.']);
    // Someone else's child, a class of another semester, too many choices, an unverified account.
    const notMine = await callAs(other.user, 'saveRoundEntry', { semesterId: TERM, children: [{ studentId: 'demo-ava', choices: ['lot-a'] }], linked: false });
    expect(notMine.status).toBe(404);
    const elsewhere = await callAs(demo.family, 'saveRoundEntry', { semesterId: TERM, children: [{ studentId: 'demo-leo', choices: ['river-adventure'] }], linked: false });
    expect(elsewhere.error?.message).toMatch(/^Leo Rivera: one of the choices is not a class of /);
    const many = await callAs(demo.family, 'saveRoundEntry', { semesterId: TERM, children: [{ studentId: 'demo-leo', choices: ['lot-a', 'lot-b', 'wild-art', 'tide-pools'] }], linked: false });
    expect(many.error?.message).toBe('Leo Rivera: this round takes at most 3 choices per child.');
    const unverified = await createUnverifiedUser('round.unverified@example.com');
    expect((await callAs(unverified, 'saveRoundEntry', { semesterId: TERM, children: [{ studentId: 'demo-ava', choices: ['lot-a'] }], linked: false })).error?.message).toMatch(/^To enter the round, please verify your email address first/);
    // First come waits for the draw: the class list says so, a checkout is refused.
    const listed = (await callAs(null, 'openSemesters')).result!.semesters.find((s) => s.id === TERM)!;
    expect(listed.round).toEqual({ entriesOpen: published.entriesOpen, entriesClose: published.entriesClose, drawn: false });
    const raced = await enrollAtQuotedPrice(demo.family.idToken, { studentId: 'demo-leo', lines: [{ classId: 'orienteering', addOnIds: [] }], idempotencyKey: 'round-race-1', infoConfirmed: true });
    expect(raced.status).toBe(400);
    expect(raced.error?.message).toMatch(/^Places in .* are given by a draw, not first come \(its entries close .*\)\. Seats left after the draw open first come\.$/);
    // Once open, the round cannot change: what it published stays.
    const edit = await callAs(demo.admin, 'adminSaveRound', settings({ maxChoices: 5 }));
    expect(edit.status).toBe(400);
    expect(edit.error?.message).toMatch(/^Entries opened .*: the round can no longer change/);
  });

  it('commits the entries when they close, waits for the beacon (never drawing without it), then draws what anyone can draw again', async () => {
    // Entries close (their time moved into the past rather than waited for).
    await adminDb().doc(`rounds/${TERM}`).update({ entriesClose: minutes(-0.1) });
    const late = await callAs(demo.family, 'saveRoundEntry', { semesterId: TERM, children: [{ studentId: 'demo-ava', choices: ['lot-a'] }], linked: false });
    expect(late.error?.message).toMatch(/^Entries closed .*: entries can no longer change\.$/);
    const closed = await callAs(demo.admin, 'adminRunDraw', { semesterId: TERM });
    expect(closed.status, JSON.stringify(closed.error)).toBe(200);
    const round = closed.result!.round;
    expect(round.entryCount).toBe(2);
    expect(round.entriesHash).toMatch(/^[0-9a-f]{64}$/);
    expect(round.drawn).toBeNull();
    expect(round.waiting).toBe(`The draw waits for the beacon’s round ${round.beacon.round}, due ${new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(new Date(round.beacon.time))}.`);

    // The beacon unreachable: the draw waits, the page says so.
    await standIn('/__standin/beacon', { aheadSeconds: 7200, down: true });
    const down = (await callAs(demo.admin, 'adminRunDraw', { semesterId: TERM })).result!.round;
    expect([down.drawn, down.entriesHash]).toEqual([null, round.entriesHash]);
    expect(down.waiting).toMatch(/^The beacon could not be reached .*: the draw waits and tries again; it never runs without the beacon\.$/);
    expect((await callAs(null, 'round', { semesterId: TERM })).result!.round!.waiting).toBe(down.waiting);

    // Its round out: drawn.
    await standIn('/__standin/beacon', { aheadSeconds: 7200, down: false });
    const drawn = (await callAs(demo.admin, 'adminRunDraw', { semesterId: TERM })).result!.round;
    expect(drawn.drawn).not.toBeNull();
    expect([drawn.entriesHash, drawn.seedHash, drawn.waiting]).toEqual([round.entriesHash, published.seedHash, null]);
    expect(await sha256Hex(drawn.drawn!.seed)).toBe(published.seedHash);
    expect(await beaconProblem(BEACON_STAND_IN, published.beacon.round, drawn.drawn!.beacon)).toBeNull();

    const { record } = (await callAs(null, 'roundRecord', { semesterId: TERM })).result!;
    expect(await sha256Hex(canonicalEntries(record.entries))).toBe(round.entriesHash);
    expect(await verifyRecord(record)).toBeNull();
    expect(record.entries.map((e) => e.group).sort()).toEqual([1, 2]); // the demo family returns; the other is new
    expect(JSON.stringify(record)).not.toMatch(/Rivera|Stone|demo-ava|demo-leo|family@example\.com/);
    // Never above capacity; the linked siblings together or neither.
    const placed = (id: string) => record.placements.filter((p) => p.placed === id).length;
    expect(placed('lot-a')).toBeLessThanOrEqual(2);
    expect(placed('lot-b')).toBeLessThanOrEqual(1);
    const family = (await callAs(demo.family, 'myRoundEntry', { semesterId: TERM })).result!;
    expect(family.placements.map((p) => p.studentId).sort()).toEqual(['demo-ava', 'demo-leo']);
    expect(new Set(family.placements.map((p) => p.placed)).size).toBe(1);
    // Changing one published entry: Verify says the record does not match.
    const forged = { ...record, entries: record.entries.map((e, i) => (i === 0 ? { ...e, group: e.group + 1 } : e)) };
    expect(await verifyRecord(forged)).toBe('The entries do not match the hash published when entries closed.');
    // Drawn: the seats left open first come.
    expect((await callAs(null, 'openSemesters')).result!.semesters.find((s) => s.id === TERM)!.round?.drawn).toBe(true);
    const firstCome = await enrollAtQuotedPrice(demo.family.idToken, { studentId: 'demo-leo', lines: [{ classId: 'orienteering', addOnIds: [] }], idempotencyKey: 'round-race-2', infoConfirmed: true });
    expect(firstCome.status, JSON.stringify(firstCome.error)).toBe(200);
    // Drawn once: running it again changes nothing.
    expect((await callAs(demo.admin, 'adminRunDraw', { semesterId: TERM })).result!.round).toEqual(drawn);
  });
});
