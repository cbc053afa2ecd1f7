// The confirmation email (Trigger Email format): an HTML and a text receipt, every value escaped.
import type { ClassRecord, Enrollment, Semester } from '../../../contract/domain';
import { andList, formatCents, formatTimeRange, formatWeekdays } from '../../../contract/format';
import { balanceDueLabel, formatCard } from '../../../contract/wording';
import { checkoutPaymentsLeft, paymentsText } from '../../../contract/instalments';
import { escapeHtml, markdownToHtml, markdownToText } from '../../../contract/markdown';
import { discountBasis, discountName, PAID_HOW, paidInCreditOf, paidOf } from '../../../contract/money';
import { classSpan, noClassText } from '../../../contract/schedule';
import { SCHOOL_NAME } from '../../../contract/constants';
import { RECEIPTS_FOOTER } from './family';
import { layout, myEnrollments, type MailMessage } from './layout';

export interface MailDocument {
  kind: 'receipt';
  to: string[];
  message: MailMessage;
  /** The checkout's first enrollment; with several children, every one of them too. */
  enrollmentId: string;
  enrollmentIds?: string[];
}

/**
 * Who gets an enrollment's emails: the account's own address, and the guardians' only when the
 * account asked (an address typed into a profile never receives mail on its own).
 */
export function receiptRecipients(account: string | null, guardianEmails: string[], copyGuardians: boolean): string[] {
  return [...new Set([account, ...(copyGuardians ? guardianEmails : [])].filter((x): x is string => !!x))];
}

/**
 * The receipts of one checkout: each address gets one email about exactly the children it is told of
 * (the account's address every child of the checkout; a guardian copied on one child's profile only
 * that child), and addresses told of the same children share it.
 */
export function receiptGroups<E extends { id: string }>(checkout: E[], to: (e: E) => string[]): { to: string[]; enrollments: E[] }[] {
  const childrenOf = new Map<string, E[]>();
  for (const e of checkout) for (const address of to(e)) childrenOf.set(address, [...(childrenOf.get(address) ?? []), e]);
  const groups = new Map<string, { to: string[]; enrollments: E[] }>();
  for (const [address, enrollments] of childrenOf) {
    const key = enrollments.map((e) => e.id).join('\n');
    const group = groups.get(key) ?? { to: [], enrollments };
    group.to.push(address);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * How to pay a balance, in the receipts: the school's words (check, cash, Venmo…) and, when the school
 * takes cards, where to pay by card (`portal`: the portal's address).
 */
export const howToPay = (instructions: string, portal: string | null) =>
  portal ? `${instructions}\n\nOr pay by card: on [My Enrollments](${myEnrollments(portal).href}), choose **Pay balance by card**.` : instructions;

/** What changed when a receipt is sent again for an enrollment already confirmed: add-ons taken later. */
export interface ReceiptChange {
  addOns: { description: string; price: number }[];
  classTitle: string;
  /** What the change adds to the enrollment's total. */
  charge: number;
}

/** What the checkout paid, and how much of it came from the account credit ("$75 ($75 in account credit)"). */
function paidWords(checkout: Enrollment[]): string {
  const paid = checkout.reduce((sum, e) => sum + paidOf(e), 0);
  const credit = checkout.reduce((sum, e) => sum + paidInCreditOf(e), 0);
  return credit ? `${formatCents(paid)} (${formatCents(credit)} ${PAID_HOW.credit})` : formatCents(paid);
}

/**
 * The confirmation of one child's enrollment, or of several children paid for in one checkout; with
 * `change`, the updated receipt of an enrollment that took add-ons, saying first what changed.
 */
export function buildReceipt(
  checkout: Enrollment[],
  classes: ClassRecord[],
  semesters: Semester[],
  paymentInstructions: string,
  to: string[],
  change?: ReceiptChange,
): MailDocument {
  const classById = new Map(classes.map((c) => [c.id, c]));
  const schedule = (id: string) => {
    const c = classById.get(id);
    if (!c) return '';
    const off = noClassText(c);
    return `${classSpan(c)}, ${formatWeekdays(c.weekdays)} ${formatTimeRange(c.startTime, c.endTime)}, ${c.location}${off ? `. ${off}` : ''}`;
  };
  const several = checkout.length > 1;
  const children = checkout.map((enrollment) => ({
    name: enrollment.studentName,
    rows: enrollment.lineItems.map((item) => ({
      title: item.title,
      price: formatCents(item.price),
      details: item.classIds.map((id) => `${classById.get(id)?.title ?? id}: ${schedule(id)}`),
      addOns: item.addOns.map((a) => `${a.description} ${formatCents(a.price)}`),
    })),
    subtotal: formatCents(enrollment.subtotal),
    discounts: enrollment.discounts.map((d) => ({ code: `${discountName(d)}${discountBasis(d)}`, amount: `−${formatCents(d.amount)}` })),
    total: formatCents(enrollment.total),
  }));
  const names = checkout.map((e) => e.studentName);
  const heading = change
    ? `${andList(change.addOns.map((a) => a.description))} added to ${names[0]}’s ${change.classTitle}`
    : `${andList(names)} ${several ? 'are' : 'is'} enrolled`;
  const changeLine = change ? `This adds ${formatCents(change.charge)} to the enrollment; here is the receipt as it now stands.` : '';
  const balance = checkout.reduce((sum, e) => sum + e.balance, 0);
  const dueDates = checkout.filter((e) => e.balance > 0 && e.balanceDueDate).map((e) => e.balanceDueDate!).sort();
  const sums = {
    total: formatCents(checkout.reduce((sum, e) => sum + e.total, 0)),
    paid: paidWords(checkout),
    balanceLabel: balanceDueLabel({ balance, balanceDueDate: dueDates[0] }),
    balance: formatCents(balance),
  };
  const subject = change ? `Add-on added — ${SCHOOL_NAME}` : `Enrollment confirmed — ${SCHOOL_NAME}`;
  // A monthly plan's payments to come, charged to the card it saved: no instructions to pay.
  const planned = checkoutPaymentsLeft(checkout);
  const card = checkout.find((e) => e.instalments?.card)?.instalments?.card;
  const planLine = planned.length ? `Monthly payments to come: ${paymentsText(planned)}, charged to ${card ? `your ${formatCard(card)}` : 'the card you paid with'}.` : '';
  const payHow = balance > 0 && !planLine ? paymentInstructions : '';
  const wanted = new Set(checkout.flatMap((e) => e.semesterIds));
  const notes = semesters.filter((s) => wanted.has(s.id) && s.confirmationMarkdown);
  // One child: "Total"; several: each child's total under their name, then the checkout's.
  const totalLabel = (name: string) => (several ? `Total for ${name}` : 'Total');

  const text = [
    `${heading}.`,
    ...(changeLine ? [changeLine] : []),
    ...children.flatMap((c) => [
      '',
      ...(several ? [c.name] : []),
      ...c.rows.flatMap((r) => [`${r.title}  ${r.price}`, ...r.details.map((d) => `  ${d}`), ...r.addOns.map((a) => `  + ${a}`)]),
      '',
      `Subtotal: ${c.subtotal}`,
      ...c.discounts.map((d) => `Discount ${d.code}: ${d.amount}`),
      `${totalLabel(c.name)}: ${c.total}`,
    ]),
    ...(several ? ['', `Total: ${sums.total}`] : []),
    `Paid: ${sums.paid}`,
    `${sums.balanceLabel}: ${sums.balance}`,
    ...(planLine ? ['', planLine] : []),
    ...(payHow ? ['', 'How to pay:', markdownToText(payHow)] : []),
    ...notes.flatMap((s) => ['', `${s.name}:`, markdownToText(s.confirmationMarkdown)]),
  ];

  const e = escapeHtml;
  const row = (label: string, value: string, strong = false) =>
    strong ? `<tr><td><strong>${e(label)}</strong></td><td align="right"><strong>${e(value)}</strong></td></tr>` : `<tr><td>${e(label)}</td><td align="right">${e(value)}</td></tr>`;
  const html = [
    `<h1>${e(heading)}</h1>`,
    ...(changeLine ? [`<p>${e(changeLine)}</p>`] : []),
    ...children.flatMap((c) => [
      ...(several ? [`<h2>${e(c.name)}</h2>`] : []),
      '<table cellpadding="6" style="border-collapse:collapse">',
      ...c.rows.map(
        (r) =>
          `<tr><td><strong>${e(r.title)}</strong>${r.details.map((d) => `<br>${e(d)}`).join('')}${r.addOns.map((a) => `<br>+ ${e(a)}`).join('')}</td><td align="right">${e(r.price)}</td></tr>`,
      ),
      row('Subtotal', c.subtotal),
      ...c.discounts.map((d) => row(`Discount ${d.code}`, d.amount)),
      row(totalLabel(c.name), c.total, true),
      ...(several ? ['</table>'] : []),
    ]),
    ...(several ? ['<table cellpadding="6" style="border-collapse:collapse">', row('Total', sums.total, true)] : []),
    row('Paid', sums.paid),
    row(sums.balanceLabel, sums.balance, true),
    '</table>',
    ...(planLine ? [`<p>${e(planLine)}</p>`] : []),
    ...(payHow ? ['<h2>How to pay</h2>', markdownToHtml(payHow)] : []),
    ...notes.flatMap((s) => [`<h2>${e(s.name)}</h2>`, markdownToHtml(s.confirmationMarkdown)]),
  ];

  return { kind: 'receipt', to, message: layout(subject, { html, text }, RECEIPTS_FOOTER), enrollmentId: checkout[0].id, ...(several ? { enrollmentIds: checkout.map((x) => x.id) } : {}) };
}
