// Firestore reads and writes of the school office's sheets and money pages. Batched reads only:
// one query per collection or one getAll per 500 documents.
import { FieldValue, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { type CardRefund, type ClassGroup, type ClassRecord, type ClassRoster, type Enrollment, type EnrollmentRow, type PaymentMethod, type Student, type StudentRow, type StudentSheet, type TshirtTally } from '../../../contract/domain';
import { randomUUID } from 'node:crypto';
import { formatCents } from '../../../contract/format';
import { netPaidOf, PAID_HOW, paidOf, refundedOf } from '../../../contract/money';
import { schoolToday } from '../domain/calendar';
import { applyCancellation, cancellationProblem, planCancellation, type CancellationPlan } from '../domain/cancellation';
import { FILTER_FIELDS, filterEnrollments, pageOf, sortRoster, studentRow, tallyTshirts, type EnrollmentFilter, type StudentFields } from '../domain/office';
import { loadClassesByIds, loadClassesOfSemesters, loadGroupsOfSemesters } from './catalogue';
import { COLLECTIONS, db, getByIds, notFound, recordRef, records, present, runSeatTransaction, uniq } from './db';
import { HOLD_END } from './holds';
import { countRoster, readReleases, releaseSeats } from './seats';
import { refundToCards } from './refunds';
import { loadDiscountsByCodes, loadEnrollment, loadReleases } from './enrollments';
import { serveWaitlists, waitingFor } from './waitlist';
import { placeOf } from '../domain/waitlist';
import { actorName, auditInTx, type Actor } from './audit';
import { accountEmails, enrollmentRecipients } from './familyMail';
import { queueMail } from '../mail/outbox';
import { loadHolder } from './accounts';
import { loadStudentsFieldEntries } from './field';
import { attendanceLines, doseLines, incidentLines, pickupLines } from '../domain/field';
import { familyMailOff } from './settings';
import { cancellationMail } from '../mail/family';
import { portalOrigin } from '../payments/stripe';

/** Rosters of classes in the order asked, each with the full profile of every student on it. */
export async function loadRosters(classIds: string[]): Promise<{ rosters: ClassRoster[]; notFound: string[] }> {
  const { found, notFound: missing } = await loadClassesByIds(classIds);
  const byId = new Map(found.map((c) => [c.id, c]));
  const classes = uniq(classIds).flatMap((id) => byId.get(id) ?? []);
  const rosterSnaps = await Promise.all(classes.map((c) => recordRef('classes', c.id).collection(COLLECTIONS.roster).get()));
  const [{ found: students }, { found: semesters }, waiting] = await Promise.all([
    getByIds('students', rosterSnaps.flatMap((s) => s.docs.map((d) => d.id))),
    getByIds('semesters', classes.map((c) => c.semesterId)),
    waitingFor(classes.filter((c) => (c.waiting ?? 0) > 0).map((c) => c.id)),
  ]);
  const studentById = new Map(students.map((s) => [s.id, s]));
  const semesterName = new Map(semesters.map((s) => [s.id, s.name]));
  return {
    rosters: classes.map((klass, i) => ({
      class: klass,
      semesterName: semesterName.get(klass.semesterId) ?? '',
      waitlist: waiting
        .filter((e) => e.classIds.includes(klass.id))
        .map((e) => ({ studentName: e.studentName, status: e.status as 'waiting' | 'offered', place: placeOf(e, waiting), ...(e.offer ? { offerExpiresAt: e.offer.expiresAt } : {}) })),
      entries: sortRoster(
        // A seat held for a card payment is not on the roster until it is paid.
        rosterSnaps[i].docs.flatMap((d) => {
          if (d.get(HOLD_END)) return [];
          const student = studentById.get(d.id);
          return student ? [{ student, enrollmentId: d.get('enrollmentId') as string, addOns: (d.get('addOns') as ClassRecord['addOns']) ?? [] }] : [];
        }),
      ),
    })),
    notFound: missing,
  };
}

/** Every student as a table row; only the fields the table needs are read. */
export async function loadStudentRows(): Promise<StudentRow[]> {
  const snap = await records('students').select('firstName', 'lastName', 'grade', 'school', 'birthDate', 'guardians', 'health.allergies').get();
  // A selection reads only those fields: each document holds StudentFields (and its id), not a whole Student.
  return snap.docs.map((d) => studentRow({ ...(d.data() as StudentFields), id: d.id }));
}

export async function classTitles(ids: string[]): Promise<Map<string, string>> {
  const { found } = await getByIds('classes', ids, ['title']);
  return new Map(found.map((c) => [c.id, c.title]));
}

const cancelledIds = (e: Pick<Enrollment, 'cancellations'>) => (e.cancellations ?? []).flatMap((c) => c.classIds);

export async function loadStudentSheet(id: string): Promise<StudentSheet> {
  const student = (await recordRef('students', id).get()).data();
  if (!student) throw notFound('This student');
  const [enrollments, field] = await Promise.all([
    records('enrollments').where('studentId', '==', id).get().then((snap) => snap.docs.map((d) => d.data())),
    loadStudentsFieldEntries([id]),
  ]);
  const [titles, releases, emails, holder] = await Promise.all([
    classTitles(uniq([...enrollments.flatMap((e) => [...e.classIds, ...cancelledIds(e)]), ...field.map((f) => f.classId)])),
    loadReleases(),
    accountEmails([student.ownerUid]),
    loadHolder(student.ownerUid),
  ]);
  const releaseTitle = new Map(releases.map((r) => [r.id, r.title]));
  return {
    student,
    familyEmail: emails.get(student.ownerUid) ?? null,
    familyHolder: holder,
    enrollments: enrollments
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map((e) => ({
        id: e.id,
        status: e.status,
        createdAt: e.createdAt,
        classTitles: e.classIds.map((cid) => titles.get(cid) ?? cid),
        releases: e.releases.map((r) => ({ ...r, title: releaseTitle.get(r.releaseId) ?? r.releaseId })),
      })),
    attendance: attendanceLines(field, titles, true),
    incidents: incidentLines(field, titles),
    pickups: pickupLines(field, titles),
    doses: doseLines(field, titles),
  };
}

/** Every enrollment (confirmed or cancelled) with a class in the semester, whole or with only the fields named. */
export async function semesterEnrollments(semesterId: string): Promise<Enrollment[]>;
export async function semesterEnrollments<K extends keyof Enrollment>(semesterId: string, fields: K[]): Promise<Pick<Enrollment, K>[]>;
export async function semesterEnrollments(semesterId: string, fields?: (keyof Enrollment)[]) {
  const query = records('enrollments').where('semesterIds', 'array-contains', semesterId);
  return (await (fields ? query.select(...fields) : query).get()).docs.map((d) => d.data());
}

/**
 * The t-shirt size of every student with a confirmed class in the semester. The students are read in
 * the same moment as the enrollments (the four fields the tally needs, for every student of the
 * school) rather than after them by id: one round trip instead of two, which halves the page's wait.
 */
export async function loadTshirts(semesterId: string): Promise<TshirtTally> {
  const [enrollments, classes, everyone] = await Promise.all([
    semesterEnrollments(semesterId, ['studentId', 'classIds', 'status']),
    loadClassesOfSemesters([semesterId]),
    records('students').select('firstName', 'lastName', 'grade', 'tshirtSize').get(),
  ]);
  const title = new Map(classes.map((c) => [c.id, c.title]));
  const classesOf = new Map<string, string[]>();
  for (const e of enrollments) {
    const here = e.classIds.filter((id) => title.has(id));
    if (e.status !== 'confirmed' || !here.length) continue;
    classesOf.set(e.studentId, [...(classesOf.get(e.studentId) ?? []), ...here.map((id) => title.get(id)!)]);
  }
  const found = everyone.docs.filter((d) => classesOf.has(d.id)).map((d) => ({ ...(d.data() as Pick<Student, 'firstName' | 'lastName' | 'grade' | 'tshirtSize'>), id: d.id }));
  return tallyTshirts(
    semesterId,
    found.map((s) => ({ id: s.id, firstName: s.firstName, lastName: s.lastName, grade: s.grade, size: s.tshirtSize, classTitles: classesOf.get(s.id)! })),
  );
}

/**
 * One page of the semester's enrollments as rows, filtered and sorted, and how many match (family
 * emails are added by the caller). The whole semester is read only in the fields the filter needs;
 * the page's enrollments are then read whole.
 */
export async function enrollmentRowsPage(semesterId: string, filter: EnrollmentFilter, page?: number, pageSize?: number): Promise<{ rows: EnrollmentRow[]; total: number }> {
  const light = await semesterEnrollments(semesterId, [...FILTER_FIELDS]);
  const titles = await classTitles(light.flatMap((e) => [...e.classIds, ...cancelledIds(e)]));
  const titled = light.map((e) => ({ ...e, classTitles: e.classIds.map((id) => titles.get(id) ?? id) }));
  const found = pageOf(filterEnrollments(titled, filter), page, pageSize);
  const { found: whole } = await getByIds('enrollments', found.rows.map((r) => r.id));
  const byId = new Map(whole.map((e) => [e.id, e]));
  const rows = found.rows.flatMap((r) => {
    const e = byId.get(r.id);
    return e ? [{ ...e, familyEmail: null, classTitles: r.classTitles, paid: paidOf(e), refunded: refundedOf(e), netPaid: netPaidOf(e) }] : [];
  });
  return { rows, total: found.total };
}

export async function withFamilyEmails(rows: EnrollmentRow[]): Promise<EnrollmentRow[]> {
  const emails = await accountEmails(rows.map((r) => r.ownerUid));
  return rows.map((r) => ({ ...r, familyEmail: emails.get(r.ownerUid) ?? null }));
}

/** Reads what repricing a cancellation needs; inside a transaction when `tx` is given. */
async function planFor(
  enrollment: Enrollment,
  cancelClassIds: string[],
  readClasses: (ids: string[]) => Promise<ClassRecord[]>,
  groupsOf: (semesterIds: string[]) => Promise<ClassGroup[]>,
  tx?: Transaction,
): Promise<CancellationPlan & { titles: string[] }> {
  const problem = cancellationProblem(enrollment, cancelClassIds);
  if (problem) throw new HttpsError('failed-precondition', problem);
  const [classes, groups, { discounts }] = await Promise.all([
    readClasses(enrollment.classIds),
    groupsOf(enrollment.semesterIds),
    loadDiscountsByCodes(enrollment.discounts.map((d) => d.code), tx),
  ]);
  const plan = planCancellation({ enrollment, cancelClassIds, classes, groups, discounts, enrolledOn: schoolToday(new Date(enrollment.createdAt)) });
  const title = new Map(classes.map((c) => [c.id, c.title]));
  return { ...plan, titles: plan.cancelClassIds.map((id) => title.get(id) ?? id) };
}

export async function quoteCancellation(enrollmentId: string, classIds: string[]) {
  return quoteFor(await loadEnrollment(enrollmentId), classIds);
}

/** The cancellation's plan from the enrollment as read outside a transaction. */
function quoteFor(enrollment: Enrollment, classIds: string[]) {
  return planFor(
    enrollment,
    classIds,
    async (ids) => (await getByIds('classes', ids)).found,
    loadGroupsOfSemesters,
  );
}

/** A cancellation under way: reserved before any card refund is asked of Stripe, so that a retry never refunds twice. */
/** What the office asks of a cancellation: the classes, the refund and how it goes back. */
export interface CancellationAsked {
  classIds: string[];
  refund: number;
  /** How the refund, or its part not going back to a card, is given back. */
  refundMethod?: PaymentMethod;
  /** Of the refund, what goes back to the cards the family paid with (all of it when refundMethod is card). */
  cardRefund?: number;
  note: string;
}

interface PendingCancellation {
  id: string;
  classIds: string[];
  refund: number;
  refundMethod: PaymentMethod | null;
  cardRefund?: number;
  at: string;
}
const sameCancellation = (p: PendingCancellation, asked: RefundSplit & { classIds: string[] }) =>
  p.refund === asked.refund &&
  (p.refundMethod ?? undefined) === asked.refundMethod &&
  (p.cardRefund ?? 0) === asked.toCard &&
  [...p.classIds].sort().join() === [...new Set(asked.classIds)].sort().join();

/** A refund as it goes back: `toCard` to the cards, the rest by `refundMethod` (card when all of it goes to cards). */
interface RefundSplit {
  refund: number;
  toCard: number;
  refundMethod: PaymentMethod | undefined;
}

/** How the refund asked goes back, or why it cannot. */
function refundSplit({ refund, refundMethod, cardRefund }: CancellationAsked): RefundSplit | string {
  const toCard = refundMethod === 'card' ? refund : (cardRefund ?? 0);
  if (toCard > refund) return 'cardRefund: The part back to the card cannot be more than the refund.';
  const rest = refund - toCard;
  if (rest > 0 && !refundMethod) return toCard ? `refundMethod: Say how the rest of the refund (${formatCents(rest)}) is given back.` : 'refundMethod: Say how the refund is given back.';
  return { refund, toCard, refundMethod: rest > 0 ? refundMethod : toCard > 0 ? 'card' : undefined };
}

/**
 * Reserves a cancellation on the enrollment (in a transaction): a second one at the same time is
 * refused; the same one asked again (the office retrying after a failure) resumes it, with the same
 * refund keys.
 */
async function reserveCancellation(ref: DocumentReference<Enrollment>, asked: RefundSplit & { classIds: string[] }, at: string): Promise<PendingCancellation> {
  return db().runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound('This enrollment');
    const pending = snap.get('pendingCancellation') as PendingCancellation | undefined;
    if (pending) {
      if (sameCancellation(pending, asked)) return pending;
      throw new HttpsError('aborted', 'Another cancellation of this enrollment is being completed. Reload the enrollment, then try again.');
    }
    const reserved: PendingCancellation = {
      id: randomUUID(),
      classIds: [...new Set(asked.classIds)],
      refund: asked.refund,
      refundMethod: asked.refundMethod ?? null,
      ...(asked.toCard ? { cardRefund: asked.toCard } : {}),
      at,
    };
    tx.update(ref, { pendingCancellation: reserved });
    return reserved;
  });
}

/**
 * Cancels classes of an enrollment: the cancellation is reserved first; the part of the refund going
 * back to cards goes to Stripe with keys made from that reservation; then the enrollment, the seats
 * and the rosters change in one transaction (the seats go to the waitlist first).
 */
export async function cancelClasses(enrollmentId: string, asked: CancellationAsked, actor: Actor): Promise<Enrollment> {
  const { classIds, refund, note } = asked;
  const by = actorName(actor);
  const ref = recordRef('enrollments', enrollmentId);
  const [to, off] = await Promise.all([enrollmentRecipients(enrollmentId), familyMailOff()]);
  const current = await loadEnrollment(enrollmentId);
  const plan0 = await quoteFor(current, classIds);
  // The refund first (never more than was paid), then how it goes back.
  const checked = applyCancellation(current, plan0, refund, { note, at: new Date().toISOString(), by, classTitles: plan0.titles, refundMethod: asked.refundMethod });
  if (typeof checked === 'string') throw new HttpsError('invalid-argument', checked);
  const split = refundSplit(asked);
  if (typeof split === 'string') throw new HttpsError('invalid-argument', split);
  const { refundMethod, toCard } = split;
  const reserved = await reserveCancellation(ref, { ...split, classIds }, new Date().toISOString());
  const at = reserved.at;
  // To cards: Stripe refunds first (checked against the same plan); the cancellation is recorded only once it has.
  let cardRefunds: CardRefund[] | undefined;
  if (toCard > 0) {
    try {
      cardRefunds = await refundToCards(current, toCard, note || 'Classes cancelled by the school', at, reserved.id);
    } catch (error) {
      // Nothing went back: the reservation is lifted (a partial refund keeps it, so that a retry finishes it).
      if (error instanceof HttpsError && !/went through/.test(error.message)) await ref.update({ pendingCancellation: FieldValue.delete() });
      throw error;
    }
  }
  const cancelled = await runSeatTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound('This enrollment');
    const enrollment = snap.data()!;
    if ((enrollment as Enrollment & { pendingCancellation?: PendingCancellation }).pendingCancellation?.id !== reserved.id) {
      throw new HttpsError('aborted', 'This cancellation was already recorded. Reload the enrollment to see it.');
    }
    const plan = await planFor(
      enrollment,
      classIds,
      async (ids) => present(ids.length ? await tx.getAll(...ids.map((id) => recordRef('classes', id))) : []),
      async (semesterIds) => (await tx.get(records('groups').where('semesterId', 'in', semesterIds))).docs.map((d) => d.data()),
      tx,
    );
    const seatReleases = await readReleases(tx, plan.cancelClassIds.map((classId) => ({ classId, studentId: enrollment.studentId })));
    const next = applyCancellation(enrollment, plan, refund, {
      refundMethod: refund > 0 ? refundMethod : undefined,
      cardRefunds,
      note,
      by,
      at,
      classTitles: plan.titles,
    });
    if (typeof next === 'string') throw new HttpsError('invalid-argument', next);
    const { pendingCancellation: _done, ...recorded } = next as Enrollment & { pendingCancellation?: PendingCancellation };
    tx.set(ref, recorded);
    const parts = toCard > 0 && toCard < refund ? `card ${formatCents(toCard)}, ${refundMethod} ${formatCents(refund - toCard)}` : refundMethod;
    const refunded = refund > 0 ? `; refund ${formatCents(refund)} (${parts})` : '; no refund';
    auditInTx(tx, actor, {
      kind: 'cancellation',
      record: { type: 'enrollment', id: enrollment.id },
      studentId: enrollment.studentId,
      studentName: enrollment.studentName,
      summary: `Cancelled ${plan.titles.join(', ')}${refunded}`,
    });
    if (!off.has('classes-cancelled')) {
      const toCards = `to your card ending ${[...new Set((cardRefunds ?? []).map((r) => r.last4))].join(', ')}`;
      const how =
        toCard > 0 && toCard < refund
          ? `(${formatCents(toCard)} ${toCards} and ${formatCents(refund - toCard)} ${PAID_HOW[refundMethod ?? 'other']})`
          : refundMethod === 'card'
            ? toCards
            : PAID_HOW[refundMethod ?? 'other'];
      const fee = recorded.cancellations?.at(-1)?.fee ?? 0;
      const message = cancellationMail(recorded, plan.titles, refund > 0 ? { amount: refund, how } : null, fee, portalOrigin(null));
      queueMail(tx, { kind: 'classes-cancelled', to, enrollmentId: enrollment.id, message }, `${enrollment.id}_${at}`);
    }
    const { deltas, toServe } = releaseSeats(tx, seatReleases, enrollment.id, at);
    return { enrollment: recorded, toServe, deltas };
  });
  await countRoster(cancelled.deltas);
  // The seats given back go to the families waiting for them, in order.
  if (cancelled.toServe.length) await serveWaitlists(cancelled.toServe, new Date());
  return cancelled.enrollment;
}
