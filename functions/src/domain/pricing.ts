// The one pricing engine: the price preview, the submit and the refund suggestion all
// call priceBasket. Pure: everything it needs is passed in. Money in integer cents.
//
// Order (the discount form's DISCOUNT_ORDER says it in the office's words): complete groups at the group price; other
// classes at list price or the chosen sliding-scale price; class-level discounts in the order the
// codes were entered (percent off listed classes/groups, free listed classes, percent off everything
// with at least N classes of given types); the sibling rule (each additional child's classes, see
// `siblingDiscount`); add-ons (never discounted by class-level discounts); basket discounts in the
// order the codes were entered (fixed, percent, early-bird fixed); a financial aid award, last, on what
// the family would pay; never below $0. Each percentage is of what the discounts before it left: 15%
// then 10% off $260 is $39 then $22.10.
import type {
  AddOn,
  AppliedDiscount,
  Cents,
  ClassGroup,
  ClassRecord,
  Discount,
  Enrollment,
  IsoDate,
  LineItem,
  PriceQuote,
  Problem,
  SiblingContext,
} from '../../../contract/domain';
import { AID_CODE } from '../../../contract/aid';
import { isSiblingRule } from '../../../contract/domain';
import { confirmedIn } from '../../../contract/family';
import { withinSlidingScale } from '../../../contract/rules';
import { formatCents } from '../../../contract/format';

export type { PriceQuote };

export type PricedClass = Pick<ClassRecord, 'id' | 'semesterId' | 'title' | 'price' | 'slidingScale' | 'addOns' | 'classType'>;

export interface BasketLine {
  classId: string;
  /** Chosen sliding-scale price; undefined = list price. */
  price?: Cents;
  addOnIds: string[];
}

const percentOf = (amount: Cents, percent: number) => Math.round((amount * percent) / 100);

export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/** What an unknown code is told: switched-off and expired codes are told the same (nothing to guess from). */
export const notAValidCode = (code: string) => `${code} is not a valid code.`;
/** A family typed the sibling rule's code: nothing to type, it applies by itself. */
export const siblingRuleTyped = (d: Pick<Discount, 'code' | 'description'>) =>
  `${d.code} is not a code to type: ${d.description && d.description !== d.code ? d.description : 'the sibling discount'} applies by itself when brothers or sisters enroll.`;

/** Uses counted so far by code: in all, and by the family enrolling. */
export interface CodeUses {
  total: Record<string, number>;
  family: Record<string, number>;
}

/** Why a code with a use limit cannot be used again, or null. */
export function discountUsedUp(d: Discount, uses: CodeUses | undefined): string | null {
  if (d.maxUses != null && (uses?.total[d.code] ?? 0) >= d.maxUses) return `${d.code} has been used as many times as the school allows.`;
  if (d.maxUsesPerFamily != null && (uses?.family[d.code] ?? 0) >= d.maxUsesPerFamily) {
    return `${d.code} may be used ${d.maxUsesPerFamily === 1 ? 'once' : `${d.maxUsesPerFamily} times`} per family, and your family has used it.`;
  }
  return null;
}

/** Why a discount cannot be used today at all, or null. */
export function discountUnusable(d: Discount, today: IsoDate): string | null {
  return !d.active || (d.expiresOn && today > d.expiresOn) ? notAValidCode(d.code) : null;
}

export interface PricingInput {
  classes: PricedClass[];
  groups: ClassGroup[];
  lines: BasketLine[];
  /** The discounts the family's codes resolved to, in the order the codes were entered. */
  discounts: Discount[];
  /** Codes entered that matched no discount. */
  unknownCodes?: string[];
  /** Discounts applied by rule, without a code (the sibling rule); see `siblingDiscount`. */
  rules?: Discount[];
  /** The family's other children (read by the server); absent: none (anonymous, or a first child). */
  siblings?: SiblingContext;
  /** Uses counted against codes with limits (absent: none counted yet). */
  uses?: CodeUses;
  today: IsoDate;
  /** A financial aid award for this child's classes (see `AidTerms`). */
  aid?: AidTerms;
}

/**
 * An award as one child's basket takes it: a percent of what is left to pay (or all of it, for an
 * amount), at most `limit` (what the award has left, within its cap for a child), after every code
 * and rule; add-ons stay the family's unless the award covers them.
 */
export interface AidTerms {
  label: string;
  percent?: number;
  limit: Cents;
  addOns: boolean;
}

/** What an award takes off a total that holds `addOnTotal` of add-ons. */
export function aidAmount(aid: AidTerms, total: Cents, addOnTotal: Cents): Cents {
  const base = aid.addOns ? total : Math.max(0, total - addOnTotal);
  return Math.max(0, Math.min(aid.limit, aid.percent !== undefined ? percentOf(base, aid.percent) : base));
}

const BASKET_TYPES: Discount['type'][] = ['fixed-basket', 'percent-basket', 'early-bird-fixed'];
/** Codes taking a fixed amount off the total: once per checkout, whatever the number of children. */
export const FIXED_AMOUNT_TYPES: Discount['type'][] = ['fixed-basket', 'early-bird-fixed'];

/**
 * The family's other children holding a confirmed enrollment in one of these semesters, and how many
 * of them take each class; undefined when there are none.
 */
export function siblingContext(family: Pick<Enrollment, 'status' | 'studentId' | 'semesterIds' | 'classIds'>[], studentId: string, semesterIds: string[]): SiblingContext | undefined {
  const others = family.filter((e) => e.studentId !== studentId && confirmedIn(e, semesterIds));
  if (!others.length) return undefined;
  const takers = new Map<string, Set<string>>();
  for (const e of others) for (const id of e.classIds) takers.set(id, (takers.get(id) ?? new Set()).add(e.studentId));
  return {
    childrenBefore: new Set(others.map((e) => e.studentId)).size,
    takersByClass: Object.fromEntries([...takers].map(([id, children]) => [id, children.size])),
  };
}

/**
 * What the sibling rule takes off one line, before it is capped at what is left of the line: percent
 * of what the class codes left of the classes it covers, or the amount once per class. The whole line
 * when this child is the rule's 2nd (or 3rd) child of the family in the semester; per class, only the
 * classes where this child is the 2nd (or 3rd) of the family.
 */
function siblingDiscount(rule: Discount, line: LineItem, left: Cents, siblings: SiblingContext): Cents {
  const from = rule.siblingFrom ?? 2;
  const members = line.members ?? []; // always there on the lines priceBasket makes
  const covered = rule.siblingPerClass
    ? members.filter((m) => (siblings.takersByClass[m.classId] ?? 0) + 1 >= from)
    : siblings.childrenBefore + 1 >= from
      ? members
      : [];
  if (!covered.length) return 0;
  if (rule.type === 'sibling-amount') return rule.amount * covered.length;
  // Of what is left: the covered classes' share of the line, after the codes before it.
  const priceOf = (list: typeof members) => list.reduce((sum, m) => sum + m.price, 0);
  const share = covered.length === members.length || !priceOf(members) ? 1 : priceOf(covered) / priceOf(members);
  return percentOf(left * share, rule.percent);
}

interface DiscountRun {
  applied: AppliedDiscount[];
  total: Cents;
  /** Codes that do not fit this basket, with the reason. */
  problems: Problem[];
}

/** Class-level discounts, add-ons, then basket discounts in code order, never below $0. */
function runDiscounts(lineItems: LineItem[], byId: Map<string, PricedClass>, codes: Discount[], rules: Discount[], siblings?: SiblingContext): DiscountRun {
  const remaining = new Map(lineItems.map((l) => [l, l.price]));
  const applied: AppliedDiscount[] = [];
  const problems: Problem[] = [];
  const withAddOns = lineItems.some((l) => l.addOns.length > 0);
  const take = (d: Discount, targets: LineItem[], amountFor: (line: LineItem, left: Cents) => Cents) => {
    let total = 0;
    let base = 0;
    for (const line of targets) {
      const left = remaining.get(line)!;
      const amount = Math.min(left, amountFor(line, left));
      remaining.set(line, left - amount);
      total += amount;
      if (amount > 0) base += left;
    }
    applied.push({ code: d.code, description: d.description, amount: total, ...(withAddOns && total > 0 ? { ofClasses: base } : {}) });
  };
  const classIds = lineItems.flatMap((l) => l.classIds);
  for (const d of codes) {
    if (d.type === 'percent-off-classes' || d.type === 'free-classes') {
      const targets = lineItems.filter((l) => (l.kind === 'class' ? d.classIds.includes(l.id) : d.groupIds.includes(l.id)));
      if (!targets.length) {
        problems.push({ about: d.code, message: `${d.code} does not apply to the selected classes.` });
        continue;
      }
      take(d, targets, (_line, left) => (d.type === 'free-classes' ? left : percentOf(left, d.percent)));
    } else if (d.type === 'percent-off-with-minimum') {
      const count = classIds.filter((id) => d.classTypes.includes(byId.get(id)!.classType)).length;
      if (count < d.minimumCount) {
        problems.push({
          about: d.code,
          message: `${d.code} needs at least ${d.minimumCount} ${d.classTypes.join(' or ')} classes (you have ${count}).`,
        });
        continue;
      }
      take(d, lineItems, (_line, left) => percentOf(left, d.percent));
    }
  }
  // The sibling rule: on each additional child's classes, after the codes on classes; shown only when it takes something.
  for (const rule of siblings ? rules : []) {
    const before = applied.length;
    take(rule, lineItems, (line, left) => siblingDiscount(rule, line, left, siblings!));
    if (applied[before].amount === 0) applied.pop();
  }

  // Add-ons are added after class-level discounts and never discounted by them.
  const addOnTotal = lineItems.reduce((sum, l) => sum + l.addOns.reduce((s, a) => s + a.price, 0), 0);
  let running = [...remaining.values()].reduce((a, b) => a + b, 0) + addOnTotal;
  for (const d of codes.filter((c) => BASKET_TYPES.includes(c.type))) {
    const percent = d.type === 'percent-basket';
    const amount = Math.min(running, percent ? percentOf(running, d.percent) : d.amount);
    running -= amount;
    applied.push({ code: d.code, description: d.description, amount });
  }
  return { applied, total: running, problems };
}

/**
 * Which of the usable codes apply together. Combinable codes stack; a code that is not combinable
 * applies alone. Of the possible sets, the one that leaves the lowest total wins (the first entered on
 * a tie); the codes left out are told which code won.
 */
function chooseCodes(usable: Discount[], price: (codes: Discount[]) => DiscountRun): { codes: Discount[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const fitting = usable.filter((d) => {
    const alone = price([d]).problems;
    problems.push(...alone);
    return !alone.length;
  });
  const single = fitting.filter((d) => !d.combinable);
  if (fitting.length < 2 || !single.length) return { codes: fitting, problems };
  const combinable = fitting.filter((d) => d.combinable);
  const options = [...(combinable.length ? [combinable] : []), ...single.map((d) => [d])];
  const best = options.reduce((a, b) => (price(b).total < price(a).total ? b : a));
  const winner = best.map((d) => d.code).join(' + ');
  for (const d of fitting) {
    if (best.includes(d)) continue;
    problems.push({
      about: d.code,
      message: d.combinable
        ? `${d.code} cannot be combined with ${winner}, which saves you more.`
        : `${d.code} cannot be combined with other codes; ${winner} saves you more.`,
    });
  }
  return { codes: best, problems };
}

/** A code or rule for some semesters applies only to a basket of those semesters. */
const fitsSemesters = (d: Discount, lineItems: LineItem[]) => !d.semesterIds?.length || lineItems.every((l) => d.semesterIds!.includes(l.semesterId));

export function priceBasket(input: PricingInput): PriceQuote {
  const byId = new Map(input.classes.map((c) => [c.id, c]));
  const problems: Problem[] = [];
  const codeProblems: Problem[] = (input.unknownCodes ?? []).map((code) => ({ about: code, message: notAValidCode(code) }));

  // Each class once; unknown classes are problems.
  const lines = new Map<string, BasketLine>();
  for (const line of input.lines) {
    if (!byId.has(line.classId)) problems.push({ about: line.classId, message: 'This class is not offered.' });
    else if (!lines.has(line.classId)) lines.set(line.classId, line);
  }

  // Each class at its list price or the chosen sliding-scale price.
  const chosen = new Map<string, Cents>();
  for (const line of lines.values()) {
    const klass = byId.get(line.classId)!;
    let price = klass.price;
    if (line.price !== undefined && line.price !== klass.price) {
      const range = klass.slidingScale;
      if (!range) problems.push({ about: klass.id, message: `${klass.title} has a fixed price.` });
      else if (!Number.isInteger(line.price) || !withinSlidingScale(line.price, range)) {
        problems.push({ about: klass.id, message: `Choose a price for ${klass.title} within its sliding scale.` });
      } else price = line.price;
    }
    chosen.set(klass.id, price);
  }
  const addOnsOf = (klass: PricedClass, line: BasketLine): AddOn[] => {
    const picked: AddOn[] = [];
    for (const id of new Set(line.addOnIds)) {
      const addOn = klass.addOns.find((a) => a.id === id);
      if (addOn) picked.push(addOn);
      else problems.push({ about: klass.id, message: `Unknown add-on for ${klass.title}.` });
    }
    return picked;
  };
  const memberOf = (klass: PricedClass) => ({ classId: klass.id, title: klass.title, listPrice: klass.price, price: chosen.get(klass.id)! });

  // 1. A complete bundle at the bundle price, only when that is less than its classes at the chosen
  // prices: the family pays the lower of the two, and is told whenever a sliding price it chose is not
  // what it pays (lower: the classes on their own; higher: the bundle).
  const inGroup = new Set<string>();
  const lineItems: LineItem[] = [];
  const notes: Problem[] = [];
  for (const group of input.groups) {
    if (group.classIds.length < 2 || !group.classIds.every((id) => lines.has(id) && !inGroup.has(id))) continue;
    const members = group.classIds.map((id) => byId.get(id)!);
    const separately = members.reduce((sum, m) => sum + chosen.get(m.id)!, 0);
    if (group.price >= separately) {
      if (members.some((m) => chosen.get(m.id)! < m.price)) {
        notes.push({
          about: group.id,
          message: `The ${group.name} price (${formatCents(group.price)}) is not used: with the sliding-scale price you chose, its classes come to ${formatCents(separately)}, ${formatCents(group.price - separately)} less.`,
        });
      }
      continue;
    }
    members.forEach((m) => inGroup.add(m.id));
    // A family that chose more than a list price pays the bundle's price all the same: said in words.
    if (members.some((m) => chosen.get(m.id)! > m.price)) {
      notes.push({
        about: group.id,
        message: `The ${group.name} price (${formatCents(group.price)}) applies: it is less than the sliding-scale prices you chose for its classes (${formatCents(separately)}).`,
      });
    }
    lineItems.push({
      kind: 'group',
      id: group.id,
      semesterId: group.semesterId,
      title: group.name,
      classIds: [...group.classIds],
      listPrice: members.reduce((sum, m) => sum + m.price, 0),
      price: group.price,
      members: members.map(memberOf),
      addOns: members.flatMap((m) => addOnsOf(m, lines.get(m.id)!)),
    });
  }

  // 2. Other classes at list price or the chosen sliding-scale price.
  for (const line of lines.values()) {
    if (inGroup.has(line.classId)) continue;
    const klass = byId.get(line.classId)!;
    lineItems.push({
      kind: 'class',
      id: klass.id,
      semesterId: klass.semesterId,
      title: klass.title,
      classIds: [klass.id],
      listPrice: klass.price,
      price: chosen.get(klass.id)!,
      members: [memberOf(klass)],
      addOns: addOnsOf(klass, line),
    });
  }

  // 3–5. The codes that may be used today, then the ones that apply together, then the rules.
  const seen = new Set<string>();
  const usable: Discount[] = [];
  for (const d of input.discounts) {
    if (seen.has(d.code)) continue;
    seen.add(d.code);
    const why = isSiblingRule(d.type)
      ? siblingRuleTyped(d)
      : (discountUnusable(d, input.today) ?? (!fitsSemesters(d, lineItems) ? `${d.code} is not valid for the classes of this semester.` : null) ?? discountUsedUp(d, input.uses));
    if (why) codeProblems.push({ about: d.code, message: why });
    else usable.push(d);
  }
  // Several rules all apply, in the order of their codes (however they were read).
  const rules = (input.rules ?? [])
    .filter((d) => isSiblingRule(d.type) && !discountUnusable(d, input.today) && fitsSemesters(d, lineItems))
    .sort((a, b) => a.code.localeCompare(b.code));
  const choice = chooseCodes(usable, (codes) => runDiscounts(lineItems, byId, codes, []));
  codeProblems.push(...choice.problems);
  const run = runDiscounts(lineItems, byId, choice.codes, rules, input.siblings);

  const subtotal = lineItems.reduce((sum, l) => sum + l.price + l.addOns.reduce((s, a) => s + a.price, 0), 0);
  // The award last, on what the family would pay, as its own line.
  const aid = input.aid ? aidAmount(input.aid, run.total, lineItems.reduce((sum, l) => sum + l.addOns.reduce((s, a) => s + a.price, 0), 0)) : 0;
  const discounts = aid > 0 ? [...run.applied, { code: AID_CODE, description: input.aid!.label, amount: aid }] : run.applied;
  const total = run.total - aid;
  return {
    lineItems,
    discounts,
    subtotal,
    discountTotal: subtotal - total,
    total,
    problems,
    codeProblems,
    notes,
  };
}
