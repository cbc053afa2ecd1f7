// The waitlist's rules, without Firestore: who is next, how long an offer lasts, a family's place.
import { WAITLIST_CLAIM_HOURS } from '../../../contract/constants';
import { SCHOOL_TIME_ZONE, type CartChildQuote, type ClassRecord, type Discount, type Enrollment, type FamilyWaitlistEntry, type IsoDate, type Problem, type Semester, type Student, type WaitlistEntry, type WaitlistEvent, type WaitlistStatus } from '../../../contract/domain';
import type { z } from 'zod/mini';
import type { joinWaitlistSchema } from '../../../contract/schemas';
import { addDaysIso, schoolToday } from '../../../contract/schedule';
import type { RoundGate } from '../../../contract/rounds';
import { formatMoment } from '../../../contract/wording';
import { isEnrollable, isOpenForEnrollment } from './catalogue';
import { NOT_YOUR_STUDENT, totalProblem } from './enrollment';
import { no, refuse, type Refusal } from './refusal';
import { freeSeatIds, type Seat } from './seats';

const HOUR = 3_600_000;

/** Waiting for a seat, or holding one as an offer: counted in the class's `waiting`. */
export const onTheList = (e: Pick<WaitlistEntry, 'status'>) => e.status === 'waiting' || e.status === 'offered';

/**
 * Who carries the code uses an entry counted when it joined: the entry while it is on the list or
 * enrolled; once it is off the list (left, declined, lapsed, removed), a card payment for its claim
 * still under way (`claim`: the enrollment named by the entry, as it is now) keeps them until it ends —
 * paid, the entry is enrolled; unpaid, they are given back. `true`: nothing carries them any more.
 */
export function entryUsesFree(entry: Pick<WaitlistEntry, 'status' | 'enrollmentId'>, claim: Pick<Enrollment, 'id' | 'status'> | undefined): boolean {
  if (onTheList(entry) || entry.status === 'enrolled') return false;
  return !(claim && claim.id === entry.enrollmentId && claim.status === 'pending_payment');
}

const byRank = (a: WaitlistEntry, b: WaitlistEntry) => a.rank - b.rank || a.joinedAt.localeCompare(b.joinedAt) || a.id.localeCompare(b.id);

/**
 * The entries to offer a seat now, first come first served: an entry gets an offer when each of its
 * classes has a seat for the waitlist (`available`: seats kept for it or free, by class; a bundle
 * waits as one unit, and a bundle that cannot be served whole does not hold back a later entry for a
 * class that has a seat).
 */
export function offersToMake(available: Map<string, number>, entries: WaitlistEntry[]): WaitlistEntry[] {
  const free = new Map(available);
  const picked: WaitlistEntry[] = [];
  for (const e of entries.filter((x) => x.status === 'waiting').sort(byRank)) {
    if (!e.classIds.every((id) => (free.get(id) ?? 0) > 0)) continue;
    picked.push(e);
    for (const id of e.classIds) free.set(id, free.get(id)! - 1);
  }
  return picked;
}

/** How long an offer made at `now` lasts: the semester's hours, shorter close to the class's start. */
export function claimHours(semester: Pick<Semester, 'waitlistClaimHours'> | undefined, classStart: IsoDate, now: Date): number {
  const today = schoolToday(now);
  const set = semester?.waitlistClaimHours ?? WAITLIST_CLAIM_HOURS.default;
  if (classStart <= addDaysIso(today, 2)) return Math.min(set, WAITLIST_CLAIM_HOURS.within2Days);
  if (classStart <= addDaysIso(today, 14)) return Math.min(set, WAITLIST_CLAIM_HOURS.within14Days);
  return set;
}

/** The hours of the school's day an offer may end in: from 8 AM to 9 PM at the school. */
export const WAKING_HOURS = { from: 8, to: 21 } as const;

const schoolClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: SCHOOL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});
/** The school's wall clock at `at`, as if it were UTC (its difference from `at` is the zone's offset). */
function wallClock(at: Date): Date {
  const p = Object.fromEntries(schoolClock.formatToParts(at).map((x) => [x.type, x.value]));
  return new Date(`${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}Z`);
}
/** The instant it is `hour`:00 at the school on `date` (daylight saving included). */
export function schoolInstant(date: IsoDate, hour: number): Date {
  const guess = new Date(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
  const first = new Date(guess.getTime() - (wallClock(guess).getTime() - guess.getTime()));
  // Once more, for a date whose offset differs from the guess's (the night the clocks change).
  return new Date(guess.getTime() - (wallClock(first).getTime() - first.getTime()));
}

/**
 * When an offer ends: `hours` after `now`, moved to 8 AM at the school when that falls in the night,
 * so that no family's seat lapses while it sleeps.
 */
export function offerEnd(now: Date, hours: number): Date {
  const end = new Date(now.getTime() + hours * HOUR);
  const wall = wallClock(end);
  const hour = wall.getUTCHours() + wall.getUTCMinutes() / 60;
  if (hour >= WAKING_HOURS.from && hour <= WAKING_HOURS.to) return end;
  const day = wall.toISOString().slice(0, 10);
  return schoolInstant(hour > WAKING_HOURS.to ? addDaysIso(day, 1) : day, WAKING_HOURS.from);
}

/** An offer made now for these classes (their first start sets the window); `by` when the office made it by hand. */
export function newOffer(semester: Pick<Semester, 'waitlistClaimHours'> | undefined, classes: Pick<ClassRecord, 'startDate'>[], now: Date, by?: string): NonNullable<WaitlistEntry['offer']> {
  const start = classes.map((c) => c.startDate).sort()[0];
  return { at: now.toISOString(), expiresAt: offerEnd(now, claimHours(semester, start, now)).toISOString(), ...(by ? { by } : {}) };
}

/** The seat numbers of a class a waitlist offer may use: those kept for the waitlist, then free ones. */
export function seatsForWaitlist(capacity: number, seats: Map<string, Seat>): string[] {
  const reserved = [...seats].filter(([, s]) => s.state === 'reserved').map(([id]) => id);
  return [...reserved, ...freeSeatIds(capacity, seats.keys())];
}

/** What serving the waitlists of some classes reads: the classes, their seats and semesters, and who is on their lists. */
export interface OffersFacts {
  classes: ClassRecord[];
  seats: Map<string, Map<string, Seat>>;
  semesters: Map<string, Semester | undefined>;
  /** The registration rounds of those semesters that have one: until its places have all been offered, its lists wait. */
  rounds: Map<string, RoundGate>;
  /** The entries on the lists of these classes (waiting or offered). */
  entries: WaitlistEntry[];
  now: Date;
}

export interface OffersPlan {
  /** Each entry offered a seat now, with its offer (the seat of each of its classes named). */
  offers: { entry: WaitlistEntry; offer: NonNullable<WaitlistEntry['offer']> }[];
  /** Seats kept for a waitlist nobody waits on any more: given to the public (their documents go). */
  freed: { classId: string; seatId: string }[];
}

/**
 * The offers to make now, first come first served, on the seats kept for the waitlist and then free
 * ones, only in classes a family can still enroll in (a claim is an enrollment); and the kept seats
 * of classes nobody waits for any more.
 */
export function planOffers(f: OffersFacts): OffersPlan {
  const today = schoolToday(f.now);
  const open = f.classes.filter((c) => {
    const semester = f.semesters.get(c.semesterId);
    // A round still offering its places in draw order: a seat offered now could be a later child's.
    if (f.rounds.get(c.semesterId)?.drawn === false) return false;
    return isEnrollable(c, !!semester && isOpenForEnrollment(semester, today), today);
  });
  const usable = new Map(open.map((c) => [c.id, seatsForWaitlist(c.capacity, f.seats.get(c.id)!)]));
  const picks = offersToMake(new Map([...usable].map(([id, list]) => [id, list.length])), f.entries);
  const offeredSeats = new Set<string>();
  const offers = picks.map((entry) => {
    const own = f.classes.filter((c) => entry.classIds.includes(c.id));
    const seats: Record<string, string> = {};
    for (const c of own) {
      seats[c.id] = usable.get(c.id)!.shift()!;
      offeredSeats.add(`${c.id}/${seats[c.id]}`);
    }
    return { entry, offer: { ...newOffer(f.semesters.get(own[0].semesterId), own, f.now), seats } };
  });
  const served = new Set(picks.map((e) => e.id));
  const freed = f.classes.flatMap((c) => {
    if (f.entries.some((e) => e.status === 'waiting' && !served.has(e.id) && e.classIds.includes(c.id))) return [];
    return [...f.seats.get(c.id)!].filter(([id, seat]) => seat.state === 'reserved' && !offeredSeats.has(`${c.id}/${id}`)).map(([seatId]) => ({ classId: c.id, seatId }));
  });
  return { offers, freed };
}

/** The reminder is due: an open offer ending within WAITLIST_CLAIM_HOURS.reminderBefore hours, not yet reminded. */
export const reminderDue = (e: WaitlistEntry, now: Date) =>
  e.status === 'offered' && !e.offer?.remindedAt && Date.parse(e.offer!.expiresAt) - now.getTime() <= WAITLIST_CLAIM_HOURS.reminderBefore * HOUR && Date.parse(e.offer!.expiresAt) > now.getTime();

export const offerLapsed = (e: WaitlistEntry, now: Date) => e.status === 'offered' && Date.parse(e.offer!.expiresAt) <= now.getTime();

/** Why a family's entry cannot be claimed now (enrolled already, still waiting, the offer over), or null. */
export function claimRefusal(entry: WaitlistEntry, now: Date): Refusal | null {
  if (entry.status === 'enrolled') return no(`${entry.studentName} is already enrolled in ${entry.title}: see My Enrollments.`);
  if (entry.status === 'waiting') return no(`No seat is offered for ${entry.title} yet: ${entry.studentName} is still on the waitlist.`);
  if (entry.status === 'offered' && !offerLapsed(entry, now)) return null;
  const ended = entry.offer ? ` ended ${formatMoment(entry.offer.expiresAt)} and` : '';
  return no(`This offer for ${entry.title}${ended} is no longer open: the seat went to the next family on the waitlist. You may join the waitlist again.`);
}

/** How a list reads: the offers out (ahead of everyone), then those waiting in order, then the rest. */
export function listOrder(a: WaitlistEntry, b: WaitlistEntry): number {
  const group = (e: WaitlistEntry) => (e.status === 'offered' ? 0 : e.status === 'waiting' ? 1 : 2);
  return group(a) - group(b) || byRank(a, b);
}

/** 1 for the first of those waiting for any of the entry's classes; null once it no longer waits. */
export function placeOf(entry: WaitlistEntry, all: WaitlistEntry[]): number | null {
  if (entry.status !== 'waiting') return null;
  return 1 + all.filter((o) => o.id !== entry.id && o.status === 'waiting' && o.classIds.some((id) => entry.classIds.includes(id)) && byRank(o, entry) < 0).length;
}

export const waitlistEvent = (action: WaitlistEvent['action'], at: string, by?: string, reason?: string): WaitlistEvent => ({ at, action, ...(by ? { by } : {}), ...(reason ? { reason } : {}) });

export type JoinRequest = z.output<typeof joinWaitlistSchema>;

export const VERIFY_TO_WAIT = 'To join a waitlist, please verify your email address first (open the link we emailed you): offers are sent there.';

/** What a request to wait is checked against first: the account, the child, the lists and the seats. */
export interface JoinFacts {
  uid: string;
  emailVerified: boolean;
  student: Pick<Student, 'id' | 'ownerUid' | 'firstName'> | undefined;
  classes: Pick<ClassRecord, 'id' | 'title'>[];
  /** Who is on these classes' lists now. */
  listed: WaitlistEntry[];
  /** For each class (in the order of `classes`): a seat nobody holds, or null when it has none. */
  freeSeats: (string | null)[];
}

/**
 * Why a family may not wait for these classes (null: it may, once its child is checked and its
 * request priced as an enrollment's). Offers go to the account's address, so only a proven one holds
 * a place; a child waits once for a class; a class with a seat free is enrolled in, not waited for
 * (seats kept for the families waiting are documents, reserved or offered: a seat without one is
 * nobody's, even while the families ahead hold offers).
 */
export function joinRefusal(f: JoinFacts): Refusal | null {
  if (!f.emailVerified) return no(VERIFY_TO_WAIT);
  const { student } = f;
  if (!student || student.ownerUid !== f.uid) return refuse('not-found', NOT_YOUR_STUDENT);
  const twice = f.classes.find((c) => f.listed.some((e) => e.studentId === student.id && onTheList(e) && e.classIds.includes(c.id)));
  if (twice) return no(`${student.firstName} is already on the waitlist for ${twice.title}.`);
  if (f.freeSeats.every((seat) => seat !== null)) return no(`${f.classes.map((c) => c.title).join(' and ')} ${f.classes.length === 1 ? 'has' : 'have'} seats: enroll instead of joining the waitlist.`);
  return null;
}

/** What a checked request becomes on the list: its child, classes and price, as `joinRefusal` let through. */
export interface JoinPricedFacts extends Pick<JoinFacts, 'uid' | 'freeSeats'> {
  email: string | null;
  student: Pick<Student, 'id' | 'firstName' | 'lastName'>;
  classes: Pick<ClassRecord, 'id' | 'semesterId'>[];
  request: JoinRequest;
  /** The request priced as its child's part of a checkout, and the codes it named that do not apply. */
  quote: CartChildQuote;
  codeProblems: Problem[];
  discounts: Pick<Discount, 'id' | 'code' | 'maxUses'>[];
  /** The entry's id (from the family's key: the same request joins once). */
  id: string;
  now: Date;
}

/** The entry and the seats it keeps at once. */
export interface JoinPlan {
  entry: WaitlistEntry;
  /** A bundle waits as a whole: a seat free now in one of its classes is kept for it (reserved), else someone else takes it before the bundle's other classes have a seat. */
  reserve: { classId: string; seatId: string }[];
}

/**
 * The entry for a request priced like an enrollment, or why not: a code that does not apply, more
 * than one unit (a class, or a bundle, waits and is offered as a whole), a price that changed since
 * the family saw it. Nothing is paid; a code with a use limit counts its use now.
 */
export function planJoin(f: JoinPricedFacts): JoinPlan | Refusal {
  const { quote, request } = f;
  if (f.codeProblems.length) return no(f.codeProblems[0].message);
  if (quote.lineItems.length !== 1) return refuse('invalid-argument', 'Join the waitlist for one class, or one bundle, at a time.');
  const changed = totalProblem(request.expectedTotal, quote.total);
  if (changed) return changed;
  const at = f.now.toISOString();
  const counted = f.discounts.filter((d) => d.maxUses != null && quote.discounts.some((a) => a.code === d.code)).map((d) => d.id);
  const entry: WaitlistEntry = {
    id: f.id,
    ownerUid: f.uid,
    email: f.email,
    studentId: f.student.id,
    studentName: `${f.student.firstName} ${f.student.lastName}`,
    semesterId: f.classes[0].semesterId,
    classIds: f.classes.map((c) => c.id),
    title: quote.lineItems[0].title,
    request: {
      lines: request.lines,
      codes: request.codes,
      releases: request.releases,
      infoConfirmed: request.infoConfirmed,
      ...(request.copyGuardians ? { copyGuardians: true } : {}),
    },
    quote: { lineItems: quote.lineItems, discounts: quote.discounts, subtotal: quote.subtotal, total: quote.total },
    ...(counted.length ? { countedDiscountIds: counted } : {}),
    joinedAt: at,
    rank: f.now.getTime(),
    status: 'waiting',
    history: [waitlistEvent('joined', at)],
  };
  const reserve = f.classes.flatMap((c, i) => (f.freeSeats[i] === null ? [] : [{ classId: c.id, seatId: f.freeSeats[i] }]));
  return { entry, reserve };
}

/** How an entry leaves the list, and the email its family gets (none when it left by itself). */
export interface EntryEnd {
  status: WaitlistStatus;
  event: WaitlistEvent;
  mail?: 'lapsed' | 'removed';
  reason?: string;
}

// Another family's entry is answered as one that does not exist: its id says nothing of whose it is.
const notTheirs = (entry: WaitlistEntry, uid: string): Refusal | null => (entry.ownerUid === uid ? null : refuse('not-found', 'This waitlist entry does not exist.'));
const notWaiting = (entry: WaitlistEntry): Refusal | null => (entry.status === 'waiting' ? null : refuse('failed-precondition', `${entry.studentName} is not waiting (${entry.status}).`));

/** The family leaves the list, waiting or offered a seat it does not want (nothing to do once off it). */
export const planLeave = (entry: WaitlistEntry, uid: string, now: Date): EntryEnd | Refusal | null =>
  notTheirs(entry, uid) ?? (onTheList(entry) ? { status: 'left', event: waitlistEvent('left', now.toISOString()) } : null);

/** The family declines the seat it is offered. */
export const planDecline = (entry: WaitlistEntry, uid: string, now: Date): EntryEnd | Refusal =>
  notTheirs(entry, uid) ??
  (entry.status === 'offered' ? { status: 'declined', event: waitlistEvent('declined', now.toISOString()) } : refuse('failed-precondition', `No seat is offered for ${entry.title} now.`));

/** The office removes a family from the list, saying why (the family is emailed the reason). */
export const planRemove = (entry: WaitlistEntry, by: string, reason: string, now: Date): EntryEnd | Refusal =>
  onTheList(entry)
    ? { status: 'removed', event: waitlistEvent('removed', now.toISOString(), by, reason), mail: 'removed', reason }
    : refuse('failed-precondition', `${entry.studentName} is no longer on this waitlist.`);

/** An offer not taken in time lapses (nothing to do when it was taken, declined or has time left). */
export const planLapse = (entry: WaitlistEntry, now: Date): EntryEnd | null =>
  offerLapsed(entry, now) ? { status: 'lapsed', event: waitlistEvent('lapsed', now.toISOString()), mail: 'lapsed' } : null;

/**
 * The office offers a seat to a waiting family out of order: the first seat each class can give the
 * waitlist (`usable`, in the order of `classes`), or why not. The offer lasts as a turn's would.
 */
export function planOfferByHand(
  entry: WaitlistEntry,
  classes: Pick<ClassRecord, 'id' | 'startDate'>[],
  usable: string[][],
  semester: Pick<Semester, 'waitlistClaimHours'> | undefined,
  by: string,
  now: Date,
): WaitlistEntry | Refusal {
  const waiting = notWaiting(entry);
  if (waiting) return waiting;
  if (usable.some((ids) => !ids.length)) return refuse('failed-precondition', `No seat is free in ${entry.title}: raise its capacity, or wait for a seat to free up.`);
  const seats = Object.fromEntries(classes.map((c, i) => [c.id, usable[i][0]]));
  return { ...entry, status: 'offered', offer: { ...newOffer(semester, classes, now, by), seats }, history: [...entry.history, waitlistEvent('offered', now.toISOString(), by)] };
}

/** The office moves a waiting entry just before another waiting one of the same list (`null`: to the end), saying why. */
export function planMove(entry: WaitlistEntry, list: WaitlistEntry[], beforeId: string | null, by: string, reason: string, now: Date): WaitlistEntry | Refusal {
  const waiting = notWaiting(entry);
  if (waiting) return waiting;
  const queue = list.filter((e) => e.status === 'waiting' && e.id !== entry.id).sort(byRank);
  const at = beforeId === null ? queue.length : queue.findIndex((e) => e.id === beforeId);
  if (at < 0) return refuse('not-found', 'The entry to move before is not waiting on this list.');
  return { ...entry, rank: rankBetween(queue[at - 1], queue[at]), history: [...entry.history, waitlistEvent('moved', now.toISOString(), by, reason)] };
}

/** The rank that puts an entry just before `next` (after `previous`), or at the end. */
export function rankBetween(previous: WaitlistEntry | undefined, next: WaitlistEntry | undefined): number {
  if (!next) return (previous?.rank ?? 0) + 1000;
  if (!previous) return next.rank - 1000;
  return (previous.rank + next.rank) / 2;
}

/** What the family sees of its entry (no office notes, no staff addresses), with its place. */
export function familyEntry(e: WaitlistEntry, place: number | null): FamilyWaitlistEntry {
  const { history: _history, rank: _rank, email: _email, ownerUid: _owner, offer, countedDiscountIds: _counted, ...rest } = e;
  return { ...rest, ...(offer ? { offer: { at: offer.at, expiresAt: offer.expiresAt } } : {}), place };
}
