// The receipts a family saves from My Enrollments: the same figures as the page, every child of a checkout.
import { describe, expect, it } from 'vitest';
import type { FamilyEnrollment } from '../../contract/domain';
import { checkoutReceipt, paymentReceipt, paymentYears, RECEIPT_TAX_TEXT, receiptFooter, yearStatement, type ReceiptFacts } from '../../src/features/account/receipt';

const enrollment = (id: string, studentName: string, total: number, payments: FamilyEnrollment['payments'], over: Partial<FamilyEnrollment> = {}): FamilyEnrollment =>
  ({
    id,
    studentId: `s-${id}`,
    studentName,
    status: 'confirmed',
    createdAt: '2026-11-20T18:00:00Z',
    semesterIds: ['spring'],
    classIds: ['art'],
    checkoutIds: ['a', 'b'],
    lineItems: [{ kind: 'class', id: 'art', semesterId: 'spring', title: 'Wild Art', classIds: ['art'], listPrice: 26000, price: 26000, members: [], addOns: [{ id: 'kit', description: 'Art kit', price: 2000 }] }],
    subtotal: 28000,
    discounts: total < 28000 ? [{ code: 'SIBLING10', description: 'Sibling discount (10%)', amount: 28000 - total, ofClasses: 26000 }] : [],
    total,
    payments,
    balance: total - payments.reduce((s, p) => s + p.amount, 0),
    ...over,
  }) as FamilyEnrollment;

const facts: ReceiptFacts = {
  account: 'family@example.com',
  classOf: () => ({ title: 'Wild Art', startDate: '2027-01-11', endDate: '2027-03-15', weekdays: [1], startTime: '15:15', endTime: '17:00' }),
  today: '2026-11-27',
  school: { address: '1200 Redwood Trail, Wildwood, CA 95000', taxId: '94-1234567' },
};
const asText = (lines: { text: string; amount?: string }[]) => lines.map((l) => (l.amount ? `${l.text} | ${l.amount}` : l.text));

describe('the family’s receipts', () => {
  const ava = enrollment('a', 'Ava Rivera', 28000, [{ id: 'p1', amount: 28000, method: 'card', at: '2026-11-20T18:01:00Z', card: { brand: 'visa', last4: '4242', sessionId: 'cs' } }]);
  const leo = enrollment('b', 'Leo Rivera', 25400, [{ id: 'p2', amount: 10000, method: 'check', at: '2026-11-22T18:00:00Z' }, { id: 'p3', amount: 500, method: 'cash', at: '2026-11-23T18:00:00Z', voided: true }], { balanceDueDate: '2027-01-04' });

  it('a checkout: the school and its tax words, each child with classes, dates, add-ons, discounts, payments and figures, then the sums', () => {
    const lines = checkoutReceipt([ava, leo], facts);
    const text = lines.map((l) => (l.amount ? `${l.text} | ${l.amount}` : l.text));
    expect(text.slice(0, 7)).toEqual(['Wildwood Outdoor School', '1200 Redwood Trail, Wildwood, CA 95000', 'Tax ID (EIN): 94-1234567', 'Receipt', RECEIPT_TAX_TEXT, 'Receipt date: Nov 27, 2026', 'Account: family@example.com']);
    expect(receiptFooter(facts)).toBe('© 2026 Wildwood Outdoor School');
    expect(text).toContain('Ava Rivera · enrolled Nov 20, 2026');
    expect(text).toContain('Wild Art | $260');
    expect(text).toContain('Jan 11 – Mar 15, 2027 · 10 meetings, Mondays 3:15 pm – 5:00 pm');
    expect(text).toContain('+ Art kit | $20');
    expect(text).toContain('Sibling discount (10%) (SIBLING10), of the classes’ $260, not the add-ons | -$26');
    expect(text).toContain('Paid on Nov 20, 2026 by Visa card ending 4242 | $280');
    expect(text).toContain('Paid on Nov 22, 2026 by check | $100');
    // A voided payment is not on the receipt.
    expect(text.filter((t) => t.includes('in cash'))).toEqual([]);
    expect(text).toContain('Balance due by Jan 4, 2027');
    // The sums of both children, as the page's figures add up.
    expect(text.slice(-5)).toEqual(['Total | $534', 'Paid | $380', 'Refunded | $0', 'Net paid | $380', 'Balance | $154']);
  });

  it('a payment: how much, when and how, for whom, and the balance it left (later payments not counted)', () => {
    const text = asText(paymentReceipt(leo, leo.payments[0], facts));
    expect(text[3]).toBe('Payment receipt');
    expect(text.slice(7)).toEqual(['Paid on Nov 22, 2026 by check | $100', 'For Leo Rivera: Wild Art', 'Total | $254', 'Paid before | $0', 'This payment | $100', 'Balance after this payment | $154']);
    // The deposit's receipt, made after the balance was paid, still says what the deposit left.
    const paidUp = enrollment('c', 'Zoë Nguyễn', 43000, [
      { id: 'd', amount: 10000, method: 'card', at: '2026-11-20T18:01:00Z', card: { brand: 'visa', last4: '4242', sessionId: 'cs' } },
      { id: 'r', amount: 33000, method: 'card', at: '2026-12-20T18:01:00Z', card: { brand: 'visa', last4: '4242', sessionId: 'cs2' } },
    ]);
    expect(asText(paymentReceipt(paidUp, paidUp.payments[0], facts)).slice(-2)).toEqual(['This payment | $100', 'Balance after this payment | $330']);
    expect(asText(paymentReceipt(paidUp, paidUp.payments[1], facts)).slice(-3)).toEqual(['Paid before | $100', 'This payment | $330', 'Balance after this payment | $0']);
  });

  it('dates are the school’s, wherever the receipt is made: a payment at 9:30 pm in the school is paid on that day', () => {
    // 05:30 UTC on the 28th is 9:30 pm on the 27th in the school's zone.
    const late = enrollment('d', 'Kai Park', 10000, [{ id: 'p', amount: 10000, method: 'cash', at: '2026-11-28T05:30:00Z' }]);
    expect(asText(paymentReceipt(late, late.payments[0], facts))).toContain('Paid on Nov 27, 2026 in cash | $100');
  });

  it('a year’s statement: per child, each payment and refund of that calendar year (on the school’s calendar), and the sums', () => {
    const zoe = enrollment('z', 'Zoë Nguyễn', 43000, [
      { id: 'old', amount: 5000, method: 'check', at: '2026-01-01T07:30:00Z' },
      { id: 'd', amount: 10000, method: 'card', at: '2027-01-01T07:59:00Z', card: { brand: 'visa', last4: '4242', sessionId: 'cs' } },
      { id: 'v', amount: 999, method: 'cash', at: '2027-02-01T18:00:00Z', voided: true },
    ], { cancellations: [{ classIds: ['art'], classTitles: ['Wild Art'], refund: 2500, fee: 0, refundMethod: 'check', at: '2027-03-01T18:00:00Z' }] });
    const kai = enrollment('k', 'Kai Park', 20000, [{ id: 'k1', amount: 20000, method: 'cash', at: '2027-05-05T18:00:00Z' }]);
    // 07:30 UTC on Jan 1 is still Dec 31 at the school: the check is of 2025, the card payment of 2026.
    expect(paymentYears([zoe, kai])).toEqual([2027, 2026, 2025]);
    const lines = asText(yearStatement([zoe, kai], 2026, facts));
    expect(lines[3]).toBe('Statement of payments, 2026');
    expect(lines.slice(7)).toEqual(['Zoë Nguyễn', 'Paid on Dec 31, 2026 by Visa card ending 4242 · Wild Art | $100', 'Paid for Zoë Nguyễn in 2026, less refunds | $100', 'Paid in 2026 in all, less refunds | $100']);
    // A refund counts in its own year; the voided payment nowhere.
    expect(asText(yearStatement([zoe, kai], 2027, facts)).slice(7)).toEqual([
      'Zoë Nguyễn',
      'Refunded on Mar 1, 2027 · Cancelled Wild Art | -$25',
      'Paid for Zoë Nguyễn in 2027, less refunds | -$25',
      'Kai Park',
      'Paid on May 5, 2027 in cash · Wild Art | $200',
      'Paid for Kai Park in 2027, less refunds | $200',
      'Paid in 2027 in all, less refunds | $175',
    ]);
  });
});
