// A family's page for the office, with real ID tokens: everything of the account on one page (its
// children, enrollments and their money, credit, waitlist places, requests, emails sent), the
// children's guardians for admin and office only, never finance; nothing for a family or an
// instructor; each reading in the audit trail under each child.
import { describe, expect, it } from 'vitest';
import { balanceOf, paidOf } from '../../contract/money';
import type { Enrollment } from '../../contract/domain';
import { adminDb } from '../../scripts/demo/adminApp';
import { createUser } from '../support/emulators';
import { callAs, signInDemo, useSeededDemo } from '../support/fixtures';

describe('a family’s page for the office', () => {
  useSeededDemo();

  it('holds the account’s children, enrollments with their money, credit and emails; guardians for the office only; read in the audit trail', async () => {
    const db = adminDb();
    const admin = await signInDemo('admin');
    await callAs(admin, 'adminGiveCredit', { email: 'family@example.com', amount: 2500, reason: 'A snow day', idempotencyKey: 'household-credit-1' });
    const page = await callAs(admin, 'adminHousehold', { id: 'demo-family' });
    expect(page.status, JSON.stringify(page.error)).toBe(200);
    const h = page.result!;
    expect([h.email, h.children.map((c) => c.name)]).toEqual(['family@example.com', ['Ava Rivera', 'Leo Rivera']]);
    expect(h.children[0].guardians?.map((g) => g.name)).toContain('Sam Rivera');
    // The money of each enrollment is the enrollments table's, to the cent.
    const stored = (await db.collection('enrollments').where('ownerUid', '==', 'demo-family').get()).docs.map((d) => d.data() as Enrollment).filter((e) => e.status !== 'expired');
    expect(h.enrollments.map((e) => [e.id, e.total, e.paid, e.balance]).sort()).toEqual(stored.map((e) => [e.id, e.total, paidOf(e), balanceOf(e)]).sort());
    expect([h.credit.balance, h.credit.entries.map((c) => [c.kind, c.amount, c.words])]).toEqual([2500, [['given', 2500, 'A snow day']]]);
    expect(h.emails.map((m) => m.subject)).toContain('Account credit for your next enrollment — Wildwood Outdoor School');
    const read = (await db.collection('audit').where('kind', '==', 'household-viewed').get()).docs.map((d) => [d.get('by.email'), d.get('studentName'), d.get('summary')]);
    expect(read.sort()).toEqual([
      [admin.email, 'Ava Rivera', 'Read the family’s page (family@example.com)'],
      [admin.email, 'Leo Rivera', 'Read the family’s page (family@example.com)'],
    ]);

    // Finance reads the money and the account's contacts, never a child's guardians.
    const finance = await createUser('finance.household@example.com');
    await db.doc(`roles/${finance.uid}`).set({ roles: ['finance'] });
    const money = (await callAs(finance, 'adminHousehold', { id: 'demo-family' })).result!;
    expect(money.children.every((c) => c.guardians === undefined)).toBe(true);
    expect(JSON.stringify(money)).not.toMatch(/"guardians"/);
    expect(money.enrollments).toEqual(h.enrollments);
    // A family (even the family itself) and an unknown account get nothing.
    expect((await callAs(await signInDemo('family'), 'adminHousehold', { id: 'demo-family' })).status).toBe(403);
    const unknown = await callAs(admin, 'adminHousehold', { id: 'nobody-here' });
    expect([unknown.status, unknown.error?.message]).toEqual([404, 'This family does not exist.']);
  });
});
