// The seat ledger, tried as an attacker and as a hurried parent would: ids that name each other,
// renewed holds, a page paid twice, an offer lost on Stripe's page, code uses escaping through the
// waitlist, unproven accounts, parallel calls against an account's limits, refunds at once, and the
// race of two paths freeing one seat. After each test the books agree (test/support/ledger.ts).
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Payload } from '../../contract/callables';
import { HOLD_LIMITS } from '../../contract/constants';
import type { ClassRecord, Enrollment, WaitlistEntry } from '../../contract/domain';
import { adminDb } from '../../scripts/demo/adminApp';
import { STANDIN } from '../../scripts/stripe/config';
import { createUnverifiedUser, type TestUser } from '../support/emulators';
import { callAs, seededEmulators, signInDemo } from '../support/fixtures';
import { booksProblems, checkoutIds, standIn, stripeSession } from '../support/ledger';
import { addClassesLikeWildArt, AVA, classFormOf, familyWithStudent, lettered, signedReleases } from '../support/samples';

type Family = { user: TestUser; studentId: string };
const db = () => adminDb();
const CLASSES = ['led-a', 'led-b', 'led-c', 'led-d', 'led-e', 'led-f', 'led-g', 'led-h', 'led-i', 'led-j', 'led-k', 'led-l', 'led-m', 'led-n'];
const lines = (ids: string[]) => ids.map((classId) => ({ classId, addOnIds: [] }));
let keys = 0;
const key = (what: string) => `ledger-${what}-${Date.now()}-${keys++}`;
const enrollment = async (id: string) => (await db().doc(`enrollments/${id}`).get()).data() as Enrollment;
const entry = async (id: string) => (await db().doc(`waitlist/${id}`).get()).data() as WaitlistEntry;
const enrolled = async (classId: string) => (await db().doc(`classes/${classId}`).get()).get('enrolledCount') as number;
const RELEASES = signedReleases(AVA.guardians[0].name);

async function quote(family: Family, classIds: string[], codes: string[] = []) {
  return (await callAs(family.user, 'priceBasket', { lines: lines(classIds), codes, studentId: family.studentId })).result!.total;
}
async function enroll(family: Family, classIds: string[], over: Partial<Payload<'enroll'>> = {}) {
  const expectedTotal = await quote(family, classIds, over.codes);
  return callAs(family.user, 'enroll', { studentId: family.studentId, lines: lines(classIds), codes: [], expectedTotal, infoConfirmed: false, releases: RELEASES, idempotencyKey: key('enroll'), ...over });
}
async function join(family: Family, classIds: string[], codes: string[] = [], idempotencyKey = key('join')) {
  const expectedTotal = await quote(family, classIds, codes);
  return callAs(family.user, 'joinWaitlist', { studentId: family.studentId, lines: lines(classIds), codes, expectedTotal, infoConfirmed: false, releases: RELEASES, idempotencyKey });
}
/**
 * The sibling rule switched as the office's save switches it: the catalogue is stamped with the
 * change, so the price preview and the checkout read the school's offer afresh (they keep it for a
 * few seconds otherwise).
 */
async function switchSiblingRule(active: boolean) {
  await db().doc('discounts/sibling10').update({ active });
  await db().doc('config/catalogue').set({ stamp: `sibling-${active}-${Date.now()}`, at: new Date().toISOString() });
}
/** A second child on the family's account. */
async function sibling(family: Family, firstName: string): Promise<string> {
  const saved = await callAs(family.user, 'saveStudent', { profile: { ...AVA, firstName, lastName: 'Ledger', guardians: [{ ...AVA.guardians[0], email: family.user.email }] }, reviewed: true });
  expect(saved.status, JSON.stringify(saved.error)).toBe(200);
  return saved.result!.student.id;
}
const sessionOf = (url: string) => url.split('/pay/')[1];

describe('the seat ledger: seats, holds, offers, codes and limits keep the books', () => {
  let admin: TestUser;
  let families: Family[];
  beforeAll(async () => {
    process.env.FUNCTIONS_EMULATOR = 'true';
    process.env.STRIPE_SECRET_KEY = STANDIN.secretKey;
    await seededEmulators();
    admin = await signInDemo('admin');
    await addClassesLikeWildArt(lettered('led', 'Ledger', { a: 1, b: 1, c: 3, d: 1, e: 1, f: 4, g: 2, h: 1, i: 1, j: 1, k: 1, l: 1, m: 1, n: 1 }));
    families = await Promise.all(Array.from({ length: 19 }, (_, i) => familyWithStudent(`ledger${i}@example.com`, `Ledger${i}`, 'Family')));
  }, 180_000);

  afterEach(async () => {
    expect(await booksProblems(CLASSES)).toEqual([]);
  });

  it('the books name what is wrong in the classes asked about, and nothing of a class between them', async () => {
    await addClassesLikeWildArt(lettered('bk', 'Books', { a: 2, b: 2, c: 2 }));
    // Class B: a seat taken by nobody's enrollment. Class C: a child on the roster without a seat.
    await db().doc('classes/bk-b/seats/s0000').set({ state: 'taken', classId: 'bk-b', enrollmentId: 'nobody-enr', studentId: 'nobody', at: new Date().toISOString() });
    await db().doc('classes/bk-c/roster/stray').set({ enrollmentId: 'stray-enr', seat: 's0001' });
    onTestFinished(async () => void (await Promise.all(['classes/bk-b/seats/s0000', 'classes/bk-c/roster/stray', ...['a', 'b', 'c'].map((x) => `classes/bk-${x}`)].map((path) => db().doc(path).delete()))));
    expect(await booksProblems(['bk-a'])).toEqual([]);
    const aAndC = await booksProblems(['bk-a', 'bk-c']);
    expect(aAndC).toContain("bk-c: stray's roster entry has no seat of its own (s0001)");
    expect(aAndC).toContain('bk-c: enrolledCount 0, 1 on the roster');
    expect(aAndC.filter((p) => p.includes('bk-b') || p.startsWith('bk-a'))).toEqual([]);
    const b = await booksProblems(['bk-b']);
    expect(b).toContain('bk-b/s0000: a taken seat without a confirmed enrollment of nobody');
    expect(b).toContain('bk-b: 1 seats taken or held, 0 on the roster');
  });

  it('an unpaid enrollment cannot be overwritten by a checkout whose key names its id', async () => {
    const family = families[0];
    const second = await sibling(family, 'Wren');
    // Child 1, at the office, with a key that the old ids would have made the 2nd child's of key K.
    const first = await enroll(family, ['led-c'], { idempotencyKey: 'ledger-K_2' });
    expect(first.status, JSON.stringify(first.error)).toBe(200);
    const owed = first.result!.enrollment;
    expect(owed.balance).toBeGreaterThan(0);
    // Then key K by card: child 2 in the same class, child 1 elsewhere; then Cancel on Stripe's page.
    const priced = await callAs(family.user, 'priceCart', { children: [{ studentId: second, lines: lines(['led-c']) }, { studentId: family.studentId, lines: lines(['led-f']) }], codes: [] });
    const both = await callAs(family.user, 'enrollFamily', {
      children: [
        { studentId: second, lines: lines(['led-c']), infoConfirmed: false, releases: RELEASES },
        { studentId: family.studentId, lines: lines(['led-f']), infoConfirmed: false, releases: RELEASES },
      ],
      codes: [], expectedTotal: priced.result!.total, idempotencyKey: 'ledger-K', payWith: 'card',
    });
    expect(both.status, JSON.stringify(both.error)).toBe(200);
    const ids = both.result!.enrollments.map((e) => e.id);
    expect(ids).toEqual(checkoutIds(family.user.uid, 'ledger-K', 2));
    expect(ids).not.toContain(owed.id);
    expect((await callAs(family.user, 'releaseHold', { enrollmentId: ids[0] })).result!.enrollment.status).toBe('expired');
    // Child 1's office enrollment stands: still owed, still on the roster, still counted.
    const kept = await enrollment(owed.id);
    expect([kept.status, kept.balance]).toEqual(['confirmed', owed.total]);
    expect((await db().doc(`classes/led-c/roster/${family.studentId}`).get()).get('enrollmentId')).toBe(owed.id);
    expect(await enrolled('led-c')).toBe(1);
    expect(await enrolled('led-f')).toBe(0);
  });

  it('a new card checkout for the same child replaces the first: its page is closed and the first hold’s end is kept', async () => {
    const family = families[1];
    const one = await enroll(family, ['led-a'], { payWith: 'card' });
    expect(one.status, JSON.stringify(one.error)).toBe(200);
    const first = await enrollment(one.result!.enrollment.id);
    await new Promise((r) => setTimeout(r, 1100));
    const two = await enroll(family, ['led-a'], { payWith: 'card' });
    expect(two.status, JSON.stringify(two.error)).toBe(200);
    const second = await enrollment(two.result!.enrollment.id);
    onTestFinished(async () => void (await callAs(family.user, 'releaseHold', { enrollmentId: second.id })));
    expect(second.hold!.expiresAt).toBe(first.hold!.expiresAt);
    const replaced = await enrollment(first.id);
    expect([replaced.status, replaced.hold!.replacedBy]).toEqual(['expired', second.id]);
    expect((await stripeSession(first.hold!.sessionId!)).status).toBe('expired');
    expect((await stripeSession(second.hold!.sessionId!)).status).toBe('open');
    // One seat, the new checkout's.
    expect(await enrolled('led-a')).toBe(1);
    expect((await db().doc(`classes/led-a/roster/${family.studentId}`).get()).get('enrollmentId')).toBe(second.id);
  });

  it('an account holds a bounded number of seats and starts a bounded number of card checkouts a day', async () => {
    const family = families[2];
    // Twelve seats already held by this account (its other checkouts, written as they would be).
    const until = new Date(Date.now() + 20 * 60_000).toISOString();
    const holding = { ...(await enrollment((await enroll(family, ['led-f'])).result!.enrollment.id)) };
    await db().doc(`enrollments/${holding.id}`).update({ status: 'pending_payment', classIds: Array.from({ length: HOLD_LIMITS.seats }, (_, i) => `elsewhere-${i}`), hold: { expiresAt: until, amount: holding.total }, payments: [] });
    const refused = await enroll(family, ['led-e'], { payWith: 'card' });
    expect([refused.status, refused.error?.message]).toEqual([400, `Your account already holds ${HOLD_LIMITS.seats} seats waiting for card payments: pay for them, or let them go, before holding more.`]);
    await db().doc(`enrollments/${holding.id}`).delete();
    await db().doc('classes/led-f/roster/' + family.studentId).delete();
    const seat = (await db().collection('classes/led-f/seats').where('enrollmentId', '==', holding.id).get()).docs[0];
    await seat.ref.delete();
    await db().doc('classes/led-f').update({ enrolledCount: 0 });
    // A day's card checkouts.
    await db().doc(`accounts/${family.user.uid}`).set({ holdsDay: new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date()), holds: HOLD_LIMITS.perDay }, { merge: true });
    const tooMany = await enroll(family, ['led-e'], { payWith: 'card' });
    expect([tooMany.status, tooMany.error?.message]).toEqual([429, 'You have started many card payments today. Please finish one, or try again tomorrow.']);
    expect(await enrolled('led-e')).toBe(0);
  });

  it('Pay, Back, Pay again: the first page is closed; a payment that still gets through on it is refunded as a duplicate, and said so', async () => {
    const family = families[3];
    const one = (await enroll(family, ['led-d'], { payWith: 'card' })).result!;
    const two = (await enroll(family, ['led-d'], { payWith: 'card' })).result!;
    expect((await stripeSession(sessionOf(one.checkoutUrl!))).status).toBe('expired');
    // The first page can no longer be paid.
    expect((await standIn<{ error?: { message: string } }>(`/__standin/sessions/${sessionOf(one.checkoutUrl!)}/pay`)).error?.message).toBe('This checkout is expired.');
    expect((await standIn<{ webhookStatus: number }>(`/__standin/sessions/${sessionOf(two.checkoutUrl!)}/pay`)).webhookStatus).toBe(200);
    expect((await enrollment(two.enrollment.id)).status).toBe('confirmed');
    // Stripe completed the first page a moment before the portal closed it: that payment is a duplicate.
    expect((await standIn<{ webhookStatus: number }>(`/__standin/sessions/${sessionOf(one.checkoutUrl!)}/pay-late`)).webhookStatus).toBe(200);
    const first = await enrollment(one.enrollment.id);
    expect(first.status).toBe('expired');
    expect(first.cardRefunds).toEqual([expect.objectContaining({ kind: 'duplicate', amount: first.total, sessionId: sessionOf(one.checkoutUrl!) })]);
    const mail = (await db().collection('mail').where('enrollmentId', '==', first.id).get()).docs.map((d) => d.get('message.text') as string);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatch(/^We received a second payment of \$\d+ for Ledger3 Family, for seats already paid for/);
    expect(mail[0]).not.toMatch(/filled/);
    // The family's page says so too.
    const mine = await callAs(family.user, 'myEnrollment', { enrollmentId: first.id });
    expect(mine.result!.enrollment.cardRefunds![0]).toMatchObject({ kind: 'duplicate', sessionId: sessionOf(one.checkoutUrl!) });
    expect(await enrolled('led-d')).toBe(1);
  });

  it('a waitlist offer stays the family’s after Cancel on Stripe’s page; the entry says enrolled only once paid', async () => {
    const [holder, waiter] = [families[4], families[5]];
    const held = (await enroll(holder, ['led-b'])).result!.enrollment;
    const joined = await join(waiter, ['led-b']);
    expect(joined.status, JSON.stringify(joined.error)).toBe(200);
    expect((await callAs(admin, 'adminCancelEnrollment', { enrollmentId: held.id, classIds: ['led-b'], refund: 0, note: 'Ledger' })).status).toBe(200);
    const offered = await entry(joined.result!.entry.id);
    expect(offered.status).toBe('offered');
    const total = offered.quote.total;
    const claim1 = await callAs(waiter.user, 'claimOffer', { entryId: offered.id, expectedTotal: total, idempotencyKey: key('claim'), payWith: 'card' });
    expect(claim1.status, JSON.stringify(claim1.error)).toBe(200);
    expect((await entry(offered.id)).status).toBe('offered');
    // Cancel on Stripe's page: the seat goes back to the offer, not to anyone else.
    expect((await callAs(waiter.user, 'releaseHold', { enrollmentId: claim1.result!.enrollment.id })).status).toBe(200);
    const after = await entry(offered.id);
    expect(after.status).toBe('offered');
    expect((await db().doc(`classes/led-b/seats/${after.offer!.seats!['led-b']}`).get()).get('state')).toBe('offered');
    const stranger = await enroll(families[6], ['led-b']);
    expect(stranger.error?.message).toBe('Ledger B is full.');
    // Claimed again, paid: now enrolled.
    const claim2 = await callAs(waiter.user, 'claimOffer', { entryId: offered.id, expectedTotal: total, idempotencyKey: key('claim'), payWith: 'card' });
    expect(claim2.status, JSON.stringify(claim2.error)).toBe(200);
    expect((await standIn<{ webhookStatus: number }>(`/__standin/sessions/${sessionOf(claim2.result!.checkoutUrl!)}/pay`)).webhookStatus).toBe(200);
    expect((await entry(offered.id)).status).toBe('enrolled');
    expect((await enrollment(claim2.result!.enrollment.id)).status).toBe('confirmed');
  });

  it('a claim’s page left just after its offer ended gives the seat back to that offer until the waitlist job ends it, then to the next family', async () => {
    const [holder, waiter, next] = await Promise.all(['h0', 'h1', 'h2'].map((n) => familyWithStudent(`ledger-${n}@example.com`, `Ledger${n}`, 'Family')));
    const held = (await enroll(holder, ['led-h'])).result!.enrollment;
    const first = (await join(waiter, ['led-h'])).result!.entry;
    const second = (await join(next, ['led-h'])).result!.entry;
    expect((await callAs(admin, 'adminCancelEnrollment', { enrollmentId: held.id, classIds: ['led-h'], refund: 0, note: 'Ledger' })).status).toBe(200);
    const offered = await entry(first.id);
    expect(offered.status).toBe('offered');
    const claim = await callAs(waiter.user, 'claimOffer', { entryId: first.id, expectedTotal: offered.quote.total, idempotencyKey: key('claim'), payWith: 'card' });
    expect(claim.status, JSON.stringify(claim.error)).toBe(200);
    // The offer's end passes while the family is on Stripe's page, before the waitlist job has run.
    await db().doc(`waitlist/${first.id}`).update({ 'offer.expiresAt': new Date(Date.now() - 60_000).toISOString() });
    expect((await callAs(waiter.user, 'releaseHold', { enrollmentId: claim.result!.enrollment.id })).status).toBe(200);
    expect(await booksProblems(['led-h'])).toEqual([]);
    const seat = offered.offer!.seats!['led-h'];
    expect((await db().doc(`classes/led-h/seats/${seat}`).get()).data()).toMatchObject({ state: 'offered', entryId: first.id });
    expect((await entry(second.id)).status).toBe('waiting');
    // The job ends the offer and passes the seat on.
    const { runWaitlistJob } = await import('../../functions/src/usecases/waitlist');
    await runWaitlistJob(new Date(), ['led-h']);
    expect((await entry(first.id)).status).toBe('lapsed');
    expect((await entry(second.id)).status).toBe('offered');
    for (const e of [second]) await callAs(next.user, 'leaveWaitlist', { entryId: e.id });
  });

  it('a code with one use counts it when a family joins a waitlist with it, and gets it back when the family leaves', async () => {
    await db().doc('discounts/ledger-once').set({ id: 'ledger-once', code: 'LEDGERONCE', description: 'Ledger once', type: 'percent-basket', amount: 0, percent: 10, classIds: [], groupIds: [], classTypes: [], minimumCount: 0, expiresOn: null, active: true, combinable: true, maxUses: 1 });
    const [holder, waiter, other] = [families[7], families[8], families[9]];
    expect((await enroll(holder, ['led-e'])).status).toBe(200);
    const joined = await join(waiter, ['led-e'], ['LEDGERONCE']);
    expect(joined.status, JSON.stringify(joined.error)).toBe(200);
    expect((await db().doc('discountUses/ledger-once').get()).get('uses')).toBe(1);
    const refused = await callAs(other.user, 'priceBasket', { lines: lines(['led-f']), codes: ['LEDGERONCE'] });
    expect(refused.result!.codeProblems[0].message).toMatch(/used/);
    expect((await callAs(waiter.user, 'leaveWaitlist', { entryId: joined.result!.entry.id })).status).toBe(200);
    expect((await db().doc('discountUses/ledger-once').get()).get('uses')).toBe(0);
    const used = await enroll(other, ['led-f'], { codes: ['LEDGERONCE'] });
    expect(used.status, JSON.stringify(used.error)).toBe(200);
    expect(used.result!.enrollment.discounts.map((d) => d.code)).toEqual(['LEDGERONCE']);
  });

  it('an unproven account cannot wait or take a seat; a child waits once per class; a family whose offer lapsed rejoins at the end', async () => {
    const stranger = await createUnverifiedUser('ledger.unverified@example.com');
    const saved = await callAs(stranger, 'saveStudent', { profile: { ...AVA, firstName: 'Nobody', guardians: [{ ...AVA.guardians[0], email: stranger.email }] }, reviewed: true });
    const nobody = { user: stranger, studentId: saved.result!.student.id };
    const mailBefore = (await db().collection('mail').count().get()).data().count;
    const refused = await join(nobody, ['led-e']);
    expect([refused.status, refused.error?.message]).toEqual([400, 'To join a waitlist, please verify your email address first (open the link we emailed you): offers are sent there.']);
    const seat = await enroll(nobody, ['led-f']);
    expect([seat.status, seat.error?.message]).toEqual([400, 'To pay the office later, please verify your email address first (open the link we emailed you), or pay by card.']);
    expect((await db().collection('mail').count().get()).data().count).toBe(mailBefore);

    const [a, b] = [families[10], families[11]];
    const first = await join(a, ['led-e']);
    expect(first.status, JSON.stringify(first.error)).toBe(200);
    expect((await join(a, ['led-e'])).error?.message).toBe('Ledger10 is already on the waitlist for Ledger E.');
    expect((await join(b, ['led-e'])).status).toBe(200);
    // A seat frees, A is offered it and lets it lapse; A joins again: behind B.
    const holder = (await db().collection('enrollments').where('classIds', 'array-contains', 'led-e').where('status', '==', 'confirmed').get()).docs[0].data() as Enrollment;
    expect((await callAs(admin, 'adminCancelEnrollment', { enrollmentId: holder.id, classIds: ['led-e'], refund: 0, note: 'Ledger' })).status).toBe(200);
    const offered = await entry(first.result!.entry.id);
    expect(offered.status).toBe('offered');
    // A minute past the offer's own end (an end in the school's night moves to the morning).
    const { runWaitlistJob } = await import('../../functions/src/usecases/waitlist');
    await runWaitlistJob(new Date(Date.parse(offered.offer!.expiresAt) + 60_000), ['led-e']);
    expect((await entry(first.result!.entry.id)).status).toBe('lapsed');
    const again = await join(a, ['led-e']);
    expect(again.status, JSON.stringify(again.error)).toBe(200);
    const list = (await callAs(admin, 'adminWaitlist', { classId: 'led-e' })).result!.entries.filter((e) => e.status === 'waiting' || e.status === 'offered');
    expect(list.map((e) => e.studentName)).toEqual(['Ledger11 Family', 'Ledger10 Family']);
    // Tidy: the offer to B and both entries leave (the books check the list against the class).
    for (const e of list) await callAs(e.studentName.startsWith('Ledger11') ? b.user : a.user, 'leaveWaitlist', { entryId: e.id });
  });

  it('an account’s limits hold when its calls arrive at the same moment', async () => {
    const family = families[12];
    const children = [family.studentId, await sibling(family, 'Ash'), await sibling(family, 'Bay')];
    // Priced alone (the sibling rule would rightly reprice the second child once the first is in).
    await switchSiblingRule(false);
    const results = await Promise.all(children.map(async (studentId) => enroll({ user: family.user, studentId }, ['led-f'])));
    await switchSiblingRule(true);
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 400]);
    expect(results.find((r) => r.status === 400)!.error?.message).toMatch(/^Your account already has 2 enrollments waiting for payment at the office/);
    // Ten new children at once for an account that keeps at most 8.
    const many = await familyWithStudent('ledger.many@example.com', 'Many0', 'Family');
    const saves = await Promise.all(Array.from({ length: 9 }, (_, i) => callAs(many.user, 'saveStudent', { profile: { ...AVA, firstName: `Many${i + 1}` }, reviewed: true })));
    expect(saves.filter((r) => r.status === 200)).toHaveLength(7);
    expect((await db().collection('students').where('ownerUid', '==', many.user.uid).count().get()).data().count).toBe(8);
  });

  it('an account’s limit holds when its saves read the same clock (the same millisecond)', async () => {
    // The portal's own code, in this process, with its clock stopped: every save writes the same time
    // on the account. A write that leaves a document as it was keeps its update time, so the account
    // must change in another way for the second save to find it changed.
    const { saveOwnStudent } = await import('../../functions/src/usecases/students');
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-09-01T12:00:00.000Z') });
    onTestFinished(() => void vi.useRealTimers());
    const counts = await Promise.all(
      ['one', 'two', 'three'].map(async (name) => {
        const uid = `ledger-clock-${name}`;
        const actor = { uid, email: `${uid}@example.com`, roles: [], requestId: uid };
        const profile = (i: number) => ({ ...AVA, firstName: `Clock${i}`, guardians: [{ ...AVA.guardians[0], email: actor.email }] });
        const saves = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => saveOwnStudent(actor, undefined, profile(i), true)));
        const kept = (await db().collection('students').where('ownerUid', '==', uid).count().get()).data().count;
        return [saves.filter((r) => r.status === 'fulfilled').length, kept];
      }),
    );
    expect(counts).toEqual([
      [8, 8],
      [8, 8],
      [8, 8],
    ]);
  });

  it('an account’s limit of checkouts to pay at the office holds for checkouts made at the same moment (one clock reading)', async () => {
    // The portal's own checkout, in this process, six at once with the same time: each writes the
    // same time on the account, so only a change counted on it tells the later ones the account moved.
    const { checkout } = await import('../../functions/src/usecases/checkout');
    const { oneChild } = await import('../../functions/src/data/enrollments');
    const { loadCheckoutSettings } = await import('../../functions/src/data/settings');
    const family = await familyWithStudent('ledger.clock@example.com', 'Clock', 'Family');
    const children = [family.studentId, ...(await Promise.all(['Dell', 'Elm', 'Fir', 'Gum', 'Hazel'].map((name) => sibling(family, name))))];
    // Priced alone (the sibling rule would rightly reprice the second child once the first is in).
    await switchSiblingRule(false);
    // Each child in a class of its own: no seat is asked twice, so only the account can stop the third and later ones.
    const classes = ['led-i', 'led-j', 'led-k', 'led-l', 'led-m', 'led-n'];
    const expectedTotal = await quote(family, ['led-i']);
    const options = { ...(await loadCheckoutSettings()), emailVerified: true };
    const now = new Date();
    const made = await Promise.allSettled(
      children.map((studentId, i) =>
        checkout(family.user.uid, family.user.email, oneChild({ studentId, lines: lines([classes[i]]), codes: [], expectedTotal, infoConfirmed: false, releases: RELEASES, idempotencyKey: key('clock'), payWith: 'office' }), now, options),
      ),
    );
    await switchSiblingRule(true);
    expect(made.map((r) => r.status).sort()).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected', 'rejected', 'rejected']);
    expect(String((made.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason.message)).toMatch(/^Your account already has 2 enrollments waiting for payment at the office/);
    expect((await Promise.all(classes.map(enrolled))).reduce((a, b) => a + b)).toBe(2);
  });

  it('two refunds of one card payment at once pay back once', async () => {
    const family = families[13];
    const paid = (await enroll(family, ['led-f'], { payWith: 'card' })).result!;
    await standIn(`/__standin/sessions/${sessionOf(paid.checkoutUrl!)}/pay`);
    const e = await enrollment(paid.enrollment.id);
    const cancel = { enrollmentId: e.id, classIds: ['led-f'], refund: e.total, refundMethod: 'card' as const, note: 'Ledger' };
    const [one, two] = await Promise.all([callAs(admin, 'adminCancelEnrollment', cancel), callAs(admin, 'adminCancelEnrollment', cancel)]);
    expect([one.status, two.status]).toContain(200);
    const after = await enrollment(e.id);
    expect(after.cancellations).toHaveLength(1);
    const refunds = (after.cancellations ?? []).flatMap((c) => c.cardRefunds ?? []);
    expect(refunds.reduce((s, r) => s + r.amount, 0)).toBe(e.total);
    // Stripe sent back exactly once what was paid.
    const events = (await standIn<{ refunds: { amount: number; payment_intent: string }[] }>('/__standin/refunds')).refunds.filter((r) => r.payment_intent === e.payments[0].card!.paymentIntent);
    expect(events.map((r) => r.amount)).toEqual([e.total]);
  });

  it('a seat freed twice at once (the family leaves Stripe’s page as Stripe says the page expired) is offered once', async () => {
    const [holder, waiter] = [families[14], families[15]];
    const hold = (await enroll(holder, ['led-a'], { payWith: 'card' })).result!;
    expect((await join(waiter, ['led-a'])).status).toBe(200);
    await Promise.all([
      callAs(holder.user, 'releaseHold', { enrollmentId: hold.enrollment.id }),
      standIn(`/__standin/sessions/${sessionOf(hold.checkoutUrl!)}/expire-now`),
    ]);
    const entries = (await db().collection('waitlist').where('classIds', 'array-contains', 'led-a').get()).docs.map((d) => d.data() as WaitlistEntry);
    expect(entries.filter((x) => x.status === 'offered')).toHaveLength(1);
    expect((await db().collection('classes/led-a/seats').get()).docs.map((d) => d.get('state'))).toEqual(['offered']);
    await callAs(waiter.user, 'declineOffer', { entryId: entries[0].id });
  });

  it('a lowered capacity that moves the seat held for an offer being paid moves the offer with it, and the payment takes it', async () => {
    const [first, second, waiter] = [families[16], families[17], families[18]];
    const one = (await enroll(first, ['led-g'])).result!.enrollment;
    const two = (await enroll(second, ['led-g'])).result!.enrollment;
    const joined = (await join(waiter, ['led-g'])).result!.entry;
    // Seats are picked at random: the one numbered s0001 frees up first and is offered; the family
    // pays for it by card (its seat held for the offer).
    const seatOf = async (e: { studentId: string }) => (await db().doc(`classes/led-g/roster/${e.studentId}`).get()).get('seat') as string;
    const [high, low] = (await seatOf(one)) === 's0001' ? [one, two] : [two, one];
    expect((await callAs(admin, 'adminCancelEnrollment', { enrollmentId: high.id, classIds: ['led-g'], refund: 0, note: 'Ledger' })).status).toBe(200);
    const offered = await entry(joined.id);
    expect(offered.status).toBe('offered');
    const total = await quote(waiter, ['led-g']);
    const claimed = await callAs(waiter.user, 'claimOffer', { entryId: joined.id, expectedTotal: total, idempotencyKey: key('claim'), payWith: 'card' });
    expect(claimed.status, JSON.stringify(claimed.error)).toBe(200);
    const heldSeat = offered.offer!.seats!['led-g'];
    // Seat s0000 frees up too, then the office lowers the capacity to one: the held seat moves down.
    expect((await callAs(admin, 'adminCancelEnrollment', { enrollmentId: low.id, classIds: ['led-g'], refund: 0, note: 'Ledger' })).status).toBe(200);
    const stored = (await db().doc('classes/led-g').get()).data() as ClassRecord;
    expect((await callAs(admin, 'adminSaveClass', { ...classFormOf(stored), capacity: 1 })).status).toBe(200);
    const moved = (await entry(joined.id)).offer!.seats!['led-g'];
    expect([heldSeat, moved]).toEqual(['s0001', 's0000']);
    expect((await db().doc('classes/led-g/seats/s0000').get()).get('entryId')).toBe(joined.id);
    expect(await booksProblems(CLASSES)).toEqual([]);
    // Paying takes the moved seat.
    expect((await standIn<{ webhookStatus: number }>(`/__standin/sessions/${sessionOf(claimed.result!.checkoutUrl!)}/pay`)).webhookStatus).toBe(200);
    expect((await entry(joined.id)).status).toBe('enrolled');
    expect((await enrollment(claimed.result!.enrollment.id)).status).toBe('confirmed');
    expect(await enrolled('led-g')).toBe(1);
  });
});
