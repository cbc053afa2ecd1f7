// The office cancels classes of an enrollment: the plan (domain/cancellation.ts) from the facts as
// read, the refund split between cards and other ways, written once however often it is asked, with
// the seats given back and the waitlists served.
import { refuse, type Refusal } from '../domain/refusal';
import { orRefused, throwIfRefused } from '../lib/refused';
import { FieldValue, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import { countAidInTx } from '../data/aid';
import { aidChange } from '../domain/aid';
import { HttpsError } from 'firebase-functions/v2/https';
import type { CardRefund, ClassGroup, ClassRecord, Enrollment, PaymentMethod } from '../../../contract/domain';
import { randomUUID } from 'node:crypto';
import { formatCents } from '../../../contract/format';
import { PAID_HOW } from '../../../contract/money';
import { schoolToday } from '../domain/calendar';
import { applyCancellation, cancellationRefusal, planCancellation, type CancellationPlan } from '../domain/cancellation';
import { loadGroupsOfSemesters } from '../data/catalogue';
import { db, getByIds, notFound, recordRef, records, present, runSeatTransaction } from '../data/db';
import { countRoster, readReleases, releaseSeats } from '../data/seats';
import { refundToCards } from './refunds';
import { loadDiscountsByCodes, loadEnrollment } from '../data/enrollments';
import { serveWaitlists } from './waitlist';
import { readKeptSeat, releaseKeptSeat } from './transfers';
import { actorName, auditInTx, type Actor } from '../data/audit';
import { enrollmentRecipients } from '../data/familyMail';
import { queueMail } from '../mail/outbox';
import { familyMailOff } from '../data/settings';
import { cancellationMail } from '../mail/family';
import { portalOrigin } from '../payments/stripe';
import { addCreditInTx } from '../data/credit';
import { creditRefunded } from '../domain/credit';

/** Reads what repricing a cancellation needs; inside a transaction when `tx` is given. */
async function planFor(
  enrollment: Enrollment,
  cancelClassIds: string[],
  readClasses: (ids: string[]) => Promise<ClassRecord[]>,
  groupsOf: (semesterIds: string[]) => Promise<ClassGroup[]>,
  tx?: Transaction,
): Promise<CancellationPlan & { titles: string[] }> {
  throwIfRefused(cancellationRefusal(enrollment, cancelClassIds));
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
export function quoteFor(enrollment: Enrollment, classIds: string[]) {
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
function refundSplit({ refund, refundMethod, cardRefund }: CancellationAsked): RefundSplit | Refusal {
  const toCard = refundMethod === 'card' ? refund : (cardRefund ?? 0);
  if (toCard > refund) return refuse('invalid-argument', 'cardRefund: The part back to the card cannot be more than the refund.');
  const rest = refund - toCard;
  if (rest > 0 && !refundMethod) return refuse('invalid-argument', toCard ? `refundMethod: Say how the rest of the refund (${formatCents(rest)}) is given back.` : 'refundMethod: Say how the refund is given back.');
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
export async function cancelClasses(enrollmentId: string, asked: CancellationAsked, actor: Actor, { quiet = false }: { quiet?: boolean } = {}): Promise<Enrollment> {
  const { classIds, refund, note } = asked;
  const by = actorName(actor);
  const ref = recordRef('enrollments', enrollmentId);
  const [to, off] = await Promise.all([enrollmentRecipients(enrollmentId), familyMailOff()]);
  const current = await loadEnrollment(enrollmentId);
  const plan0 = await quoteFor(current, classIds);
  // The refund first (never more than was paid), then how it goes back.
  orRefused(applyCancellation(current, plan0, refund, { note, at: new Date().toISOString(), by, classTitles: plan0.titles, refundMethod: asked.refundMethod }));
  const split = orRefused(refundSplit(asked));
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
    // A move asked from a class cancelled now is withdrawn: the seat kept for it is given back.
    const withdrawn = (enrollment.requests ?? []).filter((r) => r.status === 'waiting' && r.kind === 'transfer' && !r.classIds.some((id) => plan.keptClassIds.includes(id)));
    const keptSeats = await Promise.all(withdrawn.map((r) => readKeptSeat(tx, r)));
    const next = orRefused(applyCancellation(enrollment, plan, refund, {
      refundMethod: refund > 0 ? refundMethod : undefined,
      cardRefunds,
      note,
      by,
      at,
      classTitles: plan.titles,
    }));
    const { pendingCancellation: _done, ...recorded } = next as Enrollment & { pendingCancellation?: PendingCancellation };
    tx.set(ref, recorded);
    // What the classes cancelled took of a financial aid award goes back to it, not to the family.
    countAidInTx(tx, aidChange(enrollment, recorded));
    // What does not go back to a card, given as account credit: on the family's account at once.
    if (refundMethod === 'credit' && refund - toCard > 0) addCreditInTx(tx, creditRefunded(enrollment, reserved.id, refund - toCard, plan.titles, at, by));
    const parts = toCard > 0 && toCard < refund ? `card ${formatCents(toCard)}, ${refundMethod} ${formatCents(refund - toCard)}` : refundMethod;
    const refunded = refund > 0 ? `; refund ${formatCents(refund)} (${parts})` : '; no refund';
    auditInTx(tx, actor, {
      kind: 'cancellation',
      record: { type: 'enrollment', id: enrollment.id },
      studentId: enrollment.studentId,
      studentName: enrollment.studentName,
      summary: `Cancelled ${plan.titles.join(', ')}${refunded}`,
    });
    // `quiet`: the family gets one email for all its children from the caller (a whole class cancelled).
    if (!off.has('classes-cancelled') && !quiet) {
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
    for (const kept of keptSeats) {
      const serve = releaseKeptSeat(tx, kept, at);
      if (serve) toServe.push(serve);
    }
    return { enrollment: recorded, toServe, deltas };
  });
  await countRoster(cancelled.deltas);
  // The seats given back go to the families waiting for them, in order.
  if (cancelled.toServe.length) await serveWaitlists(cancelled.toServe, new Date());
  return cancelled.enrollment;
}
