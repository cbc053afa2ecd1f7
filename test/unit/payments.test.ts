// The office's money actions as plans: a payment recorded or voided changes the payments and says so
// in the audit's words, or is refused in words, before anything is written.
import { describe, expect, it } from 'vitest';
import type { Enrollment, Payment } from '../../contract/domain';
import { owingOf, planPaymentRecorded, planPaymentVoided } from '../../functions/src/domain/payments';

const now = new Date('2026-11-27T18:00:00.000Z');
const made = { id: 'pay-new', at: now, by: 'Office Person' };
const check = (over: Partial<Payment> = {}): Payment => ({ id: 'p1', amount: 5000, method: 'check', note: '', at: '2026-11-20T18:00:00.000Z', by: 'Office', ...over });
const enrollment = (over: Partial<Enrollment> = {}) => ({ id: 'e1', status: 'confirmed', total: 26000, payments: [check()], cancellations: [], cardRefunds: [], ...over }) as Enrollment;
const cash = { amount: 3000, method: 'cash' as const, note: 'At pickup' };

describe('recording a payment', () => {
  it.each([
    ['a card checkout never completed', enrollment({ status: 'pending_payment', payments: [] }), cash, 'failed-precondition', 'This enrollment is a card checkout that was never completed: it holds no balance to pay.'],
    ['an expired checkout', enrollment({ status: 'expired', payments: [] }), cash, 'failed-precondition', 'This enrollment is a card checkout that was never completed: it holds no balance to pay.'],
    ['nothing owed', enrollment({ payments: [check({ amount: 26000 })] }), cash, 'failed-precondition', 'Nothing is owed on this enrollment.'],
    ['more than the balance', enrollment(), { ...cash, amount: 21001 }, 'failed-precondition', 'That is more than the balance of $210.'],
    ['the same amount and method less than a minute ago', enrollment({ payments: [check(), check({ id: 'p2', amount: 3000, method: 'cash', at: '2026-11-27T17:59:30.000Z' })] }), cash, 'aborted', 'A payment of $30 by cash was recorded less than a minute ago. Record another one?'],
  ])('is refused for %s', (_why, e, asked, refused, message) => {
    expect(planPaymentRecorded(e, asked, made)).toEqual({ refused, message });
  });

  it('adds the payment (with who and when) and says so; a twin the office confirmed, or one a minute old, is recorded', () => {
    expect(planPaymentRecorded(enrollment(), cash, made)).toEqual({
      payments: [check(), { ...cash, id: 'pay-new', at: now.toISOString(), by: 'Office Person' }],
      kind: 'payment-recorded',
      summary: 'Recorded $30 (cash)',
    });
    const twin = enrollment({ payments: [check({ amount: 3000, method: 'cash', at: '2026-11-27T17:59:30.000Z' })] });
    expect(planPaymentRecorded(twin, { ...cash, confirmDuplicate: true }, made)).toMatchObject({ kind: 'payment-recorded' });
    expect(planPaymentRecorded(twin, cash, { ...made, at: new Date('2026-11-27T18:00:31.000Z') })).toMatchObject({ kind: 'payment-recorded' });
    // The whole balance at once.
    expect(planPaymentRecorded(enrollment(), { ...cash, amount: 21000 }, made)).toMatchObject({ summary: 'Recorded $210 (cash)' });
  });
});

describe('voiding a payment', () => {
  const card = check({ id: 'c1', method: 'card', card: { brand: 'visa', last4: '4242', paymentIntent: 'pi_1', sessionId: 'cs_1' } });
  it.each([
    ['a payment that is not there', enrollment(), 'nope', 'not-found', 'This payment does not exist.'],
    ['a card payment', enrollment({ payments: [card] }), 'c1', 'failed-precondition', 'A card payment cannot be voided: give it back by cancelling classes with a refund by card.'],
    ['a payment already voided', enrollment({ payments: [check({ voided: { reason: 'x', at: '2026-11-21T00:00:00.000Z', by: 'Office' } })] }), 'p1', 'failed-precondition', 'This payment is already voided.'],
  ])('is refused for %s', (_why, e, id, refused, message) => {
    expect(planPaymentVoided(e, id, 'Bounced', made)).toEqual({ refused, message });
  });

  it('marks the payment voided (kept, with the reason), the others unchanged; a payment without an id is named by its place', () => {
    const e = enrollment({ payments: [check(), check({ id: undefined, amount: 2000 })] });
    expect(planPaymentVoided(e, 'p1', 'Bounced', made)).toEqual({
      payments: [check({ voided: { reason: 'Bounced', at: now.toISOString(), by: 'Office Person' } }), check({ id: undefined, amount: 2000 })],
      kind: 'payment-voided',
      summary: 'Voided $50 (check): Bounced',
    });
    expect(planPaymentVoided(e, 'payment-1', 'Typo', made)).toMatchObject({ summary: 'Voided $20 (check): Typo' });
  });
});

describe('paying a balance by card', () => {
  it('pays for the confirmed enrollments that still owe, and says so when none does', () => {
    const owes = enrollment({ id: 'owes' });
    const paid = enrollment({ id: 'paid', payments: [check({ amount: 26000 })] });
    const held = enrollment({ id: 'held', status: 'pending_payment', payments: [] });
    expect(owingOf([paid, owes, held], true)).toEqual([owes]);
    expect(owingOf([paid, held], true)).toEqual({ refused: 'failed-precondition', message: 'Nothing is owed on your enrollments.' });
    expect(owingOf([paid], false)).toEqual({ refused: 'failed-precondition', message: 'Nothing is owed on this enrollment.' });
  });
});
