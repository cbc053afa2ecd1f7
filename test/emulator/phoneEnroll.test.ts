// The office enrolls a family's child on the phone, with real ID tokens: the family's own price first,
// then the family's checkout (its rules: a guardian's name for the releases, seats), the releases
// marked as agreed by phone with the office's name and the day; paid at the office, or from a card
// link emailed to the family, which the family then pays; audited as the office's; once per key; nobody
// but admin and office.
import { describe, expect, it } from 'vitest';
import type { Enrollment } from '../../contract/domain';
import { formatDate } from '../../contract/format';
import { schoolToday } from '../../contract/schedule';
import { adminDb } from '../../scripts/demo/adminApp';
import { createUser } from '../support/emulators';
import { callAs, signInDemo, useSeededDemo } from '../support/fixtures';
import { booksProblems, standIn } from '../support/ledger';
import { addClassesLikeWildArt, AVA, familyWithStudent } from '../support/samples';

const db = () => adminDb();
const enrollment = async (id: string) => (await db().doc(`enrollments/${id}`).get()).data() as Enrollment;

describe('enrolling a child by phone', () => {
  useSeededDemo();

  it('prices as the family’s own cart, enrolls under the family’s rules with the releases marked by phone, audited; the family pays from the card link', async () => {
    await addClassesLikeWildArt([{ id: 'phone-a', title: 'Phone A', capacity: 1, weekday: 2 }]);
    const admin = await signInDemo('admin');
    const family = await familyWithStudent('phone.family@example.com', 'Pia', 'Phone');
    const lines = [{ classId: 'phone-a', addOnIds: [] }];
    const guardianName = AVA.guardians[0].name;
    const asked = { studentId: family.studentId, lines, codes: [], guardianName, idempotencyKey: 'phone-enroll-1' };

    // The office's preview is the family's own price, and changes nothing.
    const { guardianName: _named, ...priced } = asked;
    const preview = await callAs(admin, 'adminPhoneEnroll', { ...priced, send: false });
    expect(preview.status, JSON.stringify(preview.error)).toBe(200);
    const own = (await callAs(family.user, 'priceCart', { children: [{ studentId: family.studentId, lines }], codes: [] })).result!;
    const total = preview.result!.quote.total;
    expect([total, preview.result!.enrollment]).toEqual([own.total, null]);
    expect((await db().collection('enrollments').where('ownerUid', '==', family.user.uid).get()).size).toBe(0);

    // Only admin and office enroll for a family; a family cannot, even for its own child.
    const finance = await createUser('phone.finance@example.com');
    await db().doc(`roles/${finance.uid}`).set({ roles: ['finance'] });
    const send = { ...asked, send: true, expectedTotal: total, emailCardLink: true };
    expect((await callAs(finance, 'adminPhoneEnroll', send)).status).toBe(403);
    expect((await callAs(family.user, 'adminPhoneEnroll', send)).status).toBe(403);
    // The releases are agreed by one of the child's guardians, as a typed signature must be; and at the price agreed.
    expect((await callAs(admin, 'adminPhoneEnroll', { ...send, guardianName: 'Someone Else', idempotencyKey: 'phone-enroll-0' })).status).toBe(400);
    expect((await callAs(admin, 'adminPhoneEnroll', { ...priced, send: true, expectedTotal: total })).error?.message).toBe('guardianName: name the guardian who agreed on the phone.');
    expect((await callAs(admin, 'adminPhoneEnroll', { ...send, expectedTotal: total - 100, idempotencyKey: 'phone-enroll-2' })).status).not.toBe(200);

    const made = await callAs(admin, 'adminPhoneEnroll', send);
    expect(made.status, JSON.stringify(made.error)).toBe(200);
    const e = await enrollment(made.result!.enrollment!.id);
    expect([e.status, e.ownerUid, e.total, e.balance]).toEqual(['confirmed', family.user.uid, total, total]);
    const words = `by phone, ${admin.email}, ${formatDate(schoolToday(), true)}`;
    expect(e.releases.map((r) => [r.typedName, r.byPhone])).toEqual(e.releases.map(() => [guardianName, words]));
    // Once per key: asked again, the same enrollment, and the class (of one seat) still counts one.
    const again = await callAs(admin, 'adminPhoneEnroll', send);
    expect([again.result!.replayed, again.result!.enrollment!.id]).toEqual([true, e.id]);
    expect((await db().doc('classes/phone-a').get()).get('enrolledCount')).toBe(1);
    const audit = (await db().collection('audit').where('kind', '==', 'enrolled-by-phone').get()).docs.map((d) => [d.get('by.email'), d.get('studentName'), d.get('summary')]);
    expect(audit).toEqual([[admin.email, 'Pia Phone', `Enrolled by phone in Phone A for $${total / 100}; releases agreed ${words}`]]);

    // The family's email: what is owed and the link that opens the payment's page; the family pays.
    const mail = (await db().doc(`mail/card-link_${e.id}`).get()).data()!;
    expect(mail.to).toEqual(['phone.family@example.com']);
    expect(mail.message.text).toContain(`The school office enrolled Pia Phone in Phone A on the phone with you.`);
    expect(mail.message.text).toMatch(new RegExp(`^Pay by card: https?://[^/]+/account/enrollments\\?pay=${e.id}$`, 'm'));
    const page = await callAs(family.user, 'payBalance', { enrollmentId: e.id });
    expect(page.status, JSON.stringify(page.error)).toBe(200);
    const sessionId = new URL(page.result!.checkoutUrl).pathname.split('/').at(-1)!;
    expect((await standIn<{ webhookStatus: number }>(`/__standin/sessions/${sessionId}/pay`)).webhookStatus).toBe(200);
    expect((await enrollment(e.id)).balance).toBe(0);

    // The class is full now: the next child is refused as any family's would be.
    const sibling = await familyWithStudent('phone.sibling@example.com', 'Sol', 'Phone');
    const full = await callAs(admin, 'adminPhoneEnroll', { ...send, studentId: sibling.studentId, idempotencyKey: 'phone-enroll-3' });
    expect(full.error?.message).toMatch(/full/);
    expect(await booksProblems(['phone-a'])).toEqual([]);
  });
});
