// The one pricing engine (PRODUCT §5): the price preview, the submit and the refund suggestion all
// call priceBasket. Pure: everything it needs is passed in. Money in integer cents.
//
// Order: complete groups at the group price; other classes at list price or the chosen sliding-scale
// price; class-level discounts (percent off listed classes/groups, free listed classes, percent off
// everything with at least N classes of given types); add-ons (never discounted by class-level
// discounts); basket discounts in the order the codes were entered (fixed, percent, early-bird
// fixed); never below $0.
import type {
  AddOn,
  AppliedDiscount,
  Cents,
  ClassGroup,
  ClassRecord,
  Discount,
  IsoDate,
  LineItem,
  PriceQuote,
  Problem,
} from '../../../contract/domain';

export type { PriceQuote, Problem };

export type PricedClass = Pick<ClassRecord, 'id' | 'semesterId' | 'title' | 'price' | 'slidingScale' | 'addOns' | 'classType'>;

export interface BasketLine {
  classId: string;
  /** Chosen sliding-scale price; undefined = list price. */
  price?: Cents;
  addOnIds: string[];
}

export interface PricingInput {
  classes: PricedClass[];
  groups: ClassGroup[];
  lines: BasketLine[];
  /** The discounts the family's codes resolved to, in the order the codes were entered. */
  discounts: Discount[];
  /** Codes entered that matched no discount. */
  unknownCodes?: string[];
  today: IsoDate;
}

const percentOf = (amount: Cents, percent: number) => Math.round((amount * percent) / 100);

export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Why a discount cannot be used today at all, or null. */
export function discountUnusable(d: Discount, today: IsoDate): string | null {
  if (!d.active) return `The code ${d.code} is no longer active.`;
  if (d.expiresOn && today > d.expiresOn) {
    return d.type === 'early-bird-fixed' ? `The early-bird date for ${d.code} has passed.` : `The code ${d.code} has expired.`;
  }
  return null;
}

export function priceBasket(input: PricingInput): PriceQuote {
  const byId = new Map(input.classes.map((c) => [c.id, c]));
  const problems: Problem[] = [];
  const codeProblems: Problem[] = (input.unknownCodes ?? []).map((code) => ({ about: code, message: `${code} is not a valid code.` }));

  // Each class once; unknown classes are problems.
  const lines = new Map<string, BasketLine>();
  for (const line of input.lines) {
    if (!byId.has(line.classId)) problems.push({ about: line.classId, message: 'This class is not offered.' });
    else if (!lines.has(line.classId)) lines.set(line.classId, line);
  }

  // 1. Complete groups at the group price.
  const inGroup = new Set<string>();
  const lineItems: LineItem[] = [];
  const addOnsOf = (klass: PricedClass, line: BasketLine): AddOn[] => {
    const chosen: AddOn[] = [];
    for (const id of new Set(line.addOnIds)) {
      const addOn = klass.addOns.find((a) => a.id === id);
      if (addOn) chosen.push(addOn);
      else problems.push({ about: klass.id, message: `Unknown add-on for ${klass.title}.` });
    }
    return chosen;
  };
  for (const group of input.groups) {
    if (group.classIds.length < 2 || !group.classIds.every((id) => lines.has(id) && !inGroup.has(id))) continue;
    const members = group.classIds.map((id) => byId.get(id)!);
    members.forEach((m) => inGroup.add(m.id));
    lineItems.push({
      kind: 'group',
      id: group.id,
      semesterId: group.semesterId,
      title: group.name,
      classIds: [...group.classIds],
      listPrice: members.reduce((sum, m) => sum + m.price, 0),
      price: group.price,
      addOns: members.flatMap((m) => addOnsOf(m, lines.get(m.id)!)),
    });
  }

  // 2. Other classes at list price or the chosen sliding-scale price.
  for (const line of lines.values()) {
    if (inGroup.has(line.classId)) continue;
    const klass = byId.get(line.classId)!;
    let price = klass.price;
    if (line.price !== undefined && line.price !== klass.price) {
      const range = klass.slidingScale;
      if (!range) problems.push({ about: klass.id, message: `${klass.title} has a fixed price.` });
      else if (!Number.isInteger(line.price) || line.price < range.min || line.price > range.max) {
        problems.push({ about: klass.id, message: `Choose a price for ${klass.title} within its sliding scale.` });
      } else price = line.price;
    }
    lineItems.push({
      kind: 'class',
      id: klass.id,
      semesterId: klass.semesterId,
      title: klass.title,
      classIds: [klass.id],
      listPrice: klass.price,
      price,
      addOns: addOnsOf(klass, line),
    });
  }

  // 3. Class-level discounts, on what is left of each line's price.
  const remaining = new Map(lineItems.map((l) => [l, l.price]));
  const applied: AppliedDiscount[] = [];
  const seen = new Set<string>();
  const usable: Discount[] = [];
  for (const d of input.discounts) {
    if (seen.has(d.code)) continue;
    seen.add(d.code);
    const why = discountUnusable(d, input.today);
    if (why) codeProblems.push({ about: d.code, message: why });
    else usable.push(d);
  }
  const take = (d: Discount, targets: LineItem[], amountFor: (line: LineItem, left: Cents) => Cents) => {
    let total = 0;
    for (const line of targets) {
      const left = remaining.get(line)!;
      const amount = Math.min(left, amountFor(line, left));
      remaining.set(line, left - amount);
      total += amount;
    }
    applied.push({ code: d.code, description: d.description, amount: total });
  };
  const selectedClassIds = new Set(lines.keys());
  for (const d of usable) {
    if (d.type === 'percent-off-classes' || d.type === 'free-classes') {
      const targets = lineItems.filter((l) => (l.kind === 'class' ? d.classIds.includes(l.id) : d.groupIds.includes(l.id)));
      if (!targets.length) {
        codeProblems.push({ about: d.code, message: `${d.code} does not apply to the selected classes.` });
        continue;
      }
      take(d, targets, (line, left) => (d.type === 'free-classes' ? left : percentOf(line.price, d.percent)));
    } else if (d.type === 'percent-off-with-minimum') {
      const count = [...selectedClassIds].filter((id) => d.classTypes.includes(byId.get(id)!.classType)).length;
      if (count < d.minimumCount) {
        codeProblems.push({
          about: d.code,
          message: `${d.code} needs at least ${d.minimumCount} ${d.classTypes.join(' or ')} classes (you have ${count}).`,
        });
        continue;
      }
      take(d, lineItems, (line) => percentOf(line.price, d.percent));
    }
  }

  // 4. Add-ons are added after class-level discounts and never discounted by them.
  const lineSubtotal = lineItems.reduce((sum, l) => sum + l.price, 0);
  const addOnTotal = lineItems.reduce((sum, l) => sum + l.addOns.reduce((s, a) => s + a.price, 0), 0);
  let running = [...remaining.values()].reduce((a, b) => a + b, 0) + addOnTotal;

  // 5. Basket discounts in code order, never below $0.
  for (const d of usable) {
    if (d.type !== 'fixed-basket' && d.type !== 'percent-basket' && d.type !== 'early-bird-fixed') continue;
    const amount = Math.min(running, d.type === 'percent-basket' ? percentOf(running, d.percent) : d.amount);
    running -= amount;
    applied.push({ code: d.code, description: d.description, amount });
  }

  const subtotal = lineSubtotal + addOnTotal;
  return {
    lineItems,
    discounts: applied,
    subtotal,
    discountTotal: subtotal - running,
    total: running,
    problems,
    codeProblems,
  };
}
