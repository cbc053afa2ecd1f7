// A family moving its child to another class of the same term under the school's policy: what moving
// gives (domain/changes.ts, from the move repriced by domain/cancellation.ts), then the move itself in
// one seat transaction — a seat taken in the new class, the old one given back to its waitlist, the
// enrollment repriced, a cheaper class's difference paid put on the account as credit — or, when the
// office decides, a request with a seat in the new class kept for the child until it answers.
import { orRefused, throwIfRefused } from '../lib/refused';
import { randomUUID } from 'node:crypto';
import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { transferWords, type ChangeRequest, type TransferOutcome } from '../../../contract/changes';
import type { ClassGroup, ClassRecord, Discount, Enrollment } from '../../../contract/domain';
import { formatCents } from '../../../contract/format';
import { schoolToday } from '../../../contract/schedule';
import { countAidInTx } from '../data/aid';
import { actorName, auditInTx, type Actor } from '../data/audit';
import { loadGroupsOfSemesters, loadSemestersByIds } from '../data/catalogue';
import { addCreditInTx } from '../data/credit';
import { getByIds, notFound, precondition, recordRef, runSeatTransaction } from '../data/db';
import { enrollmentRecipients } from '../data/familyMail';
import { loadDiscountsByCodes, loadEnrollment, loadFamilyEnrollments, withFamilyClasses } from '../data/enrollments';
import { loadRoundGates } from '../data/rounds';
import { addTo, countRoster, readReleases, releaseSeats, rosterRef, seatRef, seatsOf } from '../data/seats';
import { students } from '../data/students';
import { aidChange } from '../domain/aid';
import { applyTransfer, planTransfer } from '../domain/cancellation';
import { freeSeatToMoveInto, moveNow, moveProblem, moveRefusal, moveSeat, type MoveSeat, MOVED_MEANWHILE, transferOutcome, transferRequest, withRequests } from '../domain/changes';
import { creditMoved } from '../domain/credit';
import { freeSeatIds, seatAfterRelease, type Seat } from '../domain/seats';
import { classMovedMail, changeRequestMail } from '../mail/family';
import { queueMail } from '../mail/outbox';
import { portalOrigin } from '../payments/stripe';
import { serveWaitlists } from './waitlist';

/** What repricing a move reads of the school's catalogue (outside any transaction, like a checkout). */
interface MoveCatalogue {
  classes: ClassRecord[];
  groups: ClassGroup[];
  discounts: Discount[];
  from: ClassRecord;
  to: ClassRecord;
  free: boolean;
}

async function moveCatalogue(enrollment: Enrollment, fromClassId: string, toClassId: string, now: Date, atNoCharge = false): Promise<MoveCatalogue & { facts: Omit<Parameters<typeof transferOutcome>[0], 'plan'>; toProblemOf: (full: boolean) => string | null }> {
  const [{ found: classes }, groups, { discounts }] = await Promise.all([
    getByIds('classes', [...new Set([...enrollment.classIds, toClassId])]),
    loadGroupsOfSemesters(enrollment.semesterIds),
    loadDiscountsByCodes(enrollment.discounts.map((d) => d.code)),
  ]);
  const to = classes.find((c) => c.id === toClassId);
  const from = classes.find((c) => c.id === fromClassId);
  if (!to || to.status === 'draft') throw notFound('This class');
  if (!from || !enrollment.classIds.includes(fromClassId)) throw precondition('Only classes of this enrollment can be moved.');
  const [{ found: semesters }, rounds, student, family] = await Promise.all([
    loadSemestersByIds([...new Set([from.semesterId, to.semesterId])]),
    loadRoundGates([to.semesterId]),
    students().doc(enrollment.studentId).get(),
    loadFamilyEnrollments(enrollment.ownerUid),
  ]);
  if (!student.exists) throw notFound('This student');
  const policy = from.cancellationPolicy ?? semesters.find((s) => s.id === from.semesterId)?.cancellationPolicy ?? null;
  // The child's seats: its confirmed classes and those of a checkout still being paid by card.
  const mine = family.filter((e) => e.studentId === enrollment.studentId && (e.status === 'confirmed' || e.status === 'pending_payment'));
  const classById = await withFamilyClasses(new Map(classes.map((c) => [c.id, c])), mine);
  const enrolledIds = [...new Set(mine.flatMap((e) => e.classIds))];
  const today = schoolToday(now);
  const toProblemOf = (full: boolean) =>
    moveProblem({ student: student.data()!, to, full, semesters: new Map(semesters.map((s) => [s.id, s])), rounds, alreadyIn: new Set(enrolledIds), today, leaving: fromClassId, enrolled: enrolledIds.flatMap((id) => classById.get(id) ?? []) });
  return {
    classes,
    groups,
    discounts,
    from,
    to,
    free: atNoCharge || policy?.transfers === 'free',
    facts: { policy, to: { classId: to.id, title: to.title }, toProblem: null, firstMeeting: from.startDate, today },
    toProblemOf,
  };
}

const planOf = (enrollment: Enrollment, catalogue: MoveCatalogue, fromClassId: string) =>
  planTransfer({ enrollment, classes: catalogue.classes, groups: catalogue.groups, discounts: catalogue.discounts, enrolledOn: schoolToday(new Date(enrollment.createdAt)) }, fromClassId, catalogue.to, catalogue.free);

/** What moving the child from one class of its own enrollment to another would do today, with its words. */
export async function ownTransferOutcome(uid: string, input: { enrollmentId: string; fromClassId: string; toClassId: string }, now: Date): Promise<{ outcome: TransferOutcome; words: string }> {
  const enrollment = await loadEnrollment(input.enrollmentId, uid);
  const outcome = await outcomeOf(enrollment, input.fromClassId, input.toClassId, now);
  return { outcome, words: outcome.why && !outcome.askable ? outcome.why : transferWords(outcome) };
}

async function outcomeOf(enrollment: Enrollment, fromClassId: string, toClassId: string, now: Date, catalogue?: Awaited<ReturnType<typeof moveCatalogue>>, byOffice = false): Promise<TransferOutcome> {
  const read = catalogue ?? (await moveCatalogue(enrollment, fromClassId, toClassId, now));
  const full = (await freeSeatsIn(read.to)).length === 0;
  return transferOutcome({ ...read.facts, plan: planOf(enrollment, read, fromClassId), toProblem: read.toProblemOf(full) }, byOffice);
}

/** What the office's move of a child would do (the policy's price rule; the office moves whenever the child fits). */
export async function officeTransferOutcome(input: { enrollmentId: string; fromClassId: string; toClassId: string; atNoCharge?: boolean }, now: Date): Promise<{ outcome: TransferOutcome; words: string }> {
  const enrollment = await loadEnrollment(input.enrollmentId);
  const catalogue = await moveCatalogue(enrollment, input.fromClassId, input.toClassId, now, input.atNoCharge);
  const outcome = await outcomeOf(enrollment, input.fromClassId, input.toClassId, now, catalogue, true);
  return { outcome, words: outcome.why ?? transferWords(outcome) };
}

/** The office moves a child (a family on the phone): at the new total it was shown, with its reason in the audit trail. */
export async function officeMoveClass(actor: Actor, input: { enrollmentId: string; fromClassId: string; toClassId: string; atNoCharge?: boolean; expectedTotal: number; reason: string }, now: Date): Promise<{ enrollment: Enrollment; replayed: boolean }> {
  const current = await loadEnrollment(input.enrollmentId);
  if (!current.classIds.includes(input.fromClassId) && current.cancellations?.some((c) => c.movedTo?.classId === input.toClassId && c.classIds.includes(input.fromClassId))) return { enrollment: current, replayed: true };
  const catalogue = await moveCatalogue(current, input.fromClassId, input.toClassId, now, input.atNoCharge);
  const outcome = await outcomeOf(current, input.fromClassId, input.toClassId, now, catalogue, true);
  throwIfRefused(moveRefusal(outcome));
  return move(actor, input.enrollmentId, catalogue, input.fromClassId, freeSeatsOf(catalogue), now, { expectedTotal: input.expectedTotal, byOffice: true, note: `Moved by the office${input.atNoCharge ? ' at no charge' : ''}: ${input.reason.trim()}` });
}

/** The new class's free seats as listed now (outside the transaction, which creates the one it picks). */
const freeSeatsOf = (catalogue: MoveCatalogue) => async (): Promise<SeatFor> => ({ free: await freeSeatsIn(catalogue.to) });

/** A class's free seats as its seat documents list them now. */
const freeSeatsIn = async (klass: ClassRecord) => freeSeatIds(klass.capacity, (await seatsOf([klass.id])).get(klass.id)!.keys());

/** The seat the move takes in the new class: the one kept for the office's request, or a free one. */
type SeatFor = { kept: string } | { free: string[] };

/**
 * Moves the child in one seat transaction: the enrollment repriced (the plan made again from the
 * enrollment as it is in the transaction), the seat in the new class taken, the old one given back,
 * what an award took adjusted, a cheaper class's difference paid given as account credit, the family
 * emailed, the audit trail written. `request`: the office's approval of a waiting request.
 */
async function move(
  actor: Actor,
  enrollmentId: string,
  catalogue: MoveCatalogue,
  fromClassId: string,
  seatFor: () => Promise<SeatFor>,
  now: Date,
  extra: { expectedTotal?: number; request?: ChangeRequest; byOffice?: boolean; note: string },
): Promise<{ enrollment: Enrollment; replayed: boolean }> {
  const ref = recordRef('enrollments', enrollmentId);
  const to = await enrollmentRecipients(enrollmentId);
  const at = now.toISOString();
  const by = actorName(actor);
  const done = await runSeatTransaction(async (tx) => {
    const seat = await seatFor();
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound('This enrollment');
    const enrollment = snap.data()!;
    // The office's second tap on Approve: the move is made already.
    if (extra.request && enrollment.requests?.find((r) => r.id === extra.request!.id)?.status !== 'waiting') return { enrollment, deltas: new Map<string, number>(), toServe: [], replayed: true };
    const plan = orRefused(moveNow({ enrollment, fromClassId, request: extra.request, byOffice: extra.byOffice, expectedTotal: extra.expectedTotal }, () => planOf(enrollment, catalogue, fromClassId)));
    const [kept, releases, already] = await Promise.all([
      'kept' in seat ? tx.get(seatRef(catalogue.to.id, seat.kept)) : null,
      readReleases(tx, [{ classId: fromClassId, studentId: enrollment.studentId }]),
      tx.get(rosterRef(catalogue.to.id, enrollment.studentId)),
    ]);
    const taking: MoveSeat = 'kept' in seat ? { kept: seat.kept, keptFor: kept?.get('requestId') as string | undefined } : seat;
    const { seatId } = orRefused(moveSeat(taking, { requestId: extra.request?.id, toTitle: catalogue.to.title, firstName: enrollment.studentName.split(' ')[0], alreadyIn: already.exists }));
    // Reads end here; the writes follow.
    const moved = applyTransfer(enrollment, plan, { note: extra.note, at, by });
    const next = extra.request ? withRequests(moved, (moved.requests ?? []).map((r) => (r.id === extra.request!.id ? extra.request! : r))) : moved;
    tx.set(ref, next);
    const taken: Seat = { state: 'taken', classId: catalogue.to.id, enrollmentId, studentId: enrollment.studentId, ownerUid: enrollment.ownerUid, at };
    if ('kept' in seat) {
      tx.set(seatRef(catalogue.to.id, seatId), taken);
      countKept(tx, catalogue.to.id, -1);
    } else tx.create(seatRef(catalogue.to.id, seatId), taken);
    tx.set(rosterRef(catalogue.to.id, enrollment.studentId), { studentId: enrollment.studentId, studentName: enrollment.studentName, enrollmentId, ownerUid: enrollment.ownerUid, seat: seatId, addOns: [] });
    const { deltas, toServe } = releaseSeats(tx, releases, enrollmentId, at);
    addTo(deltas, catalogue.to.id, 1);
    countAidInTx(tx, aidChange(enrollment, next));
    if (plan.credit > 0) addCreditInTx(tx, creditMoved(enrollment, `move-${randomUUID()}`, plan.credit, plan.fromTitle, plan.to.title, at, by));
    const money = plan.newTotal === plan.currentTotal ? 'same price' : `${plan.newTotal > plan.currentTotal ? 'costs' : 'saves'} ${formatCents(Math.abs(plan.newTotal - plan.currentTotal))}${plan.credit ? `, ${formatCents(plan.credit)} as account credit` : ''}`;
    auditInTx(tx, actor, { kind: 'class-moved', record: { type: 'enrollment', id: enrollmentId }, studentId: enrollment.studentId, studentName: enrollment.studentName, summary: `Moved from ${plan.fromTitle} to ${plan.to.title} (${money})` }, now);
    queueMail(tx, { kind: 'class-moved', to, enrollmentId, message: classMovedMail(next, plan.fromTitle, plan.to.title, transferWords({ toTitle: plan.to.title, difference: plan.newTotal - plan.currentTotal, credit: plan.credit, owes: 0 }), portalOrigin(null)) }, `${enrollmentId}_${at}`);
    return { enrollment: next, deltas, toServe, replayed: false };
  });
  await countRoster(done.deltas);
  if (done.toServe.length) await serveWaitlists(done.toServe, now);
  return { enrollment: done.enrollment, replayed: done.replayed };
}

/** Moves the child when the policy lets the family do it, at the new total it was shown; the same move again answers the enrollment as it is. */
export async function moveOwnClass(actor: Actor, input: { enrollmentId: string; fromClassId: string; toClassId: string; expectedTotal: number }, now: Date): Promise<{ enrollment: Enrollment; replayed: boolean }> {
  const current = await loadEnrollment(input.enrollmentId, actor.uid);
  if (!current.classIds.includes(input.fromClassId) && current.cancellations?.some((c) => c.movedTo?.classId === input.toClassId && c.classIds.includes(input.fromClassId))) return { enrollment: current, replayed: true };
  const catalogue = await moveCatalogue(current, input.fromClassId, input.toClassId, now);
  const outcome = await outcomeOf(current, input.fromClassId, input.toClassId, now, catalogue);
  throwIfRefused(moveRefusal(outcome));
  return move(actor, input.enrollmentId, catalogue, input.fromClassId, freeSeatsOf(catalogue), now, { expectedTotal: input.expectedTotal, note: 'Moved by the family under the school’s policy' });
}

/**
 * A family asks the office to move its child: the request, with what the move gives today, is kept on
 * the enrollment for the office's queue, and a seat in the new class is kept for the child meanwhile
 * (created with the request, in one transaction). The same request again answers the one waiting.
 */
export async function requestTransfer(actor: Actor, input: { enrollmentId: string; fromClassId: string; toClassId: string; reason?: string }, now: Date): Promise<{ enrollment: Enrollment; replayed: boolean }> {
  const ref = recordRef('enrollments', input.enrollmentId);
  const current = await loadEnrollment(input.enrollmentId, actor.uid);
  const waiting = current.requests?.find((r) => r.status === 'waiting' && r.kind === 'transfer' && r.classIds.includes(input.fromClassId) && r.to?.classId === input.toClassId);
  if (waiting) return { enrollment: current, replayed: true };
  const [catalogue, to] = await Promise.all([moveCatalogue(current, input.fromClassId, input.toClassId, now), enrollmentRecipients(input.enrollmentId)]);
  const outcome = await outcomeOf(current, input.fromClassId, input.toClassId, now, catalogue);
  const reason = input.reason?.trim();
  const asked = { id: randomUUID(), classIds: [input.fromClassId], classTitles: [catalogue.from.title], askedAt: now.toISOString(), ...(reason ? { reason } : {}) };
  const result = await runSeatTransaction(async (tx) => {
    const free = await freeSeatsIn(catalogue.to);
    const enrollment = (await tx.get(ref)).data()!;
    if (!enrollment.classIds.includes(input.fromClassId)) throw new HttpsError('aborted', MOVED_MEANWHILE);
    const planned = orRefused(transferRequest(enrollment.requests, asked, outcome));
    if (planned.replayed) return { enrollment, replayed: true };
    const { seatId } = orRefused(freeSeatToMoveInto(free, catalogue.to.title));
    const next = withRequests(enrollment, [...(enrollment.requests ?? []), planned.request]);
    tx.set(ref, next);
    tx.create(seatRef(catalogue.to.id, seatId), { state: 'requested', classId: catalogue.to.id, enrollmentId: enrollment.id, studentId: enrollment.studentId, ownerUid: enrollment.ownerUid, requestId: planned.request.id, at: asked.askedAt } satisfies Seat);
    countKept(tx, catalogue.to.id, 1);
    auditInTx(tx, actor, { kind: 'change-requested', record: { type: 'enrollment', id: enrollment.id }, studentId: enrollment.studentId, studentName: enrollment.studentName, summary: `Asked to move from ${catalogue.from.title} to ${catalogue.to.title}${reason ? `: ${reason}` : ''}` }, now);
    queueMail(tx, { kind: 'change-request', to, enrollmentId: enrollment.id, message: changeRequestMail(enrollment.studentName, planned.request, portalOrigin(null)) }, planned.request.id);
    return { enrollment: next, replayed: false };
  });
  return result;
}

/** The seat kept in a class for a move request, read in the transaction (null: none), with whether families wait for the class. */
export async function readKeptSeat(tx: Transaction, request: ChangeRequest): Promise<{ classId: string; id: string; seat: Seat; waiting: boolean } | null> {
  if (request.kind !== 'transfer' || !request.to) return null;
  const classId = request.to.classId;
  const [found, klass] = await Promise.all([tx.get(recordRef('classes', classId).collection('seats').where('requestId', '==', request.id)), tx.get(recordRef('classes', classId))]);
  const doc = found.docs[0];
  return doc ? { classId, id: doc.id, seat: doc.data() as Seat, waiting: ((klass.get('waiting') as number | undefined) ?? 0) > 0 } : null;
}

/** Gives a kept seat back (the request declined or withdrawn): to the class's waitlist while families wait, else free. Returns the class to serve, if any. */
export function releaseKeptSeat(tx: Transaction, kept: Awaited<ReturnType<typeof readKeptSeat>>, at: string): string | null {
  if (!kept) return null;
  const next = seatAfterRelease(kept.seat, { offerOpenUntil: null, waiting: kept.waiting }, at);
  if (next) tx.set(seatRef(kept.classId, kept.id), next);
  else tx.delete(seatRef(kept.classId, kept.id));
  countKept(tx, kept.classId, -1);
  return next?.state === 'reserved' ? kept.classId : null;
}

/**
 * Keeps the class's count of seats kept for moves with those seats, in their transaction: the
 * catalogue does not offer them. A move's request is rare, so writing the class here costs no race.
 */
const countKept = (tx: Transaction, classId: string, by: 1 | -1) => tx.update(recordRef('classes', classId), { keptSeats: FieldValue.increment(by) });

/** The office approves a waiting move: the child moves into the seat kept for it (`atNoCharge`: at the price paid for the old class). */
export async function approveTransfer(actor: Actor, enrollment: Enrollment, request: ChangeRequest, now: Date, atNoCharge = false): Promise<{ enrollment: Enrollment; replayed: boolean }> {
  const fromClassId = request.classIds[0];
  const catalogue = await moveCatalogue(enrollment, fromClassId, request.to!.classId, now, atNoCharge);
  const kept = async (): Promise<SeatFor> => {
    const snap = await recordRef('classes', request.to!.classId).collection('seats').where('requestId', '==', request.id).get();
    if (snap.empty) throw precondition(`The seat kept in ${request.to!.title} for this move is gone: decline the request.`);
    return { kept: snap.docs[0].id };
  };
  const note = `Moved on the family’s request, approved by the office${atNoCharge ? ' at no charge' : ''}${request.answer ? `: ${request.answer}` : ''}`;
  return move(actor, enrollment.id, catalogue, fromClassId, kept, now, { request, note });
}
