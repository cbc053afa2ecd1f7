// One checkout for several children — priced together by the one engine (the sibling rule
// ranks the children by list price), every child-class seat taken in one transaction or none, one
// payment (at the office, or one Stripe page), an enrollment per child.
import { checkoutIds } from '../../functions/src/domain/ids';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Payload } from '../../contract/callables';
import type { Enrollment } from '../../contract/domain';
import { formatCents } from '../../contract/format';
import { adminDb } from '../../scripts/demo/adminApp';
import { STANDIN } from '../../scripts/stripe/config';
import { createUser, HOSTING, type TestUser } from '../support/emulators';
import { callAs, seededEmulators, signInDemo } from '../support/fixtures';
import { addClassesLikeWildArt, AVA, newRateWindow, signedReleases } from '../support/samples';

const db = () => adminDb();
const RELEASES = signedReleases(AVA.guardians[0].name);
const seats = async (classId: string) => (await db().doc(`classes/${classId}`).get()).get('enrolledCount') as number;
const stored = async (id: string) => (await db().doc(`enrollments/${id}`).get()).data() as Enrollment;
const count = async (path: string) => (await db().collection(path).count().get()).data().count;
const lines = (ids: string[]) => ids.map((classId) => ({ classId, addOnIds: [] }));
let keys = 0;
type MailDoc = { to: string[]; enrollmentIds?: string[]; message: { subject: string; text: string } };
const key = () => `family-checkout-${Date.now()}-${keys++}`;

/** A family with children (AVA's profile under other names; every class below is open to every grade). */
async function familyWith(email: string, ...names: string[]): Promise<{ user: TestUser; kids: string[] }> {
  const user = await createUser(email);
  const kids: string[] = [];
  for (const firstName of names) {
    const profile = { ...AVA, firstName, lastName: 'Cart', guardians: [{ ...AVA.guardians[0], email }] };
    kids.push((await callAs(user, 'saveStudent', { profile, reviewed: true })).result!.student.id);
  }
  return { user, kids };
}

/** The checkout's request: each child with its classes, priced first by `priceCart` (the total the family saw). */
async function checkout(user: TestUser, children: [string, string[]][], over: Partial<Payload<'enrollFamily'>> = {}) {
  const preview = await callAs(user, 'priceCart', { children: children.map(([studentId, ids]) => ({ studentId, lines: lines(ids) })), codes: over.codes ?? [] });
  expect(preview.status, JSON.stringify(preview.error)).toBe(200);
  const payload: Payload<'enrollFamily'> = {
    children: children.map(([studentId, ids]) => ({ studentId, lines: lines(ids), infoConfirmed: false, releases: RELEASES })),
    codes: [],
    expectedTotal: preview.result!.total,
    idempotencyKey: key(),
    ...over,
  };
  return { preview: preview.result!, payload, submit: () => callAs(user, 'enrollFamily', payload) };
}

describe('one checkout for the whole family', () => {
  beforeAll(async () => {
    await seededEmulators();
    // Classes like Wild Art (open term, Wed 3:15–5:00 moved to its own weekday), at their own prices.
    await addClassesLikeWildArt([
      { id: 'fam-a', title: 'Family A', capacity: 6, weekday: 1 },
      { id: 'fam-b', title: 'Family B', capacity: 6, weekday: 2 },
      { id: 'fam-c', title: 'Family C', capacity: 6, weekday: 3 },
      { id: 'fam-a2', title: 'Family A Twin', capacity: 6, weekday: 1 },
      { id: 'fam-one', title: 'Family One Seat', capacity: 1, weekday: 4 },
      { id: 'fam-card', title: 'Family Card', capacity: 2, weekday: 5 },
      { id: 'fam-kit', title: 'Family Kit', capacity: 6, weekday: 0 },
    ]);
    await db().doc('classes/fam-kit').update({ addOns: [{ id: 'kit', description: 'Field kit', price: 2000 }, { id: 'lunch', description: 'Lunch', price: 4000 }] });
    await db().doc('classes/fam-b').update({ price: 30000 });
    await db().doc('classes/fam-c').update({ price: 20000 });
  });
  beforeEach(newRateWindow);

  it('prices the children together and enrolls each, with the sibling line on the one whose classes cost less; replays change nothing', async () => {
    const { user, kids: [ann, ben] } = await familyWith('cart.one@example.com', 'Ann', 'Ben');
    // Ben's profile also names his other parent, copied on his emails.
    const guardians = (await db().doc(`students/${ben}`).get()).get('guardians') as { name: string; email: string }[];
    await db().doc(`students/${ben}`).update({ guardians: [...guardians, { ...guardians[0], name: 'Bo Cart', email: 'bo.cart@example.com' }] });
    await callAs(user, 'saveDraft', { json: '{"step":"review"}', flow: 'flow-cart-one' });
    // Ann: A ($260) + C ($200) = $460 in full; Ben: B ($300), the 2nd child, 10 % off (SIBLING10).
    const { preview, payload, submit } = await checkout(user, [[ben, ['fam-b']], [ann, ['fam-a', 'fam-c']]], { copyGuardians: true });
    expect(preview.children.map((c) => [c.studentId, c.total, c.discounts])).toEqual([
      [ann, 46000, []],
      [ben, 27000, [{ code: 'SIBLING10', description: 'Sibling discount (10%)', amount: 3000 }]],
    ]);
    expect(preview).toMatchObject({ subtotal: 76000, discountTotal: 3000, total: 73000, codeProblems: [] });
    const before = { a: await seats('fam-a'), b: await seats('fam-b'), c: await seats('fam-c'), mail: await count('mail') };

    const r = await submit();
    expect(r.status, JSON.stringify(r.error)).toBe(200);
    const [forBen, forAnn] = r.result!.enrollments;
    // One enrollment per child, in the order asked; the first is the checkout's.
    expect(forBen).toMatchObject({ studentId: ben, studentName: 'Ben Cart', classIds: ['fam-b'], total: 27000, balance: 27000, status: 'confirmed', discounts: preview.children[1].discounts });
    expect(forAnn).toMatchObject({ studentId: ann, studentName: 'Ann Cart', classIds: ['fam-a', 'fam-c'], total: 46000, status: 'confirmed', discounts: [] });
    expect(forBen.checkoutIds).toEqual([forBen.id, forAnn.id]);
    expect(forAnn.checkoutIds).toEqual(forBen.checkoutIds);
    expect(forBen.id).toBe(checkoutIds(user.uid, payload.idempotencyKey, 2)[0]);
    expect((await stored(forBen.id)).siblings).toEqual({ childrenBefore: 1, takersByClass: { 'fam-a': 1, 'fam-c': 1 } });
    expect((await stored(forAnn.id)).siblings).toBeUndefined();
    expect([await seats('fam-a'), await seats('fam-b'), await seats('fam-c')]).toEqual([before.a + 1, before.b + 1, before.c + 1]);
    expect((await db().doc(`classes/fam-b/roster/${ben}`).get()).get('enrollmentId')).toBe(forBen.id);
    expect((await db().doc(`classes/fam-c/roster/${ann}`).get()).get('enrollmentId')).toBe(forAnn.id);
    // One receipt for the family's address about both children; Ben's other parent hears only of Ben.
    expect(await count('mail')).toBe(before.mail + 2);
    const receipts = (await db().collection('mail').where('enrollmentId', '==', forBen.id).get()).docs.map((d) => d.data() as MailDoc);
    const family = receipts.find((m) => m.to.includes('cart.one@example.com'))!;
    expect(family.to).toEqual(['cart.one@example.com']);
    expect(family.enrollmentIds).toEqual([forBen.id, forAnn.id]);
    expect(family.message.text).toMatch(/^Ben Cart and Ann Cart are enrolled\./);
    expect(family.message.text).toContain('Total for Ben Cart: $270');
    expect(family.message.text).toContain('Total for Ann Cart: $460');
    expect(family.message.text).toContain('Total: $730\nPaid: $0\nBalance due now: $730');
    const other = receipts.find((m) => m.to.includes('bo.cart@example.com'))!;
    expect(other.to).toEqual(['bo.cart@example.com']);
    expect(other.message.text).toMatch(/^Ben Cart is enrolled\./);
    expect(other.message.text).not.toContain('Ann');
    // The draft is gone, and a late save of its flow is not kept.
    expect((await callAs(user, 'loadDraft')).result).toBeNull();
    expect((await callAs(user, 'saveDraft', { json: '{"step":"review"}', flow: 'flow-cart-one' })).result).toMatchObject({ saved: false });
    expect((await callAs(user, 'loadDraft')).result).toBeNull();

    const again = await callAs(user, 'enrollFamily', payload);
    expect(again.result).toMatchObject({ replayed: true });
    expect(again.result!.enrollments.map((e) => e.id)).toEqual([forBen.id, forAnn.id]);
    expect(await seats('fam-b')).toBe(before.b + 1);
    expect((await callAs(user, 'myEnrollments', null)).result!.enrollments.map((e) => e.studentName).sort()).toEqual(['Ann Cart', 'Ben Cart']);

    // A refund for one child's class is computed by the same engine on what remains of that child's enrollment.
    const admin = await signInDemo('admin');
    const quote = await callAs(admin, 'adminCancelQuote', { enrollmentId: forAnn.id, classIds: ['fam-c'] });
    expect(quote.result).toMatchObject({ currentTotal: 46000, newTotal: 26000, keptClassIds: ['fam-a'] });
    // Another class for Ben later: he is still the 2nd child, and nothing he takes is charged again.
    const later = await checkout(user, [[ben, ['fam-c']]]);
    expect(later.preview.total).toBe(18000);
    const added = await callAs(user, 'enroll', { studentId: ben, lines: lines(['fam-c']), infoConfirmed: false, codes: [], expectedTotal: 18000, idempotencyKey: key(), releases: [] });
    expect(added.result!.enrollment).toMatchObject({ classIds: ['fam-c'], total: 18000 });
  });

  it('a code with a use limit counts one use for the checkout; a fixed amount off the total is taken once', async () => {
    const admin = await signInDemo('admin');
    const saved = await callAs(admin, 'adminSaveDiscount', {
      code: 'ONCEFAM', description: '$25 off, once per family', type: 'fixed-basket', amount: 2500, percent: 0, classIds: [], groupIds: [], classTypes: [], minimumCount: 0,
      expiresOn: null, active: true, combinable: true, maxUses: 10, maxUsesPerFamily: 1,
    });
    expect(saved.status, JSON.stringify(saved.error)).toBe(200);
    try {
      const { user, kids: [cam, dot] } = await familyWith('cart.code@example.com', 'Cam', 'Dot');
      const { preview, submit } = await checkout(user, [[cam, ['fam-a']], [dot, ['fam-b']]], { codes: ['ONCEFAM'] });
      // Dot ($300) first: $25 off; Cam the 2nd child: 10 % off, and no second $25.
      expect(preview.children.map((c) => [c.studentId, c.total])).toEqual([[dot, 27500], [cam, 23400]]);
      const r = await submit();
      expect(r.status, JSON.stringify(r.error)).toBe(200);
      expect((await db().doc(`discountUses/${saved.result!.discount.id}`).get()).get('uses')).toBe(1);
      expect(r.result!.enrollments.flatMap((e) => e.discounts.map((d) => [d.code, d.amount]))).toEqual([['SIBLING10', 2600], ['ONCEFAM', 2500]]);
      // Used by this family now: once per family means the next checkout is refused it.
      const next = await checkout(user, [[cam, ['fam-b']]], { codes: ['ONCEFAM'] });
      expect(next.preview.codeProblems[0].message).toBe('ONCEFAM may be used once per family, and your family has used it.');
    } finally {
      await callAs(admin, 'adminDeleteDiscount', { id: saved.result!.discount.id });
    }
  });

  it('refuses a child who cannot take a class, naming child and class, and takes no seat for any child', async () => {
    const { user, kids: [eli, fay] } = await familyWith('cart.refused@example.com', 'Eli', 'Fay');
    await db().doc(`students/${fay}`).update({ grade: 7 });
    const mark = async () => ({ a: await seats('fam-a'), b: await seats('fam-b'), one: await seats('fam-one'), enrollments: await count('enrollments') });
    const before = await mark();
    const refused = async (children: [string, string[]][]) => {
      const { submit } = await checkout(user, children);
      const r = await submit();
      expect(await mark()).toEqual(before);
      return r.error?.message;
    };
    // Grade: Wild Art (grades 1–3) is not for Fay in grade 7.
    expect(await refused([[eli, ['fam-a']], [fay, ['wild-art']]])).toBe('Fay is in grade 7; Wild Art is for grades 1–3.');
    // A time clash of one child's classes (the same hour on Mondays) — the two children may each take one of them.
    expect(await refused([[eli, ['fam-a', 'fam-b']], [fay, ['fam-a', 'fam-a2']]])).toMatch(/^Family A Twin \(Mondays .+\) clashes with Family A \(Mondays .+\)\.$/);
    // The last seat of a class for both children: neither is enrolled.
    expect(await refused([[eli, ['fam-one', 'fam-a']], [fay, ['fam-one']]])).toBe('Family One Seat is full.');
    // A child listed twice is bad input.
    const twice = await callAs(user, 'enrollFamily', { children: [eli, eli].map((studentId) => ({ studentId, lines: lines(['fam-a']), infoConfirmed: false, releases: RELEASES })), codes: [], expectedTotal: 0, idempotencyKey: key() });
    expect(twice.status).toBe(400);
    expect(twice.error?.message).toContain('lists a child twice');
    // Each may take a class at the same hour as the other's.
    const { submit } = await checkout(user, [[eli, ['fam-a']], [fay, ['fam-a2']]]);
    expect((await submit()).status).toBe(200);
    // Already enrolled, refused the next time.
    expect(await (async () => {
      const again = await checkout(user, [[eli, ['fam-b']], [fay, ['fam-a2']]]);
      return (await again.submit()).error?.message;
    })()).toBe('Fay is already enrolled in Family A Twin.');
  });

  it('two brothers and another family racing for the last two seats: both brothers or neither, never oversold', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 3; round++) {
      const classId = `fam-race-${round}`;
      await addClassesLikeWildArt([{ id: classId, title: `Race ${round}`, capacity: 2, weekday: 6 }]);
      const brothers = await familyWith(`cart.race${round}@example.com`, 'Gus', 'Hal');
      const other = await familyWith(`cart.other${round}@example.com`, 'Ida');
      const [pair, single] = await Promise.all([
        checkout(brothers.user, brothers.kids.map((k) => [k, [classId]] as [string, string[]])),
        checkout(other.user, [[other.kids[0], [classId]]]),
      ]);
      const [a, b] = await Promise.all([pair.submit(), single.submit()]);
      const roster = (await db().collection(`classes/${classId}/roster`).get()).docs.map((d) => d.id).sort();
      expect(await seats(classId)).toBe(roster.length);
      expect(roster.length).toBeLessThanOrEqual(2);
      if (a.status === 200) {
        expect(roster).toEqual([...brothers.kids].sort());
        expect(b.error?.message).toBe(`Race ${round} is full.`);
        outcomes.push('brothers');
      } else {
        expect(a.error?.message).toBe(`Race ${round} is full.`);
        expect(b.status).toBe(200);
        expect(roster).toEqual(other.kids);
        outcomes.push('other');
      }
    }
    expect(outcomes).toHaveLength(3);
  });

  it('by card: one Stripe page for every child, confirmed together by its webhook; leaving it gives every seat back', async () => {
    const { user, kids: [ivy, jon] } = await familyWith('cart.card@example.com', 'Ivy', 'Jon');
    const admin = await signInDemo('admin');
    const dashboard = async () => (await callAs(admin, 'adminDashboard', { semesterId: 'open-term' })).result!;
    const before = await dashboard();
    const { submit, preview } = await checkout(user, [[ivy, ['fam-card']], [jon, ['fam-card', 'fam-c']]], { payWith: 'card' });
    const r = await submit();
    expect(r.status, JSON.stringify(r.error)).toBe(200);
    expect(r.result!.checkoutUrl).toMatch(new RegExp(`^${STANDIN.api}/pay/cs_test_`));
    const held = await Promise.all(r.result!.enrollments.map((e) => stored(e.id)));
    expect(held.map((e) => e.status)).toEqual(['pending_payment', 'pending_payment']);
    expect(held[0].hold!.sessionId).toBe(held[1].hold!.sessionId);
    expect(held.reduce((s, e) => s + e.hold!.amount, 0)).toBe(preview.total);
    expect(await seats('fam-card')).toBe(2);
    const paid = await (await fetch(`${STANDIN.api}/__standin/sessions/${held[0].hold!.sessionId}/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json();
    expect(paid.webhookStatus).toBe(200);
    const done = await Promise.all(held.map((e) => stored(e.id)));
    expect(done.map((e) => [e.status, e.balance, e.payments.length])).toEqual([['confirmed', 0, 1], ['confirmed', 0, 1]]);
    expect(done[0].payments[0].amount + done[1].payments[0].amount).toBe(preview.total);
    expect(done[0].payments[0].card!.sessionId).toBe(done[1].payments[0].card!.sessionId);
    expect((await db().doc(`classes/fam-card/roster/${jon}`).get()).get('holdExpiresAt')).toBeUndefined();
    // One receipt for the one payment, naming both children.
    const receipts = (await db().collection('mail').where('enrollmentId', '==', held[0].id).get()).docs.map((d) => d.data() as MailDoc);
    expect(receipts.map((m) => [m.to, m.enrollmentIds, m.message.subject])).toEqual([[['cart.card@example.com'], [held[0].id, held[1].id], 'Enrollment confirmed — Wildwood Outdoor School']]);
    expect(receipts[0].message.text).toMatch(/^Ivy Cart and Jon Cart are enrolled\./);
    expect(receipts[0].message.text).toContain(`Paid: ${formatCents(preview.total)}\nBalance due: $0`);
    expect(await db().collection('mail').where('enrollmentId', '==', held[1].id).count().get().then((c) => c.data().count)).toBe(0);
    // The office counts each child-class once, and one payment over both children.
    const after = await dashboard();
    expect({
      enrollments: after.enrollments - before.enrollments,
      students: after.students - before.students,
      seatsFilled: after.seatsFilled - before.seatsFilled,
      billed: after.billed - before.billed,
      paidByCard: after.paidByCard - before.paidByCard,
    }).toEqual({ enrollments: 2, students: 2, seatsFilled: 3, billed: preview.total, paidByCard: preview.total });
    const rows = (await callAs(admin, 'adminEnrollments', { semesterId: 'open-term', search: 'Cart', pageSize: 1000 })).result!.rows.filter((r) => r.ownerUid === user.uid);
    expect(rows.map((r) => [r.studentName, r.classIds.length, r.paid]).sort()).toEqual([['Ivy Cart', 1, done[0].payments[0].amount], ['Jon Cart', 2, done[1].payments[0].amount]]);

    // A second card checkout, left on Stripe's page: both children's seats go back at once.
    const { user: u2, kids: [kay, lou] } = await familyWith('cart.leave@example.com', 'Kay', 'Lou');
    const second = await checkout(u2, [[kay, ['fam-b']], [lou, ['fam-b']]], { payWith: 'card' });
    const seatsBefore = await seats('fam-b');
    const left = await second.submit();
    expect(await seats('fam-b')).toBe(seatsBefore + 2);
    const released = await callAs(u2, 'releaseHold', { enrollmentId: left.result!.enrollments[0].id });
    expect(released.result!.enrollment.status).toBe('expired');
    expect((await stored(left.result!.enrollments[1].id)).status).toBe('expired');
    expect(await seats('fam-b')).toBe(seatsBefore);
  });

  it('adds an add-on to a class a child takes: repriced by the engine, only the add-on owed, the roster and a receipt updated', async () => {
    const { user, kids: [max, nia] } = await familyWith('cart.kit@example.com', 'Max', 'Nia');
    const r = await (await checkout(user, [[max, ['fam-kit']], [nia, ['fam-kit']]])).submit();
    expect(r.status, JSON.stringify(r.error)).toBe(200);
    const forNia = r.result!.enrollments[1];
    expect(forNia.total).toBe(23400); // the 2nd child: 10 % off the class
    const mail = await count('mail');
    // Asked first what it adds: nothing changes.
    const quoted = await callAs(user, 'addAddOns', { enrollmentId: forNia.id, classId: 'fam-kit', addOnIds: ['kit'] });
    expect(quoted.result).toMatchObject({ charge: 2000, added: false });
    expect((await stored(forNia.id)).total).toBe(23400);
    const added = await callAs(user, 'addAddOns', { enrollmentId: forNia.id, classId: 'fam-kit', addOnIds: ['kit'], expectedCharge: 2000 });
    expect(added.status, JSON.stringify(added.error)).toBe(200);
    // The sibling rule never takes from an add-on: $20 more, owed.
    expect(added.result).toMatchObject({ charge: 2000, added: true });
    expect(added.result!.enrollment).toMatchObject({ total: 25400, balance: 25400, subtotal: 28000 });
    expect(added.result!.enrollment.lineItems[0].addOns).toEqual([{ id: 'kit', description: 'Field kit', price: 2000 }]);
    expect((await db().doc(`classes/fam-kit/roster/${nia}`).get()).get('addOns')).toEqual([{ id: 'kit', description: 'Field kit', price: 2000 }]);
    expect(await count('mail')).toBe(mail + 1);
    // The updated receipt says what changed, and how to pay it, by card on the portal too.
    const [receipt] = (await db().collection('mail').where('enrollmentId', '==', forNia.id).where('message.subject', '==', 'Add-on added — Wildwood Outdoor School').get()).docs.map((d) => d.data());
    expect(receipt.message.text).toMatch(/^Field kit added to Nia \S+’s Family Kit\.\nThis adds \$20 to the enrollment/);
    expect(receipt.message.text).toContain(`Or pay by card: on My Enrollments (${HOSTING}/account/enrollments), choose Pay balance by card.`);
    // Taken already; a figure the family did not see; another family: refused, nothing changed.
    expect((await callAs(user, 'addAddOns', { enrollmentId: forNia.id, classId: 'fam-kit', addOnIds: ['kit'], expectedCharge: 2000 })).error?.message).toBe('Family Kit already has Field kit.');
    expect((await callAs(user, 'addAddOns', { enrollmentId: forNia.id, classId: 'fam-kit', addOnIds: ['lunch'], expectedCharge: 2000 })).error?.message).toBe('Prices changed, please review your enrollment before submitting again.');
    const stranger = await createUser('cart.stranger@example.com');
    expect((await callAs(stranger, 'addAddOns', { enrollmentId: forNia.id, classId: 'fam-kit', addOnIds: ['lunch'], expectedCharge: 4000 })).status).toBe(404);
    expect((await stored(forNia.id)).total).toBe(25400);
    // The office cancelling the class reprices with the add-on as paid for.
    const admin = await signInDemo('admin');
    const quote = await callAs(admin, 'adminCancelQuote', { enrollmentId: forNia.id, classIds: ['fam-kit'] });
    expect(quote.result).toMatchObject({ currentTotal: 25400, newTotal: 0 });
    // An enrollment the office has cancelled takes no add-on: refused in words, not an error.
    const forMax = r.result!.enrollments[0];
    expect((await callAs(admin, 'adminCancelEnrollment', { enrollmentId: forMax.id, classIds: ['fam-kit'], refund: 0, note: 'Moved away' })).status).toBe(200);
    const late = await callAs(user, 'addAddOns', { enrollmentId: forMax.id, classId: 'fam-kit', addOnIds: ['kit'], expectedCharge: 2000 });
    expect([late.status, late.error?.message]).toEqual([400, 'Add-ons can be added to a confirmed enrollment only.']);
  });

  it('the office adds an add-on for a family from its page, also once registration has closed; audited as the office’s; finance and families may not use its call', async () => {
    const { user, kids: [ola] } = await familyWith('cart.office.kit@example.com', 'Ola');
    const r = await (await checkout(user, [[ola, ['fam-kit']]])).submit();
    expect(r.status, JSON.stringify(r.error)).toBe(200);
    const e = r.result!.enrollments[0];
    const admin = await signInDemo('admin');
    const offers = async () => (await callAs(admin, 'adminHousehold', { id: user.uid })).result!.enrollments[0].addOnOffers.map((o) => [o.classTitle, o.addOnId, o.price]);
    expect(await offers()).toEqual([['Family Kit', 'kit', 2000], ['Family Kit', 'lunch', 4000]]);
    const asked = { enrollmentId: e.id, classId: 'fam-kit', addOnIds: ['kit'] };
    const term = db().doc(`semesters/${(await db().doc('classes/fam-kit').get()).get('semesterId') as string}`);
    const closes = (await term.get()).get('registrationCloses') as string;
    await term.update({ registrationCloses: '2000-01-01' });
    try {
      // Registration closed: the family is sent to the office, which may add it.
      expect((await callAs(user, 'addAddOns', asked)).error?.message).toMatch(/^Registration for .* is closed: please ask the office\.$/);
      const finance = await createUser('cart.finance@example.com');
      await db().doc(`roles/${finance.uid}`).set({ roles: ['finance'] });
      expect((await callAs(finance, 'adminAddAddOns', asked)).status).toBe(403);
      expect((await callAs(user, 'adminAddAddOns', asked)).status).toBe(403);
      const quoted = await callAs(admin, 'adminAddAddOns', asked);
      expect(quoted.result).toMatchObject({ charge: 2000, added: false });
      const added = await callAs(admin, 'adminAddAddOns', { ...asked, expectedCharge: 2000 });
      expect(added.status, JSON.stringify(added.error)).toBe(200);
      expect(added.result!.enrollment).toMatchObject({ total: e.total + 2000, balance: e.balance + 2000 });
    } finally {
      await term.update({ registrationCloses: closes });
    }
    expect((await db().doc(`classes/fam-kit/roster/${ola}`).get()).get('addOns')).toEqual([{ id: 'kit', description: 'Field kit', price: 2000 }]);
    expect(await offers()).toEqual([['Family Kit', 'lunch', 4000]]);
    const audit = (await db().collection('audit').where('kind', '==', 'add-ons-added').where('record.id', '==', e.id).get()).docs.map((d) => [d.get('by.email'), d.get('summary')]);
    expect(audit).toEqual([[admin.email, 'Added Field kit to Family Kit for the family ($20)']]);
  });
});
