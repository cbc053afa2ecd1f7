// Registration rounds: instead of a race when a semester opens, families enter during a window and a
// draw anyone can check places their children (contract/draw.ts). What the office sets, what is
// published and when, and a family's entry. Shared by the functions and the app.
import type { BeaconValue } from './beacon';
import type { Placement } from './draw';
import type { CheckoutMethod, IsoDate, ReleaseSignature } from './domain';

/** Who a priority group is: the office puts them in order; everyone else comes after. */
export const GROUP_RULES = ['returning', 'siblings', 'staff', 'aid'] as const;
export type GroupRule = (typeof GROUP_RULES)[number];
export const GROUP_RULE_LABELS: Record<GroupRule, string> = {
  returning: 'Families with a child enrolled in the last two terms',
  siblings: 'Brothers and sisters of a child already enrolled this term',
  staff: 'Staff families',
  aid: 'Families receiving financial aid for this term (an award, or an application under review)',
};

export interface RoundGroup {
  label: string;
  rule: GroupRule;
}

/** The most choices a child may rank in any round. */
export const MAX_CHOICES = 5;

/** What the office sets for a semester's round. */
export interface RoundSettings {
  semesterId: string;
  /** ISO moments. */
  entriesOpen: string;
  entriesClose: string;
  /** When the draw runs: the beacon round named is the first at or after it (after entries close). */
  drawAt: string;
  /** Hours a placed family has to accept (and pay, as the school allows). */
  claimHours: number;
  /** How many choices a child may rank (1 to MAX_CHOICES). */
  maxChoices: number;
  /** Priority groups, first first. */
  groups: RoundGroup[];
}

/**
 * Published when the round is saved, before any entry can exist, and never changed after entries open:
 * the hash of a secret seed drawn then, and the beacon round whose value, unknown to anyone until its
 * time, the draw will use.
 */
export interface RoundCommitment {
  seedHash: string;
  beacon: { chain: string; round: number; time: string };
  committedAt: string;
}

/** A round as anyone may read it. */
export interface PublicRound extends RoundSettings, RoundCommitment {
  semesterName: string;
  /** SHA-256 of the entries as committed (contract/draw.ts), published when entries close. */
  entriesHash: string | null;
  closedAt: string | null;
  entryCount: number | null;
  /** Why the draw has not run yet although its time has come, in words (the beacon not reachable). */
  waiting: string | null;
  drawn: RoundDrawn | null;
  /** The entries whose places have gone through the seat ledger so far, in draw order (offers made, waitlists joined). */
  offersMade: number;
  /** When every entry's places had gone through the ledger: first come opens then. */
  settledAt: string | null;
}

export interface RoundDrawn {
  at: string;
  /** The secret seed, revealed (its SHA-256 is the committed seedHash). */
  seed: string;
  beacon: BeaconValue;
  children: number;
  placed: number;
}

/** What the class list and a checkout need of a semester's round: first come waits until it is drawn. */
export interface RoundGate {
  entriesOpen: string;
  entriesClose: string;
  /** Drawn, and every place offered through the seat ledger: the seats left are first come. */
  drawn: boolean;
}

export const gateOf = (round: PublicRound): RoundGate => ({ entriesOpen: round.entriesOpen, entriesClose: round.entriesClose, drawn: round.drawn !== null && round.settledAt !== null });

export type RoundPhase = 'upcoming' | 'open' | 'closed' | 'drawn';

export function roundPhase(round: Pick<PublicRound, 'entriesOpen' | 'entriesClose' | 'drawn'>, now: Date): RoundPhase {
  if (round.drawn) return 'drawn';
  const t = now.toISOString();
  if (t < round.entriesOpen) return 'upcoming';
  return t < round.entriesClose ? 'open' : 'closed';
}

/** One child of an entry: its choices, classes or bundles by id, best first. */
export interface EntryChild {
  studentId: string;
  choices: string[];
  /** The family says the child's information is still accurate (asked when its yearly review is due). */
  infoConfirmed?: boolean;
}

/** A family's entry, as it sends it. */
export interface EntryInput {
  semesterId: string;
  children: EntryChild[];
  /** Siblings placed together in a class they all ranked, or none of them. */
  linked: boolean;
  /** Each choice ranked above the one a child gets (all, when it gets none) puts it on that waitlist, in draw order. */
  waitlist: boolean;
  /** The releases signed for every child entered, as at a checkout: a place is accepted without signing again. */
  releases: Omit<ReleaseSignature, 'signedAt'>[];
  /** How the family means to pay for a place (it may still choose when it accepts). */
  payWith?: CheckoutMethod;
}

/** A family's entry as kept (one per family per round). */
export interface RoundEntry extends EntryInput {
  /** The id the draw and the published record know it by: it names nobody. */
  id: string;
  ownerUid: string;
  createdAt: string;
  updatedAt: string;
  /** Once the draw's places have gone through the seat ledger: each child's, in the entry's order. */
  results?: ChildResult[];
}

/** What the draw gave one child, through the seat ledger. */
export interface ChildResult {
  studentId: string;
  /** The record's line for the child: its group, number, turn, what it got and what it passed. */
  placement: Placement;
  /** The waitlist entry offering its place (claimed from My Enrollments by `expiresAt`), if placed. */
  offer: { entryId: string; expiresAt: string } | null;
  /** The waitlists it joined for the choices ranked above what it got, with its place in line then. */
  waiting: { choiceId: string; entryId: string; place: number }[];
}

/** The same child, whoever's account enters it: a round takes each child once. */
export const childKey = (child: { firstName: string; lastName: string; birthDate: IsoDate }) =>
  `${child.firstName.trim().toLocaleLowerCase('en-US')}|${child.lastName.trim().toLocaleLowerCase('en-US')}|${child.birthDate}`;

/** How the draw treated each priority group, and linked brothers and sisters. */
export interface Fairness {
  groups: { group: number; label: string; children: number; first: number; firstOrSecond: number; notPlaced: number }[];
  /** Linked entries of two or more children, and those whose children were kept together (all in one choice, or none placed). */
  siblings: { entries: number; together: number };
}

/** The office's view of a round: demand against seats, and the draw's outcome (or a dry run's). */
export interface RoundReport {
  entries: number;
  children: number;
  /** Children refused because another family's entry holds them (a child is entered once): the office calls both families. */
  collisions: { studentName: string; at: string }[];
  /** Per class or bundle ranked: seats free now, children ranking it first, and ranking it at all. */
  demand: { choiceId: string; title: string; seats: number; first: number; ranked: number }[];
  /** After the draw, the draw's; before it, a dry run's when asked (never published, drawn with a throwaway key). */
  fairness: Fairness | null;
  dryRun: boolean;
  /** Each child's line of that outcome, in turn order (the office's CSV). */
  results: { studentName: string; entryId: string; group: number; number: number; turn: number; placed: string | null; rank: number | null; linked: boolean }[];
}
