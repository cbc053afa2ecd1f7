// The school cancels a class for everyone. In order, so that no seat it gives back is offered to
// anyone: the class leaves enrollment (paused), its waitlist ends (waiting families first, then
// offers), card checkouts still being paid end, then each enrollment's cancellation — everything paid
// for the class back, to the cards first (wholeClassRefund), through the one cancellation use-case,
// which never refunds twice — and one email per family. Run again (after a failure, or twice), it
// finds nothing more to do for what is done. A child's whole term is cancelled the same way, at the
// family's request: the child's waitlist places of the term end, then the child's card checkouts
// still being paid, then the term's classes of each enrollment, with one email to the family.
import { HttpsError } from 'firebase-functions/v2/https';
import type { BulkCancellation, ClassCancellation, TermCancellation } from '../../../contract/changes';
import type { Enrollment, WaitlistEntry } from '../../../contract/domain';
import { andList, counted, formatCents } from '../../../contract/format';
import { actorName, auditReads, type Actor } from '../data/audit';
import { stampCatalogue } from '../data/catalogueCache';
import { getByIds, notFound, recordRef, records, uniq } from '../data/db';
import { accountEmails } from '../data/familyMail';
import { familyMailOff } from '../data/settings';
import { termEndedRefusal, wholeClassRefund } from '../domain/cancellation';
import { throwIfRefused } from '../lib/refused';
import { schoolToday } from '../domain/calendar';
import { onTheList } from '../domain/waitlist';
import { classCancelledMail, termCancelledMail } from '../mail/family';
import { createMailOnce } from '../mail/outbox';
import { portalOrigin } from '../payments/stripe';
import { cancelClasses, quoteFor } from './cancellation';
import { endHold } from './holds';
import { removeEntry } from './waitlist';

export async function cancelWholeClass(actor: Actor, input: { classId: string; otherWay: 'credit' | 'other'; note: string }, now: Date): Promise<ClassCancellation> {
  const ref = recordRef('classes', input.classId);
  const klass = (await ref.get()).data();
  if (!klass) throw notFound('This class');
  if (klass.status === 'live') {
    await ref.update({ status: 'paused' });
    await stampCatalogue();
  }
  const why = `${klass.title} was cancelled by the school`;
  const by = actorName(actor);

  // Its waitlist: the families waiting first (they hold no seat), then the offers (their seats go back with nobody left to offer them to).
  const entries = (await records('waitlist').where('classIds', 'array-contains', input.classId).get()).docs.map((d) => d.data());
  const waitlistRemoved = await endPlaces(entries, by, why, now);

  const holding = (await records('enrollments').where('classIds', 'array-contains', input.classId).get()).docs.map((d) => d.data());
  const held = holding.filter((e) => e.status === 'pending_payment');
  for (const e of held) await endHold(e.id, now);

  const { refunds, done } = await cancelEach(holding.filter((x) => x.status === 'confirmed').map((e) => ({ enrollment: e, classIds: [input.classId] })), input, actor);

  // One email per family, each child's refund in it.
  const off = await familyMailOff();
  const owners = uniq(done.map((e) => e.ownerUid));
  const emails = off.has('classes-cancelled') ? new Map<string, string>() : await accountEmails(owners);
  let familiesTold = 0;
  for (const uid of owners) {
    const to = emails.get(uid);
    if (!to) continue;
    const children = refunds
      .filter((r) => done.find((e) => e.id === r.enrollmentId)?.ownerUid === uid)
      .map((r) => ({ studentName: r.studentName, refund: r.refund, how: howBack(r) }));
    if (await createMailOnce({ kind: 'classes-cancelled', to: [to], message: classCancelledMail(klass.title, children, portalOrigin(null)) }, `class-${input.classId}-${uid}-${done.filter((e) => e.ownerUid === uid).map((e) => e.id).join('-')}`)) familiesTold++;
  }
  // The whole action in the audit trail (each enrollment's cancellation has its own entry).
  await auditReads(actor, [{ kind: 'cancellation', record: { type: 'class', id: input.classId }, recordName: klass.title, summary: `Cancelled ${klass.title} for everyone: ${counted(refunds.length, 'enrollment')} (${formatCents(refunds.reduce((s, r) => s + r.refund, 0))} refunded), ${counted(held.length, 'card checkout')} ended, ${counted(waitlistRemoved, 'family', 'families')} taken off the waitlist` }], now);
  return { classId: input.classId, title: klass.title, refunds, holdsEnded: held.length, waitlistRemoved, familiesTold };
}

/** How a refund goes back, in the family's words: "to the card you paid with", "($60 to the card you paid with and $40 as account credit …)". */
function howBack(r: Pick<BulkCancellation['refunds'][number], 'refund' | 'toCard' | 'rest' | 'restHow'>): string {
  const rest = r.restHow === 'credit' ? 'as account credit for your next enrollment' : 'from the school office';
  if (!r.rest) return 'to the card you paid with';
  if (!r.toCard) return rest;
  return `(${andList([`${formatCents(r.toCard)} to the card you paid with`, `${formatCents(r.rest)} ${rest}`])})`;
}

/** Each enrollment's cancellation of these classes: what it paid for them back, cards first, the rest as the office chose. */
async function cancelEach(
  asked: { enrollment: Enrollment; classIds: string[] }[],
  input: { otherWay: 'credit' | 'other'; note: string },
  actor: Actor,
): Promise<{ refunds: BulkCancellation['refunds']; done: Enrollment[] }> {
  const refunds: BulkCancellation['refunds'] = [];
  const done: Enrollment[] = [];
  for (const { enrollment: e, classIds } of asked) {
    const plan = await quoteFor(e, classIds);
    const split = wholeClassRefund(plan, input.otherWay);
    done.push(await cancelClasses(e.id, { classIds, ...split, note: input.note }, actor, { quiet: true }));
    refunds.push({ enrollmentId: e.id, studentName: e.studentName, refund: split.refund, toCard: split.cardRefund, rest: split.refund - split.cardRefund, restHow: input.otherWay });
  }
  return { refunds, done };
}

/** Ends these waitlist places (the waiting ones first: they hold no seat); how many were still on the list. */
async function endPlaces(entries: WaitlistEntry[], by: string, why: string, now: Date): Promise<number> {
  const on = entries.filter(onTheList).sort((a, b) => Number(a.status === 'offered') - Number(b.status === 'offered'));
  let removed = 0;
  for (const e of on) {
    try {
      await removeEntry(e.id, by, why, now);
      removed++;
    } catch (error) {
      // Off the list meanwhile (the family left, claimed or declined): nothing to end.
      if (!(error instanceof HttpsError && error.code === 'failed-precondition')) throw error;
    }
  }
  return removed;
}

/**
 * A child's whole term, at the family's request: every class of the term the child holds, with all
 * paid for them back (cards first, the rest as the office chose), the child's waitlist places of the
 * term ended, card checkouts of only that term still being paid ended; one email to the family. Run
 * again, it finds nothing more to do.
 */
export async function cancelChildTerm(actor: Actor, input: { studentId: string; semesterId: string; otherWay: 'credit' | 'other'; note: string }, now: Date): Promise<TermCancellation> {
  const [student, semester] = await Promise.all([recordRef('students', input.studentId).get(), recordRef('semesters', input.semesterId).get()]);
  if (!student.exists) throw notFound('This child');
  if (!semester.exists) throw notFound('This term');
  const childName = `${student.get('firstName')} ${student.get('lastName')}`;
  const termName = semester.get('name') as string;
  throwIfRefused(termEndedRefusal({ name: termName, endDate: semester.get('endDate') as string }, schoolToday(now)));
  const by = actorName(actor);
  const why = `${childName}’s ${termName} classes were cancelled at the family’s request`;

  const places = (await records('waitlist').where('studentId', '==', input.studentId).get()).docs.map((d) => d.data()).filter((w) => w.semesterId === input.semesterId);
  const waitlistRemoved = await endPlaces(places, by, why, now);

  const enrollments = (await records('enrollments').where('studentId', '==', input.studentId).get()).docs.map((d) => d.data()).filter((e) => e.semesterIds.includes(input.semesterId));
  const { found: classes } = await getByIds('classes', uniq(enrollments.flatMap((e) => e.classIds)));
  const inTerm = new Set(classes.filter((c) => c.semesterId === input.semesterId).map((c) => c.id));
  // A checkout still being paid is ended only when all of it is this term's (ending it ends all its classes).
  const held = enrollments.filter((e) => e.status === 'pending_payment' && e.classIds.every((id) => inTerm.has(id)));
  for (const e of held) await endHold(e.id, now);
  const asked = enrollments.filter((e) => e.status === 'confirmed').map((e) => ({ enrollment: e, classIds: e.classIds.filter((id) => inTerm.has(id)) })).filter((a) => a.classIds.length);
  const { refunds, done } = await cancelEach(asked, input, actor);

  // One email to the family, with the classes and what comes back.
  let familiesTold = 0;
  const ownerUid = student.get('ownerUid') as string;
  const titles = classes.filter((c) => asked.some((a) => a.classIds.includes(c.id))).map((c) => c.title);
  if (done.length && !(await familyMailOff()).has('classes-cancelled')) {
    const to = (await accountEmails([ownerUid])).get(ownerUid);
    const refund = refunds.reduce((sum, r) => sum + r.refund, 0);
    const toCard = refunds.reduce((sum, r) => sum + r.toCard, 0);
    const message = termCancelledMail(childName, termName, titles, refund ? howBack({ refund, toCard, rest: refund - toCard, restHow: input.otherWay }) : null, refund, portalOrigin(null));
    if (to && (await createMailOnce({ kind: 'classes-cancelled', to: [to], message }, `term-${input.semesterId}-${input.studentId}-${done.map((e) => e.id).join('-')}`))) familiesTold++;
  }
  await auditReads(actor, [{ kind: 'cancellation', record: { type: 'student', id: input.studentId }, studentId: input.studentId, studentName: childName, summary: `Cancelled ${childName}’s ${termName} at the family’s request: ${titles.length ? titles.join(', ') : 'no class held'} (${formatCents(refunds.reduce((sum, r) => sum + r.refund, 0))} refunded), ${counted(held.length, 'card checkout')} ended, ${counted(waitlistRemoved, 'waitlist place')} ended` }], now);
  return { studentId: input.studentId, semesterId: input.semesterId, title: `${childName}’s ${termName}`, refunds, holdsEnded: held.length, waitlistRemoved, familiesTold };
}
