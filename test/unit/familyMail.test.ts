import { describe, expect, it } from 'vitest';
import { balanceReminderMail, cancellationMail, infoReviewMail, paymentReceivedMail, refundedWholeMail } from '../../functions/src/mail/family';

const e = { studentName: 'Ava <b>Rivera</b>', balance: 12050, balanceDueDate: '2027-01-15' };

describe('emails to families', () => {
  it('say the amount, how, and what is still owed, every value escaped in the HTML', () => {
    const paid = paymentReceivedMail(e, 5000, 'by check', 'https://portal.example');
    expect(paid.text).toContain('We received $50 by check for Ava <b>Rivera</b>. Thank you!');
    expect(paid.text).toContain('Balance due by Jan 15, 2027: $120.50.');
    expect(paid.html).toContain('Ava &lt;b&gt;Rivera&lt;/b&gt;');
    expect(paid.html).not.toContain('<b>');
    expect(paid.text).toContain('My Enrollments: https://portal.example/account/enrollments');
    expect(paymentReceivedMail({ ...e, balance: 0 }, 5000, 'in cash', 'x').text).toContain('Nothing more is owed.');

    const cancelled = cancellationMail(e, ['Wild Art', 'Pond <Life>'], { amount: 2500, how: 'to your card ending 4242' }, 0, 'x');
    expect(cancelled.text).toContain('The school cancelled Wild Art, Pond <Life> for Ava <b>Rivera</b>.');
    expect(cancelled.text).toContain('We are refunding $25 to your card ending 4242.');
    expect(cancelled.text).not.toContain('fee');
    expect(cancelled.html).toContain('Pond &lt;Life&gt;');
    expect(cancellationMail(e, ['Wild Art'], null, 0, 'x').text).toContain('No refund is given.');
    // A fee kept is named, beside the refund or without one.
    expect(cancellationMail(e, ['Wild Art'], { amount: 20000, how: 'by check' }, 4000, 'x').text).toContain('We are refunding $200 by check. The school keeps $40 as a cancellation fee.');
    expect(cancellationMail(e, ['Wild Art'], null, 24000, 'x').text).toContain('No refund is given. The school keeps $240 as a cancellation fee.');
    // The text part keeps a blank line between paragraphs, as the HTML part has them apart.
    expect(cancelled.text).toContain('The school cancelled Wild Art, Pond <Life> for Ava <b>Rivera</b>.\n\nWe are refunding $25');
  });

  it('a payment refunded whole because it came late says why in the words of the page and the office’s record: the seats, or the discount or aid they were priced with', () => {
    const late = refundedWholeMail('seat-lost', 'Ava', false, 26000, 'Visa card ending 4242', 'x');
    expect(late.subject).toMatch(/^Refunded: enrollment not completed/);
    expect(late.text).toContain('We received your payment of $260 for Ava after the checkout time had run out, and the seats (or the discount or financial aid they were priced with) were no longer available. We refunded it in full to your Visa card ending 4242. Ava is not enrolled; you may join the waitlist from the class list.');
  });

  it('reminders carry the unsubscribe link; receipts never do', () => {
    const link = 'https://portal.example/unsubscribe?token=abc';
    expect(balanceReminderMail(e, 'today', 'x', link).text).toContain(`No more reminders? ${link}`);
    expect(balanceReminderMail(e, 'soon', 'x', link).text).toContain('$120.50 is still owed for Ava <b>Rivera</b>, due by Jan 15, 2027.');
    expect(balanceReminderMail(e, 'today', 'x', link).subject).toBe('Balance due today — Wildwood Outdoor School');
    // Sent a day or two late by a run that catches up on a missed one: it says when it was due.
    const late = balanceReminderMail(e, 'overdue', 'x', link);
    expect([late.subject, late.text.split('\n')[0]]).toEqual(['Balance overdue — Wildwood Outdoor School', '$120.50 is still owed for Ava <b>Rivera</b>, due on Jan 15, 2027.']);
    expect(infoReviewMail('Leo', 'Spring 2027', 'https://p', link).text).toContain('My Students: https://p/account/students');
    expect(paymentReceivedMail(e, 1, 'by card', 'x').text).not.toContain('reminders');
  });
});
