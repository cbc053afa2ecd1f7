// The confirmation email (Trigger Email format): an HTML and a text receipt, every value escaped.
import type { ClassRecord, Enrollment, Semester } from '../../../contract/domain';
import { balanceDueLabel, formatCents, formatDateRange, formatTimeRange, formatWeekdays } from '../../../contract/format';
import { escapeHtml, markdownToHtml, markdownToText } from '../../../contract/markdown';
import { paidOf } from '../../../contract/money';
import { meetingDates, meetingsText, noClassText } from '../../../contract/schedule';
import { SCHOOL_NAME } from '../../../contract/constants';

export interface MailDocument {
  to: string[];
  message: { subject: string; text: string; html: string };
  enrollmentId: string;
}

/**
 * Who gets an enrollment's emails: the account's own address, and the guardians' only when the
 * account asked (an address typed into a profile never receives mail on its own).
 */
export function receiptRecipients(account: string | null, guardianEmails: string[], copyGuardians: boolean): string[] {
  return [...new Set([account, ...(copyGuardians ? guardianEmails : [])].filter((x): x is string => !!x))];
}

export function buildReceipt(
  enrollment: Enrollment,
  classes: Map<string, ClassRecord>,
  semesters: Semester[],
  paymentInstructions: string,
  to: string[],
): MailDocument {
  const schedule = (id: string) => {
    const c = classes.get(id);
    if (!c) return '';
    const off = noClassText(c);
    return `${formatDateRange(c.startDate, c.endDate)} (${meetingsText(meetingDates(c).length)}), ${formatWeekdays(c.weekdays)} ${formatTimeRange(c.startTime, c.endTime)}, ${c.location}${off ? `. ${off}` : ''}`;
  };
  const rows = enrollment.lineItems.map((item) => ({
    title: item.title,
    price: formatCents(item.price),
    details: item.classIds.map((id) => `${classes.get(id)?.title ?? id}: ${schedule(id)}`),
    addOns: item.addOns.map((a) => `${a.description} ${formatCents(a.price)}`),
  }));
  const paid = paidOf(enrollment);
  const subject = `Enrollment confirmed — ${SCHOOL_NAME}`;
  const howToPay = enrollment.balance > 0 ? paymentInstructions : '';

  const text = [
    `${enrollment.studentName} is enrolled.`,
    '',
    ...rows.flatMap((r) => [`${r.title}  ${r.price}`, ...r.details.map((d) => `  ${d}`), ...r.addOns.map((a) => `  + ${a}`)]),
    '',
    `Subtotal: ${formatCents(enrollment.subtotal)}`,
    ...enrollment.discounts.map((d) => `Discount ${d.code}: −${formatCents(d.amount)}`),
    `Total: ${formatCents(enrollment.total)}`,
    `Paid: ${formatCents(paid)}`,
    `${balanceDueLabel(enrollment)}: ${formatCents(enrollment.balance)}`,
    ...(howToPay ? ['', 'How to pay:', markdownToText(howToPay)] : []),
    ...semesters.filter((s) => s.confirmationMarkdown).flatMap((s) => ['', `${s.name}:`, markdownToText(s.confirmationMarkdown)]),
  ].join('\n');

  const e = escapeHtml;
  const html = [
    `<h1>${e(enrollment.studentName)} is enrolled</h1>`,
    '<table cellpadding="6" style="border-collapse:collapse">',
    ...rows.map(
      (r) =>
        `<tr><td><strong>${e(r.title)}</strong>${r.details.map((d) => `<br>${e(d)}`).join('')}${r.addOns.map((a) => `<br>+ ${e(a)}`).join('')}</td><td align="right">${e(r.price)}</td></tr>`,
    ),
    `<tr><td>Subtotal</td><td align="right">${e(formatCents(enrollment.subtotal))}</td></tr>`,
    ...enrollment.discounts.map((d) => `<tr><td>Discount ${e(d.code)}</td><td align="right">−${e(formatCents(d.amount))}</td></tr>`),
    `<tr><td><strong>Total</strong></td><td align="right"><strong>${e(formatCents(enrollment.total))}</strong></td></tr>`,
    `<tr><td>Paid</td><td align="right">${e(formatCents(paid))}</td></tr>`,
    `<tr><td><strong>${e(balanceDueLabel(enrollment))}</strong></td><td align="right"><strong>${e(formatCents(enrollment.balance))}</strong></td></tr>`,
    '</table>',
    ...(howToPay ? ['<h2>How to pay</h2>', markdownToHtml(howToPay)] : []),
    ...semesters.filter((s) => s.confirmationMarkdown).flatMap((s) => [`<h2>${e(s.name)}</h2>`, markdownToHtml(s.confirmationMarkdown)]),
  ].join('\n');

  return { to, message: { subject, text, html }, enrollmentId: enrollment.id };
}
