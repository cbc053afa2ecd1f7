// The waitlist (issue 20): joining with a complete request, offers made in order whenever a seat
// frees up, lapses and reminders, and the office's hand on the list. Every change to who waits is
// made in a transaction with the class's `waiting` count, which keeps freed seats from the public.
import { FieldValue, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import type { z } from 'zod/mini';
import type { OfficeWaitlistEntry, WaitlistEntry, WaitlistEvent, WaitlistStatus } from '../../../contract/domain';
import type { joinWaitlistSchema } from '../../../contract/schemas';
import { schoolToday } from '../../../contract/schedule';
import { isEnrollable, isOpenForEnrollment } from '../domain/catalogue';
import { totalProblem } from '../domain/enrollment';
import { listOrder, newOffer, offerLapsed, offersToMake, onTheList, placeOf, rankBetween, reminderDue } from '../domain/waitlist';
import { waitlistMail, type WaitlistMailKind } from '../domain/waitlistMail';
import { portalOrigin } from '../payments/stripe';
import { chunks, COLLECTIONS, db, notFound, precondition, recordRef, records, present, runSeatTransaction, uniq } from './db';
import { checkAndPrice, familyEnrollmentRefs, loadReleases, readRequest } from './enrollments';

export type JoinPayload = z.output<typeof joinWaitlistSchema>;

const entries = () => records('waitlist');
export const entryRef = (id: string) => entries().doc(id);
const classRef = (id: string) => recordRef('classes', id);
const event = (action: WaitlistEvent['action'], at: string, by?: string, reason?: string): WaitlistEvent => ({ at, action, ...(by ? { by } : {}), ...(reason ? { reason } : {}) });

function sendMail(tx: Transaction, kind: WaitlistMailKind, entry: WaitlistEntry, extra: { place?: number | null; reason?: string } = {}) {
  const mail = waitlistMail(kind, entry, portalOrigin(null), extra);
  if (mail.to.length) tx.set(db().collection(COLLECTIONS.mail).doc(), mail);
}

/** Every entry, of any status, for these classes (a class's list is small: read whole, filtered in memory). */
async function entriesFor(tx: Transaction, classIds: string[]): Promise<WaitlistEntry[]> {
  const snap = await tx.get(entries().where('classIds', 'array-contains-any', uniq(classIds).slice(0, 30)));
  return snap.docs.map((d) => d.data());
}

/** Joins the waitlist of a full class or bundle: the request is checked and priced like an enrollment; nothing is paid. */
export async function joinWaitlist(uid: string, email: string | null, payload: JoinPayload, now: Date): Promise<{ entry: WaitlistEntry; place: number | null; replayed: boolean }> {
  const ref = entryRef(`${uid}_${payload.idempotencyKey}`);
  const [releases, familyRefs] = await Promise.all([loadReleases(), familyEnrollmentRefs(uid)]);
  const today = schoolToday(now);
  return runSeatTransaction(async (tx) => {
    const existing = await tx.get(ref);
    if (existing.exists) {
      const entry = existing.data()!;
      return { entry, place: placeOf(entry, await entriesFor(tx, entry.classIds)), replayed: true };
    }
    const facts = await readRequest(tx, uid, payload, familyRefs);
    const { student, classes } = facts;
    const classIds = classes.map((c) => c.id);
    const listed = await entriesFor(tx, classIds);
    const twice = classes.find((c) => listed.some((e) => e.studentId === student.id && onTheList(e) && e.classIds.includes(c.id)));
    if (twice) throw precondition(`${student.firstName} is already on the waitlist for ${twice.title}.`);
    if (classes.every((c) => c.enrolledCount < c.capacity && !(c.waiting ?? 0))) {
      throw precondition(`${classes.map((c) => c.title).join(' and ')} ${classes.length === 1 ? 'has' : 'have'} seats: enroll instead of joining the waitlist.`);
    }
    const alreadyIn = new Set(facts.rosterSnaps.map((s) => s.ref.parent.parent!.id));
    const quote = await checkAndPrice(tx, { ...facts, alreadyIn }, payload, releases, now, today, false);
    if (quote.codeProblems.length) throw precondition(quote.codeProblems[0].message);
    // One unit per entry: a class, or a bundle, waits and is offered as a whole.
    if (quote.lineItems.length !== 1) throw new HttpsError('invalid-argument', 'Join the waitlist for one class, or one bundle, at a time.');
    const mismatch = totalProblem(payload.expectedTotal, quote.total);
    if (mismatch) throw new HttpsError(mismatch.code, mismatch.message);

    const at = now.toISOString();
    const entry: WaitlistEntry = {
      id: ref.id,
      ownerUid: uid,
      email,
      studentId: student.id,
      studentName: `${student.firstName} ${student.lastName}`,
      semesterId: classes[0].semesterId,
      classIds,
      title: quote.lineItems[0].title,
      request: {
        lines: payload.lines,
        codes: payload.codes,
        releases: payload.releases,
        infoConfirmed: payload.infoConfirmed,
        ...(payload.copyGuardians ? { copyGuardians: true } : {}),
      },
      quote: { lineItems: quote.lineItems, discounts: quote.discounts, subtotal: quote.subtotal, total: quote.total },
      joinedAt: at,
      rank: now.getTime(),
      status: 'waiting',
      history: [event('joined', at)],
    };
    tx.set(ref, entry);
    for (const id of classIds) tx.update(classRef(id), { waiting: FieldValue.increment(1) });
    if (payload.infoConfirmed) tx.update(recordRef('students', student.id), { infoReviewedAt: at });
    const place = placeOf(entry, [...listed, entry]);
    sendMail(tx, 'joined', entry, { place });
    tx.delete(db().collection(COLLECTIONS.enrollmentDrafts).doc(uid));
    return { entry, place, replayed: false };
  });
}

/**
 * Offers the seats free in these classes to those waiting, in order (the offer job; also run after
 * every event that frees a seat). Running it again makes no second offer: an offered seat is counted
 * as taken. Returns the offers made.
 */
export async function serveWaitlists(classIds: string[], now: Date): Promise<number> {
  let made = 0;
  for (const classId of uniq(classIds)) {
    made += await runSeatTransaction(async (tx) => {
      const first = await entriesFor(tx, [classId]);
      if (!first.some((e) => e.status === 'waiting')) return 0;
      // A bundle's entries hold offers on its other classes too: read theirs, to count those seats.
      const involved = uniq(first.filter(onTheList).flatMap((e) => e.classIds));
      const others = involved.length > 1 ? await entriesFor(tx, involved.filter((id) => id !== classId)) : [];
      const all = [...new Map([...first, ...others].map((e) => [e.id, e])).values()].filter(onTheList);
      const classSnaps = await tx.getAll(...involved.map(classRef));
      const classes = present(classSnaps);
      const semesterSnaps = await tx.getAll(...uniq(classes.map((c) => c.semesterId)).map((id) => recordRef('semesters', id)));
      const semesters = new Map(semesterSnaps.map((s) => [s.id, s.data()]));
      // Offers only for classes a family can still enroll in (a claim is an enrollment).
      const today = schoolToday(now);
      const open = classes.filter((c) => {
        const semester = semesters.get(c.semesterId);
        return isEnrollable(c, !!semester && isOpenForEnrollment(semester, today), today);
      });
      const picks = offersToMake(open, all);
      const at = now.toISOString();
      for (const e of picks) {
        const own = classes.filter((c) => e.classIds.includes(c.id));
        const offer = newOffer(semesters.get(own[0].semesterId), own, now);
        tx.update(entryRef(e.id), { status: 'offered', offer, history: FieldValue.arrayUnion(event('offered', at)) });
        sendMail(tx, 'offer', { ...e, offer });
      }
      return picks.length;
    });
  }
  return made;
}

/** Takes an entry off the list (left, declined, lapsed, removed): its classes' `waiting` goes down; an offered seat is served again. */
async function endEntry(
  ref: DocumentReference<WaitlistEntry>,
  now: Date,
  decide: (entry: WaitlistEntry) => { status: WaitlistStatus; event: WaitlistEvent; mail?: WaitlistMailKind; reason?: string } | null,
): Promise<WaitlistEntry> {
  const ended = await runSeatTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound('This waitlist entry');
    const entry = snap.data()!;
    const change = decide(entry);
    if (!change) return { entry, freed: false };
    const next: WaitlistEntry = { ...entry, status: change.status, history: [...entry.history, change.event] };
    tx.set(ref, next);
    for (const id of entry.classIds) tx.update(classRef(id), { waiting: FieldValue.increment(-1) });
    if (change.mail) sendMail(tx, change.mail, entry, { reason: change.reason });
    return { entry: next, freed: true };
  });
  // The seat held for it (or the place it took) goes to the next family at once.
  if (ended.freed) await serveWaitlists(ended.entry.classIds, now);
  return ended.entry;
}

const ownEntry = (uid: string) => (entry: WaitlistEntry) => {
  if (entry.ownerUid !== uid) throw notFound('This waitlist entry');
  return entry;
};

/** The family leaves the list (waiting, or holding an offer it does not want). */
export const leaveWaitlist = (uid: string, id: string, now: Date) =>
  endEntry(entryRef(id), now, (e) => (onTheList(ownEntry(uid)(e)) ? { status: 'left', event: event('left', now.toISOString()) } : null));

/** The family declines its offer: the seat passes on at once. */
export const declineOffer = (uid: string, id: string, now: Date) =>
  endEntry(entryRef(id), now, (e) => {
    if (ownEntry(uid)(e).status !== 'offered') throw precondition(`No seat is offered for ${e.title} now.`);
    return { status: 'declined', event: event('declined', now.toISOString()) };
  });

/** The office removes a family from the list, saying why (the family is emailed). */
export const removeEntry = (id: string, by: string, reason: string, now: Date) =>
  endEntry(entryRef(id), now, (e) => {
    if (!onTheList(e)) throw precondition(`${e.studentName} is no longer on this waitlist.`);
    return { status: 'removed', event: event('removed', now.toISOString(), by, reason), mail: 'removed', reason };
  });

/** The job (every 15 minutes in production; tests call it): lapsed offers pass on, reminders go out, free seats are offered. */
export async function runWaitlistJob(now: Date): Promise<{ lapsed: number; reminded: number; offered: number }> {
  const offered = (await entries().where('status', '==', 'offered').get()).docs.map((d) => d.data());
  let lapsed = 0;
  for (const e of offered.filter((x) => offerLapsed(x, now))) {
    const ended = await endEntry(entryRef(e.id), now, (x) => (offerLapsed(x, now) ? { status: 'lapsed', event: event('lapsed', now.toISOString()), mail: 'lapsed' } : null));
    if (ended.status === 'lapsed') lapsed++;
  }
  let reminded = 0;
  for (const e of offered.filter((x) => reminderDue(x, now))) {
    reminded += await db().runTransaction(async (tx) => {
      const snap = await tx.get(entryRef(e.id));
      const entry = snap.data()!;
      if (!reminderDue(entry, now)) return 0;
      const at = now.toISOString();
      tx.update(entryRef(e.id), { 'offer.remindedAt': at, history: FieldValue.arrayUnion(event('reminded', at)) });
      sendMail(tx, 'reminder', entry);
      return 1;
    });
  }
  const waitingFor = (await records('classes').where('waiting', '>', 0).select().get()).docs.map((d) => d.id);
  return { lapsed, reminded, offered: await serveWaitlists(waitingFor, now) };
}

/** The family's entries, newest first, each with its place. */
export async function familyWaitlist(uid: string): Promise<{ entry: WaitlistEntry; place: number | null }[]> {
  const own = (await entries().where('ownerUid', '==', uid).get()).docs.map((d) => d.data());
  const lists = await waitingFor(own.filter((e) => e.status === 'waiting').flatMap((e) => e.classIds));
  return own.sort((a, b) => b.joinedAt.localeCompare(a.joinedAt)).map((entry) => ({ entry, place: placeOf(entry, lists) }));
}

/** A class's list for the office: everyone who waits or waited, in order, with places. */
export async function classWaitlist(classId: string): Promise<OfficeWaitlistEntry[]> {
  const list = (await entries().where('classIds', 'array-contains', classId).get()).docs.map((d) => d.data());
  return list.sort(listOrder).map((e) => ({ ...e, place: placeOf(e, list) }));
}

/** The office offers a seat to this family now, out of order (a seat must be free). */
export async function offerByHand(id: string, by: string, now: Date): Promise<WaitlistEntry> {
  return runSeatTransaction(async (tx) => {
    const snap = await tx.get(entryRef(id));
    if (!snap.exists) throw notFound('This waitlist entry');
    const entry = snap.data()!;
    if (entry.status !== 'waiting') throw precondition(`${entry.studentName} is not waiting (${entry.status}).`);
    const all = (await entriesFor(tx, entry.classIds)).filter(onTheList);
    const classSnaps = await tx.getAll(...entry.classIds.map(classRef));
    const classes = classSnaps.map((s) => s.data()!);
    if (!offersToMake(classes, [entry, ...all.filter((e) => e.status === 'offered')]).length) {
      throw precondition(`No seat is free in ${entry.title}: raise its capacity, or wait for a seat to free up.`);
    }
    const semester = (await tx.get(recordRef('semesters', classes[0].semesterId))).data();
    const at = now.toISOString();
    const offer = newOffer(semester, classes, now, by);
    const next: WaitlistEntry = { ...entry, status: 'offered', offer, history: [...entry.history, event('offered', at, by)] };
    tx.set(entryRef(id), next);
    sendMail(tx, 'offer', next);
    return next;
  });
}

/** The office moves an entry before another one (or to the end), with a written reason kept on the entry. */
export async function moveEntry(id: string, beforeId: string | null, by: string, reason: string, now: Date): Promise<WaitlistEntry> {
  return db().runTransaction(async (tx) => {
    const snap = await tx.get(entryRef(id));
    if (!snap.exists) throw notFound('This waitlist entry');
    const entry = snap.data()!;
    if (entry.status !== 'waiting') throw precondition(`${entry.studentName} is not waiting (${entry.status}).`);
    const queue = (await entriesFor(tx, entry.classIds)).filter((e) => e.status === 'waiting' && e.id !== id).sort((a, b) => a.rank - b.rank);
    const at = beforeId === null ? queue.length : queue.findIndex((e) => e.id === beforeId);
    if (at < 0) throw new HttpsError('not-found', 'The entry to move before is not waiting on this list.');
    const rank = rankBetween(queue[at - 1], queue[at]);
    const next: WaitlistEntry = { ...entry, rank, history: [...entry.history, event('moved', now.toISOString(), by, reason)] };
    tx.set(entryRef(id), next);
    return next;
  });
}

/** Those on the lists of these classes (waiting or offered), in order: for the office's class forms. */
export async function waitingFor(classIds: string[]): Promise<WaitlistEntry[]> {
  const parts = await Promise.all(chunks(uniq(classIds), 30).map((part) => entries().where('classIds', 'array-contains-any', part).get()));
  const all = new Map(parts.flatMap((p) => p.docs.map((d) => [d.id, d.data()!] as const)));
  return [...all.values()].filter(onTheList).sort(listOrder);
}
