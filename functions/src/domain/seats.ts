// The seat ledger's rules, without Firestore. A class's seats are documents numbered below its
// capacity (`s0000`, `s0001`, …): a seat document exists only while the seat is used, and a family
// takes a seat by creating one. Families racing for a class therefore touch different documents
// (the class document itself is never written while families enroll), and two families can never
// create the same seat: one of them is told at once and tries another. Holds and waitlist offers are
// seats too, with an end; a seat freed while families wait is kept for them ("reserved") until the
// waitlist offers it; a seat kept for a child whose family asked the office to move it there waits
// with the request ("requested"); a seat the office keeps for families receiving financial aid waits
// for one of them until its release date ("aid"); numbers at or above the capacity after it was
// lowered are closed.
import type { ClassRecord, WaitlistEntry } from '../../../contract/domain';
import { schoolInstant } from '../../../contract/schedule';
import { refuse, type Refusal } from './refusal';

export const SEAT_STATES = ['taken', 'held', 'offered', 'reserved', 'requested', 'aid', 'closed'] as const;
export type SeatState = (typeof SEAT_STATES)[number];

export interface Seat {
  state: SeatState;
  classId: string;
  /** taken or held: whose seat it is. */
  enrollmentId?: string;
  studentId?: string;
  ownerUid?: string;
  /** offered; or held or taken through a claimed waitlist offer. */
  entryId?: string;
  /** requested: the family's request to move its child here (on enrollment `enrollmentId`). */
  requestId?: string;
  /** held: when the hold ends; offered: when the offer ends; aid: when it opens to everyone (ISO). */
  until?: string;
  /** taken or held through a seat kept for aid: given back before the release, it is kept for aid again. */
  aid?: true;
  at: string;
}

/** A seat's document id (four digits: a class has at most 1000 seats). */
export const seatId = (n: number) => `s${String(n).padStart(4, '0')}`;
export const seatNumber = (id: string) => Number(id.slice(1));

/** Seats on the class's roster (and in its `enrolledCount`): enrolled, or held while a family pays. */
export const onRoster = (seat: Pick<Seat, 'state'>) => seat.state === 'taken' || seat.state === 'held';

/** A roster entry as stored (`classes/{id}/roster/{studentId}`): who holds one of the class's seats (held for a card payment until `holdExpiresAt`). The sheets' `RosterEntry` (contract) is what staff see of it. */
export interface RosterRecord {
  studentId: string;
  studentName: string;
  enrollmentId: string;
  ownerUid: string;
  /** The seat document it holds. */
  seat: string;
  addOns: unknown[];
  holdExpiresAt?: string;
}

/** The seat numbers below `capacity` that no document uses, in order. */
export function freeSeatIds(capacity: number, used: Iterable<string>): string[] {
  const taken = new Set(used);
  const free: string[] = [];
  for (let n = 0; n < capacity; n++) if (!taken.has(seatId(n))) free.push(seatId(n));
  return free;
}

/**
 * `count` of the free seats, picked at random so that families racing for a class mostly ask for
 * different documents; null when there are not enough.
 */
export function pickSeats(free: string[], count: number, random: () => number = Math.random): string[] | null {
  if (free.length < count) return null;
  const pool = [...free];
  const picked: string[] = [];
  while (picked.length < count) picked.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
  return picked;
}

/** A hold lapsed: its end has passed (its seat is given back before anyone is refused). */
export const holdLapsed = (seat: Pick<Seat, 'state' | 'until'>, now: Date) => pastItsEnd(seat, 'held', now);

/** A seat kept for aid whose release date has come: it opens to everyone (and to the waitlist first). */
export const aidReleased = (seat: Pick<Seat, 'state' | 'until'>, now: Date) => pastItsEnd(seat, 'aid', now);

/** A seat in this state whose end has come. */
const pastItsEnd = (seat: Pick<Seat, 'state' | 'until'>, state: SeatState, now: Date) => seat.state === state && !!seat.until && Date.parse(seat.until) <= now.getTime();

/** Seats taken or held through a seat kept for aid: with those still kept, never more than the office asked for. */
const takenThroughAid = (seats: Map<string, Seat>) => [...seats.values()].filter((s) => s.aid && onRoster(s)).length;

/** When a class's seats kept for aid open to everyone (the start of its release day, school time), or null: none kept. */
export const aidSeatsEnd = (klass: Pick<ClassRecord, 'aidSeats' | 'aidSeatsUntil'>): string | null =>
  klass.aidSeats && klass.aidSeatsUntil ? schoolInstant(klass.aidSeatsUntil, '00:00') : null;

/**
 * What a seat becomes when its family gives it up (a hold ends, a class is cancelled, an offer ends):
 * back to the waitlist offer it was claimed from while that offer is still open; kept for aid again
 * when it was taken as a seat kept for aid, before the release; kept for the waitlist while anyone
 * waits for the class; else free (null: its document goes).
 */
export function seatAfterRelease(seat: Seat, facts: { offerOpenUntil: string | null; waiting: boolean; aidUntil?: string | null }, at: string): Seat | null {
  if (seat.entryId && facts.offerOpenUntil && seat.state !== 'offered') {
    return { state: 'offered', classId: seat.classId, entryId: seat.entryId, until: facts.offerOpenUntil, at };
  }
  if (seat.aid && facts.aidUntil && facts.aidUntil > at) return { state: 'aid', classId: seat.classId, until: facts.aidUntil, at };
  if (facts.waiting) return { state: 'reserved', classId: seat.classId, at };
  return null;
}

export interface CapacityPlan {
  /** Used seats numbered at or above the new capacity, moved to free numbers below it. */
  moves: { from: string; to: string }[];
  /** Numbers at or above the new capacity to close (so that nobody who read the old capacity takes them). */
  close: string[];
  /** Closed numbers below the new capacity, open again. */
  open: string[];
  /** Seats kept for the waitlist or for aid beyond what the new capacity leaves (dropped), but for numbers a moved seat takes. */
  drop: string[];
}

/** Seats kept for no one family yet (for the waitlist, or for aid): a lowered capacity drops them first. */
const droppable = (s: Seat) => s.state === 'reserved' || s.state === 'aid';

/**
 * A new capacity: refused below the seats taken, held and offered (seats kept for the waitlist or for
 * aid are dropped first, those for aid before those for the waitlist); otherwise which seat documents
 * move, close and open. `highest` is the largest capacity the class ever had, so every number a family
 * might still ask for is closed.
 */
export function planCapacity(capacity: number, highest: number, seats: Map<string, Seat>): CapacityPlan | Refusal {
  const live = [...seats].filter(([, s]) => s.state !== 'closed' && !droppable(s));
  if (live.length > capacity) return refuse('failed-precondition', `${live.length} seats are taken, held or offered: the capacity cannot be less than that.`);
  const inState = (state: SeatState) => [...seats].filter(([, s]) => s.state === state).map(([id]) => id);
  // Those for aid last, so that they are the first dropped.
  const spare = [...inState('reserved'), ...inState('aid')];
  const drop = spare.slice(Math.max(0, capacity - live.length));
  const keptIds = new Set([...live.map(([id]) => id), ...spare.filter((id) => !drop.includes(id))]);
  const outside = [...keptIds].filter((id) => seatNumber(id) >= capacity).sort();
  const free = freeSeatIds(capacity, keptIds);
  const moves = outside.map((from, i) => ({ from, to: free[i] }));
  // A dropped reserved seat's number may be where a moved seat goes: that number is written by the
  // move, never deleted after it (the offer or child moved there would lose its seat). One at or above
  // the new capacity is closed instead (deleted, a family who read the old capacity could take it).
  const dropped = drop.filter((id) => !moves.some((m) => m.to === id) && seatNumber(id) < capacity);
  const open = [...seats].filter(([id, s]) => s.state === 'closed' && seatNumber(id) < capacity).map(([id]) => id);
  const close: string[] = [];
  for (let n = capacity; n < highest; n++) {
    const id = seatId(n);
    if (seats.get(id)?.state !== 'closed') close.push(id);
  }
  return { moves, close, open, drop: dropped };
}

/** What a class's seats would be once a capacity plan is written (for what is planned after it in the same save). */
export function afterCapacity(seats: Map<string, Seat>, plan: CapacityPlan, classId: string, at: string): Map<string, Seat> {
  const next = new Map(seats);
  for (const id of [...plan.open, ...plan.drop]) next.delete(id);
  for (const { from, to } of plan.moves) {
    next.set(to, seats.get(from)!);
    next.delete(from);
  }
  for (const id of plan.close) next.set(id, { state: 'closed', classId, at });
  return next;
}

/**
 * The seats kept for aid as the office set them: until the release, as many as it asked for less those
 * families receiving aid already took through them (never more than the free numbers); none after.
 * Which free numbers become kept for aid, which stop being kept (the highest first), and which kept
 * ones change their release.
 */
export function planAidSeats(klass: Pick<ClassRecord, 'capacity' | 'aidSeats' | 'aidSeatsUntil'>, seats: Map<string, Seat>, now: Date): { create: string[]; drop: string[]; retime: string[]; until: string | null } {
  const until = aidSeatsEnd(klass);
  const kept = [...seats].filter(([, s]) => s.state === 'aid').map(([id]) => id).sort();
  const used = takenThroughAid(seats);
  const target = until && Date.parse(until) > now.getTime() ? Math.max(0, (klass.aidSeats ?? 0) - used) : 0;
  const drop = kept.slice(target).reverse();
  const create = freeSeatIds(klass.capacity, seats.keys()).slice(0, Math.max(0, target - kept.length));
  const retime = kept.slice(0, target).filter((id) => seats.get(id)!.until !== until);
  return { create, drop, retime, until };
}

/**
 * The records that name a seat by its number, which follow it when a lowered capacity moves it: the
 * roster entry of the child who has it, and the waitlist offer it belongs to while offered or held
 * for the offer's payment.
 */
export const namedBy = (seat: Seat): { roster: boolean; offer: boolean } => ({
  roster: !!seat.studentId && seat.state !== 'offered',
  offer: !!seat.entryId && (seat.state === 'offered' || seat.state === 'held'),
});

/** How a class's seats add up: for the office, the invariant checks and the mirrors in `enrolledCount`, `keptSeats` and `aidKept`. */
export function seatCounts(seats: Iterable<Seat>): Record<SeatState, number> {
  const counts = Object.fromEntries(SEAT_STATES.map((s) => [s, 0])) as Record<SeatState, number>;
  for (const seat of seats) counts[seat.state]++;
  return counts;
}

/**
 * What is wrong with one class's books, or nothing: the seats in use fit the capacity, the roster is
 * the taken and held seats (one each, the same student and enrollment), `enrolledCount` mirrors it,
 * `keptSeats` the seats kept for moves and `aidKept` those kept for aid (never more than the office
 * asked for, with those aid families took through them).
 */
export function classLedgerProblems(
  klass: Pick<ClassRecord, 'id' | 'capacity' | 'enrolledCount' | 'keptSeats' | 'aidKept' | 'aidSeats' | 'seatNumbers'>,
  seats: Map<string, Seat>,
  roster: { studentId: string; enrollmentId: string; seat?: string }[],
): string[] {
  const problems: string[] = [];
  const counts = seatCounts(seats.values());
  const inUse = counts.taken + counts.held + counts.offered + counts.reserved + counts.requested + counts.aid;
  if (inUse > klass.capacity) problems.push(`${klass.id}: ${inUse} seats in use for a capacity of ${klass.capacity}`);
  for (const [id, seat] of seats) {
    if (seat.state !== 'closed' && seatNumber(id) >= klass.capacity) problems.push(`${klass.id}: seat ${id} is in use at or above the capacity`);
  }
  for (let n = klass.capacity; n < (klass.seatNumbers ?? klass.capacity); n++) {
    if (!seats.has(seatId(n))) problems.push(`${klass.id}: seat ${seatId(n)} is above the capacity and not closed`);
  }
  if (counts.taken + counts.held !== roster.length) problems.push(`${klass.id}: ${counts.taken + counts.held} seats taken or held, ${roster.length} on the roster`);
  if (klass.enrolledCount !== roster.length) problems.push(`${klass.id}: enrolledCount ${klass.enrolledCount}, ${roster.length} on the roster`);
  if ((klass.keptSeats ?? 0) !== counts.requested) problems.push(`${klass.id}: keptSeats ${klass.keptSeats ?? 0}, ${counts.requested} seats kept for moves`);
  if ((klass.aidKept ?? 0) !== counts.aid) problems.push(`${klass.id}: aidKept ${klass.aidKept ?? 0}, ${counts.aid} seats kept for aid`);
  const aidUsed = takenThroughAid(seats);
  if (counts.aid && counts.aid + aidUsed > (klass.aidSeats ?? 0)) problems.push(`${klass.id}: ${counts.aid} seats kept for aid and ${aidUsed} taken through them, for ${klass.aidSeats ?? 0} asked`);
  for (const entry of roster) {
    const seat = entry.seat ? seats.get(entry.seat) : undefined;
    if (!seat || !onRoster(seat) || seat.studentId !== entry.studentId || seat.enrollmentId !== entry.enrollmentId) {
      problems.push(`${klass.id}: ${entry.studentId}'s roster entry has no seat of its own (${entry.seat ?? 'none'})`);
    }
  }
  return problems;
}

/** One child's classes and, for each, the seat it gets: kept from the family's own hold, its waitlist offer, a free one, or none (full). */
export interface SeatPlan {
  studentId: string;
  seats: Map<string, PlannedSeat | null>;
}
/** `aid`: a kept seat the replaced hold had taken as one kept for aid (it stays one). */
type PlannedSeat = { id: string; source: 'kept' | 'offer' | 'aid' | 'free'; aid?: boolean };

/**
 * The seat each child of a checkout gets in each class, from the seats as listed now: its waitlist
 * offer's, the one its family's replaced hold kept for it, one kept for aid (a family receiving aid,
 * in the classes `own.aid` names, before their release), or a free one picked at random (null: full).
 */
export function planSeats(
  asked: { studentId: string; classIds: string[] }[],
  listed: Map<string, Map<string, Seat>>,
  classes: Map<string, ClassRecord>,
  own: { replaced: Set<string>; offer: WaitlistEntry | null; aid?: { classIds: Set<string>; now: Date } },
): SeatPlan[] {
  // A child's offered seat comes first: a hold of the same child kept instead would leave the offer's
  // seat offered to an entry that is enrolled. A held seat claimed from another offer is not kept
  // either: given back, it returns to that offer.
  const offeredSeat = (studentId: string, classId: string) => (own.offer?.studentId === studentId ? own.offer.offer?.seats?.[classId] : undefined);
  const kept = new Map<string, string>();
  const keptAid = new Set<string>();
  for (const [classId, seats] of listed) {
    for (const [id, seat] of seats) {
      const mine = seat.state === 'held' && !!seat.enrollmentId && own.replaced.has(seat.enrollmentId) && (!seat.entryId || seat.entryId === own.offer?.id);
      if (mine && !offeredSeat(seat.studentId!, classId)) {
        kept.set(`${classId}/${seat.studentId}`, id);
        if (seat.aid) keptAid.add(`${classId}/${id}`);
      }
    }
  }
  const wanted = new Map<string, number>();
  for (const a of asked) for (const c of a.classIds) if (!kept.has(`${c}/${a.studentId}`) && !offeredSeat(a.studentId, c)) wanted.set(c, (wanted.get(c) ?? 0) + 1);
  // While families wait for a class its freed seats are kept for them (never free), so a free seat is
  // anyone's: the count of those waiting on the class document need not be asked.
  // A family receiving aid takes the seats kept for aid first, leaving the free ones to everyone; in a
  // random order, as free seats are, so that aided families racing for a class ask for different ones.
  const aidSeats = new Map(
    [...wanted].map(([c]) => {
      const forAid = own.aid?.classIds.has(c) ? [...listed.get(c)!].filter(([, s]) => s.state === 'aid' && !aidReleased(s, own.aid!.now)).map(([id]) => id) : [];
      return [c, pickSeats(forAid, forAid.length)!];
    }),
  );
  const picked = new Map([...wanted].map(([c, n]) => {
    const free = freeSeatIds(classes.get(c)!.capacity, listed.get(c)!.keys());
    const rest = Math.max(0, n - aidSeats.get(c)!.length);
    return [c, pickSeats(free, Math.min(rest, free.length)) ?? []];
  }));
  return asked.map((a) => ({
    studentId: a.studentId,
    seats: new Map<string, PlannedSeat | null>(
      a.classIds.map((c): [string, PlannedSeat | null] => {
        const offered = offeredSeat(a.studentId, c);
        if (offered) return [c, { id: offered, source: 'offer' }];
        const keptId = kept.get(`${c}/${a.studentId}`);
        if (keptId) return [c, { id: keptId, source: 'kept', ...(keptAid.has(`${c}/${keptId}`) ? { aid: true } : {}) }];
        const aidId = aidSeats.get(c)?.shift();
        if (aidId) return [c, { id: aidId, source: 'aid' }];
        const id = picked.get(c)!.shift();
        return [c, id ? { id, source: 'free' } : null];
      }),
    ),
  }));
}
