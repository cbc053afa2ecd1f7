// The waitlist's rules, without Firestore: who is next, how long an offer lasts, a family's place.
import { WAITLIST_CLAIM_HOURS } from '../../../contract/constants';
import type { ClassRecord, FamilyWaitlistEntry, IsoDate, Semester, WaitlistEntry } from '../../../contract/domain';
import { addDaysIso, schoolToday } from '../../../contract/schedule';

const HOUR = 3_600_000;

/** Waiting for a seat, or holding one as an offer: counted in the class's `waiting`. */
export const onTheList = (e: Pick<WaitlistEntry, 'status'>) => e.status === 'waiting' || e.status === 'offered';

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

/** An offer made now for these classes (their first start sets the window); `by` when the office made it by hand. */
export function newOffer(semester: Pick<Semester, 'waitlistClaimHours'> | undefined, classes: Pick<ClassRecord, 'startDate'>[], now: Date, by?: string): NonNullable<WaitlistEntry['offer']> {
  const start = classes.map((c) => c.startDate).sort()[0];
  return { at: now.toISOString(), expiresAt: new Date(now.getTime() + claimHours(semester, start, now) * HOUR).toISOString(), ...(by ? { by } : {}) };
}

/** The reminder is due: an open offer ending within WAITLIST_CLAIM_HOURS.reminderBefore hours, not yet reminded. */
export const reminderDue = (e: WaitlistEntry, now: Date) =>
  e.status === 'offered' && !e.offer?.remindedAt && Date.parse(e.offer!.expiresAt) - now.getTime() <= WAITLIST_CLAIM_HOURS.reminderBefore * HOUR && Date.parse(e.offer!.expiresAt) > now.getTime();

export const offerLapsed = (e: WaitlistEntry, now: Date) => e.status === 'offered' && Date.parse(e.offer!.expiresAt) <= now.getTime();

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
