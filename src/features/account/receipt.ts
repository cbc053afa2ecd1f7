// The receipts a family keeps for flexible-spending and tax claims: one for a checkout (each child,
// class, dates, amounts, payments and balance), one for a payment (and the balance it left), and a
// year's statement (every payment of a calendar year, per child). The lines are made here from what
// My Enrollments shows (the same figures, from contract/money), every date on the school's calendar;
// the PDF writer and its fonts load only when a family asks for one.
import type { Cents, FamilyEnrollment, FamilyPayment, IsoDate, PublicClass } from '../../../contract/domain';
import { SCHOOL_NAME } from '../../../contract/constants';
import { formatCents, formatDate, formatTimeRange, formatWeekdays } from '../../../contract/format';
import { balanceDueLabel, formatDay, paidHow } from '../../../contract/wording';
import { checkoutPaymentsLeft, paymentsText } from '../../../contract/instalments';
import { balanceOf, discountBasis, discountName, feesOf, figuresAfter, moneyFigures } from '../../../contract/money';
import { classSpan, schoolToday } from '../../../contract/schedule';
import { changeOn, changeWords } from '../../../contract/changes';
import type { PdfLine } from '../../lib/pdf/writePdf';

/** The school's words for tax claims, printed on every receipt. */
export const RECEIPT_TAX_TEXT = `${SCHOOL_NAME} is a tax-exempt 501(c)(3) nonprofit organization. This receipt lists the fees paid for its educational programs: keep it for flexible-spending and tax claims.`;

export type ReceiptLine = PdfLine;

export interface ReceiptFacts {
  /** The account's email. */
  account: string | null;
  /** A class's dates and times, when the class list has it. */
  classOf: (classId: string) => (Pick<PublicClass, 'title' | 'startDate' | 'endDate' | 'weekdays' | 'startTime' | 'endTime'> & Partial<Pick<PublicClass, 'noMeetingDates' | 'holidays'>>) | null;
  today: IsoDate;
  /** The school's postal address and tax id (EIN), from the settings. */
  school: { address: string; taxId: string };
}

const paidLine = (p: FamilyPayment): string => `Paid on ${formatDay(p.at)} ${paidHow(p)}`;
const minus = (cents: Cents) => `-${formatCents(cents)}`;
/** An amount that may be money given back. */
const signed = (cents: Cents) => (cents < 0 ? minus(-cents) : formatCents(cents));

function heading(title: string, facts: ReceiptFacts): ReceiptLine[] {
  return [
    { text: SCHOOL_NAME, style: 'title' },
    { text: facts.school.address },
    { text: `Tax ID (EIN): ${facts.school.taxId}` },
    { text: title, style: 'heading' },
    { text: RECEIPT_TAX_TEXT, style: 'muted' },
    { text: `Receipt date: ${formatDate(facts.today, true)}` },
    ...(facts.account ? [{ text: `Account: ${facts.account}` }] : []),
  ];
}

/** One child's part: classes with their dates, add-ons, discounts, fees kept, payments, refunds and figures. */
export function childLines(e: FamilyEnrollment, classOf: ReceiptFacts['classOf']): ReceiptLine[] {
  const lines: ReceiptLine[] = [{ text: `${e.studentName} · enrolled ${formatDay(e.createdAt)}`, style: 'heading' }];
  for (const item of e.lineItems) {
    lines.push({ text: item.title, amount: formatCents(item.price) });
    for (const id of item.classIds) {
      const c = classOf(id);
      if (c) lines.push({ text: `${item.kind === 'group' ? `${c.title}: ` : ''}${classSpan(c)}, ${formatWeekdays(c.weekdays)} ${formatTimeRange(c.startTime, c.endTime)}`, style: 'muted', indent: true });
    }
    for (const a of item.addOns) lines.push({ text: `+ ${a.description}`, amount: formatCents(a.price), indent: true });
  }
  for (const d of e.discounts) lines.push({ text: `${discountName(d)}${discountBasis(d)}`, amount: minus(d.amount) });
  const fees = feesOf(e);
  if (fees > 0) lines.push({ text: 'Cancellation fee kept', amount: formatCents(fees) });
  for (const c of e.cancellations ?? []) lines.push({ text: changeOn(c, `on ${formatDay(c.at)}`), style: 'muted' });
  for (const p of e.payments.filter((x) => !x.voided)) lines.push({ text: paidLine(p), amount: formatCents(p.amount) });
  for (const r of e.cardRefunds ?? []) lines.push({ text: `Refunded on ${formatDay(r.at)} to card ending ${r.last4}`, amount: minus(r.amount) });
  for (const [label, value] of moneyFigures(e)) lines.push({ text: label, amount: formatCents(value), style: label === 'Balance' || label === 'Total' ? 'strong' : undefined });
  const planned = e.status === 'confirmed' ? checkoutPaymentsLeft([{ ...e, balance: balanceOf(e) }]) : [];
  if (planned.length) lines.push({ text: `Monthly payments to come: ${paymentsText(planned)}`, style: 'muted' });
  else if (balanceOf(e) > 0 && e.balanceDueDate) lines.push({ text: balanceDueLabel({ balance: balanceOf(e), balanceDueDate: e.balanceDueDate }), style: 'muted' });
  return lines;
}

/** The receipt of a checkout: each child paid for in it, then, with several, what they add up to. */
export function checkoutReceipt(checkout: FamilyEnrollment[], facts: ReceiptFacts): ReceiptLine[] {
  const lines = [...heading('Receipt', facts), ...checkout.flatMap((e) => childLines(e, facts.classOf))];
  if (checkout.length > 1) {
    lines.push({ text: 'All children of this checkout', style: 'heading' });
    for (const [label] of moneyFigures(checkout[0])) {
      const sum = checkout.reduce((total, e) => total + moneyFigures(e).find(([l]) => l === label)![1], 0);
      lines.push({ text: label, amount: formatCents(sum), style: label === 'Balance' || label === 'Total' ? 'strong' : undefined });
    }
  }
  return lines;
}

/** The receipt of one payment: how much, when and how, what it paid for, and the balance it left. */
export function paymentReceipt(e: FamilyEnrollment, payment: FamilyPayment, facts: ReceiptFacts): ReceiptLine[] {
  return [
    ...heading('Payment receipt', facts),
    { text: paidLine(payment), amount: formatCents(payment.amount), style: 'strong' },
    { text: `For ${e.studentName}: ${e.lineItems.map((l) => l.title).join(', ')}`, style: 'heading' },
    ...figuresAfter(e, payment).map(([label, value]) => ({ text: label, amount: formatCents(value), style: label === 'Balance after this payment' ? ('strong' as const) : undefined })),
  ];
}

/** The calendar year (on the school's calendar) a moment falls in. */
export const yearOf = (iso: string) => Number(schoolToday(new Date(iso)).slice(0, 4));

/** The years in which the family paid something, newest first. */
export const paymentYears = (enrollments: FamilyEnrollment[]): number[] =>
  [...new Set(enrollments.flatMap((e) => e.payments.filter((p) => !p.voided).map((p) => yearOf(p.at))))].sort((a, b) => b - a);

/** A year's statement: per child, every payment and refund of that calendar year, and what they come to. */
export function yearStatement(enrollments: FamilyEnrollment[], year: number, facts: ReceiptFacts): ReceiptLine[] {
  const lines = heading(`Statement of payments, ${year}`, facts);
  const inYear = (x: { at: string }) => yearOf(x.at) === year;
  let family = 0;
  const children = [...new Set(enrollments.map((e) => e.studentName))];
  for (const child of children) {
    const mine = enrollments.filter((e) => e.studentName === child);
    const moves = mine.flatMap((e) => {
      const what = e.lineItems.map((l) => l.title).join(', ');
      return [
        ...e.payments.filter((p) => !p.voided && inYear(p)).map((p) => ({ at: p.at, text: `${paidLine(p)} · ${what}`, cents: p.amount })),
        ...(e.cancellations ?? []).filter((c) => c.refund > 0 && inYear(c)).map((c) => ({ at: c.at, text: `Refunded on ${formatDay(c.at)} · ${changeWords(c)}`, cents: -c.refund })),
        ...(e.cardRefunds ?? []).filter(inYear).map((r) => ({ at: r.at, text: `Refunded on ${formatDay(r.at)} to card ending ${r.last4}`, cents: -r.amount })),
      ];
    });
    if (!moves.length) continue;
    moves.sort((a, b) => a.at.localeCompare(b.at));
    const sum = moves.reduce((total, m) => total + m.cents, 0);
    family += sum;
    lines.push({ text: child, style: 'heading' }, ...moves.map((m) => ({ text: m.text, amount: signed(m.cents) })), { text: `Paid for ${child} in ${year}, less refunds`, amount: signed(sum), style: 'strong' });
  }
  lines.push({ text: `Paid in ${year} in all, less refunds`, amount: signed(family), style: 'heading' });
  return lines;
}

/** The receipt's footer: the school and the receipt's own year. */
export const receiptFooter = (facts: ReceiptFacts) => `© ${facts.today.slice(0, 4)} ${SCHOOL_NAME}`;

/** Writes the lines as a letter-size PDF and saves it as `filename` (the writer and the fonts it needs load now). */
export async function savePdf(filename: string, lines: ReceiptLine[], footer: string): Promise<void> {
  const { writePdf, downloadPdf } = await import('../../lib/pdf/writePdf');
  downloadPdf(filename, await writePdf(lines, footer));
}
