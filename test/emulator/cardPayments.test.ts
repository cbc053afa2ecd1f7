// Paying by card. The functions talk to the Stripe stand-in through the real SDK; webhooks
// arrive signed through Hosting's /api/stripe/webhook, as Stripe sends them.
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Payload, Response } from '../../contract/callables';
import type { Enrollment, Semester } from '../../contract/domain';
import { balanceOf } from '../../contract/money';
import { formatCents, formatDate } from '../../contract/format';
import { schoolToday } from '../../contract/schedule';
import { DEFAULT_DONATION_RECEIPT_TEXT } from '../../contract/settings';
import { adminDb } from '../../scripts/demo/adminApp';
import { STANDIN } from '../../scripts/stripe/config';
import emulatorConfig from '../../contract/emulators.json';
import { AUTH, createUnverifiedUser, createUser, HOSTING, oobLinks, signIn, type CallResult, type TestUser } from '../support/emulators';
import { callAs, seededEmulators, signInDemo } from '../support/fixtures';
import { checkoutIds, duringStripeOutage, standIn } from '../support/ledger';
import { addClassesLikeWildArt, AVA, classInput, familyWithStudent, lapseHold, semesterInput, signedReleases } from '../support/samples';

const db = () => adminDb();
const WEBHOOK = `${HOSTING}/api/stripe/webhook`;
const signer = new Stripe('sk_test_signer');
const lines = (ids: string[]) => ids.map((classId) => ({ classId, addOnIds: [] }));
type Enrolled = CallResult<Response<'enroll'>>;

async function enrollPayload(family: { user: TestUser; studentId: string }, classIds: string[], key: string): Promise<Payload<'enroll'>> {
  const quote = await callAs(family.user, 'priceBasket', { lines: lines(classIds), codes: [], studentId: family.studentId });
  return {
    studentId: family.studentId,
    lines: lines(classIds),
    codes: [],
    expectedTotal: quote.result!.total,
    infoConfirmed: false,
    releases: signedReleases(AVA.guardians[0].name),
    idempotencyKey: key,
    payWith: 'card',
  };
}
const enrollByCard = async (family: { user: TestUser; studentId: string }, classIds: string[], key: string): Promise<Enrolled> =>
  callAs(family.user, 'enroll', await enrollPayload(family, classIds, key));

const enrollment = async (id: string) => (await db().doc(`enrollments/${id}`).get()).data() as Enrollment;
const seats = async (classId: string) => (await db().doc(`classes/${classId}`).get()).get('enrolledCount') as number;
const count = async (collection: string) => (await db().collection(collection).count().get()).data().count;
/** The audit trail's entries about an enrollment: kind, roles, summary. */
const auditOf = async (id: string) =>
  (await db().collection('audit').where('record.id', '==', id).get()).docs.map((d) => [d.get('kind'), d.get('by.roles'), d.get('summary')]);
const mailFor = async (id: string) => (await db().collection('mail').where('enrollmentId', '==', id).get()).docs.map((d) => d.data());

/** A signed webhook as Stripe would send it (`timestamp` in seconds; `secret` to sign with another key). */
async function sendEvent(event: object, options: { secret?: string; timestamp?: number; header?: string | null; tamper?: boolean } = {}) {
  const payload = JSON.stringify(event);
  const header = options.header !== undefined ? options.header : signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? STANDIN.webhookSecret, timestamp: options.timestamp });
  const body = options.tamper ? payload.replace('"paid"', '"paid" ') : payload;
  const r = await fetch(WEBHOOK, { method: 'POST', headers: { 'content-type': 'application/json', ...(header ? { 'stripe-signature': header } : {}) }, body });
  return { status: r.status, text: await r.text() };
}
const completed = (id: string, session: Partial<Stripe.Checkout.Session>) => ({
  id,
  object: 'event',
  type: 'checkout.session.completed',
  created: Math.floor(Date.now() / 1000),
  data: { object: { object: 'checkout.session', status: 'complete', payment_status: 'paid', ...session } },
});

describe('card payments: holds, Stripe Checkout and the webhook', () => {
  let families: { user: TestUser; studentId: string }[];
  beforeAll(async () => {
    await seededEmulators();
    await addClassesLikeWildArt(['card-a', 'card-b', 'card-c', 'card-d', 'card-e'].map((id, i) => ({ id, title: `Card ${id.slice(-1).toUpperCase()}`, capacity: 1, weekday: i + 1 })));
    families = await Promise.all(Array.from({ length: 6 }, (_, i) => familyWithStudent(`card${i}@example.com`, `Card${i}`, 'Family')));
  });

  it('holds the seat, sends the family to Stripe once however often Pay is pressed, and confirms only from the webhook', async () => {
    const family = families[0];
    await callAs(family.user, 'saveDraft', { json: '{"step":7}', flow: 'flow-card-paid' });
    const [first, second] = await Promise.all([enrollByCard(family, ['card-a'], 'card-pay-1'), enrollByCard(family, ['card-a'], 'card-pay-1')]);
    expect(first.status, JSON.stringify(first.error)).toBe(200);
    expect(second.status, JSON.stringify(second.error)).toBe(200);
    const held = first.result!.enrollment;
    expect(held.status).toBe('pending_payment');
    expect(first.result!.checkoutUrl).toMatch(new RegExp(`^${STANDIN.api}/pay/cs_test_`));
    expect(second.result!.checkoutUrl).toBe(first.result!.checkoutUrl);
    const minutes = (new Date(held.hold!.expiresAt).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(31);
    expect(minutes).toBeLessThan(33);
    expect(await seats('card-a')).toBe(1);
    // Held, not paid: no receipt, the draft kept (a cancel on Stripe's page comes back to it), not on the office's roster.
    expect(await mailFor(held.id)).toHaveLength(0);
    expect((await db().doc(`enrollmentDrafts/${family.user.uid}`).get()).exists).toBe(true);
    const roster = await callAs((await signInDemo('admin')), 'adminRosters', { classIds: ['card-a'] });
    expect(roster.result!.rosters[0].entries).toHaveLength(0);

    // The success page does not confirm anything: only the webhook does.
    const waiting = await callAs(family.user, 'myEnrollment', { enrollmentId: held.id });
    expect(waiting.result!.enrollment.status).toBe('pending_payment');

    const sessionId = (await enrollment(held.id)).hold!.sessionId!;
    const paid = await standIn<{ webhookStatus: number }>(`/__standin/sessions/${sessionId}/pay`);
    expect(paid.webhookStatus).toBe(200);
    const done = await enrollment(held.id);
    expect(done.status).toBe('confirmed');
    expect(done.balance).toBe(0);
    expect(done.payments).toHaveLength(1);
    expect(done.payments[0]).toMatchObject({ method: 'card', amount: held.total, card: { last4: '4242', sessionId } });
    expect((await db().doc(`classes/card-a/roster/${family.studentId}`).get()).get('holdExpiresAt')).toBeUndefined();
    expect(await seats('card-a')).toBe(1);
    const mail = await mailFor(held.id);
    expect(mail).toHaveLength(1);
    expect(mail[0].message.text).toContain(`Balance due: ${formatCents(0)}`);
    expect(mail[0].message.text).toContain(`Paid: ${formatCents(held.total)}`);
    expect(mail[0].message.text).not.toContain('How to pay');
    // The draft (a child's profile) is gone, and its flow is over: a save of it still on its way when
    // the payment was confirmed (sent as the page left for Stripe) is not kept, and neither Start over
    // (which the return page sends) nor a new enrollment's save brings it back.
    expect((await db().doc(`enrollmentDrafts/${family.user.uid}`).get()).get('json')).toBeUndefined();
    const late = await callAs(family.user, 'saveDraft', { json: '{"step":7}', flow: 'flow-card-paid' });
    expect(late.result).toMatchObject({ saved: false });
    expect((await callAs(family.user, 'loadDraft')).result).toBeNull();
    await callAs(family.user, 'deleteDraft');
    expect((await callAs(family.user, 'saveDraft', { json: '{"step":1}', flow: 'flow-card-next' })).result).toMatchObject({ saved: true });
    expect((await callAs(family.user, 'saveDraft', { json: '{"step":7}', flow: 'flow-card-paid' })).result).toMatchObject({ saved: false });
    expect((await callAs(family.user, 'loadDraft')).result?.json).toBe('{"step":1}');
    // Audited once, in the webhook's transaction.
    expect(await auditOf(held.id)).toEqual([['card-payment', ['stripe'], `Paid by card: ${formatCents(held.total)}`]]);
  });

  it('the Stripe stand-in holds the code to Stripe’s rules: a key replays only its own parameters; a page closes 30 minutes to 24 hours on and is paid once; slow stays slow in an outage', async () => {
    const sdk = new Stripe(STANDIN.secretKey, { host: '127.0.0.1', port: STANDIN.port, protocol: 'http', maxNetworkRetries: 0 });
    const page = (amount: number, expiresIn = 31 * 60) => ({
      mode: 'payment' as const,
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: amount, product_data: { name: 'Strict' } } }],
      expires_at: Math.floor(Date.now() / 1000) + expiresIn,
      success_url: `${HOSTING}/done`,
    });
    const first = await sdk.checkout.sessions.create(page(5000), { idempotencyKey: 'strict-1' });
    const params = page(5000);
    const replayed = await sdk.checkout.sessions.create({ ...params, expires_at: first.expires_at }, { idempotencyKey: 'strict-1' });
    expect(replayed.id).toBe(first.id);
    const other = await sdk.checkout.sessions.create(page(6000), { idempotencyKey: 'strict-1' }).catch((e: unknown) => e);
    expect(other).toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
    expect(await sdk.checkout.sessions.create(page(49)).catch((e: unknown) => e)).toMatchObject({ code: 'amount_too_small' });
    // A payment's charge is an id unless expanded (the portal expands it to name the card).
    const { webhookStatus } = await standIn<{ webhookStatus: number }>(`/__standin/sessions/${first.id}/pay`);
    expect(webhookStatus).toBe(200);
    // A page is paid once, even in the race a late payment plays.
    for (const how of ['pay', 'pay-late']) expect(await standIn(`/__standin/sessions/${first.id}/${how}`)).toEqual({ error: { message: 'This checkout is complete.' } });
    const intent = (await sdk.checkout.sessions.retrieve(first.id)).payment_intent as string;
    expect(typeof (await sdk.paymentIntents.retrieve(intent)).latest_charge).toBe('string');
    expect((await sdk.paymentIntents.retrieve(intent, { expand: ['latest_charge'] })).latest_charge).toMatchObject({ payment_method_details: { card: { last4: '4242' } } });
    for (const expiresIn of [29 * 60, 25 * 3600]) {
      const refused = await sdk.checkout.sessions.create(page(5000, expiresIn)).catch((e: unknown) => e);
      expect(refused).toMatchObject({ type: 'StripeInvalidRequestError', param: 'expires_at' });
    }
    // Metadata: a value of at most 500 characters, a key of at most 40, at most 50 keys; a key of at most 255.
    const metadata = async (m: Record<string, string>) => sdk.checkout.sessions.create({ ...page(5000), metadata: m }).catch((e: unknown) => e);
    expect(await metadata({ parts: 'x'.repeat(501) })).toMatchObject({ type: 'StripeInvalidRequestError', param: 'metadata[parts]' });
    expect(await metadata({ ['k'.repeat(41)]: 'v' })).toMatchObject({ type: 'StripeInvalidRequestError' });
    expect(await metadata(Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])))).toMatchObject({ param: 'metadata' });
    expect(await metadata({ parts: 'x'.repeat(500) })).toMatchObject({ object: 'checkout.session' });
    const longKey = await sdk.checkout.sessions.create(page(5000), { idempotencyKey: 'k'.repeat(256) }).catch((e: unknown) => e);
    expect(longKey).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400 });
    // A request Stripe is slow for stays slow through an outage (a slow payment's retry is still slow while another test switches an outage on).
    await standIn('/__standin/slow', { containing: 'strict-slow', ms: 300 });
    await standIn('/__standin/outage', { on: true });
    try {
      const started = Date.now();
      const dropped = await fetch(`${STANDIN.api}/v1/checkout/sessions`, { method: 'POST', headers: { authorization: `Bearer ${STANDIN.secretKey}` }, body: 'metadata[note]=strict-slow' }).catch((e: unknown) => e);
      expect(dropped).toBeInstanceOf(TypeError);
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    } finally {
      await standIn('/__standin/outage', { on: false });
      await standIn('/__standin/slow', { containing: 'strict-slow', ms: 0 });
    }
  });

  it('refuses webhooks without a valid, fresh signature and writes nothing', async () => {
    const held = await enrollByCard(families[1], ['card-b'], 'card-sign-1');
    const e = held.result!.enrollment;
    const sessionId = (await enrollment(e.id)).hold!.sessionId!;
    const event = completed('evt_test_signature', { id: sessionId, client_reference_id: e.id, amount_total: e.total, payment_intent: 'pi_test_forged' });
    const events = await count('stripeEvents');
    for (const [what, options] of [
      ['missing', { header: null }],
      ['another secret', { secret: 'whsec_wrong' }],
      ['a tampered body', { tamper: true }],
      ['older than five minutes', { timestamp: Math.floor(Date.now() / 1000) - 301 }],
    ] as const) {
      const r = await sendEvent(event, options);
      expect(r.status, what).toBe(400);
    }
    expect(await count('stripeEvents')).toBe(events);
    expect((await enrollment(e.id)).status).toBe('pending_payment');
    expect((await enrollment(e.id)).payments).toHaveLength(0);
  });

  it('applies the same event once, ignores unknown sessions, and flags a payment that does not match', async () => {
    const e = (await enrollment((await enrollByCard(families[1], ['card-b'], 'card-sign-1')).result!.enrollment.id));
    const sessionId = e.hold!.sessionId!;
    // Paid on the stand-in's page, then Stripe delivers the same event again.
    await standIn(`/__standin/sessions/${sessionId}/pay`);
    const { events } = await standIn<{ events: { id: string; type: string; data: { object: { id: string } } }[] }>('/__standin/events');
    const delivered = events.find((x) => x.type === 'checkout.session.completed' && x.data.object.id === sessionId)!;
    const again = await sendEvent(delivered);
    expect(again.status).toBe(200);
    expect(again.text).toContain('duplicate');
    const after = await enrollment(e.id);
    expect(after.payments).toHaveLength(1);
    expect(await mailFor(e.id)).toHaveLength(1);
    expect(await auditOf(e.id)).toHaveLength(1);
    expect(await seats('card-b')).toBe(1);

    const before = { events: await count('stripeEvents'), enrollments: await count('enrollments') };
    const unknown = await sendEvent(completed('evt_test_unknown', { id: 'cs_test_nobody', client_reference_id: 'no-such-enrollment', amount_total: 100, payment_intent: 'pi_test_x' }));
    expect(unknown.status).toBe(200);
    expect(await count('stripeEvents')).toBe(before.events);
    expect(await count('enrollments')).toBe(before.enrollments);

    const other = (await enrollByCard(families[2], ['card-c'], 'card-mismatch-1')).result!.enrollment;
    const otherSession = (await enrollment(other.id)).hold!.sessionId!;
    const short = await sendEvent(completed('evt_test_short', { id: otherSession, client_reference_id: other.id, amount_total: other.total - 100, payment_intent: 'pi_test_short' }));
    expect(short.status).toBe(200);
    const flagged = await enrollment(other.id);
    expect(flagged.status).toBe('pending_payment');
    expect(flagged.payments).toHaveLength(0);
    expect(flagged.flag).toMatch(/did not match/);
  });

  it('gives the seats back when the family cancels on Stripe, and keeps its draft', async () => {
    const family = families[2];
    const pending = (await db().collection('enrollments').where('ownerUid', '==', family.user.uid).where('status', '==', 'pending_payment').get()).docs[0].data() as Enrollment;
    await callAs(family.user, 'saveDraft', { json: '{"step":7}', flow: 'flow-card-cancelled' });
    // Another family cannot release it: its id is answered as one that does not exist, and the seat stays held.
    const stranger = await callAs(families[3].user, 'releaseHold', { enrollmentId: pending.id });
    expect([stranger.status, stranger.error?.message]).toEqual([404, 'This enrollment does not exist.']);
    expect([(await enrollment(pending.id)).status, await seats('card-c')]).toEqual(['pending_payment', 1]);
    const released = await callAs(family.user, 'releaseHold', { enrollmentId: pending.id });
    expect(released.status, JSON.stringify(released.error)).toBe(200);
    expect(released.result!.enrollment.status).toBe('expired');
    expect(await seats('card-c')).toBe(0);
    expect((await db().doc(`classes/card-c/roster/${family.studentId}`).get()).exists).toBe(false);
    expect((await db().doc(`enrollmentDrafts/${family.user.uid}`).get()).exists).toBe(true);
    // Stripe's page is closed: it can no longer be paid.
    const page = await fetch(pending.hold!.url!);
    expect(await page.text()).toContain('This checkout is expired');
  });

  it('never lets a lapsed hold block a seat, and refunds a payment that arrives after its seat was taken', async () => {
    const [late, next] = [families[3], families[2]];
    const held = (await enrollByCard(late, ['card-c'], 'card-lapse-1')).result!.enrollment;
    expect(await seats('card-c')).toBe(1);
    // The hold's time runs out (moved into the past rather than waiting half an hour).
    await lapseHold(held.id);
    const taken = await enrollByCard(next, ['card-c'], 'card-lapse-2');
    expect(taken.status, JSON.stringify(taken.error)).toBe(200);
    expect(await seats('card-c')).toBe(1);
    expect((await enrollment(held.id)).status).toBe('expired');

    // The late family still pays on its page: no seat is left, so the payment goes back in full.
    const paid = await standIn<{ webhookStatus: number }>(`/__standin/sessions/${(await enrollment(held.id)).hold!.sessionId}/pay-late`);
    expect(paid.webhookStatus).toBe(200);
    const refunded = await enrollment(held.id);
    expect(refunded.status).toBe('expired');
    expect(refunded.payments).toHaveLength(1);
    expect(refunded.cardRefunds).toHaveLength(1);
    expect(refunded.cardRefunds![0]).toMatchObject({ amount: held.total, last4: '4242', paymentIntent: refunded.payments[0].card!.paymentIntent });
    expect(refunded.payments[0].note).toBe('Paid online by Visa card ending 4242');
    expect(refunded.balance).toBe(0);
    expect(await seats('card-c')).toBe(1);
    const mail = await mailFor(held.id);
    expect(mail.map((m) => m.message.subject)).toEqual([expect.stringMatching(/^Refunded/)]);
  });

  it('releases the hold at once when Stripe cannot be reached, and says nothing was charged', async () => {
    const r = await duringStripeOutage(() => enrollByCard(families[4], ['card-d'], 'card-outage-1'));
    expect(r.status).toBe(503);
    expect(r.error?.message).toMatch(/Nothing was charged and no seat is held/);
    expect(await seats('card-d')).toBe(0);
    expect((await db().doc(`classes/card-d/roster/${families[4].studentId}`).get()).exists).toBe(false);
    const left = (await db().collection('enrollments').where('ownerUid', '==', families[4].user.uid).get()).docs.map((d) => d.get('status'));
    expect(left).toEqual(['expired']);
  });

  it('the sweep releases lapsed holds and closes their Stripe page; a late payment with a free seat takes it again', async () => {
    // The sweep's work, called as the schedule calls it (the emulator runs no schedules).
    process.env.FUNCTIONS_EMULATOR = 'true';
    process.env.STRIPE_SECRET_KEY = STANDIN.secretKey;
    const { releaseLapsedHolds } = await import('../../functions/src/usecases/cardPayments');
    const { lapsedHolds, releaseHold } = await import('../../functions/src/data/holds');

    const swept = (await enrollByCard(families[4], ['card-d'], 'card-sweep-1')).result!.enrollment;
    await lapseHold(swept.id);
    const due = await lapsedHolds(new Date());
    expect(due.map((e) => e.id)).toContain(swept.id);
    expect(await releaseLapsedHolds(new Date(), due)).toBe(due.length);
    expect((await enrollment(swept.id)).status).toBe('expired');
    // Closing the page makes Stripe send "expired", whose webhook may end the hold first: the class's
    // count follows just after that transaction, in the webhook's own call.
    await expect.poll(() => seats('card-d')).toBe(0);
    expect(await (await fetch((await enrollment(swept.id)).hold!.url!)).text()).toContain('This checkout is expired');

    // An enrollment that waited long on other families still gets a page Stripe accepts (30 minutes
    // counted from the call to Stripe, not from the start of the enrollment).
    const { startCheckout } = await import('../../functions/src/usecases/cardPayments');
    const slow = { ...(await enrollment(swept.id)), id: 'slow-enrollment', status: 'pending_payment' as const, hold: { expiresAt: new Date(Date.now() + 31 * 60_000).toISOString(), amount: swept.total } };
    await db().doc(`enrollments/${slow.id}`).set(slow);
    const url = await startCheckout([slow], null, 'http://localhost:5000', new Date(Date.now() - 60_000));
    expect(url).toMatch(/\/pay\/cs_test_/);
    await db().doc(`enrollments/${slow.id}`).delete();

    // A hold released while its page was still open, paid a moment later: the seat is free, so it is taken again.
    const lateButLucky = (await enrollByCard(families[5], ['card-e'], 'card-late-1')).result!.enrollment;
    await releaseHold(lateButLucky.id, new Date());
    expect(await seats('card-e')).toBe(0);
    const paid = await standIn<{ webhookStatus: number }>(`/__standin/sessions/${(await enrollment(lateButLucky.id)).hold!.sessionId}/pay`);
    expect(paid.webhookStatus).toBe(200);
    const kept = await enrollment(lateButLucky.id);
    expect(kept.status).toBe('confirmed');
    expect(kept.balance).toBe(0);
    expect(kept.cardRefunds ?? []).toHaveLength(0);
    expect(await seats('card-e')).toBe(1);
    expect((await db().doc(`classes/card-e/roster/${families[5].studentId}`).get()).get('enrollmentId')).toBe(lateButLucky.id);
  });

  it('pays the balance of an office enrollment by card from My Enrollments', async () => {
    const family = families[5];
    const quote = await callAs(family.user, 'priceBasket', { lines: lines(['card-a']), codes: [], studentId: family.studentId });
    await db().doc('classes/card-a').update({ capacity: 2 });
    const office = await callAs(family.user, 'enroll', {
      studentId: family.studentId, lines: lines(['card-a']), codes: [], expectedTotal: quote.result!.total, infoConfirmed: false,
      releases: signedReleases(AVA.guardians[0].name), idempotencyKey: 'card-office-1', payWith: 'office',
    });
    expect(office.status, JSON.stringify(office.error)).toBe(200);
    const e = office.result!.enrollment;
    expect(e.status).toBe('confirmed');
    expect(e.balance).toBe(quote.result!.total);
    // Stripe unreachable: the family is told in words, and nothing changes.
    const down = await duringStripeOutage(() => callAs(family.user, 'payBalance', { enrollmentId: e.id }));
    expect([down.status, down.error?.message]).toEqual([503, 'Card payments are not available right now. Nothing was charged; please try again in a few minutes.']);
    expect(await enrollment(e.id)).toEqual(e);

    const [first, again] = await Promise.all([0, 1].map(() => callAs(family.user, 'payBalance', { enrollmentId: e.id })));
    expect(first.status, JSON.stringify(first.error)).toBe(200);
    expect(again.result!.checkoutUrl).toBe(first.result!.checkoutUrl);
    // Back from Stripe's page, Pay balance again a second later: the same page (the key's parameters
    // are fixed for its window, so Stripe replays it instead of refusing the key).
    await new Promise((done) => setTimeout(done, 1100));
    const later = await callAs(family.user, 'payBalance', { enrollmentId: e.id });
    expect([later.status, later.result?.checkoutUrl]).toEqual([200, first.result!.checkoutUrl]);
    const sessionId = first.result!.checkoutUrl.split('/pay/')[1];
    expect((await standIn<{ webhookStatus: number }>(`/__standin/sessions/${sessionId}/pay`)).webhookStatus).toBe(200);
    const paid = await enrollment(e.id);
    expect(paid.balance).toBe(0);
    expect(paid.payments.map((p) => [p.method, p.amount, p.card?.last4])).toEqual([['card', e.total, '4242']]);
    expect((await mailFor(e.id)).map((m) => m.message.subject)).toContain('Payment received — Wildwood Outdoor School');

    const nothing = await callAs(family.user, 'payBalance', { enrollmentId: e.id });
    expect(nothing.status).toBe(400);
    expect(nothing.error?.message).toBe('Nothing is owed on this enrollment.');
    expect((await callAs(families[0].user, 'payBalance', { enrollmentId: e.id })).status).toBe(404);
  });

  it("pays the family's whole balance in one card payment, split into each child's enrollment", async () => {
    await addClassesLikeWildArt([{ id: 'card-f', title: 'Card F', capacity: 5, weekday: 1 }, { id: 'card-g', title: 'Card G', capacity: 5, weekday: 2 }]);
    const zoe = await familyWithStudent('card.family@example.com', 'Zoë', 'Balance');
    const kaiSaved = await callAs(zoe.user, 'saveStudent', { profile: { ...AVA, firstName: 'Kai', lastName: 'Balance', guardians: [{ ...AVA.guardians[0], email: 'card.family@example.com' }] }, reviewed: true });
    const kai = { user: zoe.user, studentId: kaiSaved.result!.student.id };
    const byOffice = async (child: typeof zoe, classId: string) => {
      const payload = { ...(await enrollPayload(child, [classId], `card-family-${classId}`)), payWith: 'office' as const };
      const done = await callAs(child.user, 'enroll', payload);
      expect(done.status, JSON.stringify(done.error)).toBe(200);
      return done.result!.enrollment;
    };
    const [forZoe, forKai] = [await byOffice(zoe, 'card-f'), await byOffice(kai, 'card-g')];
    // The office takes $25 of Kai's at the desk: the page asks for what is left of each.
    await db().doc(`enrollments/${forKai.id}`).update({ payments: [{ id: 'desk', amount: 2500, method: 'cash', note: 'At the desk', at: new Date().toISOString(), by: 'office@example.com' }], balance: forKai.total - 2500 });

    const page = await callAs(zoe.user, 'payFamilyBalance', null);
    expect(page.status, JSON.stringify(page.error)).toBe(200);
    const sessionId = page.result!.checkoutUrl.split('/pay/')[1];
    // Another account cannot pay (or see) this family's balance: its own has nothing owed.
    const stranger = await callAs(families[1].user, 'payFamilyBalance', null);
    expect([stranger.status, stranger.error?.message]).toEqual([400, 'Nothing is owed on your enrollments.']);

    const paid = await standIn<{ webhookStatus: number; session: { amount_total: number } }>(`/__standin/sessions/${sessionId}/pay`);
    expect([paid.webhookStatus, paid.session.amount_total]).toEqual([200, forZoe.total + forKai.total - 2500]);
    const [zoePaid, kaiPaid] = [await enrollment(forZoe.id), await enrollment(forKai.id)];
    expect([balanceOf(zoePaid), balanceOf(kaiPaid)]).toEqual([0, 0]);
    const byCard = (e: Enrollment) => e.payments.filter((p) => p.method === 'card').map((p) => [p.amount, p.card?.sessionId, p.card?.last4]);
    expect(byCard(zoePaid)).toEqual([[forZoe.total, sessionId, '4242']]);
    expect(byCard(kaiPaid)).toEqual([[forKai.total - 2500, sessionId, '4242']]);
    expect([zoePaid.flag, kaiPaid.flag]).toEqual([undefined, undefined]);
    const total = formatCents(forZoe.total + forKai.total - 2500);
    for (const [e, part] of [[forZoe, forZoe.total], [forKai, forKai.total - 2500]] as const) {
      const received = (await mailFor(e.id)).filter((m) => m.message.subject.startsWith('Payment received'));
      expect(received.map((m) => m.message.text.split('\n')[0])).toEqual([`We received ${formatCents(part)} from your Visa card ending 4242 (part of one payment of ${total}) for ${e.studentName}. Thank you!`]);
    }

    // The same event again records nothing twice; nothing is owed now.
    const again = await callAs(zoe.user, 'payFamilyBalance', null);
    expect([again.status, again.error?.message]).toEqual([400, 'Nothing is owed on your enrollments.']);
    expect((await enrollment(forKai.id)).payments).toHaveLength(2);
  });

  it('a refund made in Stripe’s dashboard is recorded once, counted in the figures and flagged for the office; the portal’s own refunds are not', async () => {
    const family = await familyWithStudent('card.dashboard@example.com', 'Dash', 'Board');
    await db().doc('classes/card-e').update({ capacity: 5 });
    const held = await enrollByCard(family, ['card-e'], 'card-dashboard-1');
    expect(held.status, JSON.stringify(held.error)).toBe(200);
    const id = held.result!.enrollment.id;
    expect((await standIn<{ webhookStatus: number }>(`/__standin/sessions/${(await enrollment(id)).hold!.sessionId}/pay`)).webhookStatus).toBe(200);
    const paid = await enrollment(id);
    const intent = paid.payments[0].card!.paymentIntent;

    const outside = await standIn<{ refund: { id: string }; webhookStatus: number }>(`/__standin/intents/${intent}/refund-in-dashboard`, { amount: 5000 });
    expect(outside.webhookStatus).toBe(200);
    const after = await enrollment(id);
    expect(after.cardRefunds).toEqual([expect.objectContaining({ amount: 5000, refundId: outside.refund.id, kind: 'outside', last4: '4242', paymentIntent: intent })]);
    expect([after.status, after.balance, balanceOf(after)]).toEqual(['confirmed', 5000, 5000]);
    expect(after.flag).toBe(`${formatCents(5000)} was refunded in Stripe’s dashboard (${outside.refund.id}), not through the portal: it is recorded as given back, so the family owes it again. Cancel the classes it was for (with no further refund), or ask the family to pay.`);
    // The same event again records nothing more.
    const { events } = await standIn<{ events: { type: string }[] }>('/__standin/events');
    expect((await sendEvent(events.filter((e) => e.type === 'charge.refunded').at(-1)!)).status).toBe(200);
    expect((await enrollment(id)).cardRefunds).toHaveLength(1);

    // The office refunds the rest through the portal: Stripe sends charge.refunded for it too, and it is not taken for an outside one.
    const admin = await signInDemo('admin');
    const quote = await callAs(admin, 'adminCancelQuote', { enrollmentId: id, classIds: ['card-e'] });
    expect(quote.result!.cardRefundable).toBe(paid.total - 5000);
    const cancelled = await callAs(admin, 'adminCancelEnrollment', { enrollmentId: id, classIds: ['card-e'], refund: paid.total - 5000, cardRefund: paid.total - 5000, note: 'Moved away' });
    expect(cancelled.status, JSON.stringify(cancelled.error)).toBe(200);
    await fetch(`${STANDIN.api}/__standin/settled`, { method: 'POST' });
    const final = await enrollment(id);
    expect(final.cardRefunds).toHaveLength(1);
    expect(balanceOf(final)).toBe(0);
  });

  it('takes a deposit by card where the semester offers one, with the rest due by its date; never a deposit where none is set', async () => {
    const family = families[4];
    const camps = (await db().doc('semesters/camps').get()).data() as Semester;
    expect(camps.depositPerClass).toBe(10_000);
    const preview = async (classIds: string[]) =>
      (await callAs(family.user, 'priceBasket', { lines: lines(classIds), codes: [], studentId: family.studentId })).result!;
    expect((await preview(['art-in-the-wild'])).deposit).toEqual({ amount: 10_000, dueDate: camps.balanceDueDate });
    expect((await preview(['nature-journaling'])).deposit).toBeNull(); // the term sets no balance due date
    // A class's own deposit replaces the semester's.
    await db().doc('classes/wilderness-week-1-3').update({ deposit: 15_000 });
    expect((await preview(['art-in-the-wild', 'wilderness-week-1-3'])).deposit).toEqual({ amount: 25_000, dueDate: camps.balanceDueDate });

    const refused = await callAs(family.user, 'enroll', { ...(await enrollPayload(family, ['nature-journaling'], 'deposit-none')), payDeposit: true });
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toBe('A deposit is not offered for these classes now: please pay in full.');
    expect((await db().doc(`enrollments/${family.user.uid}_deposit-none`).get()).exists).toBe(false);

    const r = await callAs(family.user, 'enroll', { ...(await enrollPayload(family, ['art-in-the-wild'], 'deposit-camp')), payDeposit: true });
    expect(r.status, JSON.stringify(r.error)).toBe(200);
    const held = r.result!.enrollment;
    expect(held.total).toBe(43_000);
    expect(held.hold!.amount).toBe(10_000);
    expect(held.balanceDueDate).toBe(camps.balanceDueDate);
    const checkoutUrl = r.result!.checkoutUrl!;
    const sessionId = checkoutUrl.split('/pay/')[1];
    const page = await (await fetch(checkoutUrl)).text();
    expect(page).toContain('$100');
    expect(page).toContain(`balance $330 due ${formatDate(camps.balanceDueDate!, true)}`);
    expect((await standIn<{ webhookStatus: number }>(`/__standin/sessions/${sessionId}/pay`)).webhookStatus).toBe(200);
    const paid = await enrollment(held.id);
    expect(paid.status).toBe('confirmed');
    expect(paid.flag).toBeUndefined();
    expect(paid.payments.map((p) => p.amount)).toEqual([10_000]);
    expect(balanceOf(paid)).toBe(33_000);
    const receipt = (await mailFor(held.id)).find((m) => m.message.subject === 'Enrollment confirmed — Wildwood Outdoor School')!;
    expect(receipt.message.text).toContain(`Balance due by ${formatDate(camps.balanceDueDate!, true)}: $330`);
    expect(receipt.message.html).toContain(`Balance due by ${formatDate(camps.balanceDueDate!, true)}`);

    // The rest by card from My Enrollments.
    const rest = await callAs(family.user, 'payBalance', { enrollmentId: held.id });
    expect(rest.status, JSON.stringify(rest.error)).toBe(200);
    expect((await standIn<{ webhookStatus: number }>(`/__standin/sessions/${rest.result!.checkoutUrl.split('/pay/')[1]}/pay`)).webhookStatus).toBe(200);
    const settled = await enrollment(held.id);
    expect(settled.payments.map((p) => p.amount)).toEqual([10_000, 33_000]);
    expect(balanceOf(settled)).toBe(0);

    // The office cannot set a deposit without a date families can read.
    const admin = await signInDemo('admin');
    const noDate = await callAs(admin, 'adminSaveSemester', semesterInput({ depositPerClass: 5_000 }));
    expect(noDate.status).toBe(400);
    expect(noDate.error?.message).toBe('balanceDueDate: is needed with a deposit');
    const classDeposit = await callAs(admin, 'adminSaveClass', classInput('open-term', { deposit: 5_000 }));
    expect(classDeposit.status).toBe(400);
    expect(classDeposit.error?.message).toBe('A class deposit needs a balance due date: set it on the semester first.');
  });

  it('refunds cancelled classes the ways the family paid: back to the card as far as the card paid, the rest as the office chooses', async () => {
    const family = families[4];
    const admin = await signInDemo('admin');
    const r = await callAs(family.user, 'enroll', { ...(await enrollPayload(family, ['wilderness-week-1-3'], 'deposit-split')), payDeposit: true });
    expect(r.status, JSON.stringify(r.error)).toBe(200);
    const deposit = r.result!.enrollment.hold!.amount;
    expect((await standIn<{ webhookStatus: number }>(`/__standin/sessions/${r.result!.checkoutUrl!.split('/pay/')[1]}/pay`)).webhookStatus).toBe(200);
    const e = await enrollment(r.result!.enrollment.id);
    const rest = balanceOf(e);
    expect(rest).toBeGreaterThan(0);
    expect((await callAs(admin, 'adminRecordPayment', { enrollmentId: e.id, amount: rest, method: 'cash', note: '' })).status).toBe(200);
    const quote = (await callAs(admin, 'adminCancelQuote', { enrollmentId: e.id, classIds: e.classIds })).result!;
    expect([quote.suggestedRefund, quote.cardRefundable]).toEqual([e.total, deposit]);

    const ask = { enrollmentId: e.id, classIds: e.classIds, refund: e.total, note: 'Camp cancelled' };
    // All of it to the card is refused (the card paid only the deposit), as is a rest with no way back, or a card part above the refund.
    const allToCard = await callAs(admin, 'adminCancelEnrollment', { ...ask, refundMethod: 'card' });
    expect(allToCard.status).toBe(400);
    expect(allToCard.error?.message).toBe(`Only ${formatCents(deposit)} can go back to the card: give the rest back another way (the cancellation form splits a refund).`);
    const noWay = await callAs(admin, 'adminCancelEnrollment', { ...ask, cardRefund: deposit });
    expect(noWay.status).toBe(400);
    expect(noWay.error?.message).toBe(`refundMethod: Say how the rest of the refund (${formatCents(rest)}) is given back.`);
    const above = await callAs(admin, 'adminCancelEnrollment', { ...ask, refund: 1000, cardRefund: 2000, refundMethod: 'cash' });
    expect(above.status).toBe(400);
    expect(above.error?.message).toBe('cardRefund: The part back to the card cannot be more than the refund.');
    expect((await enrollment(e.id)).status).toBe('confirmed');
    expect((await standIn<{ refunds: { payment_intent: string }[] }>('/__standin/refunds')).refunds.filter((x) => x.payment_intent === e.payments[0].card!.paymentIntent)).toEqual([]);

    // The deposit back to the card through Stripe, the rest in cash: nothing owed, no fee.
    const done = await callAs(admin, 'adminCancelEnrollment', { ...ask, cardRefund: deposit, refundMethod: 'cash' });
    expect(done.status, JSON.stringify(done.error)).toBe(200);
    const cancelled = await enrollment(e.id);
    expect(cancelled.status).toBe('cancelled');
    expect(balanceOf(cancelled)).toBe(0);
    const c = cancelled.cancellations![0];
    expect([c.refund, c.fee, c.refundMethod, c.cardRefunds!.map((x) => x.amount)]).toEqual([e.total, 0, 'cash', [deposit]]);
    const { refunds } = await standIn<{ refunds: { amount: number; payment_intent: string }[] }>('/__standin/refunds');
    expect(refunds.filter((x) => x.payment_intent === e.payments[0].card!.paymentIntent).map((x) => x.amount)).toEqual([deposit]);
    const mail = (await mailFor(e.id)).find((m) => (m.message.subject as string).startsWith('Classes cancelled'))!;
    expect(mail.message.text).toContain(`We are refunding ${formatCents(e.total)} (${formatCents(deposit)} to your card ending 4242 and ${formatCents(rest)} in cash).`);
    expect((await auditOf(e.id)).map((a) => a[2])).toContainEqual(expect.stringContaining(`refund ${formatCents(e.total)} (card ${formatCents(deposit)}, cash ${formatCents(rest)})`));

    // Days later the card refund fails (the card was closed): Stripe says so twice; the office sees it once, and so does the family.
    const refundId = c.cardRefunds![0].refundId;
    const failed = await standIn<{ webhookStatuses: number[] }>(`/__standin/refunds/${refundId}/fail`);
    expect(failed.webhookStatuses).toEqual([200, 200]);
    const after = await enrollment(e.id);
    expect(after.cancellations![0].cardRefunds![0].failed).toMatchObject({ reason: 'expired_or_canceled_card' });
    expect(after.flag).toBe(`Stripe could not send the refund of ${formatCents(deposit)} to card ending 4242 (Stripe ${refundId}: expired_or_canceled_card): the family has not got it back. Give it back another way.`);
    const mine = (await callAs(family.user, 'myEnrollments')).result!.enrollments.find((x) => x.id === e.id)!;
    expect(mine.cancellations![0].cardRefunds![0].failed?.reason).toBe('expired_or_canceled_card');
    expect(JSON.stringify(mine)).not.toContain('Give it back another way');
  });

  it('the office refunds a card-paid enrollment through Stripe, records it only once Stripe accepts, and releases a stuck hold', async () => {
    const admin = await signInDemo('admin');
    const paid = await enrollment(checkoutIds(families[0].user.uid, 'card-pay-1', 1)[0]);
    expect(paid.status).toBe('confirmed');
    const cancel: Payload<'adminCancelEnrollment'> = { enrollmentId: paid.id, classIds: paid.classIds, refund: paid.total - 1000, refundMethod: 'card', note: 'Class cancelled' };
    const seatsBefore = await seats('card-a');

    // A card payment is given back by a refund, never voided.
    const voided = await callAs(admin, 'adminVoidPayment', { enrollmentId: paid.id, paymentId: paid.payments[0].id!, reason: 'test' });
    expect(voided.status).toBe(400);
    expect(voided.error?.message).toMatch(/cannot be voided/);

    // Stripe unreachable: nothing changes, and the office is told why.
    const refused = await duringStripeOutage(() => callAs(admin, 'adminCancelEnrollment', cancel));
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toMatch(/^Stripe refused the refund: .*The enrollment was not changed/);
    expect(await enrollment(paid.id)).toEqual(paid);
    expect(await seats('card-a')).toBe(seatsBefore);

    const done = await callAs(admin, 'adminCancelEnrollment', cancel);
    expect(done.status, JSON.stringify(done.error)).toBe(200);
    const c = done.result!.enrollment.cancellations!.at(-1)!;
    expect(c.refund).toBe(paid.total - 1000);
    expect(c.refundMethod).toBe('card');
    expect(c.cardRefunds).toEqual([expect.objectContaining({ amount: paid.total - 1000, last4: '4242', paymentIntent: paid.payments[0].card!.paymentIntent, refundId: expect.stringMatching(/^re_test_/) })]);
    expect(done.result!.enrollment.status).toBe('cancelled');
    expect(await seats('card-a')).toBe(seatsBefore - 1);
    // The same cancellation again is refused: nothing goes back twice.
    expect((await callAs(admin, 'adminCancelEnrollment', cancel)).status).toBe(400);

    // A hold stuck waiting: the office frees its seats and closes its page.
    const stuck = (await enrollByCard(families[1], ['card-d'], 'card-stuck-1')).result!.enrollment;
    expect(await seats('card-d')).toBe(1);
    const officePayment = await callAs(admin, 'adminRecordPayment', { enrollmentId: stuck.id, amount: 100, method: 'cash', note: '' });
    expect(officePayment.status).toBe(400);
    expect(officePayment.error?.message).toMatch(/never completed/);
    const released = await callAs(admin, 'adminReleaseHold', { enrollmentId: stuck.id });
    expect(released.status, JSON.stringify(released.error)).toBe(200);
    expect(released.result!.enrollment.status).toBe('expired');
    expect(await seats('card-d')).toBe(0);
    expect(await (await fetch((await enrollment(stuck.id)).hold!.url!)).text()).toContain('This checkout is expired');
    expect((await callAs(families[1].user, 'adminReleaseHold', { enrollmentId: stuck.id })).status).toBe(403);
  });

  it('takes a gift by card, anonymous or not, and emails a receipt with the tax text once paid', async () => {
    const gift = { amount: 4250, note: 'For <the> scholarship fund', email: 'donor@example.com', idempotencyKey: 'gift-test-1' };
    const [first, again] = await Promise.all([callAs(null, 'donate', gift), callAs(null, 'donate', gift)]);
    expect(first.status, JSON.stringify(first.error)).toBe(200);
    expect(again.result!.checkoutUrl).toBe(first.result!.checkoutUrl);
    // The donor goes back and changes the amount: another page (the same key with a new amount would be refused by Stripe).
    const changed = await callAs(null, 'donate', { ...gift, amount: 5000 });
    expect(changed.status, JSON.stringify(changed.error)).toBe(200);
    expect(changed.result!.checkoutUrl).not.toBe(first.result!.checkoutUrl);
    const sessionId = first.result!.checkoutUrl.split('/pay/')[1];
    expect((await db().doc(`donations/${sessionId}`).get()).exists).toBe(false);
    expect((await standIn<{ webhookStatus: number }>(`/__standin/sessions/${sessionId}/pay`)).webhookStatus).toBe(200);
    const recorded = (await db().doc(`donations/${sessionId}`).get()).data()!;
    expect(recorded).toMatchObject({ amount: 4250, email: 'donor@example.com', note: gift.note, card: { last4: '4242' } });
    const mail = (await db().collection('mail').where('donationId', '==', sessionId).get()).docs.map((d) => d.data());
    expect(mail).toHaveLength(1);
    expect(mail[0].to).toEqual(['donor@example.com']);
    expect(mail[0].message.text).toContain(`Thank you for your gift of $42.50 on ${formatDate(schoolToday(new Date(recorded.at as string)), true)}, paid by Visa card ending 4242.`);
    expect(mail[0].message.text).toContain(DEFAULT_DONATION_RECEIPT_TEXT);
    expect(mail[0].message.html).toContain('For &lt;the&gt; scholarship fund');
    // $0.99 and $10,000 are refused before Stripe is asked.
    for (const amount of [99, 1_000_000]) {
      const r = await callAs(null, 'donate', { ...gift, amount, idempotencyKey: `gift-test-${amount}` });
      expect(r.status).toBe(400);
      expect(r.error?.message).toMatch(/^amount: must be at (least \$1|most \$9,999)$/);
    }
  });

  it('pays the office later only from a verified email, for at most 2 unpaid enrollments; an account keeps at most 8 students', async () => {
    await addClassesLikeWildArt(['later-a', 'later-b', 'later-c'].map((id, i) => ({ id, title: `Later ${id.slice(-1).toUpperCase()}`, capacity: 5, weekday: i + 1 })));
    let user = await createUnverifiedUser('later@example.com');
    const saved = await callAs(user, 'saveStudent', { profile: { ...AVA, firstName: 'Lane', guardians: [{ ...AVA.guardians[0], email: user.email }] }, reviewed: true });
    expect(saved.status, JSON.stringify(saved.error)).toBe(200);
    const family = () => ({ user, studentId: saved.result!.student.id });
    const byOffice = async (classId: string, key: string) => callAs(user, 'enroll', { ...(await enrollPayload(family(), [classId], key)), payWith: 'office' });

    const unverified = await byOffice('later-a', 'later-office-0');
    expect(unverified.status).toBe(400);
    expect(unverified.error?.message).toBe('To pay the office later, please verify your email address first (open the link we emailed you), or pay by card.');
    expect((await db().doc(`enrollments/${checkoutIds(user.uid, 'later-office-0', 1)[0]}`).get()).exists).toBe(false);
    expect(await seats('later-a')).toBe(0);
    // Nor may it hold seats while it pays by card (an unproven account could hold seats from others).
    const card = await enrollByCard(family(), ['later-a'], 'later-card-0');
    expect(card.status).toBe(400);
    expect(card.error?.message).toBe('To hold seats while you pay by card, please verify your email address first (open the link we emailed you).');
    expect(await seats('later-a')).toBe(0);

    // The verification email's link, as the Auth emulator sends it, proves the address.
    const sent = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=${emulatorConfig.apiKey}`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ requestType: 'VERIFY_EMAIL', idToken: user.idToken }),
    });
    expect(sent.status).toBe(200);
    const [link] = await oobLinks(user.email);
    expect((await fetch(link)).status).toBe(200);
    user = await signIn(user.email, 'secret-pass-1');
    for (const [i, classId] of ['later-a', 'later-b'].entries()) {
      const r = await byOffice(classId, `later-office-${i + 1}`);
      expect(r.status, JSON.stringify(r.error)).toBe(200);
      expect(r.result!.enrollment.status).toBe('confirmed');
    }
    const third = await byOffice('later-c', 'later-office-3');
    expect(third.status).toBe(400);
    expect(third.error?.message).toBe('Your account already has 2 enrollments waiting for payment at the office, the most we keep: please pay this one by card, or pay the others first.');
    expect(await seats('later-c')).toBe(0);
    expect((await enrollByCard(family(), ['later-c'], 'later-card-3')).result?.enrollment.status).toBe('pending_payment');

    // Students: the eighth is saved, the ninth refused with a reason; editing one still works.
    const many = await createUser('many@example.com');
    const profile = (n: number) => ({ ...AVA, firstName: `Kid${n}`, guardians: [{ ...AVA.guardians[0], email: many.email }] });
    const results = [];
    for (let n = 1; n <= 8; n++) results.push(await callAs(many, 'saveStudent', { profile: profile(n), reviewed: true }));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    const ninth = await callAs(many, 'saveStudent', { profile: profile(9), reviewed: true });
    expect(ninth.status).toBe(400);
    expect(ninth.error?.message).toBe('An account can keep up to 8 students. To add another, please contact the office.');
    expect((await db().collection('students').where('ownerUid', '==', many.uid).count().get()).data().count).toBe(8);
    const first = results[0].result!.student;
    const edited = await callAs(many, 'saveStudent', { id: first.id, profile: { ...profile(1), school: 'Oak Elementary' }, reviewed: true, version: first.version });
    expect(edited.status, JSON.stringify(edited.error)).toBe(200);
  });

  it('the dashboard tells card, office and held checkouts apart, and never bills a checkout that did not complete', async () => {
    const admin = await signInDemo('admin');
    const d = (await callAs(admin, 'adminDashboard', { semesterId: 'open-term' })).result!;
    const all = (await db().collection('enrollments').where('semesterIds', 'array-contains', 'open-term').get()).docs.map((x) => x.data() as Enrollment);
    const held = all.filter((e) => e.status === 'pending_payment');
    expect(held.length).toBeGreaterThan(0);
    expect(all.some((e) => e.status === 'expired')).toBe(true);
    expect([d.heldCheckouts, d.heldAmount]).toEqual([held.length, held.reduce((s, e) => s + e.hold!.amount, 0)]);
    const paid = (e: Enrollment, card: boolean) => e.payments.reduce((s, p) => s + (!p.voided && (p.method === 'card') === card ? p.amount : 0), 0);
    const settled = all.filter((e) => e.status !== 'pending_payment');
    expect(d.paidByCard).toBe(settled.reduce((s, e) => s + paid(e, true), 0));
    expect(d.paidByCard).toBeGreaterThan(0);
    expect(d.paidAtOffice).toBe(settled.reduce((s, e) => s + paid(e, false), 0));
    expect(d.billed).toBe(all.filter((e) => e.status === 'confirmed' || e.status === 'cancelled').reduce((s, e) => s + e.total, 0));
    expect(d.netPaid + d.outstanding).toBe(d.billed);
  });
  it('lists Stripe’s payouts to the bank: each day’s card payments less Stripe’s fee and its refunds, arriving two days later; for the office’s money roles, not families', async () => {
    await addClassesLikeWildArt([{ id: 'payout-a', title: 'Payout A', capacity: 2, weekday: 3 }]);
    const admin = await signInDemo('admin');
    const family = await familyWithStudent('payout.family@example.com', 'Pay', 'Out');
    // Two days on from today and tomorrow (UTC, as Stripe's days are): wherever midnight falls during the test, the payments of the test arrive in it.
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const range = { from: day(2), to: day(3) };
    const arriving = async () => {
      const r = await callAs(admin, 'adminPayouts', range);
      expect(r.status, JSON.stringify(r.error)).toBe(200);
      return r.result!.payouts;
    };
    const sum = async () => (await arriving()).reduce((s, p) => s + p.amount, 0);
    const before = await sum();
    const enrolled = await enrollByCard(family, ['payout-a'], 'payout-card-1');
    expect(enrolled.status, JSON.stringify(enrolled.error)).toBe(200);
    const price = enrolled.result!.enrollment.total;
    expect((await standIn<{ webhookStatus: number }>(`/__standin/sessions/${(await enrollment(enrolled.result!.enrollment.id)).hold!.sessionId}/pay`)).webhookStatus).toBe(200);
    // Stripe keeps its US card fee, 2.9 % + 30¢.
    const fee = Math.round(price * 0.029) + 30;
    expect(await sum()).toBe(before + price - fee);
    const refunded = await callAs(admin, 'adminCancelEnrollment', { enrollmentId: enrolled.result!.enrollment.id, classIds: ['payout-a'], refund: 5000, refundMethod: 'card', note: 'Part back' });
    expect(refunded.status, JSON.stringify(refunded.error)).toBe(200);
    expect(await sum()).toBe(before + price - fee - 5000);
    for (const p of await arriving()) expect([p.status, p.arrivesOn >= range.from && p.arrivesOn <= range.to]).toEqual(['in_transit', true]);
    // Finance reads them; a family may not; the days must be in order.
    const finance = await createUser('payout.finance@example.com');
    await db().doc(`roles/${finance.uid}`).set({ roles: ['finance'] });
    expect((await callAs(finance, 'adminPayouts', range)).status).toBe(200);
    expect((await callAs(family.user, 'adminPayouts', range)).status).toBe(403);
    expect((await callAs(admin, 'adminPayouts', { from: range.to, to: range.from })).error?.message).toBe('payload: from must not be after to');
  });
});
