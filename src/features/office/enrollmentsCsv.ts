// The office's enrollments CSV: the table's columns and money words, one row per enrollment.
import type { EnrollmentRow } from '../../../contract/domain';
import { ENROLLMENT_STATUS_LABELS, plainDollars } from '../../../contract/wording';
import { billedOf } from '../../../contract/money';
import { planWords } from '../../../contract/instalments';
import type { CsvValue } from '../../lib/csv';

/** `withFamily`: the family's email column, for those who may see families' contact details (not finance). */
export function enrollmentCsvRows(rows: EnrollmentRow[], withFamily: boolean): CsvValue[][] {
  return [
    ['Enrollment', 'Enrolled on', 'Student', ...(withFamily ? ['Family email'] : []), 'Classes', 'Status', 'Discount codes', 'Total', 'Paid', 'Refunded', 'Net paid', 'Balance', 'Monthly payments', 'Payments'],
    ...rows.map((e) => [
      e.id,
      e.createdAt.slice(0, 10),
      e.studentName,
      ...(withFamily ? [e.familyEmail ?? ''] : []),
      e.classTitles.join('; '),
      ENROLLMENT_STATUS_LABELS[e.status],
      e.discounts.map((d) => d.code).join('; '),
      // A checkout never completed bills nothing: the column adds up to the dashboard's Billed.
      plainDollars(billedOf(e)),
      plainDollars(e.paid),
      plainDollars(e.refunded),
      plainDollars(e.netPaid),
      plainDollars(e.balance),
      // The same sentence as the enrollment's dialog, a declined payment after it.
      e.instalments ? [planWords(e.instalments, e.balance), ...(e.instalments.failed ? [`Declined: ${e.instalments.failed.reason} (${e.instalments.failed.tries} tries)`] : [])].join(' ') : '',
      e.payments
        .map((p) => `${p.at.slice(0, 10)} ${p.method} ${plainDollars(p.amount)}${p.note ? ` ${p.note}` : ''}${p.voided ? ` (voided: ${p.voided.reason})` : ''}`)
        .join('; '),
    ]),
  ];
}
