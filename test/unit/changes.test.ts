// The cancellation policy's outcome, by table: notice bands, fees, what was paid (in full, a deposit,
// at the office), classes kept, and when a family may cancel by itself.
import { refuse } from '../../functions/src/domain/refusal';
import { describe, expect, it } from 'vitest';
import { outcomeWords, transferWords, type CancellationPolicy, type ChangeRequest } from '../../contract/changes';
import type { TransferPlan } from '../../functions/src/domain/cancellation';
import type { Enrollment } from '../../contract/domain';
import { ANSWER_NEEDED, ASKED_ALREADY, bandFor, freeSeatToMoveInto, CANCELLATION_CHANGED, cancellationOutcome, cancellationRequest, decide, MOVE_CHANGED, MOVED_MEANWHILE, moveNow, moveRefusal, moveSeat, NO_POLICY, OFFICE_PAID, ownCancellationRefusal, REFUND_ANSWER_NEEDED, SELF_SERVICE, STARTED, TRANSFER_SELF_SERVICE, TRANSFER_STARTED, transferOutcome, transferRequest, TRANSFERS_BY_OFFICE, TRANSFERS_REFUSED, WAITING_FOR_OFFICE } from '../../functions/src/domain/changes';

// Full refund from 14 days before, 50 % less $20 from 2 days, nothing in the last day.
const policy: CancellationPolicy = { selfService: true, bands: [{ daysBefore: 2, percent: 50, fee: 2000 }, { daysBefore: 14, percent: 100, fee: 0 }] };
const paidInFull = { currentTotal: 20000, newTotal: 0, netPaid: 20000, suggestedRefund: 20000, cardRefundable: 20000 };
const today = '2027-05-01';

describe('a cancellation under the school’s policy', () => {
  it.each<[string, object, string, object]>([
    ['15 days ahead, paid in full: everything back', paidInFull, '2027-05-16', { daysBefore: 15, refund: 20000, toCard: 20000, kept: 0, owes: 0, allowed: true }],
    ['exactly 14 days ahead: still the full band', paidInFull, '2027-05-15', { daysBefore: 14, refund: 20000, kept: 0 }],
    ['13 days ahead: half back, less the fee', paidInFull, '2027-05-14', { daysBefore: 13, refund: 8000, kept: 12000, band: policy.bands[0] }],
    ['the day before: nothing back', paidInFull, '2027-05-02', { daysBefore: 1, band: null, refund: 0, kept: 20000, allowed: true }],
    ['the first day itself: for the office', paidInFull, today, { daysBefore: 0, allowed: false, why: STARTED }],
    // A $50 deposit paid on $200: the school keeps at most what was paid, and nothing more is owed.
    ['a deposit, nothing back this close', { ...paidInFull, netPaid: 5000, suggestedRefund: 5000, cardRefundable: 5000 }, '2027-05-02', { refund: 0, kept: 5000, owes: 0 }],
    ['a deposit, 13 days ahead: the fee and half come out of it', { ...paidInFull, netPaid: 5000, suggestedRefund: 5000, cardRefundable: 5000 }, '2027-05-14', { refund: 0, kept: 5000 }],
    ['a deposit, 20 days ahead: all of it back', { ...paidInFull, netPaid: 5000, suggestedRefund: 5000, cardRefundable: 5000 }, '2027-05-21', { refund: 5000, kept: 0 }],
    // One of two $200 classes ($380 with a sibling-style rule), paid in full: the kept class repriced at $200.
    ['one class of two, repriced: half of what it took off', { currentTotal: 38000, newTotal: 20000, netPaid: 38000, suggestedRefund: 18000, cardRefundable: 38000 }, '2027-05-14', { value: 18000, refund: 7000, kept: 11000, owes: 0 }],
    ['one class of two, nothing paid yet: owes the kept class', { currentTotal: 38000, newTotal: 20000, netPaid: 0, suggestedRefund: 0, cardRefundable: 0 }, '2027-05-16', { refund: 0, kept: 0, owes: 20000, allowed: true }],
    ['paid at the office: the office gives it back', { ...paidInFull, cardRefundable: 0 }, '2027-05-16', { refund: 20000, toCard: 0, allowed: false, why: OFFICE_PAID }],
    ['part at the office', { ...paidInFull, cardRefundable: 15000 }, '2027-05-16', { refund: 20000, toCard: 15000, allowed: false }],
  ])('%s', (_, plan, firstMeeting, expected) => {
    expect(cancellationOutcome({ policy, plan: plan as typeof paidInFull, firstMeeting, today })).toMatchObject(expected);
  });

  it('a band that gives account credit: all of what comes back is credit, even when the office was paid, so the family may cancel by itself', () => {
    const credit: CancellationPolicy = { selfService: true, bands: [{ daysBefore: 14, percent: 100, fee: 0 }, { daysBefore: 2, percent: 100, fee: 1000, asCredit: true }] };
    const officePaid = { ...paidInFull, cardRefundable: 0 };
    expect(cancellationOutcome({ policy: credit, plan: officePaid, firstMeeting: '2027-05-10', today })).toMatchObject({ refund: 19000, toCard: 0, toCredit: 19000, kept: 1000, allowed: true, why: null });
    // With more notice, the band that refunds to the card: the office's part is the office's again.
    expect(cancellationOutcome({ policy: credit, plan: officePaid, firstMeeting: '2027-05-20', today })).toMatchObject({ toCard: 0, toCredit: 0, allowed: false, why: OFFICE_PAID });
    expect(outcomeWords({ refund: 19000, toCard: 0, toCredit: 19000, kept: 1000, owes: 0 }, ['4242'])).toBe('You will get a credit of $190 for your next enrollment; the school keeps $10 under its cancellation policy.');
  });

  it('without a policy, or one the office keeps to itself, families ask the office (the figures still say what the school would do)', () => {
    expect(cancellationOutcome({ policy: null, plan: paidInFull, firstMeeting: '2027-06-01', today })).toMatchObject({ allowed: false, why: NO_POLICY, refund: 0, kept: 20000 });
    expect(cancellationOutcome({ policy: { ...policy, selfService: false }, plan: paidInFull, firstMeeting: '2027-06-01', today })).toMatchObject({ allowed: false, why: NO_POLICY, refund: 20000 });
  });

  it('lets the family cancel by itself only when the policy allows it, at the refund it was shown', () => {
    const allowed = cancellationOutcome({ policy, plan: paidInFull, firstMeeting: '2027-05-16', today });
    expect(ownCancellationRefusal(allowed, allowed.refund)).toBeNull();
    expect(ownCancellationRefusal(allowed, allowed.refund + 100)).toEqual({ refused: 'aborted', message: CANCELLATION_CHANGED });
    const byOffice = cancellationOutcome({ policy: null, plan: paidInFull, firstMeeting: '2027-06-01', today });
    expect(ownCancellationRefusal(byOffice, byOffice.refund)).toEqual({ refused: 'failed-precondition', message: NO_POLICY });
  });

  it('takes the band with the most notice given, whatever order the office wrote them in', () => {
    expect(bandFor(policy.bands, 30)).toEqual(policy.bands[1]);
    expect(bandFor([...policy.bands].reverse(), 3)).toEqual(policy.bands[0]);
    expect(bandFor(policy.bands, 1)).toBeNull();
    // A fee larger than the percent gives back nothing, never a negative refund.
    expect(cancellationOutcome({ policy: { ...policy, bands: [{ daysBefore: 0, percent: 10, fee: 5000 }] }, plan: paidInFull, firstMeeting: '2027-05-10', today })).toMatchObject({ refund: 0, kept: 20000 });
  });

  it('says it in the family’s words, the same on the page and in the email', () => {
    expect(outcomeWords({ refund: 8000, toCard: 8000, kept: 12000, owes: 0 }, ['4242'])).toBe('You will get $80 back to the card ending 4242 within 5–10 days; the school keeps $120 under its cancellation policy.');
    expect(outcomeWords({ refund: 0, toCard: 0, kept: 0, owes: 20000 })).toBe('Nothing is refunded. You will still owe $200 for the classes you keep.');
    expect(outcomeWords({ refund: 20000, toCard: 15000, kept: 0, owes: 0 }, ['4242', '1881'])).toBe('You will get $200 back ($150 to the card ending 4242 or 1881, $50 from the office).');
  });
});

describe('a family’s request to the office', () => {
  const officePaid = cancellationOutcome({ policy, plan: { ...paidInFull, cardRefundable: 15000 }, firstMeeting: '2027-05-16', today });
  const asked = { id: 'r1', classIds: ['creek'], classTitles: ['Creek Kids'], askedAt: '2027-05-01T10:00:00.000Z', reason: 'Moving away' };
  const shown = { outcome: officePaid, words: outcomeWords(officePaid, ['4242']) };
  const sent = cancellationRequest(undefined, asked, shown) as { request: ChangeRequest; replayed: boolean };

  it('keeps what the policy gave when the family asked, in figures and words; asked again, the one waiting answers', () => {
    expect(sent).toEqual({ replayed: false, request: { ...asked, kind: 'cancel', status: 'waiting', outcome: { refund: 20000, toCard: 15000, kept: 0, owes: 0 }, words: 'You will get $200 back ($150 to the card ending 4242, $50 from the office).' } });
    expect(cancellationRequest([sent.request], { ...asked, id: 'r2' }, shown)).toEqual({ request: sent.request, replayed: true });
    // A class the family may cancel by itself is cancelled, not asked about; a decided request does not block a new one.
    const inside = cancellationOutcome({ policy, plan: paidInFull, firstMeeting: '2027-05-16', today });
    expect(cancellationRequest(undefined, asked, { outcome: inside, words: '' })).toEqual(refuse('failed-precondition', SELF_SERVICE));
    expect(cancellationRequest([{ ...sent.request, status: 'declined' }], { ...asked, id: 'r2' }, shown)).toMatchObject({ replayed: false, request: { id: 'r2' } });
  });

  it.each<[string, Parameters<typeof decide>[1], number, object]>([
    ['approved at the policy’s refund: back to the cards first, the rest by the office', { approve: true }, 15000, { request: { status: 'approved', refund: 20000 }, cancel: { classIds: ['creek'], refund: 20000, cardRefund: 15000 } }],
    ['approved at another refund, saying why', { approve: true, refund: 5000, answer: 'Half the camp was used' }, 15000, { request: { refund: 5000, answer: 'Half the camp was used' }, cancel: { refund: 5000, cardRefund: 5000 } }],
    ['declined with the office’s words: nothing cancelled', { approve: false, answer: 'The camp has started' }, 15000, { request: { status: 'declined', answer: 'The camp has started' }, cancel: null }],
  ])('%s', (_, decision, cardRefundable, expected) => {
    expect(decide(sent.request, decision, cardRefundable, '2027-05-02T09:00:00.000Z')).toMatchObject({ replayed: false, request: { decidedAt: '2027-05-02T09:00:00.000Z' }, ...expected });
  });

  it('approved, credit the policy gave stays credit: nothing to the cards', () => {
    const asCredit = { ...sent.request, outcome: { ...sent.request.outcome, toCard: 0, toCredit: 20000 } };
    expect(decide(asCredit, { approve: true }, 15000, 'now')).toMatchObject({ cancel: { refund: 20000, cardRefund: 0 } });
  });

  it('asks for words where the family needs them, and decides a request once', () => {
    expect(decide(sent.request, { approve: false }, 0, 'now')).toEqual(refuse('invalid-argument', ANSWER_NEEDED));
    expect(decide(sent.request, { approve: false, answer: '   ' }, 0, 'now')).toEqual(refuse('invalid-argument', ANSWER_NEEDED));
    expect(decide(sent.request, { approve: true, refund: 100 }, 0, 'now')).toEqual(refuse('invalid-argument', REFUND_ANSWER_NEEDED));
    expect(decide(sent.request, { approve: true, atNoCharge: true, answer: 'x' }, 0, 'now')).toEqual(refuse('invalid-argument', 'atNoCharge: Only a move is made at no charge.'));
    const declined = (decide(sent.request, { approve: false, answer: 'No' }, 0, 'now') as { request: ChangeRequest }).request;
    expect(decide(declined, { approve: true }, 20000, 'later')).toEqual({ request: declined, cancel: null, replayed: true });
  });
});

describe('moving a child under the school’s policy', () => {
  const movePolicy = (transfers?: CancellationPolicy['transfers'], selfService = true): CancellationPolicy => ({ ...policy, selfService, ...(transfers ? { transfers } : {}) });
  const plan = { currentTotal: 23400, newTotal: 13500, netPaid: 23400, credit: 9900, owes: 0 } as TransferPlan;
  const to = { classId: 'river', title: 'River Camp' };
  const facts = { plan, to, toProblem: null, firstMeeting: '2027-05-16', today };

  it.each<[string, Partial<Parameters<typeof transferOutcome>[0]>, object]>([
    ['inside the policy, before the class starts: the family moves by itself', { policy: movePolicy('difference') }, { allowed: true, why: null, askable: false, difference: -9900, credit: 9900, owes: 0 }],
    ['the school moves at no charge: the same', { policy: movePolicy('free') }, { allowed: true }],
    ['no rule for moves: the office decides', { policy: movePolicy() }, { allowed: false, askable: true, why: TRANSFERS_BY_OFFICE }],
    ['no policy at all: the office decides', { policy: null }, { allowed: false, askable: true, why: TRANSFERS_BY_OFFICE }],
    ['the school keeps moves to itself: the office decides', { policy: movePolicy('difference', false) }, { allowed: false, askable: true, why: TRANSFERS_BY_OFFICE }],
    ['the class has started: the office decides', { policy: movePolicy('difference'), firstMeeting: today }, { allowed: false, askable: true, why: TRANSFER_STARTED }],
    ['the school refuses moves: neither', { policy: movePolicy('refused') }, { allowed: false, askable: false, why: TRANSFERS_REFUSED }],
    ['the new class does not fit: neither', { policy: movePolicy('difference'), toProblem: 'River Camp is full: join its waitlist instead.' }, { allowed: false, askable: false, why: 'River Camp is full: join its waitlist instead.' }],
    ['the move is not possible: neither, and no figures', { policy: movePolicy('difference'), plan: refuse('failed-precondition', 'Only classes of this enrollment can be moved.') }, { allowed: false, askable: false, difference: 0, credit: 0 }],
  ])('%s', (_, over, expected) => {
    expect(transferOutcome({ ...facts, policy: null, ...over })).toMatchObject({ toClassId: 'river', toTitle: 'River Camp', ...expected });
  });

  it('the office moves whenever the move can be made: whatever the policy lets families do, not into a class the child does not fit', () => {
    for (const over of [{ policy: movePolicy('refused') }, { policy: null }, { policy: movePolicy('difference'), firstMeeting: today }]) {
      expect(transferOutcome({ ...facts, ...over }, true)).toMatchObject({ allowed: true, why: null, askable: false, credit: 9900 });
    }
    // The move itself is refused with the outcome's reason, and made when it is allowed.
    expect(moveRefusal(transferOutcome({ ...facts, policy: null }, true))).toBeNull();
    expect(moveRefusal(transferOutcome({ ...facts, policy: movePolicy('refused') }))).toEqual(refuse('failed-precondition', TRANSFERS_REFUSED));
    expect(moveRefusal(transferOutcome({ ...facts, policy: movePolicy('difference'), firstMeeting: today }))).toEqual(refuse('failed-precondition', TRANSFER_STARTED));
    expect(transferOutcome({ ...facts, policy: null, toProblem: 'River Camp is full: join its waitlist instead.' }, true)).toMatchObject({ allowed: false, askable: false, why: 'River Camp is full: join its waitlist instead.' });
  });

  it('makes the move only while the class is still there to move, no request about it waits, and it gives what the family was shown', () => {
    const asked = { id: 'r1', status: 'waiting', classIds: ['creek'] } as ChangeRequest;
    const enrollment = { classIds: ['creek', 'pond'], requests: [] } as unknown as Enrollment;
    let planned = 0;
    const planning = () => (planned++, plan);
    expect(moveNow({ enrollment, fromClassId: 'creek', expectedTotal: 13500 }, planning)).toBe(plan);
    expect(moveNow({ enrollment, fromClassId: 'creek' }, planning)).toBe(plan);
    expect(moveNow({ enrollment, fromClassId: 'creek', expectedTotal: 13400 }, planning)).toEqual(refuse('aborted', MOVE_CHANGED));
    const refused = refuse('failed-precondition', 'Only a confirmed enrollment can move to another class.');
    expect(moveNow({ enrollment, fromClassId: 'creek', expectedTotal: 13500 }, () => refused)).toBe(refused);
    expect(planned).toBe(3);
    // Refused before any plan is made: moved or cancelled meanwhile, or a request about the class waiting.
    expect(moveNow({ enrollment, fromClassId: 'river' }, planning)).toEqual(refuse('aborted', MOVED_MEANWHILE));
    expect(moveNow({ enrollment: { ...enrollment, pendingCancellation: true } as Enrollment, fromClassId: 'creek' }, planning)).toEqual(refuse('aborted', MOVED_MEANWHILE));
    const waiting = { ...enrollment, requests: [asked] } as Enrollment;
    expect(moveNow({ enrollment: waiting, fromClassId: 'creek' }, planning)).toEqual(refuse('failed-precondition', ASKED_ALREADY));
    expect(moveNow({ enrollment: waiting, fromClassId: 'creek', byOffice: true }, planning)).toEqual(refuse('failed-precondition', WAITING_FOR_OFFICE));
    expect(planned).toBe(3);
    // The office approving that very request moves the child; a request about another class is no bar.
    expect(moveNow({ enrollment: waiting, fromClassId: 'creek', request: asked, byOffice: true }, planning)).toBe(plan);
    expect(moveNow({ enrollment: waiting, fromClassId: 'pond' }, planning)).toBe(plan);
  });

  it('takes the seat kept for the request, or a free one; never a seat kept for another, in a full class, or where the child is already', () => {
    const to = { requestId: 'r1', toTitle: 'River Camp', firstName: 'Ava', alreadyIn: false };
    expect(moveSeat({ kept: 's0003', keptFor: 'r1' }, to)).toEqual({ seatId: 's0003' });
    expect(moveSeat({ kept: 's0003', keptFor: 'r2' }, to)).toEqual(refuse('aborted', 'The seat kept for this move changed meanwhile: try again.'));
    expect(moveSeat({ kept: 's0003', keptFor: undefined }, to)).toMatchObject({ refused: 'aborted' });
    expect(moveSeat({ free: ['s0001', 's0004'] }, { ...to, requestId: undefined }, () => 0.9)).toEqual({ seatId: 's0004' });
    expect(moveSeat({ free: [] }, to)).toEqual(refuse('failed-precondition', 'River Camp is full: join its waitlist instead.'));
    // A request keeps a free seat the same way: one of those free, or the class is full.
    expect(freeSeatToMoveInto(['s0002'], 'River Camp')).toEqual({ seatId: 's0002' });
    expect(freeSeatToMoveInto([], 'River Camp')).toEqual(refuse('failed-precondition', 'River Camp is full: join its waitlist instead.'));
    expect(moveSeat({ free: ['s0001'] }, { ...to, alreadyIn: true })).toEqual(refuse('failed-precondition', 'Ava is already enrolled in River Camp.'));
    expect(moveSeat({ kept: 's0003', keptFor: 'r1' }, { ...to, alreadyIn: true })).toEqual(refuse('failed-precondition', 'Ava is already enrolled in River Camp.'));
  });

  it('says it in the family’s words', () => {
    expect(transferWords({ toTitle: 'River Camp', difference: -9900, credit: 9900, owes: 0 })).toBe('River Camp costs $99 less; you will get a credit of $99 for your next enrollment.');
    expect(transferWords({ toTitle: 'River Camp', difference: 3600, credit: 0, owes: 3600 })).toBe('River Camp costs $36 more. You will owe $36, to pay from My Enrollments.');
    expect(transferWords({ toTitle: 'River Camp', difference: 0, credit: 0, owes: 0 })).toBe('River Camp costs you nothing more.');
  });

  it('a request keeps the move and its figures; asked again, the one waiting answers; the office approves or declines it as it is', () => {
    const asked = { id: 'm1', classIds: ['creek'], classTitles: ['Creek Kids'], askedAt: '2027-05-01T10:00:00.000Z' };
    const byOffice = transferOutcome({ ...facts, policy: movePolicy() });
    const sent = transferRequest(undefined, asked, byOffice) as { request: ChangeRequest; replayed: boolean };
    expect(sent).toEqual({ replayed: false, request: { ...asked, kind: 'transfer', to, status: 'waiting', outcome: { refund: 9900, toCard: 0, toCredit: 9900, kept: 0, owes: 0, difference: -9900 }, words: 'River Camp costs $99 less; you will get a credit of $99 for your next enrollment.' } });
    expect(transferRequest([sent.request], { ...asked, id: 'm2' }, byOffice)).toEqual({ request: sent.request, replayed: true });
    // Another request about the class waits already (to cancel it, or to move elsewhere): not a second one.
    expect(transferRequest([{ ...sent.request, to: { classId: 'lake', title: 'Lake' } }], { ...asked, id: 'm2' }, byOffice)).toEqual(refuse('failed-precondition', 'You have asked the office about this class already: it answers by email.'));
    expect(transferRequest(undefined, asked, transferOutcome({ ...facts, policy: movePolicy('difference') }))).toEqual(refuse('failed-precondition', TRANSFER_SELF_SERVICE));
    expect(transferRequest(undefined, asked, transferOutcome({ ...facts, policy: movePolicy('refused') }))).toEqual(refuse('failed-precondition', TRANSFERS_REFUSED));

    expect(decide(sent.request, { approve: true }, 0, 'now')).toMatchObject({ request: { status: 'approved', decidedAt: 'now' }, cancel: null, transfer: { from: 'creek', to: 'river' } });
    expect(decide(sent.request, { approve: false, answer: 'River is for older children' }, 0, 'now')).toMatchObject({ request: { status: 'declined', answer: 'River is for older children' }, cancel: null });
    expect(decide(sent.request, { approve: false }, 0, 'now')).toEqual(refuse('invalid-argument', ANSWER_NEEDED));
    expect(decide(sent.request, { approve: true, refund: 100, answer: 'x' }, 0, 'now')).toEqual(refuse('invalid-argument', 'refund: A move gives what its price difference gives (or nothing, at no charge): approve it or decline it.'));
    // At no charge, whatever the policy: said why, and kept on the request.
    expect(decide(sent.request, { approve: true, atNoCharge: true }, 0, 'now')).toEqual(refuse('invalid-argument', 'answer: Say why the move is at no charge, in words for the family.'));
    expect(decide(sent.request, { approve: true, atNoCharge: true, answer: 'Our mistake' }, 0, 'now')).toMatchObject({ request: { status: 'approved', atNoCharge: true, answer: 'Our mistake' }, transfer: { from: 'creek', to: 'river' } });
    expect(decide(sent.request, { approve: false, atNoCharge: true, answer: 'No room' }, 0, 'now')).toMatchObject({ request: { status: 'declined' } });
    expect(decide(sent.request, { approve: false, atNoCharge: true, answer: 'No room' }, 0, 'now')).not.toHaveProperty('request.atNoCharge');
  });
});
