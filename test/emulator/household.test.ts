// A family's page for the office, with real ID tokens: everything of the account on one page (its
// children, enrollments and their money, credit, waitlist places, requests, emails sent), the
// children's guardians for admin and office only, never finance; nothing for a family or an
// instructor; each reading in the audit trail under each child.
import { describe, expect, it } from 'vitest';
import { balanceOf, paidOf } from '../../contract/money';
import type { Enrollment } from '../../contract/domain';
import { adminDb } from '../../scripts/demo/adminApp';
import { createUser, oobLinks, signIn, useResetLink } from '../support/emulators';
import { AVA } from '../support/samples';
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

  it('makes an account for a family that has none and adds its child; the family claims the account from the email and finds its child', async () => {
    const db = adminDb();
    const admin = await signInDemo('admin');
    const finance = await createUser('household.finance@example.com');
    await db.doc(`roles/${finance.uid}`).set({ roles: ['finance'] });
    const asked = { email: 'Nora.New@Example.com', name: 'Nora New', phone: '(555) 010-1234' };
    // Children's profiles are the office's: finance and families may not.
    expect((await callAs(finance, 'adminCreateFamily', asked)).status).toBe(403);
    expect((await callAs(await signInDemo('family'), 'adminCreateFamily', asked)).status).toBe(403);

    const made = await callAs(admin, 'adminCreateFamily', asked);
    expect(made.status, JSON.stringify(made.error)).toBe(200);
    const { uid, created } = made.result!;
    expect(created).toBe(true);
    const mail = (await db.collection('mail').where('kind', '==', 'account-made').where('to', 'array-contains', 'nora.new@example.com').get()).docs.map((d) => d.get('message.text') as string);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toContain('Hello Nora New: the school office made an account for your family');
    // Asked again (or for an address that has an account): that account, unchanged, no second email.
    expect((await callAs(admin, 'adminCreateFamily', asked)).result).toEqual({ uid, created: false });
    expect((await callAs(admin, 'adminCreateFamily', { ...asked, email: 'family@example.com' })).result).toEqual({ uid: 'demo-family', created: false });
    expect((await db.collection('mail').where('kind', '==', 'account-made').where('to', 'array-contains', 'nora.new@example.com').get()).size).toBe(1);

    const child = { ownerUid: uid, profile: { ...AVA, firstName: 'Nina', lastName: 'New' }, reason: 'Nora called to enroll Nina' };
    expect((await callAs(finance, 'adminAddStudent', child)).status).toBe(403);
    expect((await callAs(admin, 'adminAddStudent', { ...child, ownerUid: 'nobody-here' })).status).toBe(404);
    const added = await callAs(admin, 'adminAddStudent', child);
    expect(added.status, JSON.stringify(added.error)).toBe(200);
    expect(added.result!.student).toMatchObject({ ownerUid: uid, firstName: 'Nina', infoReviewedAt: null });
    const h = (await callAs(admin, 'adminHousehold', { id: uid })).result!;
    expect([h.email, h.holder, h.children.map((c) => c.name)]).toEqual(['nora.new@example.com', { name: 'Nora New', phone: '(555) 010-1234' }, ['Nina New']]);
    const audit = (await db.collection('audit').where('kind', 'in', ['family-created', 'student-changed']).where('by.email', '==', admin.email).get()).docs.map((d) => d.get('summary') as string);
    expect(audit).toEqual(expect.arrayContaining(['Made an account for nora.new@example.com (Nora New)', expect.stringMatching(/^Added by the office .*: Nora called to enroll Nina$/)]));

    // The family follows the email's link, chooses a password, signs in: its child is there.
    const link = (await oobLinks('nora.new@example.com', 'PASSWORD_RESET')).at(-1)!;
    await useResetLink(link, 'nora-pass-1');
    const family = await signIn('nora.new@example.com', 'nora-pass-1');
    expect(family.uid).toBe(uid);
    expect((await callAs(family, 'myStudents')).result!.students.map((x) => x.firstName)).toEqual(['Nina']);
  });
});
