// Several balances marked received at once by the office, with real ID tokens: each whole balance
// recorded once (its own transaction, audit entry and receipt), what owes nothing listed with why, the
// same request again recording nothing twice; admin, office and finance may, a family may not.
import { describe, expect, it } from 'vitest';
import type { Enrollment } from '../../contract/domain';
import { formatCents } from '../../contract/format';
import { balanceOf } from '../../contract/money';
import { adminDb } from '../../scripts/demo/adminApp';
import { createUser } from '../support/emulators';
import { callAs, signInDemo, useSeededDemo } from '../support/fixtures';
import { addClassesLikeWildArt, AVA, enrollAtQuotedPrice, familyWithStudent, PAID, UNPAID } from '../support/samples';

const db = () => adminDb();
const stored = async (id: string) => (await db().doc(`enrollments/${id}`).get()).data() as Enrollment;

describe('marking several balances received at once', () => {
  useSeededDemo();

  it('records each whole balance once, audited and receipted, and says why one was not; finance may, a family may not', async () => {
    const finance = await createUser('bulk.finance@example.com');
    await db().doc(`roles/${finance.uid}`).set({ roles: ['finance'] });
    // Two of the demo's balances, and a family's with an account to receipt.
    await addClassesLikeWildArt([{ id: 'bulk-a', title: 'Bulk A', capacity: 3, weekday: 2 }]);
    const family = await familyWithStudent('bulk.family@example.com', 'Bea', 'Bulk');
    const made = await enrollAtQuotedPrice(family.user.idToken, { studentId: family.studentId, lines: [{ classId: 'bulk-a', addOnIds: [] }], idempotencyKey: 'bulk-family-1', typedName: AVA.guardians[0].name });
    expect(made.status, JSON.stringify(made.error)).toBe(200);
    const c = await stored((made.result as { enrollment: Enrollment }).enrollment.id);
    const [a, b] = UNPAID.slice(4, 6);
    const asked = { enrollmentIds: [a.id, b.id, PAID.id, c.id], method: 'check' as const, note: 'Checks from the office box', idempotencyKey: 'bulk-balances-1' };
    expect((await callAs(await signInDemo('family'), 'adminRecordBalances', asked)).status).toBe(403);

    const r = await callAs(finance, 'adminRecordBalances', asked);
    expect(r.status, JSON.stringify(r.error)).toBe(200);
    expect(r.result!.recorded.map((x) => [x.enrollmentId, x.amount])).toEqual([
      [a.id, balanceOf(a)],
      [b.id, balanceOf(b)],
      [c.id, balanceOf(c)],
    ]);
    expect(r.result!.skipped).toEqual([{ enrollmentId: PAID.id, why: 'Nothing is owed on this enrollment.' }]);
    for (const e of [a, b, c]) {
      const now = await stored(e.id);
      expect([now.balance, now.payments.length, now.payments.at(-1)!.method, now.payments.at(-1)!.note]).toEqual([0, e.payments.length + 1, 'check', 'Checks from the office box']);
    }
    // Pressed again (a slow answer, a second tab): the same answer, nothing recorded twice.
    const again = await callAs(finance, 'adminRecordBalances', asked);
    expect(again.result!.recorded).toEqual(r.result!.recorded);
    expect((await stored(a.id)).payments.length).toBe(a.payments.length + 1);
    const audit = (await db().collection('audit').where('kind', '==', 'payment-recorded').where('by.email', '==', 'bulk.finance@example.com').get()).docs.map((d) => d.get('record.id') as string);
    expect(audit.sort()).toEqual([a.id, b.id, c.id].sort());
    // The family is receipted once, as for a payment recorded alone (the demo's families have no address).
    const receipts = (await db().collection('mail').where('kind', '==', 'payment-received').where('enrollmentId', '==', c.id).get()).docs.map((d) => d.data());
    expect(receipts.map((m) => [m.to, m.message.text.split('\n')[0]])).toEqual([[['bulk.family@example.com'], `We received ${formatCents(balanceOf(c))} by check for Bea Bulk. Thank you!`]]);
  });

  it('a discount given by hand: off what is owed, once per key, audited, the family emailed with the reason; kept when a class is cancelled; finance may, a family may not', async () => {
    await addClassesLikeWildArt([
      { id: 'disc-a', title: 'Discount A', capacity: 3, weekday: 1 },
      { id: 'disc-b', title: 'Discount B', capacity: 3, weekday: 3 },
    ]);
    const family = await familyWithStudent('discount.family@example.com', 'Dee', 'Count');
    const made = await enrollAtQuotedPrice(family.user.idToken, { studentId: family.studentId, lines: [{ classId: 'disc-a', addOnIds: [] }, { classId: 'disc-b', addOnIds: [] }], idempotencyKey: 'discount-family-1', typedName: AVA.guardians[0].name });
    expect(made.status, JSON.stringify(made.error)).toBe(200);
    const e = await stored((made.result as { enrollment: Enrollment }).enrollment.id);
    const finance = await createUser('discount.finance@example.com');
    await db().doc(`roles/${finance.uid}`).set({ roles: ['finance'] });
    const asked = { enrollmentId: e.id, amount: 5000, reason: 'A hard month for the family', idempotencyKey: 'discount-key-1' };
    expect((await callAs(family.user, 'adminGiveDiscount', asked)).status).toBe(403);
    const r = await callAs(finance, 'adminGiveDiscount', asked);
    expect(r.status, JSON.stringify(r.error)).toBe(200);
    expect((await stored(e.id)).total).toBe(e.total - 5000);
    // Pressed twice: once.
    expect((await callAs(finance, 'adminGiveDiscount', asked)).result!.enrollment.total).toBe(e.total - 5000);
    const after = await stored(e.id);
    expect([after.balance, after.discounts.at(-1), after.officeDiscounts?.length]).toEqual([e.total - 5000, { code: 'office', description: 'Office discount', amount: 5000 }, 1]);
    // Never more than is owed.
    const tooMuch = await callAs(finance, 'adminGiveDiscount', { ...asked, amount: after.balance + 1, idempotencyKey: 'discount-key-2' });
    expect([tooMuch.status, tooMuch.error?.message]).toEqual([400, `A discount lowers what is owed (${formatCents(after.balance)} now): for money already paid, give account credit.`]);
    const audit = (await db().collection('audit').where('kind', '==', 'discount-given').where('record.id', '==', e.id).get()).docs.map((d) => [d.get('by.email'), d.get('summary')]);
    expect(audit).toEqual([['discount.finance@example.com', 'Office discount of $50: A hard month for the family']]);
    const mail = (await db().collection('mail').where('enrollmentId', '==', e.id).get()).docs.map((d) => d.get('message.text') as string).filter((t) => t.includes('took'));
    expect(mail).toEqual([expect.stringContaining('The school office took $50 off Dee Count’s enrollment (Discount A and Discount B): A hard month for the family')]);
    // The family sees the line, not the office's notes.
    const own = (await callAs(family.user, 'myEnrollments')).result!.enrollments.find((x) => x.id === e.id)!;
    expect([own.discounts.at(-1)?.description, 'officeDiscounts' in own]).toEqual(['Office discount', false]);
    // A class cancelled: the discount stays on what is left.
    const admin = await signInDemo('admin');
    const quote = (await callAs(admin, 'adminCancelQuote', { enrollmentId: e.id, classIds: ['disc-b'] })).result!;
    expect(quote.newTotal).toBe(Math.max(0, e.lineItems[0].price - 5000));
    expect((await callAs(admin, 'adminCancelEnrollment', { enrollmentId: e.id, classIds: ['disc-b'], refund: 0, note: 'One class only' })).status).toBe(200);
    const kept = await stored(e.id);
    expect([kept.total, kept.discounts.at(-1)]).toEqual([e.lineItems[0].price - 5000, { code: 'office', description: 'Office discount', amount: 5000 }]);
  });
});
