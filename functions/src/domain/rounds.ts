// A registration round's plans, pure: setting a round (and the commitment made then), a family's
// entry, closing entries (each entry's priority group, the entries as committed and their hash) and
// the draw (contract/draw.ts places the children). Their use-cases read the facts and write the plan.
import { roundAt, roundTime, type BeaconChain, type BeaconValue } from '../../../contract/beacon';
import type { ClassGroup, ClassRecord, Release, Semester, Student, WaitlistEntry } from '../../../contract/domain';
import { runDraw, type DrawEntry, type DrawRecord, type Placement } from '../../../contract/draw';
import { formatGrades } from '../../../contract/format';
import { forGrade } from '../../../contract/schedule';
import { childKey, roundPhase, type ChildResult, type EntryInput, type Fairness, type GroupRule, type PublicRound, type RoundEntry, type RoundReport, type RoundSettings } from '../../../contract/rounds';
import { formatMoment } from '../../../contract/wording';
import { answersProblem } from './enrollment';
import { refuse, type Refusal } from './refusal';
import type { Seat } from './seats';
import { offerEnd, placeOf } from './waitlist';

export interface RoundFacts {
  semester: Semester | undefined;
  existing: PublicRound | null;
  now: Date;
  chain: BeaconChain;
  /** A new secret seed (hex) and its SHA-256, drawn by the use-case from a cryptographic generator. */
  seed: { seed: string; hash: string };
}

export const NO_ROUND = 'This semester has no registration round.';

/** The round as saved, with a new commitment: the seed (kept secret until the draw) and its published hash. */
export function planRound(input: RoundSettings, f: RoundFacts): { round: PublicRound; seed: string } | Refusal {
  if (!f.semester) return refuse('not-found', 'This semester does not exist.');
  // Committed entries mean entries opened, whatever the clock of the call says.
  if (f.existing && (roundPhase(f.existing, f.now) !== 'upcoming' || f.existing.closedAt)) {
    return refuse('failed-precondition', `Entries opened ${formatMoment(f.existing.entriesOpen)}: the round can no longer change (what it published stays as published).`);
  }
  if (input.entriesClose <= input.entriesOpen) return refuse('invalid-argument', 'Entries must close after they open.');
  if (input.entriesClose <= f.now.toISOString()) return refuse('invalid-argument', 'Entries must close in the future.');
  const round = roundAt(f.chain, Date.parse(input.drawAt) / 1000);
  const time = new Date(roundTime(f.chain, round) * 1000).toISOString();
  // The beacon's value must not exist before entries close: otherwise entries could be made knowing it.
  if (time <= input.entriesClose) return refuse('invalid-argument', 'The draw must come after entries close.');
  return {
    seed: f.seed.seed,
    round: {
      ...input,
      semesterName: f.semester.name,
      seedHash: f.seed.hash,
      beacon: { chain: f.chain.hash, round, time },
      committedAt: f.now.toISOString(),
      entriesHash: null,
      closedAt: null,
      entryCount: null,
      waiting: null,
      drawn: null,
      offersMade: 0,
      settledAt: null,
    },
  };
}

export interface EntryFacts {
  round: PublicRound | null;
  now: Date;
  /** The family's own children. */
  students: Student[];
  /** The semester's live classes and its bundles, by id. */
  classes: Map<string, ClassRecord>;
  bundles: Map<string, ClassGroup>;
  existing: RoundEntry | null;
  /** Entries of other families holding each child (by childKey). */
  enteredElsewhere: Map<string, string>;
  /** The releases in force: the entry signs them all, for every child (a place is then accepted without signing). */
  releases: Release[];
  uid: string;
  newId: string;
}

/** A family enters only with its email address verified: its placement is sent there. */
export const VERIFY_TO_ENTER = 'To enter the round, please verify your email address first (open the link we emailed you): your placement is sent there.';

/** The semester's round, or the refusal that it has none. */
export const roundOf = (round: PublicRound | null): PublicRound | Refusal => round ?? refuse('not-found', NO_ROUND);

/** A round that has been drawn, or why there is no draw to show yet. */
export const drawnRound = (round: PublicRound | null): (PublicRound & { drawn: NonNullable<PublicRound['drawn']> }) | Refusal =>
  round?.drawn ? { ...round, drawn: round.drawn } : refuse('failed-precondition', 'This round has not been drawn yet.');

/** Why a round takes no entry now, or null while it does. */
export function entriesShut(round: PublicRound | null, now: Date): Refusal | null {
  if (!round) return refuse('not-found', NO_ROUND);
  const phase = roundPhase(round, now);
  if (phase === 'upcoming') return refuse('failed-precondition', `Entries open ${formatMoment(round.entriesOpen)}.`);
  // Committed (closedAt), the entries are what the draw reads: a save sent a moment before the close
  // that reaches the database after it is refused, not kept beside the record.
  if (phase !== 'open' || round.closedAt) return refuse('failed-precondition', `Entries closed ${formatMoment(round.entriesClose)}: entries can no longer change.`);
  return null;
}

/** The entry as kept, and the children it holds (their keys), or why not. */
export function planEntry(input: EntryInput, f: EntryFacts): { entry: RoundEntry; keys: string[] } | Refusal {
  const shut = entriesShut(f.round, f.now);
  if (shut) return shut;
  const round = f.round!;
  const keys: string[] = [];
  for (const child of input.children) {
    const student = f.students.find((s) => s.id === child.studentId);
    if (!student) return refuse('not-found', 'This student does not exist.');
    const name = `${student.firstName} ${student.lastName}`;
    if (child.choices.length > round.maxChoices) return refuse('invalid-argument', `${name}: this round takes at most ${round.maxChoices} choices per child.`);
    for (const choice of child.choices) {
      const bundle = f.bundles.get(choice);
      const classes = bundle ? bundle.classIds.map((id) => f.classes.get(id)) : [f.classes.get(choice)];
      if (classes.some((c) => !c)) return refuse('not-found', `${name}: one of the choices is not a class of ${round.semesterName}.`);
      const outside = classes.find((c) => !forGrade(c!, student.grade));
      if (outside) return refuse('failed-precondition', `${name}: ${outside.title} is for ${formatGrades(outside.gradeMin, outside.gradeMax, true)}.`);
    }
    // Asked as at a checkout, so that a place is accepted in one step.
    const unanswered = answersProblem(student, { infoConfirmed: child.infoConfirmed === true, releases: input.releases }, f.releases, f.now);
    if (unanswered) return refuse(unanswered.refused, unanswered.message.includes(student.firstName) ? unanswered.message : `${name}: ${unanswered.message}`);
    const key = childKey(student);
    const elsewhere = f.enteredElsewhere.get(key);
    if (elsewhere && elsewhere !== f.existing?.id) return refuse('already-exists', `${name} is already in another family’s entry for this round: a child is entered once. The office can help.`);
    keys.push(key);
  }
  const at = f.now.toISOString();
  return {
    keys,
    entry: {
      id: f.existing?.id ?? f.newId,
      ownerUid: f.uid,
      semesterId: input.semesterId,
      // The confirmations are kept on the children's records (their review date), not in the entry.
      children: input.children.map(({ studentId, choices }) => ({ studentId, choices })),
      linked: input.children.length > 1 && input.linked,
      waitlist: input.waitlist,
      releases: input.releases,
      ...(input.payWith ? { payWith: input.payWith } : {}),
      createdAt: f.existing?.createdAt ?? at,
      updatedAt: at,
    },
  };
}

/** What decides a family's priority group. */
export interface FamilyStanding {
  returning: boolean;
  siblings: boolean;
  staff: boolean;
  /** An award for the round's term, or an application for it under review, when entries close. */
  aid: boolean;
}

/** The first of the round's groups the family belongs to (1 first), else the group after the last. */
export const groupOf = (groups: { rule: GroupRule }[], standing: FamilyStanding) => {
  const i = groups.findIndex((g) => standing[g.rule]);
  return i < 0 ? groups.length + 1 : i + 1;
};

/** The entries as committed when entries close: no names, each child by an id of its entry's. */
export function committedEntries(entries: RoundEntry[], groups: Map<string, number>, bundles: Map<string, ClassGroup>): DrawEntry[] {
  return entries.map((e) => ({
    id: e.id,
    group: groups.get(e.id)!,
    linked: e.linked,
    children: e.children.map((c, i) => ({ id: childIdOf(e.id, i), choices: c.choices.map((id) => ({ id, classIds: bundles.get(id)?.classIds ?? [id] })) })),
  }));
}

/** A child's id in the record: its entry's id and its place in the entry. */
export const childIdOf = (entryId: string, index: number) => `${entryId}-${index + 1}`;

export interface DrawFacts {
  round: PublicRound;
  entries: DrawEntry[];
  /** Seats free in each class ranked, when the draw runs. */
  capacity: Record<string, number>;
  seed: string;
  beacon: BeaconValue;
  now: Date;
}

/** The drawn round and its record. */
export async function planDraw(f: DrawFacts): Promise<{ round: PublicRound; record: DrawRecord } | Refusal> {
  if (f.round.drawn) return refuse('failed-precondition', 'This round is drawn already.');
  if (!f.round.entriesHash) return refuse('failed-precondition', 'Entries have not closed yet.');
  const result = await runDraw({ entries: f.entries, capacity: f.capacity, seed: f.seed, beacon: f.beacon.randomness });
  // The seed and entries drawn must be those committed: anything else is a defect, never a draw.
  if (result.seedHash !== f.round.seedHash || result.entriesHash !== f.round.entriesHash) return refuse('aborted', 'The seed or the entries differ from what was published: the draw did not run.');
  const record: DrawRecord = { algorithm: result.algorithm, seedHash: result.seedHash, entriesHash: result.entriesHash, entries: f.entries, capacity: f.capacity, seed: f.seed, beacon: f.beacon.randomness, placements: result.placements };
  const placed = result.placements.filter((p) => p.placed !== null).length;
  return {
    record,
    round: { ...f.round, waiting: null, drawn: { at: f.now.toISOString(), seed: f.seed, beacon: f.beacon, children: result.placements.length, placed } },
  };
}

/** A child's choice as a waitlist request: its classes' lines and the price quoted for it (null: it cannot be offered). */
export interface ChoiceQuote {
  lines: WaitlistEntry['request']['lines'];
  quote: WaitlistEntry['quote'];
}

export interface ResultFacts {
  round: PublicRound;
  entry: RoundEntry;
  /** The entry's placements by child id (contract/draw.ts). */
  placements: Map<string, Placement>;
  /** The family's children named in the entry. */
  students: Map<string, Student>;
  email: string | null;
  /** Each choice ranked (a class or a bundle): its classes and what the family reads. */
  choices: Map<string, { classIds: string[]; title: string }>;
  /** Each child's choice priced as a waitlist entry quotes it, by `${studentId}|${choiceId}`. */
  quotes: Map<string, ChoiceQuote | null>;
  /** The seats free now in each class, lowest first. */
  free: Map<string, string[]>;
  /** Those waiting now on the round's classes (to say each child's place in line). */
  waiting: WaitlistEntry[];
  now: Date;
}

export interface ResultPlan {
  /** The waitlist entries made: each place offered, each choice above it waited for. */
  entries: WaitlistEntry[];
  /** The seats the offers take. */
  seats: { classId: string; seatId: string; seat: Seat }[];
  results: ChildResult[];
}

/**
 * What one entry's draw becomes on the seat ledger: a child placed is offered its place (a waitlist
 * offer on a seat of each class, for the round's claim hours); each choice it ranked above what it got
 * (every choice, when it got none) puts it on that waitlist, in draw order, unless the family said not
 * to. A place without a free seat now (the office lowered a capacity since the draw) or without a
 * price is waited for instead, first in line.
 */
export function planResults(f: ResultFacts): ResultPlan {
  const drawnAt = Date.parse(f.round.drawn!.at);
  const at = f.now.toISOString();
  const expiresAt = offerEnd(f.now, f.round.claimHours).toISOString();
  const free = new Map([...f.free].map(([id, seats]) => [id, [...seats]]));
  const waiting = [...f.waiting];
  const plan: ResultPlan = { entries: [], seats: [], results: [] };
  f.entry.children.forEach((child, index) => {
    const placement = f.placements.get(childIdOf(f.entry.id, index));
    const student = f.students.get(child.studentId);
    if (!placement || !student) return;
    // The lists' order is the draw's: its time, then the child's turn.
    const rank = drawnAt + placement.turn / 1000;
    const entryOf = (choiceId: string, status: 'waiting' | 'offered'): WaitlistEntry | null => {
      const choice = f.choices.get(choiceId);
      const priced = f.quotes.get(`${student.id}|${choiceId}`);
      if (!choice || !priced) return null;
      return {
        id: `${childIdOf(f.entry.id, index)}-${choiceId}`,
        ownerUid: f.entry.ownerUid,
        email: f.email,
        studentId: student.id,
        studentName: `${student.firstName} ${student.lastName}`,
        semesterId: f.round.semesterId,
        classIds: choice.classIds,
        title: choice.title,
        // Signed in the entry (an entry made before entries asked for them signs when it accepts).
        request: { lines: priced.lines, codes: [], releases: f.entry.releases ?? [], infoConfirmed: false, ...(f.entry.payWith ? { payWith: f.entry.payWith } : {}) },
        quote: priced.quote,
        joinedAt: at,
        rank,
        round: { turn: placement.turn },
        status,
        history: [{ at, action: 'joined' }],
      };
    };
    let offer: ChildResult['offer'] = null;
    const placed = placement.placed === null ? null : entryOf(placement.placed, 'offered');
    const seats = placed?.classIds.map((id) => free.get(id)?.[0]);
    if (placed && seats?.every((s) => s !== undefined)) {
      const offered = Object.fromEntries(placed.classIds.map((id, i) => [id, seats[i]!]));
      placed.offer = { at, expiresAt, seats: offered };
      placed.history.push({ at, action: 'offered' });
      for (const [classId, seatId] of Object.entries(offered)) {
        free.get(classId)!.shift();
        plan.seats.push({ classId, seatId, seat: { state: 'offered', classId, entryId: placed.id, until: expiresAt, at } });
      }
      plan.entries.push(placed);
      offer = { entryId: placed.id, expiresAt };
    }
    // The choices above the place (all of them without one), and the place itself when it could not be offered.
    const upTo = placement.rank === null ? child.choices.length : placement.rank + (offer ? 0 : 1);
    const lists = f.entry.waitlist ? child.choices.slice(0, upTo) : [];
    const joined: ChildResult['waiting'] = [];
    for (const choiceId of lists) {
      const entry = entryOf(choiceId, 'waiting');
      if (!entry) continue;
      // Its place as the list reads (brothers and sisters share their entry's turn: then by id, the entry's order).
      const place = placeOf(entry, [...waiting, entry])!;
      waiting.push(entry);
      plan.entries.push(entry);
      joined.push({ choiceId, entryId: entry.id, place });
    }
    plan.results.push({ studentId: student.id, placement, offer, waiting: joined });
  });
  return plan;
}

/** Demand against seats: per choice ranked, the seats free now, the children ranking it first and at all (most wanted first). */
export function demandOf(entries: Pick<RoundEntry, 'children'>[], choices: Map<string, { title: string; seats: number }>): RoundReport['demand'] {
  const counts = new Map<string, { first: number; ranked: number }>();
  for (const child of entries.flatMap((e) => e.children)) {
    child.choices.forEach((id, rank) => {
      const c = counts.get(id) ?? { first: 0, ranked: 0 };
      counts.set(id, { first: c.first + (rank === 0 ? 1 : 0), ranked: c.ranked + 1 });
    });
  }
  return [...counts]
    .map(([choiceId, c]) => ({ choiceId, title: choices.get(choiceId)?.title ?? choiceId, seats: choices.get(choiceId)?.seats ?? 0, ...c }))
    .sort((a, b) => b.first - a.first || b.ranked - a.ranked || a.title.localeCompare(b.title));
}

/**
 * How the draw treated each priority group (children placed in their first choice, in their first or
 * second, not placed) and linked brothers and sisters (kept together: all placed in one choice, or none).
 */
export function fairnessOf(placements: Placement[], entries: DrawEntry[], groupLabels: string[]): Fairness {
  const groups = [...new Set(placements.map((p) => p.group))].sort((a, b) => a - b).map((group) => {
    const inGroup = placements.filter((p) => p.group === group);
    return {
      group,
      label: groupLabels[group - 1] ?? 'Everyone else',
      children: inGroup.length,
      first: inGroup.filter((p) => p.rank === 0).length,
      firstOrSecond: inGroup.filter((p) => p.rank !== null && p.rank <= 1).length,
      notPlaced: inGroup.filter((p) => p.placed === null).length,
    };
  });
  const linked = entries.filter((e) => e.linked && e.children.length > 1);
  const together = linked.filter((e) => new Set(placements.filter((p) => p.entryId === e.id).map((p) => p.placed)).size === 1).length;
  return { groups, siblings: { entries: linked.length, together } };
}
