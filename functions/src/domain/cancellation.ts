// Cancelling some or all classes of an enrollment (PRODUCT §7): the kept classes are repriced by the
// one pricing engine, as on the day of the enrollment and at the prices the family was charged, and
// the refund suggested is what the family has paid beyond the new total. Pure.
import type { CancellationQuote, CardRefund, Cents, ClassGroup, ClassRecord, Discount, Enrollment, IsoDate, LineItem, PaymentMethod, SiblingContext } from '../../../contract/domain';
import { isSiblingRule } from '../../../contract/domain';
import { formatCents } from '../../../contract/format';
import { balanceOf, feesOf, paidOf, refundedOf } from '../../../contract/money';
import { FIXED_AMOUNT_TYPES, priceBasket, type BasketLine, type PricedClass } from './pricing';

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
export function cancellationProblem(enrollment: Enrollment, cancelClassIds: string[]): string | null {
  if (enrollment.status === 'cancelled') return 'This enrollment is already cancelled.';
  if (enrollment.status === 'pending_payment') return 'This enrollment is waiting for its card payment: release the hold instead.';
  if (enrollment.status === 'expired') return 'This enrollment expired unpaid: it holds no seats.';
  const stray = cancelClassIds.find((id) => !enrollment.classIds.includes(id));
  if (stray) return 'Only classes of this enrollment can be cancelled.';
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

export function planCancellation(input: CancellationInput): CancellationPlan {
  const { enrollment } = input;
  const cancel = new Set(input.cancelClassIds);
  const kept = enrollment.classIds.filter((id) => !cancel.has(id));
  const lineOf = (classId: string) => enrollment.lineItems.find((l) => l.classIds.includes(classId));

  // The prices the family was charged: each class at its list price and chosen (sliding-scale) price
  // of that day, also inside a bundle; each bundle at its bundle price.
  const stored = new Map(input.classes.map((c) => [c.id, c]));
  const charged = (id: string) => {
    const line = lineOf(id);
    const member = line?.members?.find((m) => m.classId === id);
    if (member) return member;
    if (line?.kind === 'class') return { listPrice: line.listPrice, price: line.price, title: line.title };
    return null;
  };
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
    return was ? { ...base, price: was.listPrice, slidingScale: was.price === was.listPrice ? null : { min: was.price, max: was.price } } : base;
  });
  const groups = input.groups.map((g) => {
    const line = enrollment.lineItems.find((l) => l.kind === 'group' && l.id === g.id);
    return line ? { ...g, price: line.price, classIds: line.classIds } : g;
  });
  const lines: BasketLine[] = kept.map((classId) => {
    const line = lineOf(classId);
    const own = classes.find((c) => c.id === classId)!;
    return {
      classId,
      price: charged(classId)?.price,
      addOnIds: (line?.addOns ?? []).filter((a) => own.addOns.some((x) => x.id === a.id)).map((a) => a.id),
    };
  });

  // The enrollment's own codes, in the order they were entered, and the rules that applied then (with the family as it was).
  // A fixed amount off the total takes at most what it took then (a family checkout shares it between children).
  const used = enrollment.discounts.flatMap((a) => {
    const d = input.discounts.find((x) => x.code === a.code);
    if (!d) return [];
    return FIXED_AMOUNT_TYPES.includes(d.type) ? [{ ...d, amount: Math.min(d.amount, a.amount) }] : [d];
  });
  const rules = used.filter((d) => isSiblingRule(d.type));
  const discounts = used.filter((d) => !isSiblingRule(d.type));
  const quote = kept.length
    ? priceBasket({ classes, groups, lines, discounts, rules, siblings: siblingsThen(enrollment, rules), today: input.enrolledOn })
    : { lineItems: [], discounts: [], subtotal: 0, total: 0 };
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
): Enrollment | string {
  if (refund > plan.netPaid) return `The refund cannot be more than the ${formatCents(plan.netPaid)} paid.`;
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
  const next: Enrollment = {
    ...enrollment,
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
