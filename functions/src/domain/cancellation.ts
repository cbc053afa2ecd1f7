// Cancelling some or all classes of an enrollment: the kept classes are repriced by the
// one pricing engine, as on the day of the enrollment and at the prices the family was charged (a
// financial aid award on its terms, at most what it took then: the rest goes back to the award), and
// the refund suggested is what the family has paid beyond the new total. Pure.
import type { AddOn, CancellationQuote, CardRefund, Cents, ClassGroup, ClassRecord, Discount, Enrollment, IsoDate, LineItem, PaymentMethod, Semester, SiblingContext } from '../../../contract/domain';
import { isSiblingRule } from '../../../contract/domain';
import { formatCents } from '../../../contract/format';
import { balanceOf, feesOf, OFFICE_DISCOUNT, paidOf, refundedOf } from '../../../contract/money';
import { aidOnLines } from '../../../contract/aid';
import { alreadyEnrolledIn } from '../../../contract/schedule';
import { withRequests } from './changes';
import { isOpenForEnrollment } from './catalogue';
import { cardRefundableOf } from './refunds';
import { FIXED_AMOUNT_TYPES, priceBasket, type BasketLine, type PricedClass } from './pricing';
import { no, refuse, type Refusal } from './refusal';

export interface CancellationInput {
  enrollment: Enrollment;
  cancelClassIds: string[];
  /** The enrollment's classes as stored now (missing ones are rebuilt from the line items). */
  classes: ClassRecord[];
  /** The groups of the enrollment's semesters. */
  groups: ClassGroup[];
  /** The discounts of the enrollment's codes that still exist. */
  discounts: Discount[];
  /** The school day of the enrollment: codes are judged as they were then. */
  enrolledOn: IsoDate;
}

export type CancellationPlan = CancellationQuote & { lineItems: LineItem[]; discounts: Enrollment['discounts']; subtotal: Cents };

/** Why these classes cannot be cancelled, or null. */
export function cancellationRefusal(enrollment: Enrollment, cancelClassIds: string[]): Refusal | null {
  if (enrollment.status === 'cancelled') return no('This enrollment is already cancelled.');
  if (enrollment.status === 'pending_payment') return no('This enrollment is waiting for its card payment: release the hold instead.');
  if (enrollment.status === 'expired') return no('This enrollment expired unpaid: it holds no seats.');
  const stray = cancelClassIds.find((id) => !enrollment.classIds.includes(id));
  if (stray) return no('Only classes of this enrollment can be cancelled.');
  return null;
}

/**
 * The family's other children when the enrollment was priced. Enrollments from before the context
 * was kept had the rule only as "another child is enrolled": a second child, in no class together.
 */
function siblingsThen(enrollment: Enrollment, rules: Discount[]): SiblingContext | undefined {
  if (enrollment.siblings) return enrollment.siblings;
  return rules.length ? { childrenBefore: 1, takersByClass: {} } : undefined;
}

/**
 * The enrollment's `kept` classes repriced by the one engine as on the day of the enrollment: each
 * class at its list and chosen (sliding-scale) price of that day, also inside a bundle, each bundle at
 * its bundle price, add-ons at the price paid; with its own codes and the rules that applied then (the
 * family as it was). `addOns`: add-ons taken now, by class (at today's price).
 */
function repriceAsCharged(input: Omit<CancellationInput, 'cancelClassIds'>, kept: string[], addOns: Map<string, AddOn[]> = new Map()) {
  const { enrollment } = input;
  const lineOf = (classId: string) => enrollment.lineItems.find((l) => l.classIds.includes(classId));
  const stored = new Map(input.classes.map((c) => [c.id, c]));
  const charged = (id: string) => {
    const line = lineOf(id);
    const member = line?.members?.find((m) => m.classId === id);
    if (member) return member;
    if (line?.kind === 'class') return { listPrice: line.listPrice, price: line.price, title: line.title };
    return null;
  };
  /** The add-ons this class's line was charged for (a bundle's line holds its classes' add-ons). */
  const paidAddOns = (id: string, current: AddOn[]) => (lineOf(id)?.addOns ?? []).filter((a) => current.some((x) => x.id === a.id) || !stored.has(id));
  const classes: PricedClass[] = enrollment.classIds.map((id) => {
    const line = lineOf(id);
    const was = charged(id);
    const base: PricedClass = stored.get(id) ?? {
      id,
      semesterId: line?.semesterId ?? enrollment.semesterIds[0],
      title: was?.title ?? id,
      price: was?.listPrice ?? 0,
      slidingScale: null,
      addOns: line?.addOns ?? [],
      classType: '',
    };
    const priced = { ...base, addOns: [...paidAddOns(id, base.addOns), ...(addOns.get(id) ?? [])] };
    return was ? { ...priced, price: was.listPrice, slidingScale: was.price === was.listPrice ? null : { min: was.price, max: was.price } } : priced;
  });
  const groups = input.groups.map((g) => {
    const line = enrollment.lineItems.find((l) => l.kind === 'group' && l.id === g.id);
    return line ? { ...g, price: line.price, classIds: line.classIds } : g;
  });
  const lines: BasketLine[] = kept.map((classId) => ({
    classId,
    price: charged(classId)?.price,
    addOnIds: [...paidAddOns(classId, stored.get(classId)?.addOns ?? []), ...(addOns.get(classId) ?? [])].map((a) => a.id),
  }));

  // The enrollment's own codes, in the order they were entered, and the rules that applied then (with the family as it was).
  // A fixed amount off the total takes at most what it took then (a family checkout shares it between children).
  const used = enrollment.discounts.flatMap((a) => {
    const d = input.discounts.find((x) => x.code === a.code);
    if (!d) return [];
    return FIXED_AMOUNT_TYPES.includes(d.type) ? [{ ...d, amount: Math.min(d.amount, a.amount) }] : [d];
  });
  const rules = used.filter((d) => isSiblingRule(d.type));
  const discounts = used.filter((d) => !isSiblingRule(d.type));
  // A financial aid award on its terms, taking at most what it took then.
  const aid = enrollment.aid ? { label: enrollment.aid.label, percent: enrollment.aid.percent, addOns: enrollment.aid.addOns, limit: aidOnLines(enrollment.discounts) } : undefined;
  if (!kept.length) return { lineItems: [], discounts: [], subtotal: 0, total: 0, problems: [] };
  const quote = priceBasket({ classes, groups, lines, discounts, rules, siblings: siblingsThen(enrollment, rules), today: input.enrolledOn, ...(aid ? { aid } : {}) });
  return withOfficeDiscount(quote, officeDiscountOf(enrollment));
}

/** What the office's discounts given by hand take now (its line). */
export const officeDiscountOf = (e: Pick<Enrollment, 'discounts'>): Cents => e.discounts.filter((d) => d.code === OFFICE_DISCOUNT.code).reduce((sum, d) => sum + d.amount, 0);

/**
 * The office's discount, last: a fixed amount off the total after every code and aid (never more than
 * the total), so that no code's rules can drop it and it is never counted twice.
 */
export function withOfficeDiscount<Q extends Pick<Enrollment, 'discounts' | 'total'>>(quote: Q, amount: Cents): Q {
  const discounts = quote.discounts.filter((d) => d.code !== OFFICE_DISCOUNT.code);
  const before = quote.total + officeDiscountOf(quote);
  const taken = Math.min(amount, before);
  return { ...quote, discounts: [...discounts, ...(taken > 0 ? [{ ...OFFICE_DISCOUNT, amount: taken }] : [])], total: before - taken };
}

export function planCancellation(input: CancellationInput): CancellationPlan {
  const { enrollment } = input;
  const cancel = new Set(input.cancelClassIds);
  const kept = enrollment.classIds.filter((id) => !cancel.has(id));
  const quote = repriceAsCharged(input, kept);
  // Cancelling never raises the price; fees kept by earlier cancellations stay owed.
  const newTotal = Math.min(quote.total, enrollment.total - feesOf(enrollment)) + feesOf(enrollment);
  const netPaid = paidOf(enrollment) - refundedOf(enrollment);
  return {
    enrollmentId: enrollment.id,
    cancelClassIds: enrollment.classIds.filter((id) => cancel.has(id)),
    keptClassIds: kept,
    currentTotal: enrollment.total,
    newTotal,
    netPaid,
    suggestedRefund: Math.max(0, netPaid - newTotal),
    cardRefundable: cardRefundableOf(enrollment),
    lineItems: quote.lineItems,
    discounts: quote.discounts,
    subtotal: quote.subtotal,
  };
}

/** The enrollment after the cancellation, with `refund` given back (at most what was paid). */
export function applyCancellation(
  enrollment: Enrollment,
  plan: CancellationPlan,
  refund: Cents,
  details: { note: string; at: string; by: string; classTitles: string[]; refundMethod?: PaymentMethod; cardRefunds?: CardRefund[] },
): Enrollment | Refusal {
  if (refund > plan.netPaid) return refuse('invalid-argument', `The refund cannot be more than the ${formatCents(plan.netPaid)} paid.`);
  const fee = Math.max(0, plan.suggestedRefund - refund);
  const cancellations = [
    ...(enrollment.cancellations ?? []),
    {
      classIds: plan.cancelClassIds,
      classTitles: details.classTitles,
      refund,
      fee,
      ...(details.refundMethod ? { refundMethod: details.refundMethod } : {}),
      ...(details.cardRefunds?.length ? { cardRefunds: details.cardRefunds } : {}),
      note: details.note,
      at: details.at,
      by: details.by,
    },
  ];
  const total = plan.newTotal + fee;
  // A request to the office about classes now all cancelled has nothing left to decide: it is
  // withdrawn, and leaves the office's queue.
  const requests = enrollment.requests?.map((r) =>
    r.status === 'waiting' && !r.classIds.some((id) => plan.keptClassIds.includes(id)) ? { ...r, status: 'withdrawn' as const, decidedAt: details.at } : r,
  );
  const next: Enrollment = {
    ...(requests ? withRequests(enrollment, requests) : enrollment),
    classIds: plan.keptClassIds,
    lineItems: plan.lineItems,
    discounts: plan.discounts,
    subtotal: plan.subtotal,
    total,
    cancellations,
    status: plan.keptClassIds.length ? 'confirmed' : 'cancelled',
  };
  return { ...next, balance: balanceOf(next) };
}

/** A move of a child from one class of its enrollment to another class of the same term, repriced. */
export interface TransferPlan {
  fromClassId: string;
  fromTitle: string;
  to: { classId: string; title: string };
  currentTotal: Cents;
  newTotal: Cents;
  netPaid: Cents;
  /** Paid beyond the new total because of the move (given as account credit). */
  credit: Cents;
  /** Still owed after the move. */
  owes: Cents;
  lineItems: LineItem[];
  discounts: Enrollment['discounts'];
  subtotal: Cents;
}

/**
 * Moving the child from `fromClassId` to `to`: the enrollment repriced by the one engine as on its
 * day, with the new class at the price the old one was charged (`free`) or at its own list price
 * (its codes, the sibling rule and a financial aid award applying as they did). A class of a bundle,
 * or of another term, is not moved.
 */
export function planTransfer(input: Omit<CancellationInput, 'cancelClassIds'>, fromClassId: string, to: ClassRecord, free: boolean): TransferPlan | Refusal {
  const { enrollment } = input;
  if (enrollment.status !== 'confirmed') return refuse('failed-precondition', 'Only a confirmed enrollment can move to another class.');
  const line = enrollment.lineItems.find((l) => l.classIds.includes(fromClassId));
  if (!line) return refuse('failed-precondition', 'Only classes of this enrollment can be moved.');
  if (line.kind === 'group') return refuse('failed-precondition', `${line.title} is a bundle: its classes are not moved one by one. Cancel it instead, or call the office.`);
  if (enrollment.classIds.includes(to.id)) return refuse('failed-precondition', alreadyEnrolledIn(enrollment.studentName.split(' ')[0], to.title));
  if (to.semesterId !== line.semesterId) return refuse('failed-precondition', `${to.title} is in another term: a move is to a class of the same term.`);
  const member = line.members?.find((m) => m.classId === fromClassId);
  const was = { listPrice: member?.listPrice ?? line.listPrice, price: member?.price ?? line.price };
  const price = free ? was : { listPrice: to.price, price: to.price };
  // The enrollment as if the child had enrolled in the new class: its line at the price chosen, no add-ons.
  const moved: LineItem = { kind: 'class', id: to.id, semesterId: to.semesterId, title: to.title, classIds: [to.id], ...price, addOns: [], members: [{ classId: to.id, title: to.title, ...price }] };
  const classIds = enrollment.classIds.map((id) => (id === fromClassId ? to.id : id));
  const virtual: Enrollment = { ...enrollment, classIds, lineItems: enrollment.lineItems.map((l) => (l === line ? moved : l)) };
  const quote = repriceAsCharged({ ...input, enrollment: virtual, classes: [...input.classes.filter((c) => c.id !== to.id), { ...to, addOns: [] }] }, classIds);
  if (quote.problems.length) return refuse('failed-precondition', quote.problems[0].message);
  const newTotal = quote.total + feesOf(enrollment);
  const netPaid = paidOf(enrollment) - refundedOf(enrollment);
  const credit = Math.max(0, netPaid - newTotal) - Math.max(0, netPaid - enrollment.total);
  return {
    fromClassId,
    fromTitle: member?.title ?? line.title,
    to: { classId: to.id, title: to.title },
    currentTotal: enrollment.total,
    newTotal,
    netPaid,
    credit: Math.max(0, credit),
    owes: Math.max(0, newTotal - netPaid),
    lineItems: quote.lineItems,
    discounts: quote.discounts,
    subtotal: quote.subtotal,
  };
}

/**
 * The enrollment after the move: the new class in the old one's place, repriced, and the move
 * recorded among its changes (with the credit it gave, which counts as given back).
 */
export function applyTransfer(enrollment: Enrollment, plan: TransferPlan, details: { note: string; at: string; by: string }): Enrollment {
  const move = {
    classIds: [plan.fromClassId],
    classTitles: [plan.fromTitle],
    refund: plan.credit,
    fee: 0,
    ...(plan.credit > 0 ? { refundMethod: 'credit' as const } : {}),
    movedTo: plan.to,
    ...details,
  };
  const next: Enrollment = {
    ...enrollment,
    classIds: enrollment.classIds.map((id) => (id === plan.fromClassId ? plan.to.classId : id)),
    lineItems: plan.lineItems,
    discounts: plan.discounts,
    subtotal: plan.subtotal,
    total: plan.newTotal,
    cancellations: [...(enrollment.cancellations ?? []), move],
  };
  return { ...next, balance: balanceOf(next) };
}

/** An enrollment with add-ons taken later, and what they add to its total. */
export interface AddOnPlan {
  enrollment: Enrollment;
  added: AddOn[];
  charge: Cents;
}

/**
 * Add-ons taken later for a class of a confirmed enrollment: the enrollment repriced by the same
 * engine as on its day with the add-ons (at today's price; codes on the total apply to them as they
 * did to the rest), the difference owed. An enrollment the office changed, or whose price would not
 * come out the same as charged (a code deleted since), is left to the office.
 */
export function planAddOns(input: Omit<CancellationInput, 'cancelClassIds'>, classId: string, addOnIds: string[], family?: FamilyAsking): AddOnPlan | Refusal {
  const { enrollment } = input;
  const closed = addOnsRefusal(enrollment);
  if (closed) return closed;
  const klass = input.classes.find((c) => c.id === classId);
  if (!klass || !enrollment.classIds.includes(classId)) return refuse('failed-precondition', 'Add-ons can be added here only to the classes of this enrollment.');
  if (family) {
    const semester = family.semesters.find((s) => s.id === klass.semesterId);
    if (!semester || !isOpenForEnrollment(semester, family.today)) return no(`Registration for ${semester?.name ?? klass.title} is closed: please ask the office.`);
  }
  if (enrollment.cancellations?.length) return refuse('failed-precondition', 'The office has changed this enrollment: please ask the office to add it.');
  const taken = enrollment.lineItems.find((l) => l.classIds.includes(classId))?.addOns ?? [];
  const added: AddOn[] = [];
  for (const id of new Set(addOnIds)) {
    const addOn = klass.addOns.find((a) => a.id === id);
    if (!addOn) return refuse('failed-precondition', `Unknown add-on for ${klass.title}.`);
    if (taken.some((a) => a.id === id)) return refuse('failed-precondition', `${klass.title} already has ${addOn.description}.`);
    added.push(addOn);
  }
  const before = repriceAsCharged(input, enrollment.classIds);
  if (before.total !== enrollment.total) return refuse('failed-precondition', 'The price of this enrollment has changed since: please ask the office to add it.');
  const after = repriceAsCharged(input, enrollment.classIds, new Map([[classId, added]]));
  if (after.problems.length) return refuse('failed-precondition', after.problems[0].message);
  const next: Enrollment = { ...enrollment, lineItems: after.lineItems, discounts: after.discounts, subtotal: after.subtotal, total: after.total };
  return { enrollment: { ...next, balance: balanceOf(next) }, added, charge: after.total - before.total };
}

/** When the family asks (not the office): the enrollment's terms and the school day, for registration being open. */
export interface FamilyAsking {
  semesters: Semester[];
  today: IsoDate;
}

/** Why no add-on can be taken on this enrollment at all (one the office has just cancelled has no classes left to read), or null. */
export const addOnsRefusal = (enrollment: Enrollment): Refusal | null =>
  enrollment.status === 'confirmed' && enrollment.classIds.length ? null : no('Add-ons can be added to a confirmed enrollment only.');

/** A child's whole term is cancelled only while it has not ended. */
export const termEndedRefusal = (term: Pick<Semester, 'name' | 'endDate'>, today: IsoDate): Refusal | null =>
  term.endDate < today ? no(`${term.name} has ended: there is nothing left to cancel.`) : null;

/**
 * A class the school cancels for everyone: all the family paid for it back, to the cards it paid with
 * first (up to what they paid), the rest by `otherWay` (account credit, or from the office).
 */
export function wholeClassRefund(plan: Pick<CancellationQuote, 'suggestedRefund' | 'cardRefundable'>, otherWay: PaymentMethod): { refund: Cents; cardRefund: Cents; refundMethod?: PaymentMethod } {
  const refund = plan.suggestedRefund;
  const cardRefund = Math.min(refund, plan.cardRefundable);
  const rest = refund - cardRefund;
  return { refund, cardRefund, ...(rest > 0 ? { refundMethod: otherWay } : cardRefund > 0 ? { refundMethod: 'card' as const } : {}) };
}
