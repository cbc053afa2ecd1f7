// The waitlist's use-cases: joining with a complete request, offers made in order whenever a seat
// frees up (the plan: domain/waitlist.ts), lapses and reminders, and the office's hand on the list. Every change to who waits is made in a
// transaction with the class's `waiting` count. A seat freed while families wait is kept for them
// (a `reserved` seat document) and offered in order (an `offered` one, the family's until the offer
// ends): the public never takes it.
import { FieldValue, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import { orRefused, refusedError, throwIfRefused } from '../lib/refused';
import type { z } from 'zod/mini';
import type { WaitlistEntry } from '../../../contract/domain';
import type { joinWaitlistSchema } from '../../../contract/schemas';
import { schoolToday } from '../../../contract/schedule';
import { waitlistEntryId } from '../domain/ids';
import { aidReleased, aidSeatsEnd, freeSeatIds, type Seat } from '../domain/seats';
import { entryUsesFree, joinRefusal, offerLapsed, onTheList, placeOf, planDecline, planJoin, planLapse, planLeave, planMove, planOfferByHand, planOffers, planRemove, reminderDue, seatsForWaitlist, type EntryEnd, waitlistEvent } from '../domain/waitlist';
import type { Refusal } from '../domain/refusal';
import { NO_CLASS_CHOSEN, NO_LONGER_OFFERED } from '../domain/checkout';
import { waitlistMail, type WaitlistMailKind } from '../mail/waitlist';
import { portalOrigin } from '../payments/stripe';
import { db, notFound, recordRef, records, present, runSeatTransaction, uniq } from '../data/db';
import { checkChild, countCodeUses, familyEnrollmentRefs, loadCatalogueFacts, loadReleases, priceCheckout, readCodeUseCounters, withFamilyClasses } from '../data/enrollments';
import { endDraftInTx } from '../data/drafts';
import { codeUseDeltas, writeCodeUseDeltas } from '../data/holds';
import { rosterRef, seatRef, seatsIn } from '../data/seats';
import { queueMail } from '../mail/outbox';
import { entriesFor, entryRef } from '../data/waitlist';
import { loadRoundGates } from '../data/rounds';

export type JoinPayload = z.output<typeof joinWaitlistSchema>;

const classRef = (id: string) => recordRef('classes', id);

function sendMail(tx: Transaction, kind: WaitlistMailKind, entry: WaitlistEntry, extra: { place?: number | null; reason?: string } = {}) {
  const mail = waitlistMail(kind, entry, portalOrigin(null), extra);
  queueMail(tx, mail);
}

/**
 * Joins the waitlist of a full class or bundle: the request is checked and priced like an enrollment
 * (the plan: `joinRefusal`, then `planJoin`); nothing is paid, and a code with a use limit counts its
 * use now (given back if the family leaves).
 */
export async function joinWaitlist(uid: string, email: string | null, emailVerified: boolean, payload: JoinPayload, now: Date): Promise<{ entry: WaitlistEntry; place: number | null; replayed: boolean }> {
  const ref = entryRef(waitlistEntryId(uid, payload.idempotencyKey));
  const classIds = uniq(payload.lines.map((l) => l.classId));
  if (!classIds.length) throw refusedError(NO_CLASS_CHOSEN);
  const [releases, catalogue] = await Promise.all([loadReleases(), loadCatalogueFacts(classIds, payload.codes)]);
  if (catalogue.missing.length) throw refusedError(NO_LONGER_OFFERED);
  const today = schoolToday(now);
  return runSeatTransaction(async (tx) => {
    const existing = await tx.get(ref);
    if (existing.exists) {
      const entry = existing.data()!;
      return { entry, place: placeOf(entry, await entriesFor(tx, entry.classIds)), replayed: true };
    }
    const familyRefs = await familyEnrollmentRefs(uid);
    const [studentSnap, classSnaps, familySnaps, rosterSnaps, listed] = await Promise.all([
      tx.get(recordRef('students', payload.studentId)),
      tx.getAll(...classIds.map(classRef)),
      familyRefs.length ? tx.getAll(...familyRefs) : Promise.resolve([]),
      tx.getAll(...classIds.map((c) => rosterRef(c, payload.studentId))),
      entriesFor(tx, classIds),
    ]);
    const classes = present(classSnaps);
    const seatSnaps = await Promise.all(classes.map((c) => (c.capacity > 0 ? tx.getAll(...freeSeatIds(c.capacity, []).map((id) => seatRef(c.id, id))) : Promise.resolve([]))));
    const freeSeats = seatSnaps.map((snaps) => snaps.find((s) => !s.exists)?.ref.id ?? null);
    const student = studentSnap.data();
    throwIfRefused(joinRefusal({ uid, emailVerified, student, classes, listed, freeSeats }));
    const family = present(familySnaps);
    const alreadyIn = new Set(rosterSnaps.filter((s) => s.exists).map((s) => s.ref.parent.parent!.id));
    const classById = await withFamilyClasses(new Map(classes.map((c) => [c.id, c])), family);
    checkChild({ student: student!, classes, semesters: catalogue.semesters, rounds: catalogue.rounds, family, alreadyIn, full: new Set(), classById }, payload, releases, now, today);
    const counters = await readCodeUseCounters(catalogue.discounts);
    const cart = priceCheckout({ ...catalogue, classes, family, counters }, [payload], today);
    const { entry, reserve } = orRefused(planJoin({ id: ref.id, uid, email, student: student!, classes, freeSeats, request: payload, quote: cart.children[0], codeProblems: cart.codeProblems, discounts: catalogue.discounts, now }));

    tx.set(ref, entry);
    for (const id of entry.classIds) tx.update(classRef(id), { waiting: FieldValue.increment(1) });
    for (const { classId, seatId } of reserve) tx.create(seatRef(classId, seatId), { state: 'reserved', classId, at: entry.joinedAt } satisfies Seat);
    countCodeUses(tx, entry.countedDiscountIds ?? [], counters);
    if (payload.infoConfirmed) tx.update(recordRef('students', entry.studentId), { infoReviewedAt: entry.joinedAt });
    const place = placeOf(entry, [...listed, entry]);
    sendMail(tx, 'joined', entry, { place });
    endDraftInTx(tx, uid);
    return { entry, place, replayed: false };
  });
}

/**
 * Offers the seats kept for those waiting in these classes (and any free), in order (the offer job;
 * also run after every event that frees a seat). An offer takes its own seat document, so running
 * it again makes no second offer. Once nobody waits for a class, the seats kept for it are freed.
 * Returns the offers made.
 */
export async function serveWaitlists(classIds: string[], now: Date): Promise<number> {
  let made = 0;
  for (const classId of uniq(classIds)) {
    made += await runSeatTransaction(async (tx) => {
      const first = await entriesFor(tx, [classId]);
      // A bundle's entries need seats in its other classes too: read theirs.
      const involved = uniq([classId, ...first.filter(onTheList).flatMap((e) => e.classIds)]);
      const others = involved.length > 1 ? await entriesFor(tx, involved.filter((id) => id !== classId)) : [];
      const all = [...new Map([...first, ...others].map((e) => [e.id, e])).values()].filter(onTheList);
      const classes = present(await tx.getAll(...involved.map(classRef)));
      const seats = new Map(await Promise.all(classes.map(async (c) => [c.id, await seatsIn(tx, c.id)] as const)));
      const semesterIds = uniq(classes.map((c) => c.semesterId));
      const [semesterSnaps, rounds] = await Promise.all([tx.getAll(...semesterIds.map((id) => recordRef('semesters', id))), loadRoundGates(semesterIds)]);
      const plan = planOffers({ classes, seats, semesters: new Map(semesterSnaps.map((s) => [s.id, s.data()])), rounds, entries: all, now });
      const at = now.toISOString();
      for (const { entry, offer } of plan.offers) {
        for (const [classId, id] of Object.entries(offer.seats!)) tx.set(seatRef(classId, id), { state: 'offered', classId, entryId: entry.id, until: offer.expiresAt, at });
        tx.update(entryRef(entry.id), { status: 'offered', offer, history: FieldValue.arrayUnion(waitlistEvent('offered', at)) });
        sendMail(tx, 'offer', { ...entry, offer });
      }
      for (const { classId, seatId } of plan.freed) tx.delete(seatRef(classId, seatId));
      return plan.offers.length;
    });
  }
  return made;
}
/**
 * Takes an entry off the list (left, declined, lapsed, removed): its classes' `waiting` goes down, a
 * code use it counted is given back, and the seats offered to it are kept for the next family (or
 * freed, when nobody else waits).
 */
async function endEntry(
  ref: DocumentReference<WaitlistEntry>,
  now: Date,
  plan: (entry: WaitlistEntry) => EntryEnd | Refusal | null,
): Promise<WaitlistEntry> {
  const ended = await runSeatTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound('This waitlist entry');
    const entry = snap.data()!;
    const planned = plan(entry);
    if (!planned) return { entry, freed: false };
    const change = orRefused(planned);
    const offered = entry.status === 'offered' ? Object.entries(entry.offer?.seats ?? {}) : [];
    const [seatSnaps, claim] = await Promise.all([
      offered.length ? tx.getAll(...offered.map(([classId, id]) => seatRef(classId, id))) : [],
      entry.enrollmentId ? tx.get(recordRef('enrollments', entry.enrollmentId)).then((s) => s.data()) : undefined,
    ]);
    const at = now.toISOString();
    const next: WaitlistEntry = { ...entry, status: change.status, history: [...entry.history, change.event] };
    tx.set(ref, next);
    for (const id of entry.classIds) tx.update(classRef(id), { waiting: FieldValue.increment(-1) });
    // A seat a card payment for this offer holds stays with that payment until it ends.
    for (const seat of seatSnaps) {
      if (seat.exists && seat.get('state') === 'offered' && seat.get('entryId') === entry.id) tx.set(seat.ref, { state: 'reserved', classId: seat.get('classId') as string, at });
    }
    // A card payment for its claim still under way keeps them: paid, the entry is enrolled; unpaid, its end gives them back.
    if (entryUsesFree(next, claim)) writeCodeUseDeltas(tx, codeUseDeltas(entry.countedDiscountIds ?? [], -1));
    if (change.mail) sendMail(tx, change.mail, entry, { reason: change.reason });
    return { entry: next, freed: true };
  });
  // The seat held for it (or the place it took) goes to the next family at once.
  if (ended.freed) await serveWaitlists(ended.entry.classIds, now);
  return ended.entry;
}

/** The family leaves the list (waiting, or holding an offer it does not want). */
export const leaveWaitlist = (uid: string, id: string, now: Date) => endEntry(entryRef(id), now, (e) => planLeave(e, uid, now));

/** The family declines its offer: the seat passes on at once. */
export const declineOffer = (uid: string, id: string, now: Date) => endEntry(entryRef(id), now, (e) => planDecline(e, uid, now));

/** The office removes a family from the list, saying why (the family is emailed). */
export const removeEntry = (id: string, by: string, reason: string, now: Date) => endEntry(entryRef(id), now, (e) => planRemove(e, by, reason, now));

/**
 * Seats kept for aid whose release has come open to everyone: kept for the waitlist where families
 * wait, else free. Returns the classes whose waitlists have seats to offer now (the caller serves them).
 */
export async function releaseAidSeats(classIds: string[], now: Date): Promise<string[]> {
  const toServe: string[] = [];
  for (const classId of classIds) {
    const kept = await runSeatTransaction(async (tx) => {
      const [klass, seats] = await Promise.all([tx.get(classRef(classId)), seatsIn(tx, classId)]);
      const due = [...seats].filter(([, seat]) => aidReleased(seat, now)).map(([id]) => id);
      if (!klass.exists || !due.length) return false;
      const waiting = (klass.data()!.waiting ?? 0) > 0;
      const at = now.toISOString();
      for (const id of due) {
        if (waiting) tx.set(seatRef(classId, id), { state: 'reserved', classId, at } satisfies Seat);
        else tx.delete(seatRef(classId, id));
      }
      tx.update(classRef(classId), { aidKept: FieldValue.increment(-due.length) });
      return waiting;
    });
    if (kept) toServe.push(classId);
  }
  return toServe;
}

/** The job (every 15 minutes in production; tests call it): lapsed offers pass on, reminders go out, seats kept for aid open on their date, free seats are offered. */
export async function runWaitlistJob(now: Date, only?: string[]): Promise<{ lapsed: number; reminded: number; offered: number }> {
  // `only`: these classes' lists alone (a test's own school, with its own clock, leaves the rest alone).
  const mine = (classIds: string[]) => !only || classIds.some((id) => only.includes(id));
  const offered = (await records('waitlist').where('status', '==', 'offered').get()).docs.map((d) => d.data()).filter((e) => mine(e.classIds));
  let lapsed = 0;
  for (const e of offered.filter((x) => offerLapsed(x, now))) {
    const ended = await endEntry(entryRef(e.id), now, (x) => planLapse(x, now));
    if (ended.status === 'lapsed') lapsed++;
  }
  let reminded = 0;
  for (const e of offered.filter((x) => reminderDue(x, now))) {
    reminded += await db().runTransaction(async (tx) => {
      const snap = await tx.get(entryRef(e.id));
      const entry = snap.data()!;
      if (!reminderDue(entry, now)) return 0;
      const at = now.toISOString();
      tx.update(entryRef(e.id), { 'offer.remindedAt': at, history: FieldValue.arrayUnion(waitlistEvent('reminded', at)) });
      sendMail(tx, 'reminder', entry);
      return 1;
    });
  }
  // Their waitlists are served with every other class's just below.
  const aidDue = (await records('classes').where('aidKept', '>', 0).select('aidSeats', 'aidSeatsUntil').get()).docs.filter((d) => mine([d.id]) && (aidSeatsEnd(d.data()) ?? '') <= now.toISOString());
  await releaseAidSeats(aidDue.map((d) => d.id), now);
  const waitingFor = (await records('classes').where('waiting', '>', 0).select().get()).docs.map((d) => d.id).filter((id) => mine([id]));
  return { lapsed, reminded, offered: await serveWaitlists(waitingFor, now) };
}

/** The office offers a seat to this family now, out of order (a seat kept for the waitlist, or a free one, must exist). */
export async function offerByHand(id: string, by: string, now: Date): Promise<WaitlistEntry> {
  return runSeatTransaction(async (tx) => {
    const snap = await tx.get(entryRef(id));
    if (!snap.exists) throw notFound('This waitlist entry');
    const entry = snap.data()!;
    const classes = present(await tx.getAll(...entry.classIds.map(classRef)));
    const [usable, semester] = await Promise.all([
      Promise.all(classes.map(async (c) => seatsForWaitlist(c.capacity, await seatsIn(tx, c.id)))),
      tx.get(recordRef('semesters', classes[0].semesterId)).then((s) => s.data()),
    ]);
    const next = orRefused(planOfferByHand(entry, classes, usable, semester, by, now));
    const at = now.toISOString();
    for (const [classId, seatId] of Object.entries(next.offer!.seats ?? {})) tx.set(seatRef(classId, seatId), { state: 'offered', classId, entryId: entry.id, until: next.offer!.expiresAt, at });
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
    const next = orRefused(planMove(entry, await entriesFor(tx, entry.classIds), beforeId, by, reason, now));
    tx.set(entryRef(id), next);
    return next;
  });
}

