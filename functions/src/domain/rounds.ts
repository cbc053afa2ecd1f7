// A registration round's plans, pure: setting a round (and the commitment made then), a family's
// entry, closing entries (each entry's priority group, the entries as committed and their hash) and
// the draw (contract/draw.ts places the children). Their use-cases read the facts and write the plan.
import { roundAt, roundTime, type BeaconChain, type BeaconValue } from '../../../contract/beacon';
import type { ClassGroup, ClassRecord, Semester, Student } from '../../../contract/domain';
import { runDraw, type DrawEntry, type DrawRecord } from '../../../contract/draw';
import { formatGrades } from '../../../contract/format';
import { forGrade } from '../../../contract/schedule';
import { childKey, roundPhase, type EntryInput, type GroupRule, type PublicRound, type RoundEntry, type RoundSettings } from '../../../contract/rounds';
import { formatMoment } from '../../../contract/wording';
import { refuse, type Refusal } from './refusal';

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
  if (f.existing && roundPhase(f.existing, f.now) !== 'upcoming') {
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
  uid: string;
  newId: string;
}

/** Why a round takes no entry now, or null while it does. */
export function entriesShut(round: PublicRound | null, now: Date): Refusal | null {
  if (!round) return refuse('not-found', NO_ROUND);
  const phase = roundPhase(round, now);
  if (phase === 'upcoming') return refuse('failed-precondition', `Entries open ${formatMoment(round.entriesOpen)}.`);
  if (phase !== 'open') return refuse('failed-precondition', `Entries closed ${formatMoment(round.entriesClose)}: entries can no longer change.`);
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
      children: input.children,
      linked: input.children.length > 1 && input.linked,
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
