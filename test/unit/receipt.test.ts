import { describe, expect, it } from 'vitest';
import type { ClassRecord, Enrollment, Semester } from '../../contract/domain';
import { buildReceipt, howToPay, receiptGroups } from '../../functions/src/mail/receipt';

const klass = (id: string, title: string) =>
  ({ id, title, startDate: '2027-01-11', endDate: '2027-01-25', weekdays: [1], startTime: '15:30', endTime: '17:00', location: 'Creek <Barn>' }) as ClassRecord;
const classes = [klass('art', 'Wild Art'), klass('creek', 'Creek Critters'), klass('map', 'Orienteering')];
const semesters = [{ id: 'spring', name: 'Spring 2027', confirmationMarkdown: 'Bring **boots**.' }, { id: 'fall', name: 'Fall 2027', confirmationMarkdown: 'Not this one.' }] as Semester[];

const child = (id: string, studentName: string, lines: [string, number][], discounts: { code: string; description?: string; amount: number }[], paid: number, balanceDueDate?: string): Enrollment => {
  const subtotal = lines.reduce((sum, [, price]) => sum + price, 0);
  const total = subtotal - discounts.reduce((sum, d) => sum + d.amount, 0);
  return {
    id,
    studentName,
    semesterIds: ['spring'],
    lineItems: lines.map(([classId, price]) => ({ title: classes.find((c) => c.id === classId)!.title, price, classIds: [classId], addOns: [] })),
    subtotal,
    discounts,
    total,
    payments: paid ? [{ id: 'p', amount: paid, method: 'card', at: '2026-11-25T00:00:00Z', by: 'Stripe' }] : [],
    balance: total - paid,
    ...(balanceDueDate ? { balanceDueDate } : {}),
  } as unknown as Enrollment;
};

const pia = child('u_spring', 'Pia Cart', [['art', 25_000], ['creek', 22_000]], [], 47_000);
const quinn = child('u_spring_2', 'Quinn Cart', [['map', 26_000]], [{ code: 'SIBLING10', description: 'Sibling discount (10%)', amount: 2_600 }], 23_400);

describe('the receipt of a family checkout', () => {
  it('one child: as before, the total and what was paid', () => {
    const mail = buildReceipt([pia], classes, semesters, 'Pay at the office.', ['a@example.com']);
    expect(mail.message.text.split('\n').slice(0, 2)).toEqual(['Pia Cart is enrolled.', '']);
    expect(mail.message.text).toContain('Total: $470\nPaid: $470\nBalance due: $0');
    expect(mail.message.text).not.toContain('Total for');
    expect(mail.message.text).not.toContain('How to pay');
    expect(mail.enrollmentId).toBe('u_spring');
    expect(mail).not.toHaveProperty('enrollmentIds');
  });

  it('several children paid together: one email, each child’s classes and total under their name, then the checkout’s', () => {
    const mail = buildReceipt([pia, quinn], classes, semesters, 'Pay at the office.', ['a@example.com']);
    const { text, html } = mail.message;
    expect(text.split('\n')[0]).toBe('Pia Cart and Quinn Cart are enrolled.');
    expect(text).toContain('Pia Cart\nWild Art  $250');
    expect(text).toContain('Subtotal: $470\nTotal for Pia Cart: $470');
    expect(text).toContain('Quinn Cart\nOrienteering  $260');
    expect(text).toContain('Discount Sibling discount (10%) (SIBLING10): −$26\nTotal for Quinn Cart: $234');
    expect(text).toContain('\n\nTotal: $704\nPaid: $704\nBalance due: $0');
    // The semester's note once, and only the semesters of this checkout.
    expect(text.match(/Spring 2027:/g)).toHaveLength(1);
    expect(text).not.toContain('Fall 2027');
    expect(html).toContain('<h1>Pia Cart and Quinn Cart are enrolled</h1>');
    expect(html).toContain('<h2>Quinn Cart</h2>');
    expect(html).toContain('Creek &lt;Barn&gt;');
    expect(html).not.toContain('<Barn>');
    expect(mail.enrollmentIds).toEqual(['u_spring', 'u_spring_2']);
  });

  it('a deposit paid, the rest owed: how to pay names paying by card on the portal when the school takes cards', () => {
    const deposit = child('u_dep', 'Pia Cart', [['art', 25_000]], [], 10_000, '2027-01-04');
    const withCard = buildReceipt([deposit], classes, semesters, howToPay('Pay by check or cash.', 'https://register.example.org'), ['a@example.com']).message;
    expect(withCard.text).toContain('How to pay:\nPay by check or cash.\n\nOr pay by card: on My Enrollments (https://register.example.org/account/enrollments), choose Pay balance by card.');
    expect(withCard.html).toContain('<a href="https://register.example.org/account/enrollments"');
    const officeOnly = buildReceipt([deposit], classes, semesters, howToPay('Pay by check or cash.', null), ['a@example.com']).message;
    expect(officeOnly.text).not.toContain('by card');
  });

  it('add-ons taken later: the updated receipt says what was added and what it adds, not "Enrollment confirmed"', () => {
    const later = child('u_add', 'Pia Cart', [['art', 25_000]], [], 25_000);
    const mail = buildReceipt([later], classes, semesters, 'Pay at the office.', ['a@example.com'], { addOns: [{ description: 'Art kit', price: 3_500 }], classTitle: 'Wild Art', charge: 3_500 });
    expect(mail.message.subject).toBe('Add-on added — Wildwood Outdoor School');
    expect(mail.message.text.split('\n').slice(0, 2)).toEqual(['Art kit added to Pia Cart’s Wild Art.', 'This adds $35 to the enrollment; here is the receipt as it now stands.']);
    expect(mail.message.html).toContain('<h1>Art kit added to Pia Cart’s Wild Art</h1>');
  });

  it('a balance still owed: the sum, due by the earliest date, with how to pay', () => {
    const later = child('a', 'Pia Cart', [['art', 25_000]], [], 5_000, '2027-02-01');
    const sooner = child('b', 'Quinn Cart', [['map', 26_000]], [], 5_000, '2027-01-15');
    const { text } = buildReceipt([later, sooner], classes, semesters, 'Pay at the office.', ['a@example.com']).message;
    expect(text).toContain('Total: $510\nPaid: $100\nBalance due by Jan 15, 2027: $410');
    expect(text).toContain('How to pay:\nPay at the office.');
  });

  it('each address gets one receipt about exactly the children it is told of', () => {
    const to = (e: { id: string }) => ({ a: ['p@example.com'], b: ['p@example.com', 'g@example.com'], c: ['p@example.com'], d: ['g@example.com', 'p@example.com'], e: [] })[e.id]!;
    expect(receiptGroups([{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }, { id: 'e' }], to)).toEqual([
      { to: ['p@example.com'], enrollments: [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }] },
      { to: ['g@example.com'], enrollments: [{ id: 'b' }, { id: 'd' }] },
    ]);
    // Two guardians copied on both children share one receipt with the account.
    expect(receiptGroups([{ id: 'a' }, { id: 'b' }], () => ['p@example.com', 'g@example.com'])).toEqual([{ to: ['p@example.com', 'g@example.com'], enrollments: [{ id: 'a' }, { id: 'b' }] }]);
    expect(receiptGroups([{ id: 'a' }], () => [])).toEqual([]);
  });
});
