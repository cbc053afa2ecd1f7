// The receipts a family saves from My Enrollments: the same figures as the page, every child of a checkout.
import { describe, expect, it } from 'vitest';
import type { FamilyEnrollment } from '../../contract/domain';
import { checkoutReceipt, paymentReceipt, RECEIPT_TAX_TEXT, type ReceiptFacts } from '../../src/features/account/receipt';

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
};

describe('the family’s receipts', () => {
  const ava = enrollment('a', 'Ava Rivera', 28000, [{ id: 'p1', amount: 28000, method: 'card', at: '2026-11-20T18:01:00Z', card: { brand: 'visa', last4: '4242', sessionId: 'cs' } }]);
  const leo = enrollment('b', 'Leo Rivera', 25400, [{ id: 'p2', amount: 10000, method: 'check', at: '2026-11-22T18:00:00Z' }, { id: 'p3', amount: 500, method: 'cash', at: '2026-11-23T18:00:00Z', voided: true }], { balanceDueDate: '2027-01-04' });

  it('a checkout: the school and its tax words, each child with classes, dates, add-ons, discounts, payments and figures, then the sums', () => {
    const lines = checkoutReceipt([ava, leo], facts);
    const text = lines.map((l) => (l.amount ? `${l.text} | ${l.amount}` : l.text));
    expect(text.slice(0, 5)).toEqual(['Wildwood Outdoor School', 'Receipt', RECEIPT_TAX_TEXT, 'Receipt date: Nov 27, 2026', 'Account: family@example.com']);
    expect(text).toContain('Ava Rivera · enrolled Nov 20, 2026');
    expect(text).toContain('Wild Art | $260');
    expect(text).toContain('Jan 11 – Mar 15, 2027, Mondays 3:15 pm – 5:00 pm');
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

  it('a payment: how much, when and how, for whom, and what is left', () => {
    const text = paymentReceipt(leo, leo.payments[0], facts).map((l) => (l.amount ? `${l.text} | ${l.amount}` : l.text));
    expect(text[1]).toBe('Payment receipt');
    expect(text.slice(5)).toEqual(['Paid on Nov 22, 2026 by check | $100', 'For Leo Rivera: Wild Art', 'Total | $254', 'Paid | $100', 'Refunded | $0', 'Net paid | $100', 'Balance | $154']);
  });
});
