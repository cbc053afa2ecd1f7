// A checkout as a plan. Given what was read (the school's catalogue facts, the family's documents as they are
// in the transaction, the seats the ledger picked), it gives the enrollments, seats, roster entries
// and counts the checkout makes, or why it is refused. Pure: usecases/checkout.ts reads the facts,
// asks the plan and writes it; a late card payment takes its seats the same way (`seatTaken`).
import type { z } from 'zod/mini';
import { HOLD_LIMITS } from '../../../contract/constants';
import { CREDIT_CHANGED, creditToUse } from '../../../contract/credit';
import type { Cents, ClassGroup, ClassRecord, Discount, Enrollment, Release, Semester, Student, WaitlistEntry } from '../../../contract/domain';
import type { RoundGate } from '../../../contract/rounds';
import { balanceOf, cardMinimumProblem, paidOf } from '../../../contract/money';
import type { checkoutSchema, enrollSchema } from '../../../contract/schemas';
import { aidTakenBy } from './aid';
import { priceCart, type CartAid } from './cart';
import { creditPayment } from './credit';
import { balanceDueDateOf, checkoutDeposit } from './deposits';
import { checkoutInstalments, newPlan } from './instalments';
import { childCheck, NOT_YOUR_STUDENT, totalProblem } from './enrollment';
import type { CodeUses } from './pricing';
import { isRefusal, refuse, type Refusal } from './refusal';
import { checkoutOf } from './ids';
import { aidReleased, type RosterRecord, type Seat, type SeatPlan } from './seats';

export type EnrollPayload = z.output<typeof enrollSchema>;
export type CheckoutPayload = z.output<typeof checkoutSchema>;

/** The classes (with their semesters, bundles and the codes typed) a checkout is priced and checked against. */
export interface CatalogueFacts {
  classes: Map<string, ClassRecord>;
  /** Classes asked for that do not exist. */
  missing: string[];
  semesters: Map<string, Semester>;
  /** The registration rounds of those semesters that have one. */
  rounds: Map<string, RoundGate>;
  groups: ClassGroup[];
  discounts: Discount[];
  unknownCodes: string[];
  /** The rules applied whatever codes were typed (the sibling rule). */
  rules: Discount[];
}

/** The checkout an enrollment was made in (its first enrollment's id). */

/** Checkouts confirmed to be paid later with nothing paid yet: the pay-later limit counts them (one checkout, whatever its children). */
export const unpaidOf = (family: Enrollment[]) => new Set(family.filter((e) => e.status === 'confirmed' && paidOf(e) === 0 && balanceOf(e) > 0).map(checkoutOf)).size;

const VERIFY = {
  card: 'To hold seats while you pay by card, please verify your email address first (open the link we emailed you).',
  office: 'To pay the office later, please verify your email address first (open the link we emailed you), or pay by card.',
  free: 'To take a seat, please verify your email address first (open the link we emailed you).',
  claim: 'To claim a waitlist offer, please verify your email address first (open the link we emailed you).',
} as const;

/** A seat the checkout uses besides a free one: its replaced hold's (kept for it), its waitlist offer's, or one kept for aid. */
export interface SpecialSeat {
  classId: string;
  id: string;
  source: 'kept' | 'offer' | 'aid';
  studentId: string;
}

/** The seats of a seat plan that are not free ones: the use-case reads them as they are now. */
export const specialSeats = (plan: SeatPlan[]): SpecialSeat[] =>
  plan.flatMap((p) => [...p.seats].flatMap(([classId, s]) => (s && s.source !== 'free' ? [{ classId, id: s.id, source: s.source, studentId: p.studentId }] : [])));

/**
 * A replaced hold's seat given back since the seats were listed (that hold's page, closed before this
 * one opened, had its Stripe event handled first): the seat is no longer held at all, so the listing
 * is stale and the seats are planned again, never "full" on it. (A seat still held is judged as it stands.)
 */
export const listingStale = (special: SpecialSeat[], now: (Seat | null)[]) =>
  special.some((s, i) => (s.source === 'kept' && now[i]?.state !== 'held') || (s.source === 'aid' && now[i]?.state !== 'aid'));

/** Everything a checkout is decided on, as read (in the transaction where the family's documents are concerned). */
export interface CheckoutFacts {
  uid: string;
  payload: CheckoutPayload;
  now: Date;
  today: string;
  /** `byPhone`: the office took the releases' agreement on the phone (the words kept on each). */
  options: { emailVerified: boolean; payLaterLimit: number; byPhone?: { words: string } };
  /** The new enrollments' ids, one per child in the order asked. */
  ids: string[];
  asked: { studentId: string; classIds: string[] }[];
  /** The seat each child gets in each class, as the ledger planned it (null: none left). */
  seats: SeatPlan[];
  catalogue: Omit<CatalogueFacts, 'missing'>;
  releases: Release[];
  /** Every class the family's enrollments name (for the clash check). */
  classById: Map<string, ClassRecord>;
  /** The children, in the order asked (undefined: no such student). */
  students: (Student | undefined)[];
  family: Enrollment[];
  /** The roster entries of these children in the classes asked. */
  rostered: { classId: string; studentId: string; enrollmentId: string }[];
  /** The family's unpaid checkouts this one replaces that still hold their seats. */
  replaced: Enrollment[];
  /** `specialSeats(seats)` and what each is now. */
  special: SpecialSeat[];
  specialNow: (Seat | null)[];
  /** The waitlist entry whose offer this checkout claims (checked open). */
  entry: WaitlistEntry | null;
  uses: CodeUses;
  /** Card checkouts the family started today, before this one. */
  holdsToday: number;
  /** When a hold made now ends (a replaced hold's end, when there is one). */
  holdEnd: string;
  /** The family's account credit, with what the holds this checkout replaces give back. */
  credit: Cents;
  /** The family's financial aid award for these classes' term, with what it has left. */
  aid?: CartAid;
  /** The terms whose seats kept for aid the family may take (an award, or an application under review). */
  aidTerms: Set<string>;
}

/** A seat taken (or held) for one child in one class, with its roster entry. */
export interface SeatTaken {
  classId: string;
  seatId: string;
  /** A free seat is created (failing if another family created it first); a kept or offered one is passed on. */
  create: boolean;
  seat: Seat;
  roster: RosterRecord;
  /** Counts one more on the roster (a seat passed on from a replaced hold is counted already). */
  counts: boolean;
  /** Takes a seat kept for aid (one fewer kept). */
  keptForAid?: true;
}

export interface CheckoutPlan {
  enrollments: Enrollment[];
  /** Held for a card payment (paid on Stripe's page); otherwise confirmed now. */
  held: boolean;
  seats: SeatTaken[];
  /** `classId/studentId` of the replaced holds' seats this checkout goes on with (not given back). */
  passedOn: Set<string>;
  /** The children whose information the family confirmed as still accurate. */
  reviewed: string[];
  /** The limited codes that count one more use. */
  counted: string[];
  /** Card checkouts started today, with this one. */
  holdsToday: number;
  /** Of the family's account credit, what this checkout uses (a payment on its enrollments). */
  credit: Cents;
  /** What it takes of a financial aid award (its lines on the enrollments), by application. */
  aid: Map<string, Cents>;
}

/** The seat an enrollment takes in a class, and its roster entry: held until `until`, or taken. */
export function seatTaken(e: Enrollment, classId: string, planned: { id: string; source: 'kept' | 'offer' | 'aid' | 'free'; aid?: boolean }, extra: { until?: string; entryId?: string; addOns?: RosterRecord['addOns']; counts: boolean }, at: string): SeatTaken {
  const { until, entryId, counts } = extra;
  const held = until !== undefined;
  // A seat taken as one kept for aid says so: given back before the release, it is kept for aid again.
  const aid = planned.source === 'aid' || !!planned.aid;
  return {
    classId,
    seatId: planned.id,
    create: planned.source === 'free',
    ...(planned.source === 'aid' ? { keptForAid: true as const } : {}),
    seat: { state: held ? 'held' : 'taken', classId, enrollmentId: e.id, studentId: e.studentId, ownerUid: e.ownerUid, ...(entryId ? { entryId } : {}), ...(held ? { until } : {}), ...(aid ? { aid: true as const } : {}), at },
    roster: {
      studentId: e.studentId,
      studentName: e.studentName,
      enrollmentId: e.id,
      ownerUid: e.ownerUid,
      seat: planned.id,
      addOns: extra.addOns ?? e.lineItems.flatMap((l) => (l.classIds.includes(classId) ? l.addOns : [])),
      ...(held ? { holdExpiresAt: until } : {}),
    },
    counts,
  };
}

/** A child's price without its award's terms (a claim paying its older quote, which has no aid line). */
const withoutAward = <Q extends { aid?: unknown }>({ aid: _aid, ...quote }: Q) => quote;

/** A checkout's price, or its first problem (a code that does not apply, a bundle incomplete) as the refusal. */
export const pricedOrRefused = <Q extends { problems: { message: string }[] }>(quote: Q): Q | Refusal => (quote.problems.length ? refuse('invalid-argument', quote.problems[0].message) : quote);

/** A "no" to a way of paying the school does not offer now; `message` says what to do instead. */
export const unlessOffered = (offered: readonly string[], method: string, message: string): Refusal | null => (offered.includes(method) ? null : refuse('failed-precondition', message));

/** A balance paid by card where the school takes no card now. */
export const CARD_NOT_OFFERED = 'Card payments are not offered: please pay the office.';

/** A checkout's way to pay the school does not offer now. */
export const methodRefusal = (offered: readonly string[], method: string): Refusal | null =>
  unlessOffered(offered, method, method === 'card' ? 'Card payments are not offered: please choose another way to pay.' : 'Please pay by card.');

/** A checkout, or a waitlist join, that names no class. */
export const NO_CLASS_CHOSEN = refuse('invalid-argument', 'Please choose at least one class.');
/** A class asked for that the catalogue no longer has (removed since the family chose it). */
export const NO_LONGER_OFFERED = refuse('failed-precondition', 'A selected class is no longer offered. Please review your classes.');

/** The checkout, or why it is refused (the first problem found, child by child in the order asked). */
export function planCheckout(f: CheckoutFacts): CheckoutPlan | Refusal {
  const { uid, payload, now, today, options, ids, asked, catalogue, entry } = f;
  const students = f.students;
  if (students.some((s) => !s || s.ownerUid !== uid)) return refuse('not-found', NOT_YOUR_STUDENT);
  const replacedNow = new Set(f.replaced.map((e) => e.id));
  const family = f.family;

  const usable = (i: number) => {
    const seat = f.specialNow[i];
    const s = f.special[i];
    if (!seat) return false;
    if (s.source === 'aid') return seat.state === 'aid' && !aidReleased(seat, now) && f.aidTerms.has(catalogue.classes.get(s.classId)!.semesterId);
    return s.source === 'kept'
      ? seat.state === 'held' && replacedNow.has(seat.enrollmentId ?? '') && seat.studentId === s.studentId
      : (seat.state === 'offered' || seat.state === 'held') && seat.entryId === entry?.id && (seat.state === 'offered' || replacedNow.has(seat.enrollmentId ?? ''));
  };
  const unusable = new Set(f.special.filter((_, i) => !usable(i)).map((s) => `${s.classId}/${s.studentId}`));
  // Seats passed on from a replaced hold (kept, or an offer's seat its claim was holding): not given
  // back, and already counted.
  const passedOn = new Set(f.special.filter((_, i) => f.specialNow[i]?.state === 'held' && replacedNow.has(f.specialNow[i]?.enrollmentId ?? '')).map((s) => `${s.classId}/${s.studentId}`));

  // Every child checked in order, with the seats the ledger gave it.
  const signatures: Exclude<ReturnType<typeof childCheck>, Refusal>[] = [];
  for (const [i, p] of f.seats.entries()) {
    const classes = asked[i].classIds.map((c) => catalogue.classes.get(c)!);
    const full = new Set(asked[i].classIds.filter((c) => !p.seats.get(c) || unusable.has(`${c}/${p.studentId}`)));
    const alreadyIn = new Set(f.rostered.filter((r) => r.studentId === p.studentId && !replacedNow.has(r.enrollmentId) && asked[i].classIds.includes(r.classId)).map((r) => r.classId));
    // A claim takes a seat offered to the family: never first come, round or not.
    const rounds = entry ? new Map() : catalogue.rounds;
    const checked = childCheck({ student: students[i]!, classes, semesters: catalogue.semesters, rounds, family, alreadyIn, full, classById: f.classById }, payload.children[i], f.releases, now, today);
    if (isRefusal(checked)) return checked;
    signatures.push(checked);
  }
  const classes = [...new Set(asked.flatMap((a) => a.classIds))].map((c) => catalogue.classes.get(c)!);
  const priced = pricedOrRefused(priceCart({ ...catalogue, classes, children: payload.children, family, uses: f.uses, today, ...(f.aid ? { aid: f.aid } : {}) }));
  if (isRefusal(priced)) return priced;
  // A claim pays the lower of the price quoted when the family joined and today's with its aid award
  // (a code that has since ended still counts then: the quote, without aid); otherwise a code that
  // does not apply is refused.
  const quotes = entry && entry.quote.total < priced.total ? [{ ...withoutAward(priced.children[0]), ...entry.quote }] : priced.children;
  const total = quotes.reduce((sum, q) => sum + q.total, 0);
  if (!entry && priced.codeProblems.length) return refuse('failed-precondition', priced.codeProblems[0].message);
  const mismatch = totalProblem(payload.expectedTotal, total);
  if (mismatch) return mismatch;

  const byCard = payload.payWith === 'card' && total > 0;
  const payLater = payload.payWith !== 'card' && total > 0;
  // Every seat taken needs a proven email: a card hold, a balance owed at the office, a free seat, a claim.
  if (!options.emailVerified) return refuse('failed-precondition', entry ? VERIFY.claim : byCard ? VERIFY.card : payLater ? VERIFY.office : VERIFY.free);
  const others = family.filter((e) => !replacedNow.has(e.id));
  const unpaid = payLater ? unpaidOf(others) : 0;
  if (payLater && unpaid >= options.payLaterLimit) {
    return refuse(
      'failed-precondition',
      `Your account already has ${unpaid} ${unpaid === 1 ? 'enrollment' : 'enrollments'} waiting for payment at the office, the most we keep: please pay this one by card, or pay the others first.`,
    );
  }
  if (byCard) {
    const seatsHeld = others.filter((e) => e.status === 'pending_payment' && Date.parse(e.hold!.expiresAt) > now.getTime()).reduce((n, e) => n + e.classIds.length, 0);
    const asking = asked.reduce((n, a) => n + a.classIds.length, 0);
    if (seatsHeld + asking > HOLD_LIMITS.seats) return refuse('failed-precondition', `Your account already holds ${seatsHeld} seats waiting for card payments: pay for them, or let them go, before holding more.`);
    if (f.holdsToday >= HOLD_LIMITS.perDay) return refuse('resource-exhausted', 'You have started many card payments today. Please finish one, or try again tomorrow.');
  }

  const at = now.toISOString();
  const balanceDueDate = balanceDueDateOf([...catalogue.semesters.values()].filter((s) => classes.some((c) => c.semesterId === s.id)), today);
  const copyGuardians = !!payload.copyGuardians;
  // Each limited code applied counts one use for the checkout (a claim's were counted when it joined).
  const counted = entry ? (entry.countedDiscountIds ?? []) : catalogue.discounts.filter((d) => d.maxUses != null && quotes.some((q) => q.discounts.some((a) => a.code === d.code))).map((d) => d.id);
  const childOf = (studentId: string) => asked.findIndex((a) => a.studentId === studentId);
  if (payload.payDeposit && payload.payInstalments) return refuse('invalid-argument', 'Choose a deposit or monthly payments, not both.');
  const deposit = byCard && payload.payDeposit ? checkoutDeposit(quotes.map((q) => ({ classes: asked[childOf(q.studentId)].classIds.map((c) => catalogue.classes.get(c)!), total: q.total })), catalogue.semesters, today) : null;
  if (byCard && payload.payDeposit && !deposit) return refuse('failed-precondition', 'A deposit is not offered for these classes now: please pay in full.');
  const plan = byCard && payload.payInstalments ? checkoutInstalments(quotes.map((q) => ({ classes: asked[childOf(q.studentId)].classIds.map((c) => catalogue.classes.get(c)!), total: q.total })), catalogue.semesters, today) : null;
  if (byCard && payload.payInstalments && !plan) return refuse('failed-precondition', 'Monthly payments are not offered for these classes now: please pay in full.');
  // The account credit pays first, of what is paid now; the card the rest (none left: nothing is held).
  const dues = quotes.map((q, k) => deposit?.amounts[k] ?? plan?.firsts[k] ?? q.total);
  const credit = creditToUse(f.credit, dues, byCard);
  if (payload.expectedCredit !== undefined && payload.expectedCredit !== credit.total) return refuse('failed-precondition', CREDIT_CHANGED);
  const held = byCard && credit.total < dues.reduce((s, d) => s + d, 0);
  // A plan charges the card saved on Stripe's page: a first payment the credit pays whole saves none.
  if (plan && !held) return refuse('failed-precondition', 'Your account credit pays the first payment by itself: please pay in full instead of monthly.');
  const small = held ? cardMinimumProblem(dues.reduce((s, d) => s + d, 0) - credit.total) : null;
  if (small) return refuse('failed-precondition', small);
  const enrollments = quotes
    .map((quote, k): Enrollment => {
      const i = childOf(quote.studentId);
      const student = students[i]!;
      const own = asked[i].classIds.map((c) => catalogue.classes.get(c)!);
      return {
        id: ids[i],
        ownerUid: uid,
        studentId: student.id,
        studentName: `${student.firstName} ${student.lastName}`,
        semesterIds: [...new Set(own.map((c) => c.semesterId))],
        classIds: own.map((c) => c.id),
        lineItems: quote.lineItems,
        discounts: quote.discounts,
        subtotal: quote.subtotal,
        total: quote.total,
        payments: credit.parts[k] ? [creditPayment({ id: ids[i] }, credit.parts[k], at)] : [],
        balance: quote.total - credit.parts[k],
        status: held ? 'pending_payment' : 'confirmed',
        ...(held ? { hold: { expiresAt: f.holdEnd, amount: dues[k] - credit.parts[k] } } : {}),
        ...(plan ? { balanceDueDate: plan.dates.at(-1)!, instalments: newPlan(plan.dates) } : balanceDueDate ? { balanceDueDate } : {}),
        ...(copyGuardians ? { copyGuardians } : {}),
        ...(i === 0 && counted.length ? { countedDiscountIds: counted } : {}),
        ...(quote.siblings ? { siblings: quote.siblings } : {}),
        ...('aid' in quote && quote.aid ? { aid: quote.aid } : {}),
        ...(entry ? { waitlistEntryId: entry.id } : {}),
        ...(ids.length > 1 ? { checkoutIds: ids } : {}),
        releases: [...signatures[i].signed.map((r) => ({ ...r, signedAt: at, ...(options.byPhone ? { byPhone: options.byPhone.words } : {}) })), ...signatures[i].kept],
        createdAt: at,
        idempotencyKey: payload.idempotencyKey,
      };
    })
    .sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));

  const seats = enrollments.flatMap((e, i) =>
    e.classIds.map((classId) =>
      seatTaken(
        e,
        classId,
        f.seats[i].seats.get(classId)!,
        {
          ...(held ? { until: f.holdEnd } : {}),
          ...(entry?.studentId === e.studentId && entry.classIds.includes(classId) ? { entryId: entry.id } : {}),
          // Only the add-ons the class still offers go on its roster.
          addOns: e.lineItems.flatMap((l) => (l.classIds.includes(classId) ? l.addOns : [])).filter((a) => catalogue.classes.get(classId)!.addOns.some((x) => x.id === a.id)),
          counts: !passedOn.has(`${classId}/${e.studentId}`),
        },
        at,
      ),
    ),
  );
  return {
    enrollments,
    held,
    seats,
    passedOn,
    reviewed: payload.children.filter((c) => c.infoConfirmed).map((c) => c.studentId),
    counted,
    holdsToday: held ? f.holdsToday + 1 : f.holdsToday,
    credit: credit.total,
    aid: aidTakenBy(enrollments),
  };
}

/** Each child of a checkout with the classes asked for it, each once. */
export const askedOf = (children: { studentId: string; lines: { classId: string }[] }[]) =>
  children.map((c) => ({ studentId: c.studentId, classIds: [...new Set(c.lines.map((l) => l.classId))] }));

/**
 * The family's unpaid card checkouts that hold a seat for one of these children in one of these
 * classes: a new checkout replaces them (their Stripe pages are closed first), whole.
 */
export function replacedBy(family: Enrollment[], asked: { studentId: string; classIds: string[] }[], now: Date): Enrollment[] {
  const live = family.filter((e) => e.status === 'pending_payment' && Date.parse(e.hold!.expiresAt) > now.getTime());
  const hit = live.filter((e) => asked.some((a) => a.studentId === e.studentId && a.classIds.some((c) => e.classIds.includes(c))));
  const checkouts = new Set(hit.map(checkoutOf));
  return live.filter((e) => checkouts.has(checkoutOf(e)));
}
