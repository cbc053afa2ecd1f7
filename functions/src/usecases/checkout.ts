// A checkout, for one child or several (enroll, enrollFamily, claimOffer): every child-class seat is
// taken in one transaction or none is; one enrollment per child, priced together by the one engine,
// paid by one card payment or owed together at the office.
//
// How seats are taken without a queue on the class: the class and its offer are read first; the
// class's seat documents are listed and free ones picked at random; then one transaction reads only
// the family's own documents, checks everything, and creates the picked seats. A seat another family
// created first makes the transaction fail at once (the document exists): the seats are listed again
// and other ones picked. Nothing of a failed attempt is written.
import type { DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { HOLD_LIMITS } from '../../../contract/constants';
import type { ClassRecord, Enrollment, PaymentOptions, Student } from '../../../contract/domain';
import { cardMinimumProblem } from '../../../contract/money';
import { schoolToday } from '../../../contract/schedule';
import { balanceDueDateOf, checkoutDeposit } from '../domain/deposits';
import { totalProblem } from '../domain/enrollment';
import { checkoutIds } from '../domain/ids';
import { buildReceipt, receiptGroups, receiptRecipients } from '../mail/receipt';
import { holdLapsed, planSeats, type Seat, type SeatPlan } from '../domain/seats';
import { anotherTry, backOff, BUSY, db, getByIds, PlanAgain, present, recordRef, SEAT_DEADLINE_MS, uniq } from '../data/db';
import { checkChild, checkoutOf, countCodeUses, fail, familyEnrollmentRefs, loadFamilyEnrollments, loadOfferFacts, loadReleases, priceCheckout, readCodeUseCounters, unpaidOf, withFamilyClasses, type CheckoutPayload } from '../data/enrollments';
import { endHoldsInTx, HOLD_END, holdEndFrom, readHoldReleases } from '../data/holds';
import { addTo, countRoster, rosterRef, seatRef, seatsOf, type RosterEntry, type SeatDeltas } from '../data/seats';
import { notYourStudent } from '../data/students';
import { accountRef, touchAccount } from '../data/accounts';
import { endDraftInTx } from '../data/drafts';
import { claimableEntry, claimInTx } from '../data/waitlistClaims';
import { serveWaitlists } from '../data/waitlist';
import { closeCheckoutPage, endLapsedHold } from './holds';
import { queueMail } from '../mail/outbox';

export type CheckoutOptions = Pick<PaymentOptions, 'holdMinutes' | 'payLaterLimit'> & { emailVerified: boolean; paymentInstructions: string };


const VERIFY = {
  card: 'To hold seats while you pay by card, please verify your email address first (open the link we emailed you).',
  office: 'To pay the office later, please verify your email address first (open the link we emailed you), or pay by card.',
  free: 'To take a seat, please verify your email address first (open the link we emailed you).',
  claim: 'To claim a waitlist offer, please verify your email address first (open the link we emailed you).',
} as const;


/**
 * The family's unpaid card checkouts that hold a seat for one of these children in one of these
 * classes: a new checkout replaces them (their Stripe pages are closed first), whole.
 */
function replacedBy(family: Enrollment[], asked: { studentId: string; classIds: string[] }[], now: Date): Enrollment[] {
  const live = family.filter((e) => e.status === 'pending_payment' && Date.parse(e.hold!.expiresAt) > now.getTime());
  const hit = live.filter((e) => asked.some((a) => a.studentId === e.studentId && a.classIds.some((c) => e.classIds.includes(c))));
  const checkouts = new Set(hit.map(checkoutOf));
  return live.filter((e) => checkouts.has(checkoutOf(e)));
}

/**
 * Checks, prices and enrolls a checkout. A replay (the same idempotency key) answers the checkout
 * made the first time. With `claimEntryId`, the checkout claims that waitlist offer (its seats).
 */
export async function checkout(uid: string, email: string | null, payload: CheckoutPayload, now: Date, options: CheckoutOptions, claimEntryId?: string): Promise<{ enrollments: Enrollment[]; replayed: boolean }> {
  const today = schoolToday(now);
  const ids = checkoutIds(uid, payload.idempotencyKey, payload.children.length);
  const asked = payload.children.map((c) => ({ studentId: c.studentId, classIds: uniq(c.lines.map((l) => l.classId)) }));
  if (asked.some((c) => !c.classIds.length)) throw new HttpsError('invalid-argument', 'Please choose at least one class.');
  const classIds = uniq(asked.flatMap((c) => c.classIds));

  const [replay, releases, offer, family] = await Promise.all([replayOf(ids[0]), loadReleases(), loadOfferFacts(classIds, payload.codes), loadFamilyEnrollments(uid)]);
  if (replay) return replay;
  if (offer.missing.length) throw new HttpsError('failed-precondition', 'A selected class is no longer offered. Please review your classes.');
  const [classById, claimed] = await Promise.all([
    withFamilyClasses(offer.classes, family),
    claimEntryId ? recordRef('waitlist', claimEntryId).get().then((s) => s.data() ?? null) : null,
  ]);

  // The family's earlier unpaid checkout for these children: its page is closed before this one opens.
  const replaced = replacedBy(family, asked, now);
  for (const lead of uniq(replaced.map(checkoutOf))) await closeCheckoutPage(replaced.find((e) => e.id === lead) ?? replaced[0]);
  const replacedIds = new Set(replaced.map((e) => e.id));

  const deadline = Date.now() + SEAT_DEADLINE_MS;
  for (let round = 0; Date.now() < deadline; round++) {
    if (round > 0) {
      // Families who lost a race spread out before they look again.
      await backOff(round);
      const again = await replayOf(ids[0]);
      if (again) return again;
    }
    // Read as they are now, and written only if unchanged since: the family's account (its limits)
    // and the limited codes' counters (their last uses). Whoever loses a race tries again.
    // The family's enrollments are listed after its account is read: one made since the listing also
    // changed the account, and fails this attempt.
    const accountThenFamily = async () => {
      const read = await accountRef(uid).get();
      return [read, (await familyEnrollmentRefs(uid)).map((r) => r.id)] as const;
    };
    const [listed, [account, familyIds], counters] = await Promise.all([seatsOf(classIds), accountThenFamily(), readCodeUseCounters(offer.discounts)]);
    // A lapsed hold never blocks a seat: it is ended (its page closed) before anyone is refused.
    const lapsed = uniq([...listed.values()].flatMap((seats) => [...seats.values()].filter((s) => holdLapsed(s, now) && !replacedIds.has(s.enrollmentId!)).map((s) => s.enrollmentId!)));
    if (lapsed.length) {
      const ended = await Promise.all(lapsed.map((id) => endLapsedHold(id, now)));
      // Seats just freed, or being freed: look again. A hold kept (paid on its page) keeps its seat.
      if (ended.some((e) => e !== 'kept')) continue;
    }
    const plan = planSeats(asked, listed, offer.classes, { replaced: replacedIds, offer: claimed });
    try {
      const replacedEnds = replaced.map((e) => e.hold!.expiresAt).sort();
      const input = { uid, email, payload, now, today, options, ids, asked, plan, offer, releases, classById, replaced: [...replacedIds], replacedEnds, claimEntryId, account, counters, familyIds };
      const done = await db().runTransaction((tx) => enrollInTx(tx, input), { maxAttempts: 1 });
      await countRoster(done.deltas);
      if (done.toServe.length) await serveWaitlists(done.toServe, now);
      return { enrollments: done.enrollments, replayed: done.replayed };
    } catch (error) {
      if (anotherTry(error)) continue;
      throw error;
    }
  }
  throw new HttpsError('unavailable', BUSY);
}

/** The checkout made with this key before (its first enrollment names the others), or null. */
async function replayOf(firstId: string): Promise<{ enrollments: Enrollment[]; replayed: true } | null> {
  const first = await recordRef('enrollments', firstId).get();
  if (!first.exists) return null;
  const all = first.get('checkoutIds') as string[] | undefined;
  const enrollments = all ? (await getByIds('enrollments', all)).found : [first.data()!];
  return { enrollments, replayed: true };
}

interface EnrollInput {
  uid: string;
  email: string | null;
  payload: CheckoutPayload;
  now: Date;
  today: string;
  options: CheckoutOptions;
  ids: string[];
  asked: { studentId: string; classIds: string[] }[];
  plan: SeatPlan[];
  offer: Awaited<ReturnType<typeof loadOfferFacts>>;
  releases: Awaited<ReturnType<typeof loadReleases>>;
  classById: Map<string, ClassRecord>;
  replaced: string[];
  /** The ends of the holds replaced, earliest first. */
  replacedEnds: string[];
  claimEntryId?: string;
  account: DocumentSnapshot;
  counters: Map<string, DocumentSnapshot>;
  /** The family's enrollments when this attempt began: every new one is made by a checkout, which changes the account (so this attempt fails if one came since). */
  familyIds: string[];
}


/** The transaction: the family's own documents are read, everything is checked, and the seats are created. */
async function enrollInTx(tx: Transaction, input: EnrollInput): Promise<{ enrollments: Enrollment[]; replayed: boolean; deltas: SeatDeltas; toServe: string[] }> {
  const { uid, email, payload, now, today, options, ids, asked, plan, offer } = input;
  // The family's enrollments as they are now: the ids known when the attempt began (a query inside the
  // transaction would lock every family's enrollments), the documents read in it.
  const familyRefs = input.familyIds.map((id) => recordRef('enrollments', id));
  const { account } = input;
  // One read for all of them: each round trip inside a transaction holds its locks longer.
  const refs = {
    existing: ids.map((id) => recordRef('enrollments', id)),
    students: asked.map((a) => recordRef('students', a.studentId)),
    family: familyRefs,
    rosters: asked.flatMap((a) => a.classIds.map((c) => rosterRef(c, a.studentId))),
    replaced: input.replaced.map((id) => recordRef('enrollments', id)),
  };
  const snaps = (await tx.getAll(...refs.existing, ...refs.students, ...refs.family, ...refs.rosters, ...refs.replaced)) as DocumentSnapshot[];
  let at0 = 0;
  const take = <T>(n: number) => snaps.slice(at0, (at0 += n)) as DocumentSnapshot<T>[];
  const existing = take<Enrollment>(refs.existing.length);
  const studentSnaps = take<Student>(refs.students.length);
  const familySnaps = take<Enrollment>(refs.family.length);
  const rosterSnaps = take(refs.rosters.length);
  const replacedNowRead = present(take<Enrollment>(refs.replaced.length));
  // The replaced checkout as it is now: still held (its seats pass to this one), or already ended by
  // its page closing (its Stripe event may come first); either way it is marked as replaced.
  const replacedHeld = replacedNowRead.filter((e) => e.status === 'pending_payment');
  const replacedEnded = replacedNowRead.filter((e) => e.status === 'expired' && !e.hold?.replacedBy);
  if (existing[0].exists) {
    const all = (existing[0].get('checkoutIds') as string[] | undefined) ?? [ids[0]];
    return { enrollments: present(await tx.getAll(...all.map((id) => recordRef('enrollments', id)))), replayed: true, deltas: new Map(), toServe: [] };
  }
  if (existing.some((s) => s.exists)) throw new HttpsError('aborted', 'This checkout was already made. Please reload My Enrollments.');
  if (studentSnaps.some((s) => !s.exists || s.get('ownerUid') !== uid)) throw notYourStudent();
  const entry = input.claimEntryId ? await claimableEntry(tx, recordRef('waitlist', input.claimEntryId), uid, now) : null;
  const family = present(familySnaps);
  const replacedNow = new Set(replacedHeld.map((e) => e.id));

  // The seats this checkout uses besides free ones: its own replaced hold's (still held for it) and its offer's.
  const special = plan.flatMap((p) => [...p.seats].flatMap(([classId, s]) => (s && s.source !== 'free' ? [{ classId, ...s, studentId: p.studentId }] : [])));
  const specialSnaps = special.length ? await tx.getAll(...special.map((s) => seatRef(s.classId, s.id))) : [];
  const usable = (i: number) => {
    const seat = specialSnaps[i].data();
    if (!seat) return false;
    return special[i].source === 'kept'
      ? seat.state === 'held' && replacedNow.has(seat.enrollmentId ?? '') && seat.studentId === special[i].studentId
      : (seat.state === 'offered' || seat.state === 'held') && seat.entryId === entry?.id && (seat.state === 'offered' || replacedNow.has(seat.enrollmentId ?? ''));
  };
  // A replaced hold's seat given back since the seats were listed (that hold's page, closed before this
  // one opened, had its Stripe event handled first): the seat is no longer held at all, so the listing
  // is stale. Planned again, never "full" on it. (A seat still held is judged as it stands.)
  if (special.some((s, i) => s.source === 'kept' && specialSnaps[i].get('state') !== 'held')) throw new PlanAgain('A replaced hold gave its seat back since the seats were listed.');
  const unusable = new Set(special.filter((_, i) => !usable(i)).map((s) => `${s.classId}/${s.studentId}`));
  // Seats passed on from a replaced hold (kept, or an offer's seat its claim was holding): not given
  // back, and already counted.
  const passedOn = new Set(
    special.filter((s, i) => specialSnaps[i].get('state') === 'held' && replacedNow.has(specialSnaps[i].get('enrollmentId') as string)).map((s) => `${s.classId}/${s.studentId}`),
  );
  const seatReleases = await readHoldReleases(tx, replacedHeld);

  // Every child checked in order, with the seats the ledger gave it.
  const signatures = plan.map((p, i) => {
    const student = studentSnaps[i].data()!;
    const classes = asked[i].classIds.map((c) => offer.classes.get(c)!);
    const full = new Set(asked[i].classIds.filter((c) => !p.seats.get(c) || unusable.has(`${c}/${p.studentId}`)));
    const alreadyIn = new Set(
      rosterSnaps.filter((s) => s.exists && s.id === p.studentId && !replacedNow.has(s.get('enrollmentId') as string) && asked[i].classIds.includes(s.ref.parent.parent!.id)).map((s) => s.ref.parent.parent!.id),
    );
    return checkChild({ student, classes, semesters: offer.semesters, family, alreadyIn, full, classById: input.classById }, payload.children[i], input.releases, now, today);
  });
  const classes = uniq(asked.flatMap((a) => a.classIds)).map((c) => offer.classes.get(c)!);
  const priced = priceCheckout({ ...offer, classes, family, counters: input.counters }, payload.children, today);
  // A claim pays the lower of the price quoted when the family joined and today's (a code that has
  // since ended still counts then); otherwise a code that does not apply is refused.
  const quotes = entry && entry.quote.total < priced.total ? [{ ...priced.children[0], ...entry.quote }] : priced.children;
  const total = quotes.reduce((sum, q) => sum + q.total, 0);
  if (!entry && priced.codeProblems.length) throw new HttpsError('failed-precondition', priced.codeProblems[0].message);
  const mismatch = totalProblem(payload.expectedTotal, total);
  if (mismatch) throw fail(mismatch);

  const held = payload.payWith === 'card' && total > 0;
  const payLater = payload.payWith !== 'card' && total > 0;
  // Every seat taken needs a proven email: a card hold, a balance owed at the office, a free seat, a claim.
  if (!options.emailVerified) throw new HttpsError('failed-precondition', entry ? VERIFY.claim : held ? VERIFY.card : payLater ? VERIFY.office : VERIFY.free);
  const others = family.filter((e) => !replacedNow.has(e.id));
  const unpaid = payLater ? unpaidOf(others) : 0;
  if (payLater && unpaid >= options.payLaterLimit) {
    throw new HttpsError(
      'failed-precondition',
      `Your account already has ${unpaid} ${unpaid === 1 ? 'enrollment' : 'enrollments'} waiting for payment at the office, the most we keep: please pay this one by card, or pay the others first.`,
    );
  }
  const holdsToday = account.get('holdsDay') === today ? ((account.get('holds') as number | undefined) ?? 0) : 0;
  if (held) {
    const seatsHeld = others.filter((e) => e.status === 'pending_payment' && Date.parse(e.hold!.expiresAt) > now.getTime()).reduce((n, e) => n + e.classIds.length, 0);
    const asking = asked.reduce((n, a) => n + a.classIds.length, 0);
    if (seatsHeld + asking > HOLD_LIMITS.seats) throw new HttpsError('failed-precondition', `Your account already holds ${seatsHeld} seats waiting for card payments: pay for them, or let them go, before holding more.`);
    if (holdsToday >= HOLD_LIMITS.perDay) throw new HttpsError('resource-exhausted', 'You have started many card payments today. Please finish one, or try again tomorrow.');
  }

  const at = now.toISOString();
  const balanceDueDate = balanceDueDateOf([...offer.semesters.values()].filter((s) => classes.some((c) => c.semesterId === s.id)), today);
  const copyGuardians = !!payload.copyGuardians;
  // Each limited code applied counts one use for the checkout (a claim's were counted when it joined).
  const counted = entry ? (entry.countedDiscountIds ?? []) : offer.discounts.filter((d) => d.maxUses != null && quotes.some((q) => q.discounts.some((a) => a.code === d.code))).map((d) => d.id);
  // A new checkout for the same children keeps the end of the hold it replaces (even one its own page's
  // closing has just ended): holding seats longer than one hold is never possible.
  const ends = input.replacedEnds;
  const holdExpiresAt = ends[0] ?? holdEndFrom(now, options.holdMinutes);
  const childOf = (studentId: string) => asked.findIndex((a) => a.studentId === studentId);
  const deposit = held && payload.payDeposit ? checkoutDeposit(quotes.map((q) => ({ classes: asked[childOf(q.studentId)].classIds.map((c) => offer.classes.get(c)!), total: q.total })), offer.semesters, today) : null;
  if (held && payload.payDeposit && !deposit) throw new HttpsError('failed-precondition', 'A deposit is not offered for these classes now: please pay in full.');
  const small = held ? cardMinimumProblem(deposit ? deposit.plan.amount : total) : null;
  if (small) throw new HttpsError('failed-precondition', small);
  const enrollments = quotes
    .map((quote, k): Enrollment => {
      const i = childOf(quote.studentId);
      const student = studentSnaps[i].data()!;
      const own = asked[i].classIds.map((c) => offer.classes.get(c)!);
      return {
        id: ids[i],
        ownerUid: uid,
        studentId: student.id,
        studentName: `${student.firstName} ${student.lastName}`,
        semesterIds: uniq(own.map((c) => c.semesterId)),
        classIds: own.map((c) => c.id),
        lineItems: quote.lineItems,
        discounts: quote.discounts,
        subtotal: quote.subtotal,
        total: quote.total,
        payments: [],
        balance: quote.total,
        status: held ? 'pending_payment' : 'confirmed',
        ...(held ? { hold: { expiresAt: holdExpiresAt, amount: deposit?.amounts[k] ?? quote.total } } : {}),
        ...(balanceDueDate ? { balanceDueDate } : {}),
        ...(copyGuardians ? { copyGuardians } : {}),
        ...(i === 0 && counted.length ? { countedDiscountIds: counted } : {}),
        ...(quote.siblings ? { siblings: quote.siblings } : {}),
        ...(entry ? { waitlistEntryId: entry.id } : {}),
        ...(ids.length > 1 ? { checkoutIds: ids } : {}),
        releases: [...signatures[i].signed.map((r) => ({ ...r, signedAt: at })), ...signatures[i].kept],
        createdAt: at,
        idempotencyKey: payload.idempotencyKey,
      };
    })
    .sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));

  // Writes. The replaced checkout ends (its seats kept for this one go on below).
  const ended = endHoldsInTx(tx, replacedHeld, seatReleases, at, { replacedBy: ids[0] }, passedOn);
  for (const e of replacedEnded) tx.update(recordRef('enrollments', e.id), { 'hold.replacedBy': ids[0] });
  const deltas: SeatDeltas = new Map(ended.deltas);
  for (const [i, enrollment] of enrollments.entries()) {
    const p = plan[i];
    tx.create(recordRef('enrollments', enrollment.id), enrollment);
    for (const classId of enrollment.classIds) {
      const { id, source } = p.seats.get(classId)!;
      const seat: Seat = {
        state: held ? 'held' : 'taken',
        classId,
        enrollmentId: enrollment.id,
        studentId: enrollment.studentId,
        ownerUid: uid,
        ...(entry?.studentId === enrollment.studentId && entry.classIds.includes(classId) ? { entryId: entry.id } : {}),
        ...(held ? { until: holdExpiresAt } : {}),
        at,
      };
      // A free seat is created (failing if another family created it first); a kept or offered one is passed on.
      if (source === 'free') tx.create(seatRef(classId, id), seat);
      else tx.set(seatRef(classId, id), seat);
      if (!passedOn.has(`${classId}/${enrollment.studentId}`)) addTo(deltas, classId, 1);
      const entryOnRoster: RosterEntry = {
        studentId: enrollment.studentId,
        studentName: enrollment.studentName,
        enrollmentId: enrollment.id,
        ownerUid: uid,
        seat: id,
        addOns: enrollment.lineItems.flatMap((l) => (l.classIds.includes(classId) ? l.addOns : [])).filter((a) => offer.classes.get(classId)!.addOns.some((x) => x.id === a.id)),
        ...(held ? { [HOLD_END]: holdExpiresAt } : {}),
      };
      tx.set(rosterRef(classId, enrollment.studentId), entryOnRoster);
    }
    if (payload.children[i].infoConfirmed) tx.update(recordRef('students', enrollment.studentId), { infoReviewedAt: at });
  }
  if (entry) claimInTx(tx, entry, enrollments[0].id, !held, at);
  if (!entry) countCodeUses(tx, counted, input.counters);
  // The account changes with every checkout, so that two of its checkouts at once never both pass its limits.
  touchAccount(tx, uid, account, { lastCheckoutAt: at, ...(held ? { holdsDay: today, holds: holdsToday + 1 } : {}) });
  // A held checkout keeps the draft (a cancel on Stripe's page comes back to it) and sends its receipts only when paid.
  if (!held) {
    const guardiansOf = new Map(studentSnaps.map((s) => [s.id, s.data()!.guardians.map((g) => g.email)]));
    const to = (e: Enrollment) => receiptRecipients(email, guardiansOf.get(e.studentId) ?? [], copyGuardians);
    const semesters = [...offer.semesters.values()];
    for (const group of receiptGroups(enrollments, to)) {
      queueMail(tx, buildReceipt(group.enrollments, classes, semesters, options.paymentInstructions, group.to));
    }
    if (!entry) endDraftInTx(tx, uid);
  }
  return { enrollments, replayed: false, deltas, toServe: ended.toServe };
}

