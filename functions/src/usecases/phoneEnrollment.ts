// The office enrolls a family's child on the phone: priced as the family's own cart (its other
// children, codes, financial aid) and checked by the family's checkout (grade, clashes, seats,
// releases), the releases agreed on the phone with one of the child's guardians and marked so; paid at
// the office, or by card from a link emailed to the family. Audited as the office's.
import { HttpsError } from 'firebase-functions/v2/https';
import type { Payload } from '../../../contract/callables';
import { formatDate } from '../../../contract/format';
import { schoolToday } from '../../../contract/schedule';
import type { Actor } from '../data/audit';
import { notFound, recordRef } from '../data/db';
import { loadReleases, oneChild } from '../data/enrollments';
import { loadCheckoutSettings } from '../data/settings';
import { accountEmails } from '../data/familyMail';
import { cardLinkMail } from '../mail/family';
import { createMailOnce } from '../mail/outbox';
import { checkout } from './checkout';
import { familyCartQuote } from './preview';

export async function enrollByPhone(staff: Actor, input: Payload<'adminPhoneEnroll'>, now: Date, portal: string) {
  const student = (await recordRef('students', input.studentId).get()).data();
  if (!student) throw notFound('This child');
  const uid = student.ownerUid;
  const child = { studentId: student.id, lines: input.lines };
  const quote = (await familyCartQuote(uid, [child], input.codes, now)).children[0];
  if (!input.send) return { quote, enrollment: null, replayed: false };
  if (!input.guardianName) throw new HttpsError('invalid-argument', 'guardianName: name the guardian who agreed on the phone.');
  if (input.expectedTotal === undefined) throw new HttpsError('invalid-argument', 'expectedTotal: give the total the family agreed to.');
  const [releases, settings, emails] = await Promise.all([loadReleases(), loadCheckoutSettings(), accountEmails([uid])]);
  const email = emails.get(uid) ?? null;
  const payload = {
    ...child,
    codes: input.codes,
    // Each release agreed by the guardian named (one of the child's, as a typed signature must be).
    releases: releases.map((r) => ({ releaseId: r.id, version: r.version, typedName: input.guardianName! })),
    infoConfirmed: true,
    expectedTotal: input.expectedTotal,
    idempotencyKey: input.idempotencyKey,
    payWith: 'office' as const,
  };
  // The office vouches for the family it speaks to, and its enrollments are not held to the families' limit of balances owed.
  const byPhone = { actor: staff, words: `by phone, ${staff.email ?? staff.uid}, ${formatDate(schoolToday(now), true)}` };
  const result = await checkout(uid, email, oneChild(payload), now, { ...settings, emailVerified: true, payLaterLimit: Number.MAX_SAFE_INTEGER, byPhone });
  const enrollment = result.enrollments[0];
  if (input.emailCardLink && enrollment.balance > 0 && email) {
    const titles = quote.lineItems.map((l) => l.title);
    await createMailOnce({ kind: 'card-link', to: [email], enrollmentId: enrollment.id, message: cardLinkMail(enrollment, titles, portal) }, enrollment.id);
  }
  return { quote, enrollment, replayed: result.replayed };
}
