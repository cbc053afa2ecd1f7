// A checkout, for one child or several (enroll, enrollFamily, claimOffer): every child-class seat is
// taken in one transaction or none is; one enrollment per child, priced together by the one engine,
// paid by one card payment or owed together at the office.
//
// How seats are taken without a queue on the class: the class and the catalogue's facts are read first; the
// class's seat documents are listed and free ones picked at random; then one transaction reads only
// the family's own documents, asks the plan (domain/checkout.ts), and creates the picked seats. A seat another family
// created first makes the transaction fail at once (the document exists): the seats are listed again
// and other ones picked. Nothing of a failed attempt is written.
import type { DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { orRefused, refusedError } from '../lib/refused';
import { aidSeatTerms, type AidApplication } from '../../../contract/aid';
import type { ClassRecord, Enrollment, PaymentOptions, Release, Student } from '../../../contract/domain';
import { schoolToday } from '../../../contract/schedule';
import { checkoutOf } from '../domain/ids';
import { askedOf, listingStale, NO_CLASS_CHOSEN, NO_LONGER_OFFERED, planCheckout, replacedBy, specialSeats, type CheckoutPayload, type CatalogueFacts } from '../domain/checkout';
import { checkoutIds } from '../domain/ids';
import { aidReleased, holdLapsed, planSeats, type RosterRecord, type SeatPlan } from '../domain/seats';
import { buildReceipt, receiptGroups, receiptRecipients } from '../mail/receipt';
import { anotherTry, backOff, BUSY, db, getByIds, PlanAgain, present, recordRef, SEAT_DEADLINE_MS, uniq } from '../data/db';
import { codeUsesOf, countCodeUses, familyEnrollmentRefs, loadFamilyEnrollments, loadCatalogueFacts, loadReleases, readCodeUseCounters, withFamilyClasses } from '../data/enrollments';
import { codeUsesGivenBack, endHoldsInTx, holdEndFrom, readHoldFacts } from '../data/holds';
import { countRoster, rosterRef, seatRef, seatsOf, writeSeatsTaken, type SeatDeltas } from '../data/seats';
import { accountThen, touchAccount } from '../data/accounts';
import { creditOf, writeCreditEntry } from '../data/credit';
import { creditHeldBy, creditUsed } from '../domain/credit';
import { applicationRefsFor, cartAidFrom, countAidInTx, familyApplicationsFor } from '../data/aid';
import { endDraftInTx } from '../data/drafts';
import { claimableEntry, claimInTx } from '../data/waitlistClaims';
import { releaseAidSeats, serveWaitlists } from './waitlist';
import { closeCheckoutPage, endLapsedHold } from './holds';
import { queueMail } from '../mail/outbox';
import { auditInTx, type Actor } from '../data/audit';
import { formatCents } from '../../../contract/format';

/** `byPhone`: the office enrolls for the family, the releases agreed on the phone (audited as the office's). */
export type CheckoutOptions = Pick<PaymentOptions, 'holdMinutes' | 'payLaterLimit'> & { emailVerified: boolean; paymentInstructions: string; byPhone?: { words: string; actor: Actor } };


/**
 * Checks, prices and enrolls a checkout. A replay (the same idempotency key) answers the checkout
 * made the first time. With `claimEntryId`, the checkout claims that waitlist offer (its seats).
 */
export async function checkout(uid: string, email: string | null, payload: CheckoutPayload, now: Date, options: CheckoutOptions, claimEntryId?: string): Promise<{ enrollments: Enrollment[]; replayed: boolean }> {
  const today = schoolToday(now);
  const ids = checkoutIds(uid, payload.idempotencyKey, payload.children.length);
  const asked = askedOf(payload.children);
  if (asked.some((c) => !c.classIds.length)) throw refusedError(NO_CLASS_CHOSEN);
  const classIds = uniq(asked.flatMap((c) => c.classIds));

  const [replay, releases, catalogue, family] = await Promise.all([replayOf(ids[0]), loadReleases(), loadCatalogueFacts(classIds, payload.codes), loadFamilyEnrollments(uid)]);
  if (replay) return replay;
  if (catalogue.missing.length) throw refusedError(NO_LONGER_OFFERED);
  const [classById, claimed, applications] = await Promise.all([
    withFamilyClasses(catalogue.classes, family),
    claimEntryId ? recordRef('waitlist', claimEntryId).get().then((s) => s.data() ?? null) : null,
    familyApplicationsFor(uid, [...catalogue.semesters.values()]),
  ]);
  // The classes whose seats kept for aid this family may take (checked again in the transaction). A claim takes its offer's seats.
  const aidTerms = aidSeatTerms(applications, today);
  const aidClassIds = new Set(claimEntryId ? [] : classIds.filter((c) => aidTerms.has(catalogue.classes.get(c)!.semesterId)));

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
    // The family's enrollments are listed after its account is read.
    const familyNow = accountThen(uid, async () => (await familyEnrollmentRefs(uid)).map((r) => r.id));
    const [listed, [account, familyIds], counters] = await Promise.all([seatsOf(classIds), familyNow, readCodeUseCounters(catalogue.discounts)]);
    // A lapsed hold never blocks a seat: it is ended (its page closed) before anyone is refused.
    const lapsed = uniq([...listed.values()].flatMap((seats) => [...seats.values()].filter((s) => holdLapsed(s, now) && !replacedIds.has(s.enrollmentId!)).map((s) => s.enrollmentId!)));
    if (lapsed.length) {
      const ended = await Promise.all(lapsed.map((id) => endLapsedHold(id, now)));
      // Seats just freed, or being freed: look again. A hold kept (paid on its page) keeps its seat.
      if (ended.some((e) => e !== 'kept')) continue;
    }
    // Seats kept for aid past their release never block a seat either: they open to everyone first.
    const aidDue = [...listed].filter(([, seats]) => [...seats.values()].some((s) => aidReleased(s, now))).map(([c]) => c);
    if (aidDue.length) {
      const toServe = await releaseAidSeats(aidDue, now);
      if (toServe.length) await serveWaitlists(toServe, now);
      continue;
    }
    const plan = planSeats(asked, listed, catalogue.classes, { replaced: replacedIds, offer: claimed, aid: { classIds: aidClassIds, now } });
    try {
      const replacedEnds = replaced.map((e) => e.hold!.expiresAt).sort();
      const input = { uid, email, payload, now, today, options, ids, asked, plan, catalogue, releases, classById, replaced: [...replacedIds], replacedEnds, claimEntryId, account, counters, familyIds };
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
  catalogue: CatalogueFacts;
  releases: Release[];
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

/** The transaction: the family's own documents are read, the plan is asked (domain/checkout.ts), and written. */
async function enrollInTx(tx: Transaction, input: EnrollInput): Promise<{ enrollments: Enrollment[]; replayed: boolean; deltas: SeatDeltas; toServe: string[] }> {
  const { uid, email, payload, now, today, options, ids, asked, plan, catalogue } = input;
  // The family's enrollments as they are now: the ids known when the attempt began (a query inside the
  // transaction would lock every family's enrollments), the documents read in it.
  const { account } = input;
  // One read for all of them: each round trip inside a transaction holds its locks longer.
  const refs = {
    existing: ids.map((id) => recordRef('enrollments', id)),
    students: asked.map((a) => recordRef('students', a.studentId)),
    family: input.familyIds.map((id) => recordRef('enrollments', id)),
    rosters: asked.flatMap((a) => a.classIds.map((c) => rosterRef(c, a.studentId))),
    replaced: input.replaced.map((id) => recordRef('enrollments', id)),
    aid: applicationRefsFor(uid, [...catalogue.semesters.values()]),
  };
  const snaps = (await tx.getAll(...refs.existing, ...refs.students, ...refs.family, ...refs.rosters, ...refs.replaced, ...refs.aid)) as DocumentSnapshot[];
  let at0 = 0;
  const take = <T>(n: number) => snaps.slice(at0, (at0 += n)) as DocumentSnapshot<T>[];
  const existing = take<Enrollment>(refs.existing.length);
  const studentSnaps = take<Student>(refs.students.length);
  const familySnaps = take<Enrollment>(refs.family.length);
  const rosterSnaps = take<RosterRecord>(refs.rosters.length);
  const replacedNowRead = present(take<Enrollment>(refs.replaced.length));
  const applications = present(take<AidApplication>(refs.aid.length));
  // The replaced checkout as it is now: still held (its seats pass to this one), or already ended by
  // its page closing (its Stripe event may come first); either way it is marked as replaced.
  const replacedHeld = replacedNowRead.filter((e) => e.status === 'pending_payment');
  const replacedEnded = replacedNowRead.filter((e) => e.status === 'expired' && !e.hold?.replacedBy);
  if (existing[0].exists) {
    const all = (existing[0].get('checkoutIds') as string[] | undefined) ?? [ids[0]];
    return { enrollments: present(await tx.getAll(...all.map((id) => recordRef('enrollments', id)))), replayed: true, deltas: new Map(), toServe: [] };
  }
  if (existing.some((s) => s.exists)) throw new HttpsError('aborted', 'This checkout was already made. Please reload My Enrollments.');
  const entry = input.claimEntryId ? await claimableEntry(tx, recordRef('waitlist', input.claimEntryId), uid, now) : null;
  const family = present(familySnaps);

  // The seats this checkout uses besides free ones (its own replaced hold's, its offer's), as they are now.
  const special = specialSeats(plan);
  const specialNow = special.length ? (await tx.getAll(...special.map((s) => seatRef(s.classId, s.id)))).map((s) => s.data() ?? null) : [];
  if (listingStale(special, specialNow)) throw new PlanAgain('A replaced hold gave its seat back since the seats were listed.');
  const replacedFacts = await readHoldFacts(tx, replacedHeld);

  // The family's credit, with what the holds this checkout replaces give back.
  const creditNow = creditOf(account) + creditHeldBy(replacedHeld);
  const planned = orRefused(planCheckout({
    uid,
    payload,
    now,
    today,
    options,
    ids,
    asked,
    seats: plan,
    catalogue,
    releases: input.releases,
    classById: input.classById,
    students: studentSnaps.map((s) => s.data()),
    family,
    rostered: rosterSnaps.flatMap((s) => (s.exists ? [{ classId: s.ref.parent.parent!.id, studentId: s.id, enrollmentId: s.get('enrollmentId') as string }] : [])),
    replaced: replacedHeld,
    special,
    specialNow,
    entry,
    uses: codeUsesOf(catalogue.discounts, input.counters, family, replacedHeld, replacedFacts.entries),
    holdsToday: account.get('holdsDay') === today ? ((account.get('holds') as number | undefined) ?? 0) : 0,
    // A new checkout for the same children keeps the end of the hold it replaces (even one its own page's
    // closing has just ended): holding seats longer than one hold is never possible.
    holdEnd: input.replacedEnds[0] ?? holdEndFrom(now, options.holdMinutes),
    credit: creditNow,
    aid: cartAidFrom(applications, [...catalogue.semesters.keys()], today, family, new Set(replacedHeld.map((e) => e.id))),
    aidTerms: aidSeatTerms(applications, today),
  }));
  const { enrollments, held } = planned;

  // Writes. The replaced checkout ends (its seats kept for this one go on below).
  const at = now.toISOString();
  const ended = endHoldsInTx(tx, replacedHeld, replacedFacts, at, { replacedBy: ids[0] }, planned.passedOn, false);
  // The credit the replaced holds used comes back, and this checkout's use goes out: the balance is
  // written once, with the account below.
  for (const entry of ended.creditBack) writeCreditEntry(tx, entry);
  if (planned.credit) writeCreditEntry(tx, creditUsed(enrollments, planned.credit, at));
  const credit = ended.creditBack.length || planned.credit ? { credit: creditNow - planned.credit } : {};
  for (const e of replacedEnded) tx.update(recordRef('enrollments', e.id), { 'hold.replacedBy': ids[0] });
  const deltas: SeatDeltas = new Map(ended.deltas);
  for (const e of enrollments) tx.create(recordRef('enrollments', e.id), e);
  const byPhone = input.options.byPhone;
  if (byPhone) {
    for (const e of enrollments) {
      const titles = e.classIds.map((c) => catalogue.classes.get(c)!.title).join(', ');
      auditInTx(tx, byPhone.actor, { kind: 'enrolled-by-phone', record: { type: 'enrollment', id: e.id }, studentId: e.studentId, studentName: e.studentName, summary: `Enrolled by phone in ${titles} for ${formatCents(e.total)}; releases agreed ${byPhone.words}` }, now);
    }
  }
  writeSeatsTaken(tx, planned.seats, deltas);
  for (const id of planned.reviewed) tx.update(recordRef('students', id), { infoReviewedAt: at });
  if (entry) claimInTx(tx, entry, enrollments[0].id, !held, at);
  countCodeUses(tx, entry ? [] : planned.counted, input.counters, codeUsesGivenBack(replacedHeld, replacedFacts.entries));
  // What it takes of a financial aid award (the replaced holds gave theirs back above).
  countAidInTx(tx, planned.aid);
  // The account changes with every checkout, so that two of its checkouts at once never both pass its limits.
  touchAccount(tx, uid, account, { lastCheckoutAt: at, ...(held ? { holdsDay: today, holds: planned.holdsToday } : {}), ...credit });
  // A held checkout keeps the draft (a cancel on Stripe's page comes back to it) and sends its receipts only when paid.
  if (!held) {
    const guardiansOf = new Map(studentSnaps.map((s) => [s.id, s.data()!.guardians.map((g) => g.email)]));
    const copyGuardians = !!payload.copyGuardians;
    const to = (e: Enrollment) => receiptRecipients(email, guardiansOf.get(e.studentId) ?? [], copyGuardians);
    const classes = uniq(asked.flatMap((a) => a.classIds)).map((c) => catalogue.classes.get(c)!);
    for (const group of receiptGroups(enrollments, to)) {
      queueMail(tx, buildReceipt(group.enrollments, classes, [...catalogue.semesters.values()], options.paymentInstructions, group.to));
    }
    if (!entry) endDraftInTx(tx, uid);
  }
  return { enrollments, replayed: false, deltas, toServe: ended.toServe };
}
