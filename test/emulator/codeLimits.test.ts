// Discount codes with use limits, in all and per family, counted inside the enroll
// transaction (two families cannot both take the last use); a card checkout that lapses unpaid gives
// its use back.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Response } from '../../contract/callables';
import type { Discount } from '../../contract/domain';
import { adminDb } from '../../scripts/demo/adminApp';
import { type CallResult, type TestUser } from '../support/emulators';
import { callAs, seededEmulators, signInDemo } from '../support/fixtures';
import { booksProblems } from '../support/ledger';
import { addClassesLikeWildArt, AVA, familyWithStudent, SAMPLES, signedReleases } from '../support/samples';

const db = () => adminDb();
type Family = { user: TestUser; studentId: string };
type Enrolled = CallResult<Response<'enroll'>>;
const lines = (classId: string) => [{ classId, addOnIds: [] }];
const preview = (family: Family, classId: string, code: string | null) =>
  callAs(family.user, 'priceBasket', { lines: lines(classId), codes: code ? [code] : [], studentId: family.studentId });
let keys = 0;
/** Enrolls at the price the preview showed (as the app does); by card or to pay the office later. */
async function enrollWith(family: Family, classId: string, code: string | null, payWith: 'card' | 'later' = 'later'): Promise<Enrolled> {
  const quote = (await preview(family, classId, code)).result!;
  return callAs(family.user, 'enroll', {
    studentId: family.studentId, lines: lines(classId), codes: code ? [code] : [], expectedTotal: quote.total, infoConfirmed: false,
    releases: signedReleases(AVA.guardians[0].name), idempotencyKey: `limits-${keys++}`, ...(payWith === 'card' ? { payWith: 'card' } : {}),
  });
}
const counted = async (id: string) => ((await db().doc(`discountUses/${id}`).get()).get('uses') as number | undefined) ?? 0;

describe('discount codes with use limits', () => {
  let admin: TestUser;
  let families: Family[];
  const saveCode = async (code: string, limits: Pick<Discount, 'maxUses' | 'maxUsesPerFamily'>) => {
    const saved = await callAs(admin, 'adminSaveDiscount', { ...SAMPLES.adminSaveDiscount!, code, ...limits });
    expect(saved.status, JSON.stringify(saved.error)).toBe(200);
    return saved.result!.discount;
  };
  beforeAll(async () => {
    await seededEmulators();
    admin = await signInDemo('admin');
    await addClassesLikeWildArt(['lim-a', 'lim-b', 'lim-c', 'lim-d', 'lim-e'].map((id, i) => ({ id, title: `Limits ${i}`, capacity: 10, weekday: i + 1 })));
    families = await Promise.all(Array.from({ length: 5 }, (_, i) => familyWithStudent(`limits${i}@example.com`, `Lim${i}`, 'Family')));
  });

  it('the office sets limits on a code; out-of-range limits are refused', async () => {
    const bad = await callAs(admin, 'adminSaveDiscount', { ...SAMPLES.adminSaveDiscount!, code: 'BADLIMIT', maxUses: 0, maxUsesPerFamily: 1000 });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.error)).toContain('must be at least 1');
    const code = await saveCode('TWOONLY', { maxUses: 2, maxUsesPerFamily: null });
    expect(code).toMatchObject({ code: 'TWOONLY', maxUses: 2, maxUsesPerFamily: null });
  });

  it('four families at once for a code with two uses left: exactly two get it, the others are told why and nothing is written for them', async () => {
    const code = (await db().collection('discounts').where('code', '==', 'TWOONLY').get()).docs[0];
    const results = await Promise.all(families.slice(0, 4).map((f) => enrollWith(f, 'lim-a', 'TWOONLY')));
    const won = results.filter((r) => r.status === 200);
    const lost = results.filter((r) => r.status !== 200);
    expect(won).toHaveLength(2);
    for (const r of won) expect(r.result!.enrollment.discounts.map((d) => d.code)).toEqual(['TWOONLY']);
    for (const r of lost) expect(r.error?.message).toBe('TWOONLY has been used as many times as the school allows.');
    expect(await counted(code.id)).toBe(2);
    expect((await db().doc('classes/lim-a').get()).get('enrolledCount')).toBe(2);
    // The preview says so before a family reaches the end, and the office sees the count.
    expect((await preview(families[4], 'lim-a', 'TWOONLY')).result!.codeProblems.map((p) => p.message)).toEqual(['TWOONLY has been used as many times as the school allows.']);
    const list = await callAs(admin, 'adminDiscounts');
    expect(list.result!.counted.TWOONLY).toBe(2);
  });

  it('a code allowed once per family: a second enrollment of that family is refused, another family may use it', async () => {
    await saveCode('ONCEEACH', { maxUses: null, maxUsesPerFamily: 1 });
    const [first, second] = families;
    expect((await enrollWith(first, 'lim-b', 'ONCEEACH')).status).toBe(200);
    expect((await preview(first, 'lim-c', 'ONCEEACH')).result!.codeProblems.map((p) => p.message)).toEqual(['ONCEEACH may be used once per family, and your family has used it.']);
    const again = await callAs(first.user, 'enroll', {
      studentId: first.studentId, lines: lines('lim-c'), codes: ['ONCEEACH'], expectedTotal: 25500, infoConfirmed: false,
      releases: signedReleases(AVA.guardians[0].name), idempotencyKey: `limits-${keys++}`,
    });
    expect(again.status).toBe(400);
    expect(again.error?.message).toBe('ONCEEACH may be used once per family, and your family has used it.');
    expect((await db().doc(`classes/lim-c/roster/${first.studentId}`).get()).exists).toBe(false);
    expect((await enrollWith(second, 'lim-b', 'ONCEEACH')).status).toBe(200);
  });

  it("a card checkout that ends unpaid gives the code's use back", async () => {
    const code = await saveCode('LASTSEAT1', { maxUses: 1, maxUsesPerFamily: null });
    const [payer, other] = [families[2], families[3]];
    const held = await enrollWith(payer, 'lim-d', 'LASTSEAT1', 'card');
    expect(held.status, JSON.stringify(held.error)).toBe(200);
    expect(held.result!.enrollment.status).toBe('pending_payment');
    expect(held.result!.enrollment).not.toHaveProperty('countedDiscountIds');
    expect(await counted(code.id)).toBe(1);
    expect((await preview(other, 'lim-d', 'LASTSEAT1')).result!.codeProblems).toHaveLength(1);
    const released = await callAs(payer.user, 'releaseHold', { enrollmentId: held.result!.enrollment.id });
    expect(released.result!.enrollment.status).toBe('expired');
    expect(await counted(code.id)).toBe(0);
    const used = await enrollWith(other, 'lim-d', 'LASTSEAT1');
    expect(used.status, JSON.stringify(used.error)).toBe(200);
    expect(used.result!.enrollment.discounts.map((d) => d.code)).toEqual(['LASTSEAT1']);
    expect(await counted(code.id)).toBe(1);
  });

  it('a checkout that replaces the family’s card checkout with the same limited code keeps one use: given back and taken in one write', async () => {
    const code = await saveCode('AGAIN5', { maxUses: 5, maxUsesPerFamily: null });
    const family = families[4];
    const held = await enrollWith(family, 'lim-c', 'AGAIN5', 'card');
    expect(held.status, JSON.stringify(held.error)).toBe(200);
    expect(await counted(code.id)).toBe(1);
    // Back from Stripe's page, the family pays the office instead, with the same code.
    const again = await enrollWith(family, 'lim-c', 'AGAIN5');
    expect(again.status, JSON.stringify(again.error)).toBe(200);
    expect(again.result!.enrollment.status).toBe('confirmed');
    expect((await db().doc(`enrollments/${again.result!.enrollment.id}`).get()).get('countedDiscountIds')).toEqual([code.id]);
    expect(again.result!.enrollment.discounts.map((d) => d.code)).toEqual(['AGAIN5']);
    expect((await db().doc(`enrollments/${held.result!.enrollment.id}`).get()).get('hold.replacedBy')).toBe(again.result!.enrollment.id);
    expect(await counted(code.id)).toBe(1);
  });

  it('a family whose card checkout holds a code’s last use keeps it when it checks out again; other families are still refused', async () => {
    const code = await saveCode('ONLYONE', { maxUses: 1, maxUsesPerFamily: 1 });
    const [family, other] = [families[4], families[2]];
    const held = await enrollWith(family, 'lim-e', 'ONLYONE', 'card');
    expect(held.status, JSON.stringify(held.error)).toBe(200);
    expect(await counted(code.id)).toBe(1);
    // Back from Stripe's page: the review prices the code for this family, not for another.
    expect((await preview(family, 'lim-e', 'ONLYONE')).result!.codeProblems).toEqual([]);
    const cart = await callAs(family.user, 'priceCart', { children: [{ studentId: family.studentId, lines: lines('lim-e') }], codes: ['ONLYONE'] });
    expect(cart.result!.codeProblems).toEqual([]);
    expect((await preview(other, 'lim-e', 'ONLYONE')).result!.codeProblems.map((p) => p.message)).toEqual(['ONLYONE has been used as many times as the school allows.']);
    const again = await enrollWith(family, 'lim-e', 'ONLYONE');
    expect(again.status, JSON.stringify(again.error)).toBe(200);
    expect(again.result!.enrollment.status).toBe('confirmed');
    expect(again.result!.enrollment.discounts.map((d) => d.code)).toEqual(['ONLYONE']);
    expect((await db().doc(`enrollments/${held.result!.enrollment.id}`).get()).get('status')).toBe('expired');
    expect(await counted(code.id)).toBe(1);
    const refused = await enrollWith(other, 'lim-e', 'ONLYONE');
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toBe('ONLYONE has been used as many times as the school allows.');
  });

  it('a waitlist entry’s use goes back when the family leaves the list, once a card payment for its offer has ended unpaid, in either order', async () => {
    const code = await saveCode('WAITUSE5', { maxUses: 5, maxUsesPerFamily: null });
    const orders = ['leave the list, then Stripe’s page', 'leave Stripe’s page, then the list'] as const;
    for (const [i, order] of orders.entries()) {
      const classId = `lim-w${i}`;
      await addClassesLikeWildArt([{ id: classId, title: `Limits W${i}`, capacity: 1, weekday: i + 1 }]);
      const [filler, family] = await Promise.all([familyWithStudent(`limits.fill${i}@example.com`, `Fill${i}`, 'Family'), familyWithStudent(`limits.wait${i}@example.com`, `Wait${i}`, 'Family')]);
      const books = async () => expect(await booksProblems([classId], { owners: [filler.user.uid, family.user.uid] }), order).toEqual([]);
      const seat = await enrollWith(filler, classId, null);
      expect(seat.status, JSON.stringify(seat.error)).toBe(200);
      const quote = (await preview(family, classId, 'WAITUSE5')).result!;
      const joined = await callAs(family.user, 'joinWaitlist', {
        studentId: family.studentId, lines: lines(classId), codes: ['WAITUSE5'], expectedTotal: quote.total, infoConfirmed: false,
        releases: signedReleases(AVA.guardians[0].name), idempotencyKey: `limits-wait-${i}`,
      });
      expect(joined.status, JSON.stringify(joined.error)).toBe(200);
      const entryId = joined.result!.entry.id;
      expect(await counted(code.id)).toBe(1);
      // The seat is freed: the family is offered it, and claims it by card.
      const cancelled = await callAs(admin, 'adminCancelEnrollment', { enrollmentId: seat.result!.enrollment.id, classIds: [classId], refund: 0, note: 'Code limits test' });
      expect(cancelled.status, JSON.stringify(cancelled.error)).toBe(200);
      expect((await db().doc(`waitlist/${entryId}`).get()).get('status')).toBe('offered');
      const claimed = await callAs(family.user, 'claimOffer', { entryId, expectedTotal: quote.total, idempotencyKey: `limits-claim-${i}`, payWith: 'card' });
      expect(claimed.status, JSON.stringify(claimed.error)).toBe(200);
      const held = claimed.result!.enrollment;
      expect(held.status).toBe('pending_payment');
      expect(await counted(code.id)).toBe(1);
      await books();
      const leaveList = async () => expect((await callAs(family.user, 'leaveWaitlist', { entryId })).result!.entry.status).toBe('left');
      const leavePage = async () => expect((await callAs(family.user, 'releaseHold', { enrollmentId: held.id })).result!.enrollment.status).toBe('expired');
      const [first, second] = i === 0 ? [leaveList, leavePage] : [leavePage, leaveList];
      await first();
      // Left while paying, the payment keeps the use (paid, the family is enrolled); with the page left, the entry keeps it.
      expect(await counted(code.id), order).toBe(1);
      await books();
      await second();
      expect(await counted(code.id), order).toBe(0);
      await books();
    }
  });
});

