// The school cancels a class for everyone. In order, so that no seat it gives back is offered to
// anyone: the class leaves enrollment (paused), its waitlist ends (waiting families first, then
// offers), card checkouts still being paid end, then each enrollment's cancellation — everything paid
// for the class back, to the cards first (wholeClassRefund), through the one cancellation use-case,
// which never refunds twice — and one email per family. Run again (after a failure, or twice), it
// finds nothing more to do for what is done.
import { HttpsError } from 'firebase-functions/v2/https';
import type { ClassCancellation } from '../../../contract/changes';
import type { Enrollment } from '../../../contract/domain';
import { andList, counted, formatCents } from '../../../contract/format';
import { actorName, auditReads, type Actor } from '../data/audit';
import { stampCatalogue } from '../data/catalogueCache';
import { notFound, recordRef, records, uniq } from '../data/db';
import { accountEmails } from '../data/familyMail';
import { familyMailOff } from '../data/settings';
import { wholeClassRefund } from '../domain/cancellation';
import { onTheList } from '../domain/waitlist';
import { classCancelledMail } from '../mail/family';
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
  const entries = (await records('waitlist').where('classIds', 'array-contains', input.classId).get()).docs.map((d) => d.data()).filter(onTheList);
  entries.sort((a, b) => Number(a.status === 'offered') - Number(b.status === 'offered'));
  let waitlistRemoved = 0;
  for (const e of entries) {
    try {
      await removeEntry(e.id, by, why, now);
      waitlistRemoved++;
    } catch (error) {
      // Off the list meanwhile (the family left, claimed or declined): nothing to end.
      if (!(error instanceof HttpsError && error.code === 'failed-precondition')) throw error;
    }
  }

  const holding = (await records('enrollments').where('classIds', 'array-contains', input.classId).get()).docs.map((d) => d.data());
  const held = holding.filter((e) => e.status === 'pending_payment');
  for (const e of held) await endHold(e.id, now);

  // Each enrollment: what it paid for the class back, cards first, the rest as the office chose.
  const refunds: ClassCancellation['refunds'] = [];
  const done: Enrollment[] = [];
  for (const e of holding.filter((x) => x.status === 'confirmed')) {
    const plan = await quoteFor(e, [input.classId]);
    const split = wholeClassRefund(plan, input.otherWay);
    done.push(await cancelClasses(e.id, { classIds: [input.classId], ...split, note: input.note }, actor, { quiet: true }));
    refunds.push({ enrollmentId: e.id, studentName: e.studentName, refund: split.refund, toCard: split.cardRefund, rest: split.refund - split.cardRefund, restHow: input.otherWay });
  }

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
function howBack(r: ClassCancellation['refunds'][number]): string {
  const rest = r.restHow === 'credit' ? 'as account credit for your next enrollment' : 'from the school office';
  if (!r.rest) return 'to the card you paid with';
  if (!r.toCard) return rest;
  return `(${andList([`${formatCents(r.toCard)} to the card you paid with`, `${formatCents(r.rest)} ${rest}`])})`;
}
