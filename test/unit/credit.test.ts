// Paying what is owed from the account credit, pure: oldest enrollment first, each as much as the
// credit still has, a payment and a ledger entry each; nothing without credit or with nothing owed.
import { describe, expect, it } from 'vitest';
import type { Enrollment } from '../../contract/domain';
import { balanceOf } from '../../contract/money';
import { creditGivenBack, creditTakenAgain, NO_CREDIT, NOTHING_OWED, owedFromCredit } from '../../functions/src/domain/credit';
import { refuse } from '../../functions/src/domain/refusal';

const owing = (id: string, total: number, createdAt: string, more: Partial<Enrollment> = {}): Enrollment =>
  ({ id, ownerUid: 'u', studentId: 's', studentName: 'Ava Demo', semesterIds: ['t'], classIds: ['c'], lineItems: [], discounts: [], subtotal: total, total, payments: [], balance: total, status: 'confirmed', releases: [], createdAt, idempotencyKey: id, ...more }) as Enrollment;

describe('paying what is owed from the account credit', () => {
  const older = owing('e1', 20000, '2027-01-01T10:00:00Z', { payments: [{ id: 'p', amount: 5000, method: 'check', note: '', at: '2027-01-01T10:00:00Z', by: 'office' }] });
  const newer = owing('e2', 30000, '2027-02-01T10:00:00Z', { checkoutIds: ['e0', 'e2'] });

  it.each<[string, number, [string, number, number][]]>([
    ['the credit covers the oldest and part of the next', 20000, [['e1', 15000, 0], ['e2', 5000, 25000]]],
    ['the credit covers everything, and keeps the rest', 90000, [['e1', 15000, 0], ['e2', 30000, 0]]],
    ['a little credit pays a little of the oldest', 100, [['e1', 100, 14900]]],
  ])('%s', (_, credit, expected) => {
    const paid = owedFromCredit(credit, [newer, older], 'now', 'ava@example.com') as Exclude<ReturnType<typeof owedFromCredit>, { refused: string }>;
    expect(paid.map((p) => [p.enrollment.id, -p.entry.amount, p.enrollment.balance])).toEqual(expected);
    for (const { enrollment, entry } of paid) {
      expect(enrollment.balance).toBe(balanceOf(enrollment));
      expect(enrollment.payments.at(-1)).toMatchObject({ method: 'credit', amount: -entry.amount, by: 'ava@example.com' });
      // The entry is named by the enrollment's checkout, each once.
      expect(entry).toMatchObject({ kind: 'used', enrollmentId: enrollment.id === 'e2' ? 'e0' : 'e1' });
    }
    expect(new Set(paid.map((p) => p.entry.id)).size).toBe(paid.length);
  });

  it('refuses without credit, and with nothing owed (a card checkout still paying, a cancelled enrollment and a paid one owe nothing here)', () => {
    expect(owedFromCredit(0, [older], 'now', 'x')).toEqual(refuse('failed-precondition', NO_CREDIT));
    const held = owing('e3', 10000, '2027-03-01T10:00:00Z', { status: 'pending_payment' });
    const paidUp = owing('e4', 10000, '2027-03-01T10:00:00Z', { payments: [{ id: 'p', amount: 10000, method: 'cash', note: '', at: 'x', by: 'office' }] });
    expect(owedFromCredit(5000, [held, paidUp, owing('e5', 100, 'x', { status: 'cancelled' })], 'now', 'x')).toEqual(refuse('failed-precondition', NOTHING_OWED));
  });
});

describe('a late card payment taken after its hold gave its credit back', () => {
  // Two children's checkout whose hold used 6000 and 4000 of credit, then ended unpaid.
  const ended = [6000, 4000].map((used, i) => {
    const e = owing(`k${i}`, 20000, '2027-01-01T10:00:00Z', { status: 'expired', payments: [{ id: `k${i}-credit`, amount: used, method: 'credit', note: '', at: 'x', by: 'the portal' }] });
    return { ...e, payments: creditGivenBack(e, 'y').payments };
  });

  it.each<[string, number, number[], number]>([
    ['the account still holds it all: each child pays its part again', 50000, [6000, 4000], 10000],
    ['the account holds less now: the first children first, the rest owed', 7000, [6000, 1000], 7000],
    ['the account holds nothing: all of it owed, no entry', 0, [0, 0], 0],
  ])('%s', (_, balance, parts, total) => {
    const again = creditTakenAgain(ended, balance, 'z');
    expect(again.total).toBe(total);
    expect(again.checkout.map((e) => e.payments.filter((p) => !p.voided).reduce((sum, p) => sum + p.amount, 0))).toEqual(parts);
    expect(again.entry && [again.entry.amount, again.entry.kind]).toEqual(total ? [-total, 'used'] : null);
  });
});
