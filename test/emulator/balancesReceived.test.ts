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
});
