// Add-ons taken later: the family adds an add-on to a class its child is enrolled in, in a
// semester still open; the enrollment is repriced by the one engine (`planAddOns`), the class's roster
// entry gets the add-on, and an updated receipt says what is now owed. The balance is paid as any
// other (Pay balance by card, or at the office). The office adds one for a family that asks (from the
// family's page), also once registration has closed, audited as the office's.
import { countAidInTx } from '../data/aid';
import { aidChange } from '../domain/aid';
import { orRefused, throwIfRefused } from '../lib/refused';
import type { z } from 'zod/mini';
import type { Enrollment } from '../../../contract/domain';
import type { addOnsSchema } from '../../../contract/schemas';
import { addOnsRefusal, planAddOns } from '../domain/cancellation';
import { schoolToday } from '../domain/calendar';
import { totalProblem } from '../domain/enrollment';
import { buildReceipt } from '../mail/receipt';
import { notFound, present, recordRef, records, runSeatTransaction } from '../data/db';
import { loadDiscountsByCodes } from '../data/enrollments';
import { enrollmentRecipients } from '../data/familyMail';
import { rosterRef } from '../data/seats';
import { loadPaymentInstructions } from '../data/settings';
import { queueMail } from '../mail/outbox';
import { auditInTx, type Actor } from '../data/audit';
import { formatCents } from '../../../contract/format';

type AddOnsRequest = z.output<typeof addOnsSchema>;

/** Who adds: the family (its own enrollment, while registration is open), or the office for any family. */
export type AddOnsBy = { family: string } | { office: Actor };

/** Takes the add-ons when `expectedCharge` is given (and matches), else only says what they would add. */
export async function addOnsToEnrollment(by: AddOnsBy, request: AddOnsRequest, now: Date): Promise<{ enrollment: Enrollment; charge: number; added: boolean }> {
  const ref = recordRef('enrollments', request.enrollmentId);
  const [to, instructions] = await Promise.all([enrollmentRecipients(request.enrollmentId), loadPaymentInstructions()]);
  // Two requests at once for the same enrollment: the one that loses the race is tried again, never failed.
  return runSeatTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists || ('family' in by && snap.get('ownerUid') !== by.family)) throw notFound('This enrollment');
    const enrollment = snap.data()!;
    // Before reading its classes: one the office has just cancelled has none left to read.
    throwIfRefused(addOnsRefusal(enrollment));
    const [classes, semesters, groups, { discounts }, roster] = await Promise.all([
      tx.getAll(...enrollment.classIds.map((id) => recordRef('classes', id))).then(present),
      tx.getAll(...enrollment.semesterIds.map((id) => recordRef('semesters', id))).then(present),
      tx.get(records('groups').where('semesterId', 'in', enrollment.semesterIds)).then((s) => s.docs.map((d) => d.data())),
      loadDiscountsByCodes(enrollment.discounts.map((d) => d.code), tx),
      tx.get(rosterRef(request.classId, enrollment.studentId)),
    ]);
    const family = 'family' in by ? { semesters, today: schoolToday(now) } : undefined;
    const plan = orRefused(planAddOns({ enrollment, classes, groups, discounts, enrolledOn: schoolToday(new Date(enrollment.createdAt)) }, request.classId, request.addOnIds, family));
    const klass = classes.find((c) => c.id === request.classId)!;
    if (request.expectedCharge === undefined) return { enrollment: plan.enrollment, charge: plan.charge, added: false };
    throwIfRefused(totalProblem(request.expectedCharge, plan.charge));
    tx.set(ref, plan.enrollment);
    countAidInTx(tx, aidChange(enrollment, plan.enrollment));
    if (roster.exists) tx.update(roster.ref, { addOns: [...((roster.get('addOns') as unknown[] | undefined) ?? []), ...plan.added] });
    queueMail(tx, buildReceipt([plan.enrollment], classes, semesters, instructions, to, { addOns: plan.added, classTitle: klass.title, charge: plan.charge }));
    if ('office' in by) {
      auditInTx(tx, by.office, {
        kind: 'add-ons-added',
        record: { type: 'enrollment', id: enrollment.id },
        studentId: enrollment.studentId,
        studentName: enrollment.studentName,
        summary: `Added ${plan.added.map((a) => a.description).join(', ')} to ${klass.title} for the family (${formatCents(plan.charge)})`,
      });
    }
    return { enrollment: plan.enrollment, charge: plan.charge, added: true };
  });
}
