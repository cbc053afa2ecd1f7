// Registration rounds' use-cases: read the facts, plan (domain/rounds.ts), write. Setting a round makes
// its commitment (a secret seed drawn now, its hash and the beacon round published); families enter
// until entries close; the close commits the entries (their hash published); the draw reveals the
// seed, takes the beacon's value and places the children (contract/draw.ts), recorded for anyone to
// draw again.
import { randomBytes } from 'node:crypto';
import { FieldValue } from 'firebase-admin/firestore';
import { orRefused, refusedError, throwIfRefused } from '../lib/refused';
import { unlessVerified } from '../domain/refusal';
import { canonicalEntries, DRAW_ALGORITHM, runDraw, sha256Hex, type DrawEntry, type Placement } from '../../../contract/draw';
import { childKey, roundPhase, type EntryInput, type PublicRound, type RoundEntry, type RoundReport, type RoundSettings } from '../../../contract/rounds';
import type { ClassRecord, WaitlistEntry } from '../../../contract/domain';
import { schoolToday } from '../../../contract/schedule';
import { auditInTx, auditReads, type Actor } from '../data/audit';
import { loadClassesByIds, loadClassesOfSemesters, loadGroupsOfSemesters, loadSemesters, loadSemestersByIds } from '../data/catalogue';
import { db, getByIds, notFound, present, recordRef, records, runSeatTransaction, uniq } from '../data/db';
import { loadFamilyEnrollments, loadCatalogueFacts, loadReleases, priceCheckout, readCodeUseCounters } from '../data/enrollments';
import { accountEmails } from '../data/familyMail';
import { seatRef, seatsIn } from '../data/seats';
import { entryRef as waitlistRef } from '../data/waitlist';
import { takeRate } from '../data/rateLimit';
import { stampCatalogue } from '../data/catalogueCache';
import { childRef, collisionRef, entryRef, loadEntries, ROUNDS, loadRecordParts, loadRound, roundRef, secretRef, writeCommitted, writePlacements } from '../data/rounds';
import { listStaff } from '../data/staff';
import { loadOwnStudents } from '../data/students';
import { isEnrollable, isOpenForEnrollment, seatsLeft } from '../domain/catalogue';
import { freeSeatIds } from '../domain/seats';
import { isRefusal } from '../domain/refusal';
import { aidSeatTerms } from '../../../contract/aid';
import { childIdOf, committedEntries, demandOf, drawnRound, fairnessOf, groupOf, planDraw, planEntry, planResults, planRound, roundOf, VERIFY_TO_ENTER, type ChoiceQuote, type FamilyStanding } from '../domain/rounds';
import { beaconChain, fetchBeacon } from '../lib/beacon';
import { queueMail } from '../mail/outbox';
import { roundEntryMail, roundResultMail } from '../mail/rounds';
import { serveWaitlists } from './waitlist';
import { portalOrigin } from '../payments/stripe';

/** Sets a semester's round: a new commitment each time, and none once entries have opened. */
export async function saveRound(actor: Actor, input: RoundSettings, now: Date): Promise<PublicRound> {
  const seed = randomBytes(32).toString('hex');
  const facts = { now, chain: beaconChain(), seed: { seed, hash: await sha256Hex(seed) } };
  const saved = await db().runTransaction(async (tx) => {
    const [semester, existing] = await Promise.all([tx.get(records('semesters').doc(input.semesterId)), loadRound(input.semesterId, tx)]);
    const plan = orRefused(planRound(input, { ...facts, semester: semester.data(), existing }));
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
  throwIfRefused(unlessVerified(ctx.emailVerified, VERIFY_TO_ENTER));
  await takeRate('roundEntry', ctx, now);
  const [students, classes, bundles, releases] = await Promise.all([loadOwnStudents(ctx.uid), loadClassesOfSemesters([input.semesterId], 'live'), loadGroupsOfSemesters([input.semesterId]), loadReleases()]);
  const saved = await db().runTransaction(async (tx) => {
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
      releases,
      uid: ctx.uid,
      newId: `e${randomBytes(8).toString('hex')}`,
    });
    if (isRefusal(plan)) {
      // A child another family's entry holds: the office is shown the collision (the refusal asks the family to call it).
      const collided = plan.refused === 'already-exists' ? chosen.filter((c, i) => enteredElsewhere.has(keys[i]) && enteredElsewhere.get(keys[i]) !== existing?.id).map((c) => c.id) : [];
      return { saved: false as const, refusal: plan, collided };
    }
    // The children the entry no longer holds may be entered again (by this family or another).
    const before = existing ? existing.children.map((c) => mine.get(c.studentId)).filter((s) => s !== undefined).map((s) => childKey(s)) : [];
    for (const key of before.filter((k) => !plan.keys.includes(k))) tx.delete(childRef(input.semesterId, key));
    for (const key of plan.keys) tx.set(childRef(input.semesterId, key), { entryId: plan.entry.id, ownerUid: ctx.uid });
    tx.set(entryRef(input.semesterId, ctx.uid), plan.entry);
    // A child whose information the family confirmed is reviewed as of now, as at a checkout.
    for (const child of input.children.filter((c) => c.infoConfirmed)) tx.update(recordRef('students', child.studentId), { infoReviewedAt: plan.entry.updatedAt });
    const titles = new Map([...classes.map((c) => [c.id, c.title] as const), ...bundles.map((b) => [b.id, b.name] as const)]);
    const message = roundEntryMail(round!, plan.entry, existing !== null, new Map(students.map((s) => [s.id, s.firstName])), titles, portalOrigin(ctx.origin));
    queueMail(tx, { kind: 'round-entry', to: ctx.email ? [ctx.email] : [], message, entryId: plan.entry.id }, `${plan.entry.id}_${plan.entry.updatedAt}`);
    return { saved: true as const, entry: plan.entry };
  });
  if (saved.saved) return saved.entry;
  await Promise.all(saved.collided.map((studentId) => collisionRef(input.semesterId, studentId).set({ semesterId: input.semesterId, studentId, ownerUid: ctx.uid, at: now.toISOString() })));
  throw refusedError(saved.refusal);
}

/** The family's entry (once its places have gone through the ledger, with each child's result). */
export async function ownEntry(uid: string, semesterId: string): Promise<RoundEntry | null> {
  const snap = await entryRef(semesterId, uid).get();
  return snap.exists ? (snap.data() as RoundEntry) : null;
}

/** Each family's standing for the round's groups: enrolled in the last two terms, enrolled now, on the staff, receiving aid. */
async function standings(round: PublicRound, owners: string[], now: Date): Promise<Map<string, FamilyStanding>> {
  const semesters = (await loadSemesters()).sort((a, b) => a.startDate.localeCompare(b.startDate));
  const index = semesters.findIndex((s) => s.id === round.semesterId);
  const before = index > 0 ? semesters.slice(Math.max(0, index - 2), index).map((s) => s.id) : [];
  const [enrolled, staff, applications] = await Promise.all([
    records('enrollments')
      .where('semesterIds', 'array-contains-any', [...before, round.semesterId])
      .where('status', '==', 'confirmed')
      .get(),
    listStaff(),
    round.groups.some((g) => g.rule === 'aid') ? records('aidApplications').where('semesterId', '==', round.semesterId).get() : null,
  ]);
  const today = schoolToday(now);
  const aided = new Set((applications?.docs ?? []).map((d) => d.data()).filter((a) => aidSeatTerms([a], today).has(round.semesterId)).map((a) => a.ownerUid));
  const staffUids = new Set(staff.filter((m) => m.roles.length > 0).map((m) => m.uid));
  const returning = new Set(enrolled.docs.filter((d) => d.data().semesterIds.some((id) => before.includes(id))).map((d) => d.data().ownerUid));
  const siblings = new Set(enrolled.docs.filter((d) => d.data().semesterIds.includes(round.semesterId)).map((d) => d.data().ownerUid));
  return new Map(owners.map((uid) => [uid, { returning: returning.has(uid), siblings: siblings.has(uid), staff: staffUids.has(uid), aid: aided.has(uid) }]));
}

/** Commits the entries once entries have closed: each entry's group, the entries written, their hash published. */
async function closeEntries(round: PublicRound, now: Date): Promise<PublicRound> {
  const bundles = await loadGroupsOfSemesters([round.semesterId]);
  return db().runTransaction(async (tx) => {
    // The round and its entries read in the transaction: a family's save cannot land between this
    // read and the commit (it waits, then finds entries closed), so the record is every entry as kept.
    const [current, entries] = await Promise.all([loadRound(round.semesterId, tx), loadEntries(round.semesterId, tx)]);
    if (!current) throw notFound('This round');
    if (current.entriesHash) return current;
    const standing = await standings(round, uniq(entries.map((e) => e.ownerUid)), now);
    const groups = new Map(entries.map((e) => [e.id, groupOf(round.groups, standing.get(e.ownerUid)!)]));
    const committed = committedEntries(entries, groups, new Map(bundles.map((b) => [b.id, b])));
    const entriesHash = await sha256Hex(canonicalEntries(committed));
    const closed: PublicRound = { ...current, entriesHash, closedAt: now.toISOString(), entryCount: entries.length };
    writeCommitted(tx, round.semesterId, committed);
    tx.set(roundRef(round.semesterId), closed);
    return closed;
  });
}

/** Seats free now in each of these classes, by class id (none in a class no longer open for enrollment). */
async function freeSeats(classes: ClassRecord[], now: Date): Promise<Record<string, number>> {
  const open = await enrollableNow(classes, now);
  return Object.fromEntries(classes.map((c) => [c.id, open.has(c.id) ? seatsLeft(c, now) : 0]));
}

/** The classes a family can still enroll in now (live, before their deadline, their semester open): a claim is an enrollment. */
async function enrollableNow(classes: ClassRecord[], now: Date): Promise<Set<string>> {
  const today = schoolToday(now);
  const { found: semesters } = await loadSemestersByIds(uniq(classes.map((c) => c.semesterId)));
  const open = new Set(semesters.filter((s) => isOpenForEnrollment(s, today)).map((s) => s.id));
  return new Set(classes.filter((c) => isEnrollable(c, open.has(c.semesterId), today)).map((c) => c.id));
}

/**
 * Moves a round on as far as it can now: closes entries once their time has passed, then draws once the
 * beacon's round is out (else records why it waits). The office's button and the scheduled job both call it.
 */
export async function advanceRound(actor: Actor, semesterId: string, now: Date): Promise<PublicRound> {
  let round = orRefused(roundOf(await loadRound(semesterId)));
  const phase = roundPhase(round, now);
  if (phase === 'upcoming' || phase === 'open' || round.settledAt) return round;
  if (phase === 'drawn') return settleRound(semesterId, now);
  if (!round.entriesHash) round = await closeEntries(round, now);
  const beacon = await fetchBeacon(beaconChain(), round.beacon.round);
  if ('waiting' in beacon) {
    await roundRef(semesterId).update({ waiting: beacon.waiting });
    return { ...round, waiting: beacon.waiting };
  }
  const [{ entries }, secret] = await Promise.all([loadRecordParts(semesterId), secretRef(semesterId).get()]);
  // The classes the entries ranked, in id order (the published record's capacities read in that order).
  const { found: ranked } = await loadClassesByIds(uniq(entries.flatMap((e) => e.children.flatMap((c) => c.choices.flatMap((x) => x.classIds)))).sort());
  const capacity = await freeSeats(ranked, now);
  const plan = orRefused(await planDraw({ round, entries, capacity, seed: secret.get('seed') as string, beacon: beacon.value, now }));
  await db().runTransaction(async (tx) => {
    const current = await loadRound(semesterId, tx);
    if (current?.drawn) return;
    tx.set(roundRef(semesterId), plan.round);
    writePlacements(tx, semesterId, plan.record.placements, capacity);
    auditInTx(tx, actor, { kind: 'round-drawn', record: { type: 'round', id: semesterId }, summary: `Round of ${round.semesterName} drawn: ${plan.round.drawn!.placed} of ${plan.round.drawn!.children} children placed (beacon round ${beacon.value.round})` }, now);
  });
  return settleRound(semesterId, now);
}

/** Entries whose places one transaction puts through the ledger: each writes at most ~15 waitlist entries, their seats and one email. */
const SETTLE_CHUNK = 20;
/** How long one call goes on settling (the office's button answers within 50 s; the job carries on). */
const SETTLE_MS = 30_000;

/**
 * Puts a drawn round's places through the seat ledger, entry by entry in draw order (planResults):
 * offers on seats, waitlists joined, one email per family. Resumable: the round counts the entries
 * done, and a run that finds another ahead of it stops. Once all are done, the seats left go first to
 * those waiting (in draw order), then first come.
 */
export async function settleRound(semesterId: string, now: Date, until = Date.now() + SETTLE_MS): Promise<PublicRound> {
  const round = await loadRound(semesterId);
  if (!round?.drawn || round.settledAt) return round!;
  const [{ placements }, entries, bundles] = await Promise.all([loadRecordParts(semesterId), loadEntries(semesterId), loadGroupsOfSemesters([semesterId])]);
  const placed = new Map(placements.map((p) => [p.childId, p]));
  const turnOf = (e: RoundEntry) => Math.min(...e.children.map((_c, i) => placed.get(childIdOf(e.id, i))?.turn ?? Infinity));
  const ordered = entries.filter((e) => Number.isFinite(turnOf(e))).sort((a, b) => turnOf(a) - turnOf(b));
  const bundleById = new Map(bundles.map((b) => [b.id, b]));
  const choiceIds = uniq(ordered.flatMap((e) => e.children.flatMap((c) => c.choices)));
  const classIds = uniq(choiceIds.flatMap((id) => bundleById.get(id)?.classIds ?? [id]));
  const [catalogue, students, emails, waitingNow] = await Promise.all([
    loadCatalogueFacts(classIds, []),
    getByIds('students', uniq(ordered.flatMap((e) => e.children.map((c) => c.studentId)))),
    accountEmails(uniq(ordered.map((e) => e.ownerUid))),
    records('waitlist').where('semesterId', '==', semesterId).where('status', '==', 'waiting').get(),
  ]);
  const choices = new Map(
    choiceIds.flatMap((id) => {
      const bundle = bundleById.get(id);
      const title = bundle?.name ?? catalogue.classes.get(id)?.title;
      return title ? [[id, { classIds: bundle?.classIds ?? [id], title }] as const] : [];
    }),
  );
  const studentById = new Map(students.found.map((s) => [s.id, s]));
  // A choice whose classes no longer take enrollments (past their deadline since the draw) is neither offered nor waited for.
  const enrollable = await enrollableNow([...catalogue.classes.values()], now);
  const counters = await readCodeUseCounters(catalogue.discounts);
  const waiting = waitingNow.docs.map((d) => d.data());
  const today = schoolToday(now);
  let done = round.offersMade;
  while (done < ordered.length && Date.now() < until) {
    const part = ordered.slice(done, done + SETTLE_CHUNK);
    // Each child's choices priced as its waitlist entry quotes them (the family's sibling discounts counted).
    const families = new Map(await Promise.all(uniq(part.map((e) => e.ownerUid)).map(async (uid) => [uid, await loadFamilyEnrollments(uid)] as const)));
    const quotes = new Map<string, ChoiceQuote | null>();
    for (const e of part) {
      for (const child of e.children) {
        for (const choiceId of child.choices) {
          const choice = choices.get(choiceId);
          const lines = (choice?.classIds ?? []).map((classId) => ({ classId, addOnIds: [] }));
          const classes = lines.flatMap((l) => catalogue.classes.get(l.classId) ?? []);
          let priced: ChoiceQuote | null = null;
          if (choice && classes.length === lines.length && classes.every((c) => enrollable.has(c.id))) {
            try {
              const q = priceCheckout({ ...catalogue, classes, family: families.get(e.ownerUid)!, counters }, [{ studentId: child.studentId, lines }], today).children[0];
              priced = { lines, quote: { lineItems: q.lineItems, discounts: q.discounts, subtotal: q.subtotal, total: q.total } };
            } catch {
              // A choice the engine cannot price now (a class since closed) is neither offered nor waited for.
            }
          }
          quotes.set(`${child.studentId}|${choiceId}`, priced);
        }
      }
    }
    const start = done;
    const wrote = await runSeatTransaction(async (tx) => {
      const current = await loadRound(semesterId, tx);
      // Another run is ahead (the job and the office's button at once): it carries on.
      if (!current || current.offersMade !== start) return null;
      const involved = uniq(part.flatMap((e) => e.children.flatMap((c) => c.choices.flatMap((id) => choices.get(id)?.classIds ?? []))));
      const klasses = present(await tx.getAll(...involved.map((id) => recordRef('classes', id))));
      const seats = await Promise.all(klasses.map((c) => seatsIn(tx, c.id)));
      const free = new Map(klasses.map((c, i) => [c.id, freeSeatIds(c.capacity, seats[i].keys())]));
      const waitingIn = new Map<string, number>();
      const written: WaitlistEntry[] = [];
      for (const entry of part) {
        const plan = planResults({ round, entry, placements: placed, students: studentById, email: emails.get(entry.ownerUid) ?? null, choices, quotes, free, waiting: [...waiting, ...written], now });
        for (const { classId, seatId } of plan.seats) free.set(classId, free.get(classId)!.filter((id) => id !== seatId));
        for (const { classId, seatId, seat } of plan.seats) tx.create(seatRef(classId, seatId), seat);
        for (const w of plan.entries) {
          tx.create(waitlistRef(w.id), w);
          for (const id of w.classIds) waitingIn.set(id, (waitingIn.get(id) ?? 0) + 1);
          if (w.status === 'waiting') written.push(w);
        }
        tx.update(entryRef(semesterId, entry.ownerUid), { results: plan.results });
        const mail = roundResultMail(round, plan.results, studentById, choices, portalOrigin(null));
        queueMail(tx, { kind: 'round-result', to: emails.has(entry.ownerUid) ? [emails.get(entry.ownerUid)!] : [], message: mail, entryId: entry.id }, `${semesterId}_${entry.id}`);
      }
      for (const [classId, n] of waitingIn) tx.update(recordRef('classes', classId), { waiting: FieldValue.increment(n) });
      const settled = start + part.length === ordered.length;
      tx.update(roundRef(semesterId), { offersMade: start + part.length, ...(settled ? { settledAt: now.toISOString() } : {}) });
      return written;
    });
    if (!wrote) break;
    waiting.push(...wrote);
    done = start + part.length;
  }
  let after = (await loadRound(semesterId))!;
  // Nothing (left) to offer: the round is settled, whatever its number of entries.
  if (done >= ordered.length && !after.settledAt) {
    after = { ...after, settledAt: now.toISOString() };
    await roundRef(semesterId).update({ settledAt: after.settledAt });
  }
  if (after.settledAt) {
    // Seats no child got while some wait for them (a linked pair had no room together) go to those
    // waiting, in draw order; then the seats left are first come, and the catalogue is read afresh.
    await serveWaitlists(classIds, now);
    await stampCatalogue();
  }
  return after;
}

/** The rounds whose entries have closed and whose places have not all gone through the ledger yet (for the scheduled job). */
export async function roundsDue(now: Date): Promise<string[]> {
  const snap = await db().collection('rounds').where('settledAt', '==', null).where('entriesClose', '<=', now.toISOString()).get();
  return snap.docs.map((d) => d.id);
}

/** A drawn round's whole record, for anyone to draw again. */
export async function drawnRecord(semesterId: string) {
  const round = orRefused(drawnRound(await loadRound(semesterId)));
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

/**
 * The office's view of a round: demand against the seats free now (from the entries so far), and the
 * draw's fairness and each child's line once drawn; before the draw, with `dryRun`, the same for a
 * draw of today's entries with a throwaway key (never stored, never published). Reading the children's
 * names is audited.
 */
export async function roundReport(actor: Actor, semesterId: string, dryRun: boolean, now: Date): Promise<RoundReport> {
  const round = orRefused(roundOf(await loadRound(semesterId)));
  const [entries, bundles, collisionSnaps] = await Promise.all([loadEntries(semesterId), loadGroupsOfSemesters([semesterId]), db().collection(ROUNDS.collisions).where('semesterId', '==', semesterId).get()]);
  const bundleById = new Map(bundles.map((b) => [b.id, b]));
  const choiceIds = uniq(entries.flatMap((e) => e.children.flatMap((c) => c.choices)));
  const classesOf = (id: string) => bundleById.get(id)?.classIds ?? [id];
  const { found: classes } = await loadClassesByIds(uniq(choiceIds.flatMap(classesOf)));
  const seats = await freeSeats(classes, now);
  const title = new Map([...classes.map((c) => [c.id, c.title] as const), ...bundles.map((b) => [b.id, b.name] as const)]);
  const choices = new Map(choiceIds.map((id) => [id, { title: title.get(id) ?? id, seats: Math.min(...classesOf(id).map((c) => seats[c] ?? 0)) }]));
  // The draw's outcome, or a dry run's on today's entries.
  let outcome: { entries: DrawEntry[]; placements: Placement[] } | null = null;
  if (round.drawn) {
    const { entries: committed, placements } = await loadRecordParts(semesterId);
    outcome = { entries: committed, placements };
  } else if (dryRun && entries.length) {
    const standing = await standings(round, uniq(entries.map((e) => e.ownerUid)), now);
    const committed = committedEntries(entries, new Map(entries.map((e) => [e.id, groupOf(round.groups, standing.get(e.ownerUid)!)])), bundleById);
    const throwaway = randomBytes(32).toString('hex');
    const { placements } = await runDraw({ entries: committed, capacity: seats, seed: throwaway, beacon: throwaway });
    outcome = { entries: committed, placements };
  }
  // The children named: those refused as another family's (for the office to call both) and each child of the outcome.
  const studentOf = new Map(entries.flatMap((e) => e.children.map((c, i) => [childIdOf(e.id, i), c.studentId] as const)));
  const collided = collisionSnaps.docs.map((d) => ({ studentId: d.get('studentId') as string, at: d.get('at') as string }));
  const { found: students } = await getByIds('students', [...collided.map((c) => c.studentId), ...(outcome ? studentOf.values() : [])]);
  const names = new Map(students.map((s) => [s.id, `${s.firstName} ${s.lastName}`]));
  const nameOf = (studentId: string | undefined) => names.get(studentId ?? '') ?? 'A child no longer on file';
  const base = {
    entries: entries.length,
    children: entries.reduce((n, e) => n + e.children.length, 0),
    demand: demandOf(entries, choices),
    collisions: collided.map((c) => ({ studentName: nameOf(c.studentId), at: c.at })),
  };
  if (!outcome) return { ...base, fairness: null, dryRun: false, results: [] };
  await auditReads(actor, [{ kind: 'round-results-viewed', record: { type: 'round', id: semesterId }, summary: `Read the ${round.drawn ? 'results' : 'dry run'} of the ${round.semesterName} round: ${outcome.placements.length} children by name` }], now);
  return {
    ...base,
    fairness: fairnessOf(outcome.placements, outcome.entries, round.groups.map((g) => g.label)),
    dryRun: !round.drawn,
    results: outcome.placements.map((p) => ({ studentName: nameOf(studentOf.get(p.childId)), entryId: p.entryId, group: p.group, number: p.number, turn: p.turn, placed: p.placed === null ? null : (title.get(p.placed) ?? p.placed), rank: p.rank, linked: p.linked })),
  };
}
