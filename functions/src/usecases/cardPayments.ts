// Card payments for held checkouts: a Stripe Checkout page for the held seats, and the webhook events
// that settle it. Fulfilment comes only from the verified webhook; each event is applied once. A
// payment that arrives after its hold ended gets seats only as a new enrollment would (the waitlist
// first, the code limits counted), else it is refunded whole, saying truthfully why.
import { randomUUID } from 'node:crypto';
import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/logger';
import { HttpsError } from 'firebase-functions/v2/https';
import type Stripe from 'stripe';
import { AID_CODE } from '../../../contract/aid';
import type { CardDetails, CardRefund, Enrollment, WaitlistEntry } from '../../../contract/domain';
import { andList, formatCents, formatDate } from '../../../contract/format';
import { formatCard, formatClock, formatMoment } from '../../../contract/wording';
import { balanceOf, lineTotalOf, paidInCreditOf } from '../../../contract/money';
import { paymentsText, remainingPayments } from '../../../contract/instalments';
import { buildReceipt, receiptGroups } from '../mail/receipt';
import { refundedWholeMail } from '../mail/family';
import { confirmedBy, endedByNewer, lateOutcome, mismatchOf, refundedWhole, settledSince, settlementOf, type WholeRefund } from '../domain/settlement';
import { countAidInTx } from '../data/aid';
import { accountRef } from '../data/accounts';
import { addCreditInTx, creditOf } from '../data/credit';
import { creditTakenAgain } from '../domain/credit';
import { aidTakenBy, childAidRoom } from '../domain/aid';
import { queueMail } from '../mail/outbox';
import { allCardRefunds } from '../domain/refunds';
import { holdLapsed, planSeats } from '../domain/seats';
import { entryUsesFree } from '../domain/waitlist';
import { seatTaken, specialSeats } from '../domain/checkout';
import { auditInTx, stripeActor } from '../data/audit';
import { settleBalancePayment } from './balance';
import { COLLECTIONS, db, getByIds, present, recordRef, runSeatTransaction, uniq } from '../data/db';
import { settleDonation } from './donations';
import { settleInstalmentPage } from './instalments';
import { endDraftInTx } from '../data/drafts';
import { familyEnrollmentRefs } from '../data/enrollments';
import { recipients } from '../data/familyMail';
import { codeUseDeltas, HOLD_END, HOLD_GRACE_S, STRIPE_PAGE_MIN_S, writeCodeUseDeltas } from '../data/holds';
import { countRoster, rosterRef, seatRef, seatsOf, writeSeatsTaken, type SeatDeltas } from '../data/seats';
import { loadPaymentInstructions } from '../data/settings';
import { enrollmentRef, eventRef, paymentOf, type Outcome } from '../data/stripeSessions';
import type { PlanCard } from '../domain/instalments';
import { enrolledInTx } from '../data/waitlistClaims';
import { isStripeError, portalOrigin, stripe } from '../payments/stripe';
import { endHold, releaseLapsedHolds } from './holds';

export { endHold, releaseLapsedHolds };

/** A Stripe event whose whole refund is begun and not yet recorded (its `stripeEvents` record's type). */
const REFUNDING = 'refunding';

/**
 * What Stripe's page lists for one child's held enrollment: the basket's lines when no discount
 * applies, else one line for the total, or for a deposit one line saying what is left and when it is
 * due. The lines add up to the enrollment's held amount.
 */
function checkoutLines(e: Enrollment): Stripe.Checkout.SessionCreateParams.LineItem[] {
  const item = (name: string, amount: number) => ({ quantity: 1, price_data: { currency: 'usd', unit_amount: amount, product_data: { name } } });
  const amount = e.hold!.amount;
  const titles = `${e.lineItems.map((l) => l.title).join(', ')} — ${e.studentName}`;
  // Paid before the card: the account credit.
  const credit = paidInCreditOf(e);
  const fromCredit = credit ? `${formatCents(credit)} paid from your account credit` : '';
  const later = e.total - credit - amount;
  if (later > 0 && e.instalments) {
    const rest = remainingPayments({ dates: e.instalments.dates, paid: 1 }, later);
    return [item(`First of ${e.instalments.dates.length} monthly payments: ${titles} (${fromCredit ? `${fromCredit}; ` : ''}then ${paymentsText(rest)}, charged to the card you pay with now)`, amount)];
  }
  if (later > 0) return [item(`Deposit: ${titles} (${fromCredit ? `${fromCredit}; ` : ''}balance ${formatCents(later)} due ${e.balanceDueDate ? formatDate(e.balanceDueDate, true) : 'now'})`, amount)];
  if (!e.discounts.length && !credit) return e.lineItems.map((l) => item(`${l.title} — ${e.studentName}`, lineTotalOf(l)));
  const after = [...e.discounts.map((d) => `${d.code === AID_CODE ? d.description : d.code} −${formatCents(d.amount)}`), ...(credit ? [fromCredit] : [])].join(', ');
  return [item(`${titles} (after ${after})`, amount)];
}

/**
 * When Stripe closes the page of a held checkout: before the hold ends (its grace keeps the seats
 * while the webhook arrives), and never sooner than Stripe allows from the checkout's creation. Made
 * from the enrollment alone, so that a retry sends Stripe exactly the same request.
 */
export function pageClosesAt(lead: Pick<Enrollment, 'hold' | 'createdAt'>): number {
  const holdEnd = Math.floor(Date.parse(lead.hold!.expiresAt) / 1000) - HOLD_GRACE_S;
  return Math.max(holdEnd, Math.floor(Date.parse(lead.createdAt) / 1000) + STRIPE_PAGE_MIN_S);
}

/**
 * Stripe's page for a held checkout (its enrollments, the first child's first), created once: the
 * idempotency key is the first enrollment's and every parameter comes from the stored checkout, so a
 * double click or a retry gets the same page. When Stripe refuses or cannot be reached the hold is
 * released at once (not when another call for the same page is still under way).
 */
export async function startCheckout(checkout: Enrollment[], email: string | null, origin: string, now: Date): Promise<string> {
  const [lead] = checkout;
  if (lead.hold?.url) return lead.hold.url;
  const back = `${origin}/classes/enrollment/checkout?enrollment=${encodeURIComponent(lead.id)}`;
  const closes = pageClosesAt(lead);
  // A claimed waitlist seat stays the family's until its offer ends, whatever happens to this page.
  const offerEnds = lead.waitlistEntryId ? ((await recordRef('waitlist', lead.waitlistEntryId).get()).data() as WaitlistEntry | undefined)?.offer?.expiresAt : undefined;
  const pageUntil = formatClock(new Date(closes * 1000).toISOString());
  const submit = offerEnds
    ? `This page stays open until ${pageUntil}. The seat offered stays yours until ${formatMoment(offerEnds)}: if you leave without paying, claim it again from My Enrollments.`
    : `Your seats are held until ${pageUntil}: pay before then, or they go back to other families.`;
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe().checkout.sessions.create(
      {
        mode: 'payment',
        // Cards only: other methods settle days later, after the hold has given the seats back.
        allowed_payment_method_types: ['card'],
        // A child whose classes are free this time has nothing on the page.
        line_items: checkout.flatMap(checkoutLines).filter((l) => l.price_data!.unit_amount! > 0),
        client_reference_id: lead.id,
        metadata: { enrollmentId: lead.id },
        ...(email ? { customer_email: email } : {}),
        // A monthly plan saves the card to a customer of its own, for the payments charged later.
        ...(lead.instalments ? { customer_creation: 'always' as const, payment_intent_data: { setup_future_usage: 'off_session' as const } } : {}),
        expires_at: closes,
        // Stripe's page has no clock of its own: the family reads there how long the seats are held.
        custom_text: { submit: { message: submit } },
        success_url: `${back}&session={CHECKOUT_SESSION_ID}`,
        cancel_url: `${back}&cancelled=1`,
      },
      { idempotencyKey: `checkout-${lead.id}` },
    );
  } catch (error) {
    if (!isStripeError(error)) throw error;
    logger.error('stripe checkout failed', { enrollmentId: lead.id, type: error.type, code: error.code, status: error.statusCode });
    // Another call for this same page is still talking to Stripe: its answer stands.
    // Or it made this checkout's page already, from other parameters (another of the school's
    // addresses): that page stands, and the hold with it.
    if (error.statusCode === 409 || error.type === 'StripeIdempotencyError') throw new HttpsError('unavailable', 'Your payment page is still being prepared. Please try again in a moment.');
    await endHold(lead.id, now);
    throw new HttpsError('unavailable', 'Card payments are not available right now. Nothing was charged and no seat is held; please try again in a few minutes.');
  }
  const batch = db().batch();
  for (const e of checkout) batch.update(enrollmentRef(e.id), { 'hold.sessionId': session.id, 'hold.url': session.url, 'hold.payBy': new Date(session.expires_at * 1000).toISOString() });
  await batch.commit();
  return session.url!;
}

/** What settling a paid checkout reads besides the checkout: its classes, semesters, students' addresses, how to pay. */
async function settleFacts(checkout: Enrollment[]) {
  const [{ found: classes }, { found: semesters }, { found: students }, instructions] = await Promise.all([
    getByIds('classes', uniq(checkout.flatMap((e) => e.classIds))),
    getByIds('semesters', uniq(checkout.flatMap((e) => e.semesterIds))),
    getByIds('students', checkout.map((e) => e.studentId)),
    loadPaymentInstructions(),
  ]);
  const to = new Map(await Promise.all(checkout.map(async (e) => [e.id, await recipients(e, students.find((s) => s.id === e.studentId))] as const)));
  return { classes, semesters, instructions, to };
}

/** What settling reads, with the card a monthly plan saved (null without a plan). */
type SettleFacts = Awaited<ReturnType<typeof settleFacts>> & { saved: PlanCard | null };

/** The confirmation of paid enrollments: each records its payment, the receipts go out, the draft goes. */
function confirmInTx(tx: Transaction, checkout: Enrollment[], card: CardDetails, facts: SettleFacts, eventId: string, now: Date): Enrollment[] {
  const confirmed = confirmedBy(checkout, card, checkout.map(() => randomUUID()), now.toISOString(), facts.saved);
  for (const e of confirmed) {
    tx.set(enrollmentRef(e.id), e);
    auditInTx(tx, stripeActor(eventId), { kind: 'card-payment', record: { type: 'enrollment', id: e.id }, studentId: e.studentId, studentName: e.studentName, summary: `Paid by card: ${formatCents(e.payments.at(-1)!.amount)}` }, now);
  }
  for (const group of receiptGroups(confirmed, (e) => facts.to.get(e.id)!)) {
    queueMail(tx, buildReceipt(group.enrollments, facts.classes, facts.semesters, facts.instructions, group.to));
  }
  endDraftInTx(tx, checkout[0].ownerUid);
  return confirmed;
}

/**
 * A paid session: confirm the enrollments of its checkout (each child's, each recording its part of
 * the payment); paid after the hold ended, take seats again as a new enrollment would; a payment for
 * seats already paid for, or for seats that are gone, is refunded in full.
 */
async function settlePaid(eventId: string, session: Stripe.Checkout.Session, now: Date): Promise<Outcome> {
  const id = session.client_reference_id ?? session.metadata?.enrollmentId ?? '';
  const before = id ? await enrollmentRef(id).get() : null;
  if (!before?.exists) {
    logger.warn('stripe event for an unknown enrollment', { eventId, sessionId: session.id });
    return 'ignored';
  }
  const e0 = before.data()!;
  const ids = e0.checkoutIds ?? [id];
  const checkout0 = ids.length > 1 ? (await getByIds('enrollments', ids)).found : [e0];
  const intent = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? '');
  const flag = mismatchOf(e0, checkout0, { id: session.id, amount: session.amount_total ?? 0, paymentIntent: intent });
  if (flag) {
    // Not what this checkout asked Stripe for: nothing is confirmed, and the office looks at it.
    return db().runTransaction(async (tx) => {
      if ((await tx.get(eventRef(eventId))).exists) return 'duplicate';
      tx.update(enrollmentRef(id), { flag });
      tx.set(eventRef(eventId), { type: 'paid-mismatch', enrollmentId: id, at: now.toISOString() });
      return 'flagged';
    });
  }
  const [{ card, saved }, read] = await Promise.all([paymentOf(session), settleFacts(checkout0)]);
  const facts = { ...read, saved: checkout0.some((e) => e.instalments) ? saved : null };
  const at = now.toISOString();

  // The hold still stands: its seats become the family's. A whole refund this event began (Stripe
  // failed before it was made) is finished, not judged again.
  const held = await runSeatTransaction(async (tx): Promise<Outcome | 'ended' | { refunding: WholeRefund }> => {
    const applied = await tx.get(eventRef(eventId));
    if (applied.get('type') === REFUNDING) return { refunding: applied.get('kind') as WholeRefund };
    if (applied.exists) return 'duplicate';
    const checkout = present(await tx.getAll(...ids.map(enrollmentRef)));
    const settlement = settlementOf(checkout, session.id);
    if (settlement === 'again') {
      tx.set(eventRef(eventId), { type: 'paid', enrollmentId: id, at });
      return 'duplicate';
    }
    if (settlement === 'late') return 'ended';
    const rosters = await tx.getAll(...checkout.flatMap((e) => e.classIds.map((c) => rosterRef(c, e.studentId))));
    const entryId = checkout.find((e) => e.waitlistEntryId)?.waitlistEntryId;
    const entry = entryId ? ((await tx.get(recordRef('waitlist', entryId))).data() as WaitlistEntry | undefined) : undefined;
    for (const r of rosters) {
      tx.update(r.ref, { [HOLD_END]: FieldValue.delete() });
      const seat = r.get('seat') as string | undefined;
      if (seat) tx.update(seatRef(r.ref.parent.parent!.id, seat), { state: 'taken', until: FieldValue.delete() });
    }
    confirmInTx(tx, checkout, card, facts, eventId, now);
    if (entry) enrolledInTx(tx, entry, entry.enrollmentId ?? id, at);
    tx.set(eventRef(eventId), { type: 'paid', enrollmentId: id, at });
    return 'confirmed';
  });
  if (typeof held === 'object') return refundWhole(eventId, session, ids, card, facts, held.refunding, now);
  if (held !== 'ended') return held;
  return settleLate(eventId, session, ids, card, facts, now);
}

/** Why a late payment cannot have seats: a newer checkout for the same children; null when it may try. */
async function lateProblem(checkout: Enrollment[]): Promise<WholeRefund | null> {
  if (endedByNewer(checkout)) return 'duplicate';
  const rosters = await db().getAll(...checkout.flatMap((e) => e.classIds.map((c) => rosterRef(c, e.studentId))));
  // The same children are on these rosters by another enrollment: this payment is for seats already theirs.
  return rosters.some((r) => r.exists) ? 'duplicate' : null;
}

/** Paid after the hold ended: seats again if free for it (as for a new enrollment), else a full refund. */
async function settleLate(eventId: string, session: Stripe.Checkout.Session, ids: string[], card: CardDetails, facts: SettleFacts, now: Date): Promise<Outcome> {
  const checkout0 = (await getByIds('enrollments', ids)).found;
  let why = await lateProblem(checkout0);
  const classIds = uniq(checkout0.flatMap((e) => e.classIds));
  const classes = new Map(facts.classes.map((c) => [c.id, c]));
  const entryId = checkout0.find((e) => e.waitlistEntryId)?.waitlistEntryId;
  const deadline = Date.now() + 30_000;
  while (!why && Date.now() < deadline) {
    const entry = entryId ? (((await recordRef('waitlist', entryId).get()).data() as WaitlistEntry | undefined) ?? null) : null;
    const listed = await seatsOf(classIds);
    const lapsed = uniq([...listed.values()].flatMap((seats) => [...seats.values()].filter((s) => holdLapsed(s, now)).map((s) => s.enrollmentId!)));
    if (lapsed.length) {
      await releaseLapsedHolds(now, (await getByIds('enrollments', lapsed)).found);
      continue;
    }
    const plan = planSeats(
      checkout0.map((e) => ({ studentId: e.studentId, classIds: e.classIds })),
      listed,
      classes,
      { replaced: new Set(), offer: entry?.status === 'offered' ? entry : null },
    );
    if (plan.some((p) => [...p.seats.values()].some((s) => !s))) {
      why = 'seat-lost';
      break;
    }
    try {
      const outcome = await db().runTransaction(
        async (tx): Promise<{ outcome: Outcome | 'refund'; refund?: WholeRefund; deltas: SeatDeltas }> => {
          if ((await tx.get(eventRef(eventId))).exists) return { outcome: 'duplicate', deltas: new Map() };
          const checkout = present(await tx.getAll(...ids.map(enrollmentRef)));
          if (settledSince(checkout, session.id)) return { outcome: 'duplicate', deltas: new Map() };
          const claimed = entryId ? ((await tx.get(recordRef('waitlist', entryId))).data() as WaitlistEntry | undefined) : undefined;
          // An entry off the list gave its uses back when this checkout's hold ended: they are counted again.
          const entryKeepsUses = !!claimed && !entryUsesFree(claimed, undefined);
          // The codes' uses are counted again, as for a new enrollment: a code used up since cannot be honoured.
          const counted = uniq(checkout.flatMap((e) => e.countedDiscountIds ?? []));
          const [discounts, uses] = counted.length
            ? await Promise.all([tx.getAll(...counted.map((d) => recordRef('discounts', d))), tx.getAll(...counted.map((d) => db().collection(COLLECTIONS.discountUses).doc(d)))])
            : [[], []];
          // The awards its hold gave back when it ended, as they are now: taken again only if they still hold it.
          const aidTaken = aidTakenBy(checkout);
          const awards = aidTaken.size ? present(await tx.getAll(...[...aidTaken.keys()].map((id) => recordRef('aidApplications', id)))) : [];
          // A capped award: what the children's other enrollments took of it since, as they are now.
          const caps = new Map(awards.flatMap((a) => (a.award?.capPerChild !== undefined ? [[a.id, a.award.capPerChild] as const] : [])));
          const familyRefs = caps.size ? await familyEnrollmentRefs(checkout[0].ownerUid) : [];
          const family = familyRefs.length ? present(await tx.getAll(...familyRefs)) : [];
          const offered = specialSeats(plan).filter((s) => s.source === 'offer').map((s) => seatRef(s.classId, s.id));
          const offeredNow = offered.length ? await tx.getAll(...offered) : [];
          // Read here, not only before: a new checkout for the same children may have put them on these rosters since.
          const rostered = await tx.getAll(...checkout.flatMap((e) => e.classIds.map((c) => rosterRef(c, e.studentId))));
          // The credit its hold gave back when it ended pays its part again, as far as the account holds it now.
          const account = await tx.get(accountRef(checkout[0].ownerUid));
          const late = lateOutcome({
            checkout,
            pageId: session.id,
            ...(entryId ? { entryId } : {}),
            offeredNow: offeredNow.map((o) => o.data() ?? null),
            codes: discounts.flatMap((d, i) => (d.exists ? [{ maxUses: (d.get('maxUses') as number | null) ?? null, uses: (uses[i].get('uses') as number | undefined) ?? 0 }] : [])),
            entryKeepsUses,
            rostered: rostered.some((r) => r.exists),
            aid: [...aidTaken].map(([id, taken]) => {
              const award = awards.find((a) => a.id === id)?.award;
              return { taken, left: award ? award.committed - award.used : 0 };
            }),
            aidPerChild: childAidRoom(checkout, family, caps),
          });
          if (late === 'again') return { outcome: 'duplicate', deltas: new Map() };
          if (late !== 'take') return { outcome: 'refund', refund: late, deltas: new Map() };
          const deltas: SeatDeltas = new Map();
          const at = now.toISOString();
          const seats = checkout.flatMap((e, i) =>
            e.classIds.map((classId) => {
              const planned = plan[i].seats.get(classId)!;
              return seatTaken(e, classId, planned, { ...(planned.source === 'offer' ? { entryId: entryId! } : {}), counts: true }, at);
            }),
          );
          writeSeatsTaken(tx, seats, deltas);
          const again = creditTakenAgain(checkout, creditOf(account), at);
          if (again.entry) addCreditInTx(tx, again.entry);
          confirmInTx(tx, again.checkout, card, facts, eventId, now);
          if (claimed) enrolledInTx(tx, claimed, ids[0], at);
          if (!entryKeepsUses) writeCodeUseDeltas(tx, codeUseDeltas(counted, 1));
          // The award its hold gave back when it ended is taken again: the family paid the aided price.
          countAidInTx(tx, aidTaken);
          tx.set(eventRef(eventId), { type: 'paid-late', enrollmentId: ids[0], at });
          return { outcome: 'confirmed', deltas };
        },
        { maxAttempts: 1 },
      );
      // No seats for it: a code used up or the offered seat gone ('seat-lost'), or the children already on these rosters ('duplicate').
      if (outcome.outcome === 'refund') {
        why = outcome.refund!;
        break;
      }
      await countRoster(outcome.deltas);
      return outcome.outcome;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 6 || code === 10) continue;
      throw error;
    }
  }
  return refundWhole(eventId, session, ids, card, facts, why ?? 'seat-lost', now);
}

/**
 * No seats for a payment: all of it goes back (once: the key is the session's), recorded and told
 * truthfully. The request is the same whatever the reason: two deliveries of one event at once may
 * judge it differently, and Stripe refuses a key sent again with other parameters (the reason is
 * recorded on the enrollments, by the delivery that records first).
 */
async function refundWhole(eventId: string, session: Stripe.Checkout.Session, ids: string[], card: CardDetails, facts: Awaited<ReturnType<typeof settleFacts>>, judged: WholeRefund, now: Date): Promise<Outcome> {
  const amount = session.amount_total ?? 0;
  const at = now.toISOString();
  // Begun in a transaction before Stripe is asked: another delivery of this event (Stripe may send one
  // twice, at once) may have given the payment its seats meanwhile, and then nothing goes back. The
  // mark makes that delivery's transaction stand down, and a delivery after a failed refund finish it.
  const kind = await db().runTransaction(async (tx): Promise<WholeRefund | null> => {
    const applied = await tx.get(eventRef(eventId));
    if (applied.exists && applied.get('type') !== REFUNDING) return null;
    if (settledSince(present(await tx.getAll(...ids.map(enrollmentRef))), session.id)) return null;
    if (applied.exists) return applied.get('kind') as WholeRefund;
    tx.set(eventRef(eventId), { type: REFUNDING, enrollmentId: ids[0], kind: judged, at });
    return judged;
  });
  if (!kind) return 'duplicate';
  const refund = await stripe().refunds.create(
    { payment_intent: card.paymentIntent, amount, metadata: { enrollmentId: ids[0] } },
    { idempotencyKey: `seat-lost-${session.id}` },
  );
  return db().runTransaction(async (tx) => {
    if ((await tx.get(eventRef(eventId))).get('type') !== REFUNDING) return 'duplicate';
    const checkout = present(await tx.getAll(...ids.map(enrollmentRef)));
    const names = andList(checkout.map((e) => e.studentName));
    for (const e of refundedWhole(checkout, card, kind, { id: refund.id, pageId: session.id }, checkout.map(() => randomUUID()), at)) {
      tx.set(enrollmentRef(e.id), e);
      auditInTx(tx, stripeActor(eventId), { kind: 'card-payment', record: { type: 'enrollment', id: e.id }, studentId: e.studentId, studentName: e.studentName, summary: `Paid by card: ${formatCents(e.payments.at(-1)!.amount)}, refunded in full (${kind === 'duplicate' ? 'a duplicate payment' : 'no seat left'})` }, now);
    }
    const message = refundedWholeMail(kind, names, checkout.length > 1, amount, formatCard(card), portalOrigin(null));
    queueMail(tx, { kind: 'refunded-whole', to: facts.to.get(ids[0])!, enrollmentId: ids[0], message });
    tx.set(eventRef(eventId), { type: 'refunded', enrollmentId: ids[0], refundId: refund.id, kind, at });
    return 'refunded';
  });
}

/**
 * A card refund that failed after Stripe accepted it: marked failed on the enrollment, and the
 * enrollment flagged for the office (the family has not got the money back; the office gives it back
 * another way). Marked once, whichever of Stripe's events about it comes first.
 */
async function noteFailedRefund(eventId: string, refund: Stripe.Refund, now: Date): Promise<Outcome> {
  const id = refund.metadata?.enrollmentId ?? '';
  if (!id) return 'ignored';
  return db().runTransaction(async (tx) => {
    const snap = await tx.get(enrollmentRef(id));
    if (!snap.exists || (await tx.get(eventRef(eventId))).exists) return snap.exists ? 'duplicate' : 'ignored';
    const e = snap.data()!;
    const sent = allCardRefunds(e).find((r) => r.refundId === refund.id);
    if (!sent) return 'ignored';
    if (sent.failed) return 'duplicate';
    const failed = { at: now.toISOString(), reason: refund.failure_reason ?? refund.status ?? 'failed' };
    const mark = (list: CardRefund[] | undefined) => list?.map((r) => (r.refundId === refund.id ? { ...r, failed } : r));
    const cardRefunds = mark(e.cardRefunds);
    const cancellations = e.cancellations?.map((c) => (c.cardRefunds ? { ...c, cardRefunds: mark(c.cardRefunds) } : c));
    const flag = `Stripe could not send the refund of ${formatCents(sent.amount)} to card ending ${sent.last4} (Stripe ${refund.id}: ${failed.reason}): the family has not got it back. Give it back another way.`;
    tx.update(enrollmentRef(id), { ...(cardRefunds ? { cardRefunds } : {}), ...(cancellations ? { cancellations } : {}), flag });
    tx.set(eventRef(eventId), { type: 'refund-failed', enrollmentId: id, refundId: refund.id, at: failed.at });
    return 'flagged';
  });
}

/**
 * A payment refunded in Stripe's dashboard, outside the portal (charge.refunded). The portal's own
 * refunds carry the enrollment in their metadata; any other refund of the payment is recorded on the
 * enrollment it paid as given back to the card (so the figures match Stripe's, and the portal never
 * sends the same money back twice) and flagged for the office: the family now owes it again unless
 * the office cancels what it was for. Each refund is recorded once, whichever event brings it.
 */
async function noteRefundsOutside(eventId: string, charge: Stripe.Charge, now: Date): Promise<Outcome> {
  const intent = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!intent) return 'ignored';
  const [{ data: made }, { data: pages }] = await Promise.all([
    stripe().refunds.list({ payment_intent: intent, limit: 100 }),
    stripe().checkout.sessions.list({ payment_intent: intent, limit: 1 }),
  ]);
  const outside = made.filter((r) => !r.metadata?.enrollmentId && r.status !== 'failed' && r.status !== 'canceled');
  const id = pages[0]?.client_reference_id ?? pages[0]?.metadata?.enrollmentId ?? '';
  if (!outside.length || !id) return 'ignored';
  return db().runTransaction(async (tx) => {
    const snap = await tx.get(enrollmentRef(id));
    if (!snap.exists || (await tx.get(eventRef(eventId))).exists) return snap.exists ? 'duplicate' : 'ignored';
    const e = snap.data()!;
    const known = new Set(allCardRefunds(e).map((r) => r.refundId));
    const fresh = outside.filter((r) => !known.has(r.id));
    if (!fresh.length) return 'duplicate';
    const card = e.payments.find((p) => p.card?.paymentIntent === intent)?.card;
    const at = now.toISOString();
    const reason = 'Refunded in Stripe’s dashboard, not through the portal.';
    const added: CardRefund[] = fresh.map((r) => ({ amount: r.amount, refundId: r.id, paymentIntent: intent, last4: card?.last4 ?? '????', reason, kind: 'outside', at }));
    const cardRefunds = [...(e.cardRefunds ?? []), ...added];
    const amount = added.reduce((sum, r) => sum + r.amount, 0);
    const flag = `${formatCents(amount)} was refunded in Stripe’s dashboard (${added.map((r) => r.refundId).join(', ')}), not through the portal: it is recorded as given back, so the family owes it again. Cancel the classes it was for (with no further refund), or ask the family to pay.`;
    tx.update(enrollmentRef(id), { cardRefunds, balance: balanceOf({ ...e, cardRefunds }), flag });
    auditInTx(tx, stripeActor(eventId), { kind: 'card-payment', record: { type: 'enrollment', id }, studentId: e.studentId, studentName: e.studentName, summary: `Refunded in Stripe’s dashboard: ${formatCents(amount)}` }, now);
    tx.set(eventRef(eventId), { type: 'refunded-outside', enrollmentId: id, refundIds: added.map((r) => r.refundId), at });
    return 'flagged';
  });
}

/** Applies one verified Stripe event. Unknown enrollments and other event types change nothing. */
export async function applyStripeEvent(event: Stripe.Event, now = new Date()): Promise<Outcome> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      if (session.payment_status !== 'paid') return 'ignored'; // an async payment still on its way
      const kind = session.metadata?.kind;
      if (kind === 'donation') return settleDonation(event.id, session, now);
      if (kind === 'instalment') return settleInstalmentPage(event.id, session, now);
      return kind === 'balance' ? settleBalancePayment(event.id, session, now) : settlePaid(event.id, session, now);
    }
    // A refund Stripe accepted can still fail days later; each of these events may say so (Stripe sends several).
    case 'refund.failed':
    case 'refund.updated':
    case 'charge.refund.updated': {
      const refund = event.data.object;
      return refund.status === 'failed' || refund.status === 'canceled' ? noteFailedRefund(event.id, refund, now) : 'ignored';
    }
    case 'charge.refunded':
      return noteRefundsOutside(event.id, event.data.object, now);
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      if (session.metadata?.kind) return 'ignored'; // an unpaid balance or gift page holds nothing
      const id = session.client_reference_id ?? '';
      const snap = id ? await enrollmentRef(id).get() : null;
      if (!snap?.exists) {
        logger.warn('stripe event for an unknown enrollment', { eventId: event.id, sessionId: session.id });
        return 'ignored';
      }
      if ((await eventRef(event.id).get()).exists) return 'duplicate';
      // Only the page this hold is waiting on ends it (an older page of a replaced checkout ends nothing).
      if (snap.get('hold.sessionId') === session.id) await endHold(id, now);
      await eventRef(event.id).set({ type: 'released', enrollmentId: id, at: now.toISOString() });
      return 'released';
    }
    default:
      return 'ignored';
  }
}
