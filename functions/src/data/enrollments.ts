// The enrollment transaction: seats, roster, enrollment, email and draft change together or not at all.
import type { DocumentReference, DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import type { z } from 'zod/mini';
import { DISCOUNT_TYPES, isSiblingRule, type ClassGroup, type ClassRecord, type Discount, type Enrollment, type PaymentOptions, type Release, type Semester, type Student, type WaitlistEntry } from '../../../contract/domain';
import type { checkoutSchema, enrollSchema } from '../../../contract/schemas';
import { classProblem, consentProblem, needsInfoReview, releaseProblem, totalProblem, type EnrollmentProblem } from '../domain/enrollment';
import { normalizeCode, type CodeUses } from '../domain/pricing';
import { priceCart, type CartChild } from '../domain/cart';
import { selectionProblems } from '../../../contract/schedule';
import { keptSignatures } from '../../../contract/family';
import { releasesToSign } from '../../../contract/rules';
import { buildReceipt, receiptGroups, receiptRecipients } from '../domain/receipt';
import { balanceOf, paidOf } from '../../../contract/money';
import { balanceDueDateOf, checkoutDeposit } from '../domain/deposits';
import { DEFAULT_RELEASES } from '../domain/releases';
import { notYourStudent } from './students';
import { COLLECTIONS, db, noteReads, notFound, recordRef, records, present, runSeatTransaction, uniq } from './db';
import { claimableEntry, claimInTx } from './waitlistClaims';
import { addSeat, codeUsesGivenBack, HOLD_END, HOLD_GRACE_S, holdsToRelease, releaseInTx, seatsGivenBack, writeCodeUseDeltas, writeSeatDeltas } from './holds';

export type EnrollPayload = z.output<typeof enrollSchema>;
export type CheckoutPayload = z.output<typeof checkoutSchema>;
export type ChildRequest = CheckoutPayload['children'][number];

const fail = (p: EnrollmentProblem) => new HttpsError(p.code, p.message);

export async function loadReleases(): Promise<Release[]> {
  const snap = await db().collection(COLLECTIONS.config).doc('releases').get();
  const list: unknown = snap.get('releases');
  return Array.isArray(list) && list.length ? (list as Release[]) : DEFAULT_RELEASES;
}

/** Checkouts confirmed to be paid later with nothing paid yet: the pay-later limit counts them (one checkout, whatever its children). */
export const unpaidOf = (family: Enrollment[]) => new Set(family.filter((e) => e.status === 'confirmed' && paidOf(e) === 0 && balanceOf(e) > 0).map(checkoutOf)).size;

/** The checkout an enrollment was made in (its first enrollment's id). */
export const checkoutOf = (e: Pick<Enrollment, 'id' | 'checkoutIds'>) => e.checkoutIds?.[0] ?? e.id;

/**
 * The discounts of these codes; in the transaction when `tx` is given, so a code switched off while a
 * family enrolls (or the office cancels) no longer applies. Enrollments never write discounts: reading
 * them in a transaction holds no family up.
 */
export async function loadDiscountsByCodes(codes: string[], tx?: Transaction): Promise<{ discounts: Discount[]; unknownCodes: string[] }> {
  const wanted = uniq(codes.map(normalizeCode));
  if (!wanted.length) return { discounts: [], unknownCodes: [] };
  const query = records('discounts').where('code', 'in', wanted.slice(0, 30));
  const snap = await (tx ? tx.get(query) : query.get());
  noteReads(Math.max(1, snap.size));
  const byCode = new Map(snap.docs.map((d) => [d.get('code') as string, d.data()!]));
  return {
    discounts: wanted.filter((c) => byCode.has(c)).map((c) => byCode.get(c)!),
    unknownCodes: wanted.filter((c) => !byCode.has(c)),
  };
}

/**
 * Uses counted against the limited codes among `discounts` (in the transaction when `tx` is given,
 * so two families cannot both take a code's last use), and the codes the family's enrollments used
 * (a checkout that lapsed unpaid used none).
 */
export async function loadCodeUses(discounts: Discount[], family: Enrollment[], tx?: Transaction): Promise<CodeUses> {
  const limited = discounts.filter((d) => d.maxUses != null);
  const refs = limited.map((d) => db().collection(COLLECTIONS.discountUses).doc(d.id));
  const snaps = !refs.length ? [] : tx ? await tx.getAll(...refs) : await db().getAll(...refs);
  const total: Record<string, number> = {};
  limited.forEach((d, i) => (total[d.code] = (snaps[i].get('uses') as number | undefined) ?? 0));
  // A checkout of several children used a code once.
  const checkouts: Record<string, Set<string>> = {};
  for (const e of family) if (e.status !== 'expired') for (const a of e.discounts) (checkouts[a.code] ??= new Set()).add(checkoutOf(e));
  return { total, family: Object.fromEntries(Object.entries(checkouts).map(([code, ids]) => [code, ids.size])) };
}

/** The discounts applied by rule (the sibling rule), whatever codes were typed. */
export async function loadRuleDiscounts(tx?: Transaction): Promise<Discount[]> {
  const query = records('discounts').where('type', 'in', DISCOUNT_TYPES.filter(isSiblingRule));
  const snap = await (tx ? tx.get(query) : query.get());
  noteReads(Math.max(1, snap.size));
  return snap.docs.map((d) => d.data());
}

/** The family's enrollments (the price preview; `enroll` re-reads them in its transaction). */
export async function loadFamilyEnrollments(uid: string): Promise<Enrollment[]> {
  const snap = await records('enrollments').where('ownerUid', '==', uid).get();
  noteReads(Math.max(1, snap.size));
  return snap.docs.map((d) => d.data());
}

/**
 * The family's enrollments as they are now, read in the transaction by id (the ids come from a query
 * made just before it: a query inside would lock every family's enrollments against each other).
 */
async function familyEnrollmentsIn(tx: Transaction, refs: DocumentReference<Enrollment>[]): Promise<Enrollment[]> {
  const snaps = refs.length ? await tx.getAll(...refs) : [];
  return present(snaps);
}

/** The classes a student holds a seat in now (other than `except`), read in the transaction. */
async function enrolledClassesOf(tx: Transaction, family: Enrollment[], studentId: string, except: string[]): Promise<ClassRecord[]> {
  const ids = uniq(family.flatMap((e) => (e.status === 'confirmed' && e.studentId === studentId ? e.classIds : []))).filter((id) => !except.includes(id));
  if (!ids.length) return [];
  const classes = await tx.getAll(...ids.map((id) => recordRef('classes', id)));
  return present(classes);
}

/** One child's part of a request: the child, the classes asked for, and its roster entries in them. */
export interface ChildFacts {
  student: Student;
  classes: ClassRecord[];
  /** This student's roster entries in the requested classes (held or enrolled seats). */
  rosterSnaps: DocumentSnapshot[];
}

/** What a checkout (of one child or several) is checked and priced against, read in its transaction. */
export interface CheckoutFacts {
  /** In the order the children were asked for. */
  children: ChildFacts[];
  semesters: Map<string, Semester>;
  groups: ClassGroup[];
  discounts: Discount[];
  unknownCodes: string[];
  family: Enrollment[];
}

/** What a request for one child (an enrollment, a waitlist entry, a claimed offer) is checked and priced against. */
export type RequestFacts = ChildFacts & Omit<CheckoutFacts, 'children'>;

/** The reads of a checkout, all in the transaction (the family's enrollments by the ids read just before it). */
export async function readCheckout(tx: Transaction, uid: string, payload: Pick<CheckoutPayload, 'codes'> & { children: Pick<ChildRequest, 'studentId' | 'lines'>[] }, familyRefs: DocumentReference<Enrollment>[]): Promise<CheckoutFacts> {
  const asked = payload.children.map((c) => ({ studentId: c.studentId, classIds: uniq(c.lines.map((l) => l.classId)) }));
  if (asked.some((c) => !c.classIds.length)) throw new HttpsError('invalid-argument', 'Please choose at least one class.');
  const { discounts, unknownCodes } = await loadDiscountsByCodes(payload.codes, tx);
  const studentSnaps = await tx.getAll(...asked.map((c) => recordRef('students', c.studentId)));
  if (studentSnaps.some((s) => !s.exists || s.get('ownerUid') !== uid)) throw notYourStudent();

  // One read for every class and roster entry (a round trip inside the transaction slows every
  // enrollment); getAll's typing forgets the class references' converter, which their snapshots still went through.
  const classIds = uniq(asked.flatMap((c) => c.classIds));
  const rosterRefs = asked.flatMap((c) => c.classIds.map((id) => recordRef('classes', id).collection(COLLECTIONS.roster).doc(c.studentId)));
  const snaps = await tx.getAll(...classIds.map((id) => recordRef('classes', id)), ...rosterRefs);
  const classSnaps = snaps.slice(0, classIds.length) as DocumentSnapshot<ClassRecord>[];
  if (classSnaps.some((s) => !s.exists)) throw new HttpsError('failed-precondition', 'A selected class is no longer offered. Please review your classes.');
  const byId = new Map(present(classSnaps).map((c) => [c.id, c]));
  const rosterSnaps = snaps.slice(classIds.length).filter((s) => s.exists);
  const semesterIds = uniq([...byId.values()].map((c) => c.semesterId));
  const semesterSnaps = await tx.getAll(...semesterIds.map((id) => recordRef('semesters', id)));
  const semesters = new Map(present(semesterSnaps).map((s) => [s.id, s]));
  const groupSnap = await tx.get(records('groups').where('semesterId', 'in', semesterIds));
  const groups = groupSnap.docs.map((d) => d.data());
  const family = await familyEnrollmentsIn(tx, familyRefs);
  const children = asked.map((c, i) => ({
    student: (studentSnaps[i] as DocumentSnapshot<Student>).data()!,
    classes: c.classIds.map((id) => byId.get(id)!),
    rosterSnaps: rosterSnaps.filter((s) => s.id === c.studentId && c.classIds.includes(s.ref.parent.parent!.id)),
  }));
  return { children, semesters, groups, discounts, unknownCodes, family };
}

/** The reads of a request for one child (a waitlist entry). */
export async function readRequest(tx: Transaction, uid: string, payload: Pick<EnrollPayload, 'studentId' | 'lines' | 'codes'>, familyRefs: DocumentReference<Enrollment>[]): Promise<RequestFacts> {
  const { children, ...rest } = await readCheckout(tx, uid, { codes: payload.codes, children: [payload] }, familyRefs);
  return { ...children[0], ...rest };
}

/** The family's enrollment ids, read just before a transaction (see familyEnrollmentsIn). */
export const familyEnrollmentRefs = (uid: string) =>
  records('enrollments').where('ownerUid', '==', uid).select().get().then((snap) => snap.docs.map((d) => recordRef('enrollments', d.id)));

/**
 * Everything about one child but the price: the classes are for this student and open (with a seat,
 * unless `seats` is false: a waitlist entry), the info is confirmed, the consents answered, the
 * releases signed, no time clash with each other or the child's classes. Throws the first problem.
 * Returns the signatures the enrollment records: those given now (but for releases kept), and the kept ones.
 */
async function checkChild(
  tx: Transaction,
  facts: ChildFacts & Pick<CheckoutFacts, 'semesters' | 'family'> & { alreadyIn: Set<string> },
  request: Pick<ChildRequest, 'infoConfirmed' | 'releases'>,
  releases: Release[],
  now: Date,
  today: string,
  seats: boolean,
) {
  const { student, classes, semesters, family } = facts;
  const classIds = classes.map((c) => c.id);
  // Classes added to the child's enrollment in a semester keep the releases signed for it then.
  const kept = keptSignatures(family, student.id, uniq(classes.map((c) => c.semesterId)), releases);
  const toSign = releasesToSign(releases, kept);
  const problem =
    classProblem({ student, classes, semesters, alreadyIn: facts.alreadyIn, today, seats }) ??
    (needsInfoReview(student.infoReviewedAt, now) && !request.infoConfirmed
      ? { code: 'failed-precondition' as const, message: `Please confirm that ${student.firstName}'s information is still accurate.` }
      : null) ??
    consentProblem(student) ??
    releaseProblem(toSign, request.releases, student.guardians.map((g) => g.name));
  if (problem) throw fail(problem);
  const clash = selectionProblems(student, classes, await enrolledClassesOf(tx, family, student.id, classIds))[0];
  if (clash) throw new HttpsError('failed-precondition', clash.message);
  return { signed: request.releases.filter((s) => !kept.some((k) => k.releaseId === s.releaseId)), kept };
}

/** Prices a checkout by the one engine (`priceCart`), with the rules and code uses read in the transaction. */
async function priceCheckout(tx: Transaction, facts: Omit<CheckoutFacts, 'children'> & { classes: ClassRecord[] }, children: CartChild[], today: string) {
  const { classes, groups, discounts, unknownCodes, family } = facts;
  const [rules, uses] = await Promise.all([loadRuleDiscounts(tx), loadCodeUses(discounts, family, tx)]);
  const quote = priceCart({ classes, groups, children, discounts, unknownCodes, rules, family, uses, today });
  if (quote.problems.length) throw new HttpsError('invalid-argument', quote.problems[0].message);
  return quote;
}

/** A waitlist entry's request: checked like an enrollment (but for the seats when `seats` is false) and priced. */
export async function checkAndPrice(
  tx: Transaction,
  facts: RequestFacts & { alreadyIn: Set<string> },
  payload: Pick<EnrollPayload, 'studentId' | 'lines' | 'infoConfirmed' | 'releases'>,
  releases: Release[],
  now: Date,
  today: string,
  seats: boolean,
) {
  const signatures = await checkChild(tx, facts, payload, releases, now, today, seats);
  const cart = await priceCheckout(tx, facts, [payload], today);
  return { ...cart.children[0], codeProblems: cart.codeProblems, signatures };
}

/** A claimed waitlist offer: its entry, read in the enrollment's transaction (with the price quoted when the family joined). */
export interface Claim {
  entryRef: DocumentReference<WaitlistEntry>;
}

/** The enrollment ids of a checkout: the first child's is the checkout's (`<uid>_<key>`), as for one child. */
const checkoutIdsOf = (uid: string, key: string, count: number) => Array.from({ length: count }, (_, i) => (i ? `${uid}_${key}_${i + 1}` : `${uid}_${key}`));

/** A request for one child (enroll, claimOffer) as a checkout. */
export function oneChild({ studentId, lines, infoConfirmed, releases, ...rest }: EnrollPayload): CheckoutPayload {
  return { ...rest, children: [{ studentId, lines, infoConfirmed, releases }] };
}

/**
 * One checkout for one child or several (issue 21): every child-class seat is taken in one transaction
 * or none is; one enrollment per child, priced together (`priceCart`), paid by one card payment or
 * owed together at the office.
 */
export async function enroll(
  uid: string,
  email: string | null,
  payload: CheckoutPayload,
  today: string,
  now: Date,
  options: Pick<PaymentOptions, 'holdMinutes' | 'payLaterLimit'> & { emailVerified: boolean; paymentInstructions: string },
  claim?: Claim,
): Promise<{ enrollments: Enrollment[]; replayed: boolean }> {
  const store = db();
  const ids = checkoutIdsOf(uid, payload.idempotencyKey, payload.children.length);
  // The releases are read before the transaction: every enrollment reads that one document, and read
  // in the transaction it serialised all of them on the emulator (the hold race went from 27 s to a
  // lock timeout). A release edited meanwhile is caught by its version, which the family signed.
  const [releases, familyRefs] = await Promise.all([loadReleases(), familyEnrollmentRefs(uid)]);

  return runSeatTransaction(
    async (tx) => {
      const existing = await tx.get(recordRef('enrollments', ids[0]));
      if (existing.exists) {
        const all = existing.get('checkoutIds') as string[] | undefined;
        return { enrollments: all ? present(await tx.getAll(...all.map((id) => recordRef('enrollments', id)))) : [existing.data()!], replayed: true };
      }
      const entry = claim ? await claimableEntry(tx, claim.entryRef, uid, now) : null;
      const facts = await readCheckout(tx, uid, payload, familyRefs);
      const { semesters, discounts, family } = facts;
      const requested = uniq(facts.children.flatMap((c) => c.classes.map((x) => x.id)));
      // Lapsed holds never block a seat; this family's own unpaid checkout for these children is replaced.
      const rosterSnaps = facts.children.flatMap((c) => c.rosterSnaps);
      const ownHolds = rosterSnaps.filter((s) => s.get(HOLD_END) && s.get('ownerUid') === uid).map((s) => s.get('enrollmentId') as string);
      const released = await holdsToRelease(tx, requested, now, ownHolds);
      const deltas = seatsGivenBack(released);
      const releasedIds = new Set(released.map((r) => r.id));
      // A claimed offer's classes: the seat was kept for this family (offers are made only for free
      // seats), so those still waiting behind it do not make the class full for it.
      const taken = new Map<string, number>(); // seats this checkout has taken so far, by class
      const classNow = (c: ClassRecord): ClassRecord => ({
        ...c,
        enrolledCount: c.enrolledCount + (deltas.get(c.id) ?? 0) + (taken.get(c.id) ?? 0),
        ...(entry?.classIds.includes(c.id) ? { waiting: 0 } : {}),
      });
      const signatures: Awaited<ReturnType<typeof checkChild>>[] = [];
      for (const [i, child] of facts.children.entries()) {
        const alreadyIn = new Set(child.rosterSnaps.filter((s) => !releasedIds.has(s.get('enrollmentId') as string)).map((s) => s.ref.parent.parent!.id));
        // A brother or sister in this checkout takes a seat before this child is checked: never two children in the last seat.
        signatures.push(await checkChild(tx, { ...child, classes: child.classes.map(classNow), semesters, family, alreadyIn }, payload.children[i], releases, now, today, true));
        for (const c of child.classes) addSeat(taken, c.id, 1);
      }
      const classes = uniq(requested).map((id) => facts.children.flatMap((c) => c.classes).find((c) => c.id === id)!);
      const priced = await priceCheckout(tx, { ...facts, classes }, payload.children, today);
      // A claim pays the lower of the price quoted when the family joined and today's (a code that
      // has since ended still counts then); otherwise a code that does not apply is refused.
      const quotes = entry && entry.quote.total < priced.total ? [{ ...priced.children[0], ...entry.quote }] : priced.children;
      const total = quotes.reduce((sum, q) => sum + q.total, 0);
      if (!entry && priced.codeProblems.length) throw new HttpsError('failed-precondition', priced.codeProblems[0].message);
      const mismatch = totalProblem(payload.expectedTotal, total);
      if (mismatch) throw fail(mismatch);

      const at = now.toISOString();
      // Paying later holds a seat without money: only for a proven email, and limited per account.
      const payLater = payload.payWith !== 'card' && total > 0;
      if (payLater && !options.emailVerified) {
        throw new HttpsError('failed-precondition', 'To pay the office later, please verify your email address first (open the link we emailed you), or pay by card.');
      }
      const unpaid = payLater ? unpaidOf(family) : 0;
      if (payLater && unpaid >= options.payLaterLimit) {
        throw new HttpsError(
          'failed-precondition',
          `Your account already has ${unpaid} ${unpaid === 1 ? 'enrollment' : 'enrollments'} waiting for payment at the office, the most we keep: please pay this one by card, or pay the others first.`,
        );
      }
      // By card: the seats are held until the webhook confirms the payment (or the hold ends).
      const held = payload.payWith === 'card' && total > 0;
      const balanceDueDate = balanceDueDateOf([...semesters.values()], today);
      const copyGuardians = !!payload.copyGuardians && options.emailVerified;
      // Each limited code applied counts one use for the checkout (given back if a card checkout lapses unpaid).
      const counted = discounts.filter((d) => d.maxUses != null && quotes.some((q) => q.discounts.some((a) => a.code === d.code))).map((d) => d.id);
      const holdExpiresAt = new Date(now.getTime() + (options.holdMinutes * 60 + HOLD_GRACE_S) * 1000).toISOString();
      const childOf = (studentId: string) => payload.children.findIndex((c) => c.studentId === studentId);
      const deposit = held && payload.payDeposit ? checkoutDeposit(quotes.map((q) => ({ classes: facts.children[childOf(q.studentId)].classes, total: q.total })), semesters, today) : null;
      if (held && payload.payDeposit && !deposit) throw new HttpsError('failed-precondition', 'A deposit is not offered for these classes now: please pay in full.');
      const enrollments = quotes.map((quote, k): Enrollment => {
        const i = childOf(quote.studentId);
        const { student, classes: own } = facts.children[i];
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
      });
      enrollments.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
      for (const r of released) releaseInTx(tx, r, at);
      for (const [i, enrollment] of enrollments.entries()) {
        const { student, classes: own } = facts.children[i];
        tx.set(recordRef('enrollments', enrollment.id), enrollment);
        for (const c of own) {
          addSeat(deltas, c.id, 1);
          tx.set(recordRef('classes', c.id).collection(COLLECTIONS.roster).doc(student.id), {
            studentId: student.id,
            studentName: enrollment.studentName,
            enrollmentId: enrollment.id,
            ownerUid: uid,
            addOns: enrollment.lineItems.flatMap((l) => (l.classIds.includes(c.id) ? l.addOns : [])).filter((a) => c.addOns.some((x) => x.id === a.id)),
            ...(held ? { [HOLD_END]: holdExpiresAt } : {}),
          });
        }
        if (payload.children[i].infoConfirmed) tx.update(recordRef('students', student.id), { infoReviewedAt: at });
      }
      writeSeatDeltas(tx, deltas, new Map(entry?.classIds.map((id) => [id, -1])));
      if (entry) claimInTx(tx, claim!.entryRef, enrollments[0].id, at);
      const codeDeltas = codeUsesGivenBack(released);
      for (const id of counted) addSeat(codeDeltas, id, 1);
      writeCodeUseDeltas(tx, codeDeltas);
      // A held checkout keeps the draft (a cancel on Stripe's page comes back to it) and sends its
      // receipts only when paid.
      if (held) return { enrollments, replayed: false };
      const guardiansOf = new Map(facts.children.map(({ student }) => [student.id, student.guardians.map((g) => g.email)]));
      const to = (e: Enrollment) => receiptRecipients(email, guardiansOf.get(e.studentId) ?? [], copyGuardians);
      for (const group of receiptGroups(enrollments, to)) {
        tx.set(
          store.collection(COLLECTIONS.mail).doc(),
          buildReceipt(group.enrollments, classes, [...semesters.values()], options.paymentInstructions, group.to),
        );
      }
      if (!entry) tx.delete(store.collection(COLLECTIONS.enrollmentDrafts).doc(uid));
      return { enrollments, replayed: false };
    },
  );
}

/** One enrollment; with `ownerUid`, only that family's (another family's id is not found either). */
export async function loadEnrollment(id: string, ownerUid?: string): Promise<Enrollment> {
  const snap = await recordRef('enrollments', id).get();
  if (!snap.exists || (ownerUid !== undefined && snap.get('ownerUid') !== ownerUid)) throw notFound('This enrollment');
  return snap.data()!;
}

export async function loadOwnEnrollments(uid: string): Promise<Enrollment[]> {
  const snap = await records('enrollments').where('ownerUid', '==', uid).get();
  return snap.docs.map((d) => d.data()).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
