// The receipts a family keeps for flexible-spending and tax claims: one for a checkout (each child,
// class, dates, amounts, payments and balance) and one for a payment. The lines are made here from
// what My Enrollments shows (the same figures, from contract/money); the PDF is written by jsPDF,
// loaded only when a family asks for one.
import type { Cents, FamilyEnrollment, FamilyPayment, IsoDate, PublicClass } from '../../../contract/domain';
import { SCHOOL_NAME } from '../../../contract/constants';
import { formatCents, formatDate, formatDateRange, formatTimeRange, formatWeekdays } from '../../../contract/format';
import { formatDay, paidHow } from '../../../contract/wording';
import { balanceOf, discountBasis, feesOf, moneyFigures } from '../../../contract/money';

/** The school's words for tax claims, printed on every receipt. */
export const RECEIPT_TAX_TEXT = `${SCHOOL_NAME} is a tax-exempt 501(c)(3) nonprofit organization. This receipt lists the fees paid for its educational programs: keep it for flexible-spending and tax claims.`;

export interface ReceiptLine {
  text: string;
  /** An amount, printed at the right margin. */
  amount?: string;
  style?: 'title' | 'heading' | 'muted' | 'strong';
  /** Indented under the line above it. */
  indent?: boolean;
}

export interface ReceiptFacts {
  /** The account's email. */
  account: string | null;
  /** A class's dates and times, when the class list has it. */
  classOf: (classId: string) => Pick<PublicClass, 'title' | 'startDate' | 'endDate' | 'weekdays' | 'startTime' | 'endTime'> | null;
  today: IsoDate;
}

const paidLine = (p: FamilyPayment): string => `Paid on ${formatDay(p.at)} ${paidHow(p)}`;
const minus = (cents: Cents) => `-${formatCents(cents)}`;

function heading(title: string, facts: ReceiptFacts): ReceiptLine[] {
  return [
    { text: SCHOOL_NAME, style: 'title' },
    { text: title, style: 'heading' },
    { text: RECEIPT_TAX_TEXT, style: 'muted' },
    { text: `Receipt date: ${formatDate(facts.today, true)}` },
    ...(facts.account ? [{ text: `Account: ${facts.account}` }] : []),
  ];
}

/** One child's part: classes with their dates, add-ons, discounts, fees kept, payments, refunds and figures. */
function childLines(e: FamilyEnrollment, facts: ReceiptFacts): ReceiptLine[] {
  const lines: ReceiptLine[] = [{ text: `${e.studentName} · enrolled ${formatDay(e.createdAt)}`, style: 'heading' }];
  for (const item of e.lineItems) {
    lines.push({ text: item.title, amount: formatCents(item.price) });
    for (const id of item.classIds) {
      const c = facts.classOf(id);
      if (c) lines.push({ text: `${item.kind === 'group' ? `${c.title}: ` : ''}${formatDateRange(c.startDate, c.endDate)}, ${formatWeekdays(c.weekdays)} ${formatTimeRange(c.startTime, c.endTime)}`, style: 'muted', indent: true });
    }
    for (const a of item.addOns) lines.push({ text: `+ ${a.description}`, amount: formatCents(a.price), indent: true });
  }
  for (const d of e.discounts) lines.push({ text: `${d.description} (${d.code})${discountBasis(d)}`, amount: minus(d.amount) });
  const fees = feesOf(e);
  if (fees > 0) lines.push({ text: 'Cancellation fee kept', amount: formatCents(fees) });
  for (const c of e.cancellations ?? []) lines.push({ text: `Cancelled on ${formatDay(c.at)}: ${c.classTitles.join(', ')}`, style: 'muted' });
  for (const p of e.payments.filter((x) => !x.voided)) lines.push({ text: paidLine(p), amount: formatCents(p.amount) });
  for (const r of e.cardRefunds ?? []) lines.push({ text: `Refunded on ${formatDay(r.at)} to card ending ${r.last4}`, amount: minus(r.amount) });
  for (const [label, value] of moneyFigures(e)) lines.push({ text: label, amount: formatCents(value), style: label === 'Balance' || label === 'Total' ? 'strong' : undefined });
  if (balanceOf(e) > 0 && e.balanceDueDate) lines.push({ text: `Balance due by ${formatDate(e.balanceDueDate, true)}`, style: 'muted' });
  return lines;
}

/** The receipt of a checkout: each child paid for in it, then, with several, what they add up to. */
export function checkoutReceipt(checkout: FamilyEnrollment[], facts: ReceiptFacts): ReceiptLine[] {
  const lines = [...heading('Receipt', facts), ...checkout.flatMap((e) => childLines(e, facts))];
  if (checkout.length > 1) {
    lines.push({ text: 'All children of this checkout', style: 'heading' });
    for (const [label] of moneyFigures(checkout[0])) {
      const sum = checkout.reduce((total, e) => total + moneyFigures(e).find(([l]) => l === label)![1], 0);
      lines.push({ text: label, amount: formatCents(sum), style: label === 'Balance' || label === 'Total' ? 'strong' : undefined });
    }
  }
  return lines;
}

/** The receipt of one payment: how much, when and how, what it paid for, and what is left. */
export function paymentReceipt(e: FamilyEnrollment, payment: FamilyPayment, facts: ReceiptFacts): ReceiptLine[] {
  return [
    ...heading('Payment receipt', facts),
    { text: paidLine(payment), amount: formatCents(payment.amount), style: 'strong' },
    { text: `For ${e.studentName}: ${e.lineItems.map((l) => l.title).join(', ')}`, style: 'heading' },
    ...moneyFigures(e).map(([label, value]) => ({ text: label, amount: formatCents(value) })),
  ];
}

/** Writes the lines as a letter-size PDF and saves it as `filename` (jsPDF, loaded now). */
export async function savePdf(filename: string, lines: ReceiptLine[]): Promise<void> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'pt', format: 'letter' });
  const margin = 54;
  const width = doc.internal.pageSize.getWidth() - 2 * margin;
  const bottom = doc.internal.pageSize.getHeight() - margin;
  const size = { title: 18, heading: 13, muted: 9, strong: 11 } as const;
  let y = margin;
  for (const line of lines) {
    const fontSize = line.style ? size[line.style] : 10.5;
    doc.setFont('helvetica', line.style === 'title' || line.style === 'heading' || line.style === 'strong' ? 'bold' : 'normal');
    doc.setFontSize(fontSize);
    doc.setTextColor(line.style === 'muted' ? 90 : 20);
    const x = margin + (line.indent ? 14 : 0);
    const wrapped = doc.splitTextToSize(line.text, width - (line.indent ? 14 : 0) - (line.amount ? 90 : 0)) as string[];
    const height = wrapped.length * fontSize * 1.3 + (line.style === 'heading' ? 8 : 2);
    if (y + height > bottom) {
      doc.addPage();
      y = margin;
    }
    if (line.style === 'heading') y += 8;
    doc.text(wrapped, x, y + fontSize);
    if (line.amount) doc.text(line.amount, margin + width, y + fontSize, { align: 'right' });
    y += height;
  }
  doc.save(filename);
}
