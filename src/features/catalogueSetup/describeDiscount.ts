import type { Discount } from '../../../contract/domain';
import { formatCents, formatDate } from '../../../contract/format';

/** What a code does, in the office's words (the preview on the form and the list). */
export function describeDiscount(d: Pick<Discount, 'type' | 'amount' | 'percent' | 'classIds' | 'groupIds' | 'classTypes' | 'minimumCount' | 'expiresOn' | 'siblingFrom' | 'siblingPerClass'>, names: (id: string) => string = (id) => id): string {
  const items = [...d.classIds, ...d.groupIds].map(names).join(', ') || 'no classes chosen yet';
  const until = d.expiresOn ? (d.type === 'early-bird-fixed' ? ` when enrolling by ${formatDate(d.expiresOn, true)}` : ` until ${formatDate(d.expiresOn, true)}`) : '';
  switch (d.type) {
    case 'percent-off-classes':
      return `${d.percent}% off ${items}${until}.`;
    case 'free-classes':
      return `Free: ${items}${until}.`;
    case 'percent-off-with-minimum':
      return `${d.percent}% off every class when at least ${d.minimumCount} ${d.classTypes.join(' or ') || 'any'} classes are selected${until}.`;
    case 'fixed-basket':
      return `${formatCents(d.amount)} off the total${until}.`;
    case 'percent-basket':
      return `${d.percent}% off the total${until}.`;
    case 'early-bird-fixed':
      return `${formatCents(d.amount)} off the total${until}.`;
    case 'sibling-percent':
    case 'sibling-amount': {
      const off = d.type === 'sibling-percent' ? `${d.percent}% off` : `${formatCents(d.amount)} off`;
      const nth = (d.siblingFrom ?? 2) === 3 ? 'third' : 'second';
      return d.siblingPerClass
        ? `${off} a class for the ${nth} child of a family in that class and each one after, applied without a code${until}.`
        : `${off} each class of a family's ${nth} child in the semester and each one after, applied without a code${until}.`;
    }
  }
}

/** The order in which the one pricing engine applies discounts, as the office reads it (discount form, admin guide). */
export const DISCOUNT_ORDER =
  'The portal applies class discounts first (in the order the family typed the codes), then the sibling discount on each class, then adds add-ons, then basket discounts in the order typed. Each percentage is of what the discounts before it left (15% then 10% off $260 is $39, then $22.10), and a total never goes below $0.';
