// A registration round on the emulators, with real ID tokens and the beacon's stand-in: what is
// published and when, entries until the close, and a draw anyone can check.
import { afterAll, describe, expect, it } from 'vitest';
import { BEACON_STAND_IN, beaconProblem, roundAt, roundTime } from '../../contract/beacon';
import { canonicalEntries, sha256Hex, verifyRecord } from '../../contract/draw';
import type { PublicRound } from '../../contract/rounds';
import { adminDb } from '../../scripts/demo/adminApp';
import { standIn } from '../support/ledger';
import { callAs, useSeededDemo } from '../support/fixtures';
import { createUnverifiedUser, signIn } from '../support/emulators';
import { addClassesLikeWildArt, enrollAtQuotedPrice, familyWithStudent, lettered, signedReleases } from '../support/samples';
import { booksProblems } from '../support/ledger';
import type { WaitlistEntry } from '../../contract/domain';

const TERM = 'open-term';
const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
/** An entry as the entry page sends it: each child's information confirmed, the releases signed by the guardian. */
const entering = (children: { studentId: string; choices: string[] }[], over: object = {}) => ({
  semesterId: TERM,
  children: children.map((c) => ({ ...c, infoConfirmed: true })),
  linked: false,
  waitlist: true,
  releases: signedReleases('Sam Rivera'),
  ...over,
});
/** The round's entries as kept, in a fixed order. */
const entriesKept = async () => (await adminDb().collection('roundEntries').where('semesterId', '==', TERM).get()).docs.map((d) => d.data()).sort((a, b) => String(a.id).localeCompare(String(b.id)));
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
    const before = await callAs(demo.family, 'saveRoundEntry', entering([{ studentId: 'demo-ava', choices: ['lot-a'] }], { linked: false, waitlist: true }));
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
    const entry = await callAs(demo.family, 'saveRoundEntry', entering([{ studentId: 'demo-ava', choices: ['lot-b', 'lot-a'] }, { studentId: 'demo-leo', choices: ['lot-a'] }], { linked: true, waitlist: true }));
    expect(entry.status, JSON.stringify(entry.error)).toBe(200);
    expect(entry.result!.entry).toMatchObject({ linked: true, ownerUid: demo.family.uid });
    // A change keeps the entry's id: entering early or late changes nothing.
    const changed = await callAs(demo.family, 'saveRoundEntry', entering([{ studentId: 'demo-ava', choices: ['lot-b', 'lot-a'] }, { studentId: 'demo-leo', choices: ['lot-b', 'lot-a'] }], { linked: true, waitlist: true, payWith: 'office' }));
    expect(changed.result!.entry.id).toBe(entry.result!.entry.id);
    // As at a checkout, the entry signs the releases (kept with it) and says how the family will pay;
    // the children's information, confirmed, counts as reviewed today.
    expect(changed.result!.entry).toMatchObject({ releases: signedReleases('Sam Rivera'), payWith: 'office' });
    expect((await adminDb().doc('students/demo-leo').get()).get('infoReviewedAt')).toBe(changed.result!.entry.updatedAt);
    const unsigned = await callAs(demo.family, 'saveRoundEntry', entering([{ studentId: 'demo-ava', choices: ['lot-a'] }], { releases: [] }));
    expect([unsigned.status, unsigned.error?.message]).toEqual([400, expect.stringMatching(/^Ava Rivera: Please sign the .* by typing your full name\.$/)]);
    const stranger = await callAs(demo.family, 'saveRoundEntry', entering([{ studentId: 'demo-ava', choices: ['lot-a'] }], { releases: signedReleases('Zed Thief') }));
    expect(stranger.error?.message).toMatch(/must be signed by a guardian listed for the student: type Sam Rivera exactly as listed\.$/);
    expect((await callAs(demo.family, 'myRoundEntry', { semesterId: TERM })).result!.entry!.updatedAt).toBe(changed.result!.entry.updatedAt);
    expect((await callAs(demo.family, 'myRoundEntry', { semesterId: TERM })).result).toEqual({ entry: changed.result!.entry });
    // An email confirms the entry, and then its change, to the account's address.
    const mails = (await adminDb().collection('mail').where('entryId', '==', entry.result!.entry.id).get()).docs.map((d) => d.data() as { to: string[]; message: { subject: string; text: string } });
    expect(mails.map((m) => [m.to, m.message.subject]).sort()).toEqual([
      [['family@example.com'], 'Your round entry is changed — Wildwood Outdoor School'],
      [['family@example.com'], 'Your round entry is in — Wildwood Outdoor School'],
    ]);
    expect(mails.find((m) => m.message.subject.includes('changed'))!.message.text).toContain('Ava: 1st Lottery Class B, 2nd Lottery Class A.\n\nLeo: 1st Lottery Class B, 2nd Lottery Class A.\n\nYour children are linked');

    // Another family, its own child.
    const other = await familyWithStudent('round.other@example.com', 'Mia', 'Stone');
    expect((await callAs(other.user, 'saveRoundEntry', entering([{ studentId: other.studentId, choices: ['lot-a', 'lot-b'] }], { linked: false, waitlist: false }))).status).toBe(200);
    // Ava entered again from a second account (same name and birth date): refused.
    const second = await familyWithStudent('round.second@example.com', 'Ava', 'Rivera');
    const twice = await callAs(second.user, 'saveRoundEntry', entering([{ studentId: second.studentId, choices: ['lot-a'] }], { linked: false, waitlist: true }));
    expect([twice.status, twice.error?.message]).toEqual([409, 'Ava Rivera is already in another family’s entry for this round: a child is entered once. The office can help.']);
    // Someone else's child, a class of another semester, too many choices, an unverified account.
    const notMine = await callAs(other.user, 'saveRoundEntry', entering([{ studentId: 'demo-ava', choices: ['lot-a'] }], { linked: false, waitlist: true }));
    expect(notMine.status).toBe(404);
    const elsewhere = await callAs(demo.family, 'saveRoundEntry', entering([{ studentId: 'demo-leo', choices: ['river-adventure'] }], { linked: false, waitlist: true }));
    expect(elsewhere.error?.message).toMatch(/^Leo Rivera: one of the choices is not a class of /);
    const many = await callAs(demo.family, 'saveRoundEntry', entering([{ studentId: 'demo-leo', choices: ['lot-a', 'lot-b', 'wild-art', 'tide-pools'] }], { linked: false, waitlist: true }));
    expect(many.error?.message).toBe('Leo Rivera: this round takes at most 3 choices per child.');
    const unverified = await createUnverifiedUser('round.unverified@example.com');
    expect((await callAs(unverified, 'saveRoundEntry', entering([{ studentId: 'demo-ava', choices: ['lot-a'] }], { linked: false, waitlist: true }))).error?.message).toMatch(/^To enter the round, please verify your email address first/);
    // First come waits for the draw: the class list says so, a checkout is refused.
    const listed = (await callAs(null, 'openSemesters')).result!.semesters.find((s) => s.id === TERM)!;
    expect(listed.round).toEqual({ entriesOpen: published.entriesOpen, entriesClose: published.entriesClose, drawn: false });
    const raced = await enrollAtQuotedPrice(demo.family.idToken, { studentId: 'demo-leo', lines: [{ classId: 'orienteering', addOnIds: [] }], idempotencyKey: 'round-race-1', infoConfirmed: true });
    expect(raced.status).toBe(400);
    expect(raced.error?.message).toMatch(/^Places in .* are given by a draw, not first come \(its entries close .*\)\. Seats left after the draw open first come\.$/);
    // The office sees demand against seats, and a dry run on today's entries (never published); a family cannot.
    const report = (await callAs(demo.admin, 'adminRoundReport', { semesterId: TERM, dryRun: false })).result!.report;
    expect([report.entries, report.children, report.fairness]).toEqual([2, 3, null]);
    // The child refused as already entered by another family is shown to the office, by name.
    expect(report.collisions).toEqual([{ studentName: 'Ava Rivera', at: expect.any(String) }]);
    expect((await adminDb().collection('roundCollisions').get()).docs.map((d) => d.get('studentId'))).toEqual([second.studentId]);
    expect(report.demand).toEqual([
      { choiceId: 'lot-b', title: 'Lottery Class B', seats: 1, first: 2, ranked: 3 },
      { choiceId: 'lot-a', title: 'Lottery Class A', seats: 2, first: 1, ranked: 3 },
    ]);
    const dry = (await callAs(demo.admin, 'adminRoundReport', { semesterId: TERM, dryRun: true })).result!.report;
    expect(dry.dryRun).toBe(true);
    expect(dry.results.map((r) => r.studentName).sort()).toEqual(['Ava Rivera', 'Leo Rivera', 'Mia Stone']);
    expect(dry.fairness!.siblings).toEqual({ entries: 1, together: 1 });
    expect((await callAs(demo.family, 'adminRoundReport', { semesterId: TERM, dryRun: true })).status).toBe(403);
    expect((await adminDb().doc(`rounds/${TERM}`).get()).get('drawn')).toBeNull();
    const viewed = (await adminDb().collection('audit').where('kind', '==', 'round-results-viewed').get()).docs.map((d) => d.get('summary') as string);
    expect(viewed).toEqual([`Read the dry run of the ${published.semesterName} round: 3 children by name`]);
    // Once open, the round cannot change: what it published stays.
    const edit = await callAs(demo.admin, 'adminSaveRound', settings({ maxChoices: 5 }));
    expect(edit.status).toBe(400);
    expect(edit.error?.message).toMatch(/^Entries opened .*: the round can no longer change/);
  });

  it('commits the entries when they close, waits for the beacon (never drawing without it), then draws what anyone can draw again', async () => {
    // Entries close (their time moved into the past rather than waited for).
    await adminDb().doc(`rounds/${TERM}`).update({ entriesClose: minutes(-0.1) });
    const late = await callAs(demo.family, 'saveRoundEntry', entering([{ studentId: 'demo-ava', choices: ['lot-a'] }], { linked: false, waitlist: true }));
    expect(late.error?.message).toMatch(/^Entries closed .*: entries can no longer change\.$/);
    const closed = await callAs(demo.admin, 'adminRunDraw', { semesterId: TERM });
    expect(closed.status, JSON.stringify(closed.error)).toBe(200);
    const round = closed.result!.round;
    expect(round.entryCount).toBe(2);
    expect(round.entriesHash).toMatch(/^[0-9a-f]{64}$/);
    expect(round.drawn).toBeNull();
    // A save the family sent a moment before entries closed that reaches the database after they were
    // committed (a slow phone, a retried request): refused, so the entries drawn stay the ones committed.
    const { saveEntry } = await import('../../functions/src/usecases/rounds');
    const entriesClose = (await adminDb().doc(`rounds/${TERM}`).get()).get('entriesClose') as string;
    const before = await entriesKept();
    const slow = saveEntry({ uid: demo.family.uid, email: demo.family.email, emailVerified: true, origin: null }, entering([{ studentId: 'demo-ava', choices: ['lot-a'] }]), new Date(Date.parse(entriesClose) - 1000));
    await expect(slow).rejects.toThrow(/^Entries closed .*: entries can no longer change\.$/);
    const after = await entriesKept();
    expect(after).toEqual(before);
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
    const family = (await callAs(demo.family, 'myRoundEntry', { semesterId: TERM })).result!.entry!;
    expect(family.results!.map((r) => r.studentId)).toEqual(['demo-ava', 'demo-leo']);
    expect(new Set(family.results!.map((r) => r.placement.placed)).size).toBe(1);
    // Changing one published entry: Verify says the record does not match.
    const forged = { ...record, entries: record.entries.map((e, i) => (i === 0 ? { ...e, group: e.group + 1 } : e)) };
    expect(await verifyRecord(forged)).toBe('The entries do not match the hash published when entries closed.');
    // Drawn: the seats left open first come, once every place has gone through the ledger.
    expect([drawn.offersMade, typeof drawn.settledAt]).toEqual([2, 'string']);
    expect((await callAs(null, 'openSemesters')).result!.semesters.find((s) => s.id === TERM)!.round?.drawn).toBe(true);
    const firstCome = await enrollAtQuotedPrice(demo.family.idToken, { studentId: 'demo-leo', lines: [{ classId: 'orienteering', addOnIds: [] }], idempotencyKey: 'round-race-2', infoConfirmed: true });
    expect(firstCome.status, JSON.stringify(firstCome.error)).toBe(200);
    // The fairness report: the demand family (group 1) got its second choice together; Mia (group 2) hers.
    const fair = (await callAs(demo.admin, 'adminRoundReport', { semesterId: TERM, dryRun: true })).result!.report;
    expect([fair.dryRun, fair.fairness]).toEqual([
      false,
      {
        groups: [
          { group: 1, label: 'Returning families', children: 2, first: 0, firstOrSecond: 2, notPlaced: 0 },
          { group: 2, label: 'Everyone else', children: 1, first: 0, firstOrSecond: 1, notPlaced: 0 },
        ],
        siblings: { entries: 1, together: 1 },
      },
    ]);
    expect(fair.results.map((r) => [r.studentName, r.placed])).toEqual(record.placements.map((p) => [p.childId.endsWith('-1') && p.entryId === family.id ? 'Ava Rivera' : p.entryId === family.id ? 'Leo Rivera' : 'Mia Stone', 'Lottery Class ' + (p.placed === 'lot-a' ? 'A' : 'B')]));
    // Drawn once: running it again changes nothing.
    expect((await callAs(demo.admin, 'adminRunDraw', { semesterId: TERM })).result!.round).toEqual(drawn);
  });

  it('offers the places through the seat ledger in draw order: offers with the round’s claim window, waitlists for the choices above, one email per family; a place passes on in draw order', async () => {
    // The demo family (group 1) drew first: its linked children had no room together in Lottery Class B
    // (one seat), so both got Lottery Class A, their second choice, and wait for B; Mia then got B, her
    // second choice, A being full, and asked for no waitlist.
    const list = async (classId: string) =>
      (await adminDb().collection('waitlist').where('classIds', 'array-contains', classId).get()).docs.map((d) => d.data() as WaitlistEntry).sort((a, b) => a.rank - b.rank || a.id.localeCompare(b.id));
    const a = await list('lot-a');
    const b = await list('lot-b');
    expect(a.map((e) => [e.studentId, e.status])).toEqual([['demo-ava', 'offered'], ['demo-leo', 'offered']]);
    expect(b.map((e) => [e.studentName, e.status]).sort()).toEqual([['Ava Rivera', 'waiting'], ['Leo Rivera', 'waiting'], ['Mia Stone', 'offered']]);
    const round = (await callAs(null, 'round', { semesterId: TERM })).result!.round!;
    const claimBy = Date.parse(round.drawn!.at) + 48 * 3_600_000;
    for (const offer of [...a, ...b].filter((e) => e.status === 'offered')) {
      // The round's 48 hours, moved to 8 am when they end in the night (never in the family's sleep).
      expect(Date.parse(offer.offer!.expiresAt)).toBeGreaterThanOrEqual(claimBy - 60_000);
      expect(Date.parse(offer.offer!.expiresAt)).toBeLessThan(claimBy + 12 * 3_600_000);
      // Signed in the entry: accepting asks for nothing again.
      expect(offer).toMatchObject({ round: { turn: expect.any(Number) }, request: { releases: signedReleases('Sam Rivera'), codes: [] } });
      for (const [classId, seat] of Object.entries(offer.offer!.seats!)) expect((await adminDb().doc(`classes/${classId}/seats/${seat}`).get()).data()).toMatchObject({ state: 'offered', entryId: offer.id });
    }
    expect((await adminDb().doc('classes/lot-a').get()).get('waiting')).toBe(2);
    expect((await adminDb().doc('classes/lot-b').get()).get('waiting')).toBe(3);
    expect(await booksProblems(['lot-a', 'lot-b'], { stripe: false })).toEqual([]);

    // The family's page and email say it: the place, until when, the waitlists with the place in line.
    const entry = (await callAs(demo.family, 'myRoundEntry', { semesterId: TERM })).result!.entry!;
    expect(entry.results!.map((r) => [r.placement.placed, r.offer?.entryId, r.waiting.map((w) => [w.choiceId, w.place])])).toEqual([
      ['lot-a', a[0].id, [['lot-b', 1]]],
      ['lot-a', a[1].id, [['lot-b', 2]]],
    ]);
    const mail = (await adminDb().collection('mail').where('kind', '==', 'round-result').get()).docs.map((d) => d.data() as { to: string[]; message: { subject: string; text: string } });
    expect(mail.map((m) => m.to[0]).sort()).toEqual(['family@example.com', 'round.other@example.com']);
    const theirs = mail.find((m) => m.to[0] === 'family@example.com')!.message;
    expect(theirs.subject).toBe('The draw’s results — Wildwood Outdoor School');
    expect(theirs.text).toMatch(/Ava: group 1, number 0\.\d{4}: placed with your linked children in your second choice, .* \(Lottery Class A\)\. Accept the place on My Enrollments by .*; after that it passes to the next child in draw order\. Ava is 1st on the waitlist for Lottery Class B; we email you if a seat frees up\./);
    expect(theirs.text).toContain('Leo is 2nd on the waitlist for Lottery Class B');
    expect(mail.find((m) => m.to[0] === 'round.other@example.com')!.message.text).not.toContain('waitlist');

    // Accepting in one step: the releases were signed and the information confirmed in the entry; the
    // seat offered becomes the child's. The family pays the lower of the price quoted at the draw and
    // today's, as My Enrollments shows it (Leo, enrolled since, brings the sibling discount).
    expect(a[0].request.payWith).toBe('office');
    const today = (await callAs(demo.family, 'priceBasket', { lines: a[0].request.lines, codes: [], studentId: 'demo-ava' })).result!;
    const claimed = await callAs(demo.family, 'claimOffer', { entryId: a[0].id, expectedTotal: Math.min(a[0].quote.total, today.total), idempotencyKey: 'round-claim-2', payWith: 'office' });
    expect(claimed.status, JSON.stringify(claimed.error)).toBe(200);
    const kept = (await adminDb().doc(`enrollments/${claimed.result!.enrollment.id}`).get()).get('releases') as { typedName: string }[];
    expect(kept.map((r) => r.typedName)).toEqual(signedReleases('Sam Rivera').map(() => 'Sam Rivera'));
    expect(claimed.result!.enrollment).toMatchObject({ studentId: 'demo-ava', classIds: ['lot-a'], status: 'confirmed', total: Math.min(a[0].quote.total, today.total) });
    expect(today.total).toBeLessThan(a[0].quote.total);
    // Another family cannot claim it.
    const other = await familyWithStudent('round.thief@example.com', 'Zed', 'Thief');
    expect((await callAs(other.user, 'claimOffer', { entryId: a[1].id, expectedTotal: a[1].quote.total, idempotencyKey: 'round-claim-3', payWith: 'office', releases: signedReleases('Zed Thief') })).status).toBe(404);

    // Mia declines her place: it passes at once to the next child in draw order waiting for it (Ava).
    const mia = b.find((e) => e.studentName === 'Mia Stone')!;
    expect((await callAs(await signIn('round.other@example.com', 'secret-pass-1'), 'declineOffer', { entryId: mia.id })).status).toBe(200);
    const after = await list('lot-b');
    expect(after.find((e) => e.studentId === 'demo-ava')!.status).toBe('offered');
    expect(after.find((e) => e.studentId === 'demo-leo')!.status).toBe('waiting');
    expect(await booksProblems(['lot-a', 'lot-b'], { stripe: false })).toEqual([]);

    // Ava's place is not accepted in time: it passes to the next child in draw order (Leo), and the
    // lapse is said to the family. (The waitlist's job, run here at a later hour rather than waited for.)
    const offeredAva = after.find((e) => e.studentId === 'demo-ava')!;
    process.env.FUNCTIONS_EMULATOR = 'true';
    const { runWaitlistJob } = await import('../../functions/src/usecases/waitlist');
    const lapsed = await runWaitlistJob(new Date(Date.parse(offeredAva.offer!.expiresAt) + 60_000), ['lot-b']);
    expect(lapsed.lapsed).toBe(1);
    const last = await list('lot-b');
    expect(last.map((e) => [e.studentId, e.status]).sort()).toEqual([['demo-ava', 'lapsed'], ['demo-leo', 'offered'], [mia.studentId, 'declined']].sort());
    expect(await booksProblems(['lot-a', 'lot-b'], { stripe: false })).toEqual([]);
  });
});

describe('a registration round with families receiving aid first', () => {
  const demo = useSeededDemo();
  afterAll(async () => {
    await standIn('/__standin/beacon', { aheadSeconds: 0, down: false });
  });

  it('puts a family whose aid application is under review in the first group, so its child draws the one seat before the others', async () => {
    await addClassesLikeWildArt(lettered('aidlot', 'Aid Lottery', { a: 1 }));
    const saved = await callAs(demo.admin, 'adminSaveRound', settings({ groups: [{ label: 'Families receiving aid', rule: 'aid' as const }] }));
    expect(saved.status, JSON.stringify(saved.error)).toBe(200);
    const aided = await familyWithStudent('round.aid@example.com', 'Noor', 'Aided');
    const applied = await callAs(aided.user, 'applyForAid', { semesterId: TERM, studentIds: [aided.studentId], householdSize: 3, incomeBand: 'under-100', benefits: true, words: '' });
    expect(applied.result!.application.status).toBe('received');
    for (const [who, studentId] of [[demo.family, 'demo-ava'], [aided.user, aided.studentId]] as const) {
      const entered = await callAs(who, 'saveRoundEntry', entering([{ studentId, choices: ['aidlot-a'] }]));
      expect(entered.status, JSON.stringify(entered.error)).toBe(200);
    }
    await adminDb().doc(`rounds/${TERM}`).update({ entriesClose: minutes(-0.1) });
    await standIn('/__standin/beacon', { aheadSeconds: 7200, down: false });
    await callAs(demo.admin, 'adminRunDraw', { semesterId: TERM });
    const drawn = (await callAs(demo.admin, 'adminRunDraw', { semesterId: TERM })).result!.round;
    expect(drawn.drawn).not.toBeNull();
    const { record } = (await callAs(null, 'roundRecord', { semesterId: TERM })).result!;
    const own = (await callAs(aided.user, 'myRoundEntry', { semesterId: TERM })).result!.entry!;
    expect(record.entries.map((e) => [e.id === own.id ? 'aided' : 'other', e.group]).sort()).toEqual([['aided', 1], ['other', 2]]);
    // Whatever the draw's order, the first group draws first: the one seat is the aided family's.
    expect(own.results!.map((r) => r.placement.placed)).toEqual(['aidlot-a']);
    // The record anyone can check names the group, never who receives aid.
    expect(JSON.stringify(record)).not.toMatch(/Noor|Aided|round\.aid/);
  });
});
