// The enrollment transaction: seats, roster, enrollment, email and draft change together or not at all.
import type { DocumentReference, DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import type { z } from 'zod/mini';
import { DISCOUNT_TYPES, isSiblingRule, type ClassGroup, type ClassRecord, type Discount, type Enrollment, type PaymentOptions, type Release, type Semester, type Student, type WaitlistEntry } from '../../../contract/domain';
import type { enrollSchema } from '../../../contract/schemas';
import { classProblem, consentProblem, needsInfoReview, releaseProblem, totalProblem, type EnrollmentProblem } from '../domain/enrollment';
import { normalizeCode, priceBasket, siblingContext, type CodeUses } from '../domain/pricing';
import { selectionProblems } from '../../../contract/schedule';
import { keptSignatures } from '../../../contract/family';
import { releasesToSign } from '../../../contract/rules';
import { buildReceipt, receiptRecipients } from '../domain/receipt';
import { balanceOf, paidOf } from '../../../contract/money';
import { balanceDueDateOf, depositPlan } from '../domain/deposits';
import { DEFAULT_RELEASES } from '../domain/releases';
import { notYourStudent } from './students';
import { COLLECTIONS, db, noteReads, notFound, recordRef, records, present, runSeatTransaction, uniq } from './db';
import { claimableEntry, claimInTx } from './waitlistClaims';
import { addSeat, codeUsesGivenBack, HOLD_END, HOLD_GRACE_S, holdsToRelease, releaseInTx, seatsGivenBack, writeCodeUseDeltas, writeSeatDeltas } from './holds';

export type EnrollPayload = z.output<typeof enrollSchema>;

const fail = (p: EnrollmentProblem) => new HttpsError(p.code, p.message);

export async function loadReleases(): Promise<Release[]> {
  const snap = await db().collection(COLLECTIONS.config).doc('releases').get();
  const list: unknown = snap.get('releases');
  return Array.isArray(list) && list.length ? (list as Release[]) : DEFAULT_RELEASES;
}

/** Enrollments confirmed to be paid later with nothing paid yet: the pay-later limit counts them. */
export const unpaidOf = (family: Enrollment[]) => family.filter((e) => e.status === 'confirmed' && paidOf(e) === 0 && balanceOf(e) > 0).length;

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
  const used: Record<string, number> = {};
  for (const e of family) if (e.status !== 'expired') for (const a of e.discounts) used[a.code] = (used[a.code] ?? 0) + 1;
  return { total, family: used };
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

/** What a request (an enrollment, a waitlist entry, a claimed offer) is checked and priced against, read in its transaction. */
export interface RequestFacts {
  student: Student;
  classes: ClassRecord[];
  /** This student's roster entries in the requested classes (held or enrolled seats). */
  rosterSnaps: DocumentSnapshot[];
  semesters: Map<string, Semester>;
  groups: ClassGroup[];
  discounts: Discount[];
  unknownCodes: string[];
  family: Enrollment[];
}

/** The reads of a request, all in the transaction (the family's enrollments by the ids read just before it). */
export async function readRequest(tx: Transaction, uid: string, payload: Pick<EnrollPayload, 'studentId' | 'lines' | 'codes'>, familyRefs: DocumentReference<Enrollment>[]): Promise<RequestFacts> {
  const classIds = uniq(payload.lines.map((l) => l.classId));
  if (!classIds.length) throw new HttpsError('invalid-argument', 'Please choose at least one class.');
  const { discounts, unknownCodes } = await loadDiscountsByCodes(payload.codes, tx);
  const studentSnap = await tx.get(recordRef('students', payload.studentId));
  if (!studentSnap.exists || studentSnap.get('ownerUid') !== uid) throw notYourStudent();
  const student = studentSnap.data()!;

  const classRefs = classIds.map((id) => recordRef('classes', id));
  const rosterRefs = classIds.map((id) => recordRef('classes', id).collection(COLLECTIONS.roster).doc(student.id));
  // One read for both (a second round trip inside the transaction slowed every enrollment); getAll's
  // typing forgets the class references' converter, which their snapshots still went through.
  const snaps = await tx.getAll(...classRefs, ...rosterRefs);
  const classSnaps = snaps.slice(0, classIds.length) as DocumentSnapshot<ClassRecord>[];
  const rosterSnaps = snaps.slice(classIds.length);
  if (classSnaps.some((s) => !s.exists)) throw new HttpsError('failed-precondition', 'A selected class is no longer offered. Please review your classes.');
  const classes = present(classSnaps);
  const semesterIds = uniq(classes.map((c) => c.semesterId));
  const semesterSnaps = await tx.getAll(...semesterIds.map((id) => recordRef('semesters', id)));
  const semesters = new Map(present(semesterSnaps).map((s) => [s.id, s]));
  const groupSnap = await tx.get(records('groups').where('semesterId', 'in', semesterIds));
  const groups = groupSnap.docs.map((d) => d.data());
  const family = await familyEnrollmentsIn(tx, familyRefs);
  return { student, classes, rosterSnaps: rosterSnaps.filter((s) => s.exists), semesters, groups, discounts, unknownCodes, family };
}

/** The family's enrollment ids, read just before a transaction (see familyEnrollmentsIn). */
export const familyEnrollmentRefs = (uid: string) =>
  records('enrollments').where('ownerUid', '==', uid).select().get().then((snap) => snap.docs.map((d) => recordRef('enrollments', d.id)));

/**
 * Everything but the seats: the classes are for this student and open, the info is confirmed, the
 * consents answered, the releases signed, no time clash; then the price by the one engine. Throws the
 * first problem. `seats: false` for a waitlist entry (the classes are full).
 */
export async function checkAndPrice(
  tx: Transaction,
  facts: RequestFacts & { alreadyIn: Set<string> },
  payload: Pick<EnrollPayload, 'lines' | 'infoConfirmed' | 'releases'>,
  releases: Release[],
  now: Date,
  today: string,
  seats: boolean,
) {
  const { student, classes, semesters, groups, discounts, unknownCodes, family } = facts;
  const classIds = classes.map((c) => c.id);
  const semesterIds = [...semesters.keys()];
  // Classes added to the child's enrollment in a semester keep the releases signed for it then.
  const kept = keptSignatures(family, student.id, semesterIds, releases);
  const toSign = releasesToSign(releases, kept);
  const problem =
    classProblem({ student, classes, semesters, alreadyIn: facts.alreadyIn, today, seats }) ??
    (needsInfoReview(student.infoReviewedAt, now) && !payload.infoConfirmed
      ? { code: 'failed-precondition' as const, message: `Please confirm that ${student.firstName}'s information is still accurate.` }
      : null) ??
    consentProblem(student) ??
    releaseProblem(toSign, payload.releases, student.guardians.map((g) => g.name));
  if (problem) throw fail(problem);
  const clash = selectionProblems(student, classes, await enrolledClassesOf(tx, family, student.id, classIds))[0];
  if (clash) throw new HttpsError('failed-precondition', clash.message);
  const rules = await loadRuleDiscounts(tx);
  const uses = await loadCodeUses(discounts, family, tx);
  const siblings = siblingContext(family, student.id, semesterIds);
  const quote = priceBasket({ classes, groups, lines: payload.lines, discounts, unknownCodes, rules, siblings, uses, today });
  if (quote.problems.length) throw new HttpsError('invalid-argument', quote.problems[0].message);
  // What the enrollment records: the signatures given now (but for releases kept), and the kept ones.
  const signed = payload.releases.filter((s) => !kept.some((k) => k.releaseId === s.releaseId));
  return { ...quote, siblings, signatures: { signed, kept } };
}

/** A claimed waitlist offer: its entry, read in the enrollment's transaction (with the price quoted when the family joined). */
export interface Claim {
  entryRef: DocumentReference<WaitlistEntry>;
}

export async function enroll(
  uid: string,
  email: string | null,
  payload: EnrollPayload,
  today: string,
  now: Date,
  options: Pick<PaymentOptions, 'holdMinutes' | 'payLaterLimit'> & { emailVerified: boolean; paymentInstructions: string },
  claim?: Claim,
): Promise<{ enrollment: Enrollment; replayed: boolean }> {
  const store = db();
  const enrollmentRef = recordRef('enrollments', `${uid}_${payload.idempotencyKey}`);
  const studentRef = recordRef('students', payload.studentId);
  // The releases are read before the transaction: every enrollment reads that one document, and read
  // in the transaction it serialised all of them on the emulator (the hold race went from 27 s to a
  // lock timeout). A release edited meanwhile is caught by its version, which the family signed.
  const [releases, familyRefs] = await Promise.all([loadReleases(), familyEnrollmentRefs(uid)]);

  return runSeatTransaction(
    async (tx) => {
      const existing = await tx.get(enrollmentRef);
      if (existing.exists) return { enrollment: existing.data()!, replayed: true };
      const entry = claim ? await claimableEntry(tx, claim.entryRef, uid, now) : null;
      const facts = await readRequest(tx, uid, payload, familyRefs);
      const { student, rosterSnaps, semesters, discounts, family } = facts;
      const classIds = facts.classes.map((c) => c.id);
      // Lapsed holds never block a seat; this family's own unpaid checkout for the student is replaced.
      const ownHolds = rosterSnaps.filter((s) => s.get(HOLD_END) && s.get('ownerUid') === uid).map((s) => s.get('enrollmentId') as string);
      const released = await holdsToRelease(tx, classIds, now, ownHolds);
      const deltas = seatsGivenBack(released);
      // A claimed offer's classes: the seat was kept for this family (offers are made only for free
      // seats), so those still waiting behind it do not make the class full for it.
      const classes = facts.classes.map((c) => ({
        ...c,
        enrolledCount: c.enrolledCount + (deltas.get(c.id) ?? 0),
        ...(entry?.classIds.includes(c.id) ? { waiting: 0 } : {}),
      }));
      const releasedIds = new Set(released.map((r) => r.id));
      const alreadyIn = new Set(rosterSnaps.filter((s) => !releasedIds.has(s.get('enrollmentId') as string)).map((s) => s.ref.parent.parent!.id));

      const priced = await checkAndPrice(tx, { ...facts, classes, alreadyIn }, payload, releases, now, today, true);
      // A claim pays the lower of the price quoted when the family joined and today's (a code that
      // has since ended still counts then); otherwise a code that does not apply is refused.
      const quote = entry && entry.quote.total < priced.total ? { ...priced, ...entry.quote } : priced;
      if (!entry && quote.codeProblems.length) throw new HttpsError('failed-precondition', quote.codeProblems[0].message);
      const mismatch = totalProblem(payload.expectedTotal, quote.total);
      if (mismatch) throw fail(mismatch);

      const at = now.toISOString();
      // Paying later holds a seat without money: only for a proven email, and limited per account.
      const payLater = payload.payWith !== 'card' && quote.total > 0;
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
      const held = payload.payWith === 'card' && quote.total > 0;
      const deposit = held && payload.payDeposit ? depositPlan(classes, semesters, quote.total, today) : null;
      if (held && payload.payDeposit && !deposit) throw new HttpsError('failed-precondition', 'A deposit is not offered for these classes now: please pay in full.');
      const balanceDueDate = balanceDueDateOf([...semesters.values()], today);
      const copyGuardians = !!payload.copyGuardians && options.emailVerified;
      // Each limited code applied counts one use (given back if a card checkout lapses unpaid).
      const counted = discounts.filter((d) => d.maxUses != null && quote.discounts.some((a) => a.code === d.code)).map((d) => d.id);
      const holdExpiresAt = new Date(now.getTime() + (options.holdMinutes * 60 + HOLD_GRACE_S) * 1000).toISOString();
      const enrollment: Enrollment = {
        id: enrollmentRef.id,
        ownerUid: uid,
        studentId: student.id,
        studentName: `${student.firstName} ${student.lastName}`,
        semesterIds: [...semesters.keys()],
        classIds,
        lineItems: quote.lineItems,
        discounts: quote.discounts,
        subtotal: quote.subtotal,
        total: quote.total,
        payments: [],
        balance: quote.total,
        status: held ? 'pending_payment' : 'confirmed',
        ...(held ? { hold: { expiresAt: holdExpiresAt, amount: deposit?.amount ?? quote.total } } : {}),
        ...(balanceDueDate ? { balanceDueDate } : {}),
        ...(copyGuardians ? { copyGuardians } : {}),
        ...(counted.length ? { countedDiscountIds: counted } : {}),
        ...(quote.siblings ? { siblings: quote.siblings } : {}),
        ...(entry ? { waitlistEntryId: entry.id } : {}),
        releases: [...quote.signatures.signed.map((r) => ({ ...r, signedAt: at })), ...quote.signatures.kept],
        createdAt: at,
        idempotencyKey: payload.idempotencyKey,
      };
      for (const r of released) releaseInTx(tx, r, at);
      tx.set(enrollmentRef, enrollment);
      for (const c of classes) {
        addSeat(deltas, c.id, 1);
        tx.set(recordRef('classes', c.id).collection(COLLECTIONS.roster).doc(student.id), {
          studentId: student.id,
          studentName: enrollment.studentName,
          enrollmentId: enrollment.id,
          ownerUid: uid,
          addOns: quote.lineItems.flatMap((l) => (l.classIds.includes(c.id) ? l.addOns : [])).filter((a) => c.addOns.some((x) => x.id === a.id)),
          ...(held ? { [HOLD_END]: holdExpiresAt } : {}),
        });
      }
      writeSeatDeltas(tx, deltas, new Map(entry?.classIds.map((id) => [id, -1])));
      if (entry) claimInTx(tx, claim!.entryRef, enrollment.id, at);
      const codeDeltas = codeUsesGivenBack(released);
      for (const id of counted) addSeat(codeDeltas, id, 1);
      writeCodeUseDeltas(tx, codeDeltas);
      if (payload.infoConfirmed) tx.update(studentRef, { infoReviewedAt: at });
      // A held checkout keeps the draft (a cancel on Stripe's page comes back to it) and sends its
      // receipt only when paid.
      if (held) return { enrollment, replayed: false };
      const to = receiptRecipients(email, student.guardians.map((g) => g.email), copyGuardians);
      tx.set(
        store.collection(COLLECTIONS.mail).doc(),
        buildReceipt(enrollment, new Map(classes.map((c) => [c.id, c])), [...semesters.values()], options.paymentInstructions, to),
      );
      if (!entry) tx.delete(store.collection(COLLECTIONS.enrollmentDrafts).doc(uid));
      return { enrollment, replayed: false };
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
