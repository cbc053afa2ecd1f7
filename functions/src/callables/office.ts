// School-office sheets and money: rosters, students, t-shirts, enrollments, payments, cancellations.
// Admin only (checked on the server on every call); student data leaves the server only here.
import { cancelChildTerm, cancelWholeClass } from '../usecases/classCancellation';
import { callables } from '../../../contract/callables';
import { ACCESS, allows } from '../../../contract/roles';
import type { CancellationQuote } from '../../../contract/domain';
import {
  enrollmentRowsPage,
  loadRosters,
  loadStudentRows,
  loadStudentSheet,
  loadTshirts,
  withFamilyEmails,
} from '../data/office';
import { pageOf, searchStudents } from '../domain/office';
import { endHold } from '../usecases/holds';
import { cancelClasses, quoteCancellation } from '../usecases/cancellation';
import { giveOfficeDiscount, recordBalancesReceived, recordPayment, voidPayment } from '../usecases/payments';
import { portalOrigin } from '../payments/stripe';
import { listClassMessages } from '../data/classMessages';
import { emailClasses } from '../usecases/classMessages';
import { actorOf, callable } from '../lib/callable';
import { auditReads } from '../data/audit';
import { rosterViews } from '../domain/audit';
import { createFamily, loadHousehold } from '../usecases/household';
import { familyDataFor } from '../usecases/familyData';
import { addOnsToEnrollment } from '../usecases/addOns';
import { enrollByPhone } from '../usecases/phoneEnrollment';
import { addStudentForFamily, correctStudent, deleteStudentProfile } from '../usecases/students';


// Opening rosters (health and contacts included) is audited: one entry per class.
export const adminRosters = callable(callables.adminRosters, async ({ classIds }, ctx) => {
  const found = await loadRosters(classIds);
  await auditReads(actorOf(ctx), rosterViews(found.rosters));
  return found;
});

export const adminEmailClasses = callable(callables.adminEmailClasses, async (input, ctx) => emailClasses(input, actorOf(ctx), portalOrigin(ctx.origin)));

export const adminClassMessages = callable(callables.adminClassMessages, async () => ({ messages: await listClassMessages() }));

/** The students table shows every child's allergy flag: each page read is audited. */
export const adminStudents = callable(callables.adminStudents, async ({ search, sort, order, page, pageSize }, ctx) => {
  const answer = pageOf(searchStudents(await loadStudentRows(), search, sort, order), page, pageSize);
  const what = `${answer.rows.length} of ${answer.total} students${search ? ` matching “${search}”` : ''}, page ${page}`;
  await auditReads(actorOf(ctx), [{ kind: 'students-listed', record: { type: 'student', id: 'all' }, summary: `Read the Student Info Sheets table: ${what}` }]);
  return answer;
});

export const adminStudent = callable(callables.adminStudent, async ({ id }, ctx) => {
  const sheet = await loadStudentSheet(id);
  const name = `${sheet.student.firstName} ${sheet.student.lastName}`;
  await auditReads(actorOf(ctx), [{ kind: 'student-sheet-viewed', record: { type: 'student', id }, studentId: id, studentName: name, summary: `Opened ${name}’s info sheet` }]);
  return sheet;
});

export const adminCorrectStudent = callable(callables.adminCorrectStudent, ({ id, profile, reason, version }, ctx) => correctStudent(actorOf(ctx), id, profile, reason, version));

export const adminDeleteStudent = callable(callables.adminDeleteStudent, ({ id }, ctx) => deleteStudentProfile(actorOf(ctx), id, new Date(), true));

// Read under each child in the audit trail (the page names the children, their contacts and the money).
export const adminHousehold = callable(callables.adminHousehold, ({ id }, ctx) => loadHousehold(actorOf(ctx), id));

export const adminCreateFamily = callable(callables.adminCreateFamily, (asked, ctx) => createFamily(actorOf(ctx), asked, portalOrigin(ctx.origin), new Date()));

export const adminAddStudent = callable(callables.adminAddStudent, ({ ownerUid, profile, reason }, ctx) => addStudentForFamily(actorOf(ctx), ownerUid, profile, reason));

export const adminAddAddOns = callable(callables.adminAddAddOns, (payload, ctx) => addOnsToEnrollment({ office: actorOf(ctx) }, payload, new Date()));

export const adminGiveDiscount = callable(callables.adminGiveDiscount, async ({ enrollmentId, amount, reason, idempotencyKey }, ctx) => ({
  enrollment: await giveOfficeDiscount(enrollmentId, { amount, reason }, idempotencyKey, actorOf(ctx)),
}));

export const adminFamilyData = callable(callables.adminFamilyData, ({ id }, ctx) => familyDataFor(actorOf(ctx), id, new Date()));

export const adminPhoneEnroll = callable(callables.adminPhoneEnroll, (input, ctx) => enrollByPhone(actorOf(ctx), input, new Date(), portalOrigin(ctx.origin)));

export const adminTshirts = callable(callables.adminTshirts, async ({ semesterId }) => loadTshirts(semesterId));

export const adminEnrollments = callable(callables.adminEnrollments, async ({ semesterId, page, pageSize, ...filter }, ctx) => {
  const found = await enrollmentRowsPage(semesterId, filter, page, pageSize);
  // Finance matches payments by the student and the money; the families' contact details are the office's.
  return { rows: allows(ctx.roles, ACCESS.care) ? await withFamilyEmails(found.rows) : found.rows, total: found.total };
});

export const adminRecordPayment = callable(callables.adminRecordPayment, async ({ enrollmentId, ...payment }, ctx) => ({
  enrollment: await recordPayment(enrollmentId, payment, actorOf(ctx)),
}));

export const adminRecordBalances = callable(callables.adminRecordBalances, ({ enrollmentIds, method, note, idempotencyKey }, ctx) => recordBalancesReceived(enrollmentIds, { method, note }, idempotencyKey, actorOf(ctx)));

export const adminCancelQuote = callable(callables.adminCancelQuote, async ({ enrollmentId, classIds }) => {
  const plan = await quoteCancellation(enrollmentId, classIds);
  const quote: CancellationQuote = {
    enrollmentId: plan.enrollmentId,
    cancelClassIds: plan.cancelClassIds,
    keptClassIds: plan.keptClassIds,
    currentTotal: plan.currentTotal,
    newTotal: plan.newTotal,
    netPaid: plan.netPaid,
    suggestedRefund: plan.suggestedRefund,
    cardRefundable: plan.cardRefundable,
  };
  return quote;
});

export const adminCancelEnrollment = callable(callables.adminCancelEnrollment, async ({ enrollmentId, ...cancellation }, ctx) => ({
  enrollment: await cancelClasses(enrollmentId, cancellation, actorOf(ctx)),
}), { changesCatalogue: true });

export const adminReleaseHold = callable(
  callables.adminReleaseHold,
  async ({ enrollmentId }) => ({ enrollment: await endHold(enrollmentId, new Date()) }),
  { changesCatalogue: true },
);

export const adminCancelClass = callable(callables.adminCancelClass, async (input, ctx) => ({ cancellation: await cancelWholeClass(actorOf(ctx), input, new Date()) }), { changesCatalogue: true });

export const adminVoidPayment = callable(callables.adminVoidPayment, async ({ enrollmentId, paymentId, reason }, ctx) => ({
  enrollment: await voidPayment(enrollmentId, paymentId, reason, actorOf(ctx)),
}));

export const adminCancelTerm = callable(callables.adminCancelTerm, async (input, ctx) => ({ cancellation: await cancelChildTerm(actorOf(ctx), input, new Date()) }));
