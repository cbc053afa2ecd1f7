// Registration rounds' use-cases: read the facts, plan (domain/rounds.ts), write. Setting a round makes
// its commitment (a secret seed drawn now, its hash and the beacon round published); families enter
// until entries close; the close commits the entries (their hash published); the draw reveals the
// seed, takes the beacon's value and places the children (contract/draw.ts), recorded for anyone to
// draw again.
import { randomBytes } from 'node:crypto';
import { HttpsError } from 'firebase-functions/v2/https';
import { canonicalEntries, DRAW_ALGORITHM, sha256Hex, type DrawEntry } from '../../../contract/draw';
import { childKey, roundPhase, type EntryInput, type PublicRound, type RoundEntry, type RoundSettings } from '../../../contract/rounds';
import type { EntryPlacement } from '../../../contract/api/rounds';
import { auditInTx, type Actor } from '../data/audit';
import { loadClassesByIds, loadClassesOfSemesters, loadGroupsOfSemesters, loadSemesters } from '../data/catalogue';
import { db, notFound, records, uniq } from '../data/db';
import { takeRate } from '../data/rateLimit';
import { stampCatalogue } from '../data/catalogueCache';
import { childRef, entryRef, loadEntries, loadRecordParts, loadRound, roundRef, secretRef, writeCommitted, writePlacements } from '../data/rounds';
import { listStaff } from '../data/staff';
import { loadOwnStudents } from '../data/students';
import { seatsLeft } from '../domain/catalogue';
import { isRefusal, type Refusal } from '../domain/refusal';
import { childIdOf, committedEntries, groupOf, NO_ROUND, planDraw, planEntry, planRound, type FamilyStanding } from '../domain/rounds';
import { beaconChain, fetchBeacon } from '../lib/beacon';
import { queueMail } from '../mail/outbox';
import { roundEntryMail } from '../mail/rounds';
import { portalOrigin } from '../payments/stripe';

/** A refusal as the callable's error. */
const refused = (r: Refusal) => new HttpsError(r.refused, r.message);

export const VERIFY_TO_ENTER = 'To enter the round, please verify your email address first (open the link we emailed you): your placement is sent there.';

/** Sets a semester's round: a new commitment each time, and none once entries have opened. */
export async function saveRound(actor: Actor, input: RoundSettings, now: Date): Promise<PublicRound> {
  const seed = randomBytes(32).toString('hex');
  const facts = { now, chain: beaconChain(), seed: { seed, hash: await sha256Hex(seed) } };
  const saved = await db().runTransaction(async (tx) => {
    const [semester, existing] = await Promise.all([tx.get(records('semesters').doc(input.semesterId)), loadRound(input.semesterId, tx)]);
    const plan = planRound(input, { ...facts, semester: semester.data(), existing });
    if (isRefusal(plan)) throw refused(plan);
    tx.set(roundRef(input.semesterId), plan.round);
    tx.set(secretRef(input.semesterId), { seed: plan.seed });
    auditInTx(tx, actor, { kind: 'round-set', record: { type: 'round', id: input.semesterId }, summary: `Round of ${plan.round.semesterName} set: entries ${plan.round.entriesOpen} – ${plan.round.entriesClose}, seed’s hash ${plan.round.seedHash.slice(0, 12)}…, beacon round ${plan.round.beacon.round}` }, now);
    return plan.round;
  });
  // The class list and checkouts read a semester's round with the catalogue: read afresh from now.
  await stampCatalogue();
  return saved;
}

export async function publicRound(semesterId: string): Promise<PublicRound | null> {
  return loadRound(semesterId);
}

/** Saves a family's entry (a new one, or a change) while entries are open; an email confirms it. */
export async function saveEntry(ctx: { uid: string; email: string | null; emailVerified: boolean; origin: string | null }, input: EntryInput, now: Date): Promise<RoundEntry> {
  if (!ctx.emailVerified) throw new HttpsError('failed-precondition', VERIFY_TO_ENTER);
  await takeRate('roundEntry', ctx, now);
  const [students, classes, bundles] = await Promise.all([loadOwnStudents(ctx.uid), loadClassesOfSemesters([input.semesterId], 'live'), loadGroupsOfSemesters([input.semesterId])]);
  return db().runTransaction(async (tx) => {
    const [round, existingSnap] = await Promise.all([loadRound(input.semesterId, tx), tx.get(entryRef(input.semesterId, ctx.uid))]);
    const existing = existingSnap.exists ? (existingSnap.data() as RoundEntry) : null;
    const mine = new Map(students.map((s) => [s.id, s]));
    const chosen = input.children.map((c) => mine.get(c.studentId)).filter((s) => s !== undefined);
    const keys = chosen.map((s) => childKey(s));
    const held = await Promise.all(keys.map((k) => tx.get(childRef(input.semesterId, k))));
    const enteredElsewhere = new Map(held.flatMap((snap, i) => (snap.exists ? [[keys[i], snap.get('entryId') as string] as const] : [])));
    const plan = planEntry(input, {
      round,
      now,
      students,
      classes: new Map(classes.map((c) => [c.id, c])),
      bundles: new Map(bundles.map((b) => [b.id, b])),
      existing,
      enteredElsewhere,
      uid: ctx.uid,
      newId: `e${randomBytes(8).toString('hex')}`,
    });
    if (isRefusal(plan)) throw refused(plan);
    // The children the entry no longer holds may be entered again (by this family or another).
    const before = existing ? existing.children.map((c) => mine.get(c.studentId)).filter((s) => s !== undefined).map((s) => childKey(s)) : [];
    for (const key of before.filter((k) => !plan.keys.includes(k))) tx.delete(childRef(input.semesterId, key));
    for (const key of plan.keys) tx.set(childRef(input.semesterId, key), { entryId: plan.entry.id, ownerUid: ctx.uid });
    tx.set(entryRef(input.semesterId, ctx.uid), plan.entry);
    const titles = new Map([...classes.map((c) => [c.id, c.title] as const), ...bundles.map((b) => [b.id, b.name] as const)]);
    const message = roundEntryMail(round!, plan.entry, existing !== null, new Map(students.map((s) => [s.id, s.firstName])), titles, portalOrigin(ctx.origin));
    queueMail(tx, { kind: 'round-entry', to: ctx.email ? [ctx.email] : [], message, entryId: plan.entry.id }, `${plan.entry.id}_${plan.entry.updatedAt}`);
    return plan.entry;
  });
}

/** The family's entry, and once drawn, where each of its children was placed and why. */
export async function ownEntry(uid: string, semesterId: string): Promise<{ entry: RoundEntry | null; placements: EntryPlacement[] }> {
  const [round, snap] = await Promise.all([loadRound(semesterId), entryRef(semesterId, uid).get()]);
  const entry = snap.exists ? (snap.data() as RoundEntry) : null;
  if (!entry || !round?.drawn) return { entry, placements: [] };
  const { placements } = await loadRecordParts(semesterId);
  const children = new Map(entry.children.map((c, i) => [childIdOf(entry.id, i), c.studentId]));
  return { entry, placements: placements.filter((p) => p.entryId === entry.id).map((p) => ({ ...p, studentId: children.get(p.childId)! })) };
}

/** Each family's standing for the round's groups: enrolled in the last two terms, enrolled now, on the staff. */
async function standings(round: PublicRound, owners: string[]): Promise<Map<string, FamilyStanding>> {
  const semesters = (await loadSemesters()).sort((a, b) => a.startDate.localeCompare(b.startDate));
  const index = semesters.findIndex((s) => s.id === round.semesterId);
  const before = index > 0 ? semesters.slice(Math.max(0, index - 2), index).map((s) => s.id) : [];
  const [enrolled, staff] = await Promise.all([
    records('enrollments')
      .where('semesterIds', 'array-contains-any', [...before, round.semesterId])
      .where('status', '==', 'confirmed')
      .get(),
    listStaff(),
  ]);
  const staffUids = new Set(staff.filter((m) => m.roles.length > 0).map((m) => m.uid));
  const returning = new Set(enrolled.docs.filter((d) => d.data().semesterIds.some((id) => before.includes(id))).map((d) => d.data().ownerUid));
  const siblings = new Set(enrolled.docs.filter((d) => d.data().semesterIds.includes(round.semesterId)).map((d) => d.data().ownerUid));
  return new Map(owners.map((uid) => [uid, { returning: returning.has(uid), siblings: siblings.has(uid), staff: staffUids.has(uid) }]));
}

/** Commits the entries once entries have closed: each entry's group, the entries written, their hash published. */
async function closeEntries(round: PublicRound, now: Date): Promise<PublicRound> {
  const [entries, bundles] = await Promise.all([loadEntries(round.semesterId), loadGroupsOfSemesters([round.semesterId])]);
  const standing = await standings(round, uniq(entries.map((e) => e.ownerUid)));
  const groups = new Map(entries.map((e) => [e.id, groupOf(round.groups, standing.get(e.ownerUid)!)]));
  const committed = committedEntries(entries, groups, new Map(bundles.map((b) => [b.id, b])));
  const entriesHash = await sha256Hex(canonicalEntries(committed));
  return db().runTransaction(async (tx) => {
    const current = await loadRound(round.semesterId, tx);
    if (!current) throw notFound('This round');
    if (current.entriesHash) return current;
    const closed: PublicRound = { ...current, entriesHash, closedAt: now.toISOString(), entryCount: entries.length };
    writeCommitted(tx, round.semesterId, committed);
    tx.set(roundRef(round.semesterId), closed);
    return closed;
  });
}

/** Seats free in each class the entries ranked, as the draw starts. */
async function freeSeats(entries: DrawEntry[]): Promise<Record<string, number>> {
  const ids = uniq(entries.flatMap((e) => e.children.flatMap((c) => c.choices.flatMap((x) => x.classIds)))).sort();
  const { found } = await loadClassesByIds(ids);
  return Object.fromEntries(found.map((c) => [c.id, seatsLeft(c)]));
}

/**
 * Moves a round on as far as it can now: closes entries once their time has passed, then draws once the
 * beacon's round is out (else records why it waits). The office's button and the scheduled job both call it.
 */
export async function advanceRound(actor: Actor, semesterId: string, now: Date): Promise<PublicRound> {
  let round = await loadRound(semesterId);
  if (!round) throw new HttpsError('not-found', NO_ROUND);
  const phase = roundPhase(round, now);
  if (phase === 'drawn' || phase === 'upcoming' || phase === 'open') return round;
  if (!round.entriesHash) round = await closeEntries(round, now);
  const beacon = await fetchBeacon(beaconChain(), round.beacon.round);
  if ('waiting' in beacon) {
    await roundRef(semesterId).update({ waiting: beacon.waiting });
    return { ...round, waiting: beacon.waiting };
  }
  const [{ entries }, secret] = await Promise.all([loadRecordParts(semesterId), secretRef(semesterId).get()]);
  const capacity = await freeSeats(entries);
  const plan = await planDraw({ round, entries, capacity, seed: secret.get('seed') as string, beacon: beacon.value, now });
  if (isRefusal(plan)) throw refused(plan);
  const drawn = await db().runTransaction(async (tx) => {
    const current = await loadRound(semesterId, tx);
    if (current?.drawn) return current;
    tx.set(roundRef(semesterId), plan.round);
    writePlacements(tx, semesterId, plan.record.placements, capacity);
    auditInTx(tx, actor, { kind: 'round-drawn', record: { type: 'round', id: semesterId }, summary: `Round of ${round.semesterName} drawn: ${plan.round.drawn!.placed} of ${plan.round.drawn!.children} children placed (beacon round ${beacon.value.round})` }, now);
    return plan.round;
  });
  // Drawn, the semester's seats left open first come: the catalogue is read afresh.
  await stampCatalogue();
  return drawn;
}

/** The rounds whose entries have closed and that are not drawn yet (for the scheduled job). */
export async function roundsDue(now: Date): Promise<string[]> {
  const snap = await db().collection('rounds').where('drawn', '==', null).where('entriesClose', '<=', now.toISOString()).get();
  return snap.docs.map((d) => d.id);
}

/** A drawn round's whole record, for anyone to draw again. */
export async function drawnRecord(semesterId: string) {
  const round = await loadRound(semesterId);
  if (!round?.drawn) throw new HttpsError('failed-precondition', 'This round has not been drawn yet.');
  const { entries, placements, capacity } = await loadRecordParts(semesterId);
  return {
    algorithm: DRAW_ALGORITHM,
    seedHash: round.seedHash,
    entriesHash: round.entriesHash!,
    entries,
    capacity,
    seed: round.drawn.seed,
    beacon: round.drawn.beacon.randomness,
    beaconRound: round.drawn.beacon.round,
    beaconSignature: round.drawn.beacon.signature,
    chain: round.beacon.chain,
    placements,
  };
}
