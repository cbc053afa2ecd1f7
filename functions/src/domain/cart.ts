// One checkout for several children: each child's classes are priced by the one engine
// (`priceBasket`), the children taken in order of their classes' list price (the most expensive child
// pays in full, the next is the 2nd child of the sibling rule, and so on, after the children enrolled
// before). The codes are entered once for the checkout: each applies to every child's classes it fits,
// a fixed amount off the total once for the whole checkout (what one child's total could not take goes
// to the next), and a code with a use limit counts one use for the checkout. Pure.
import { aidOnLines, type EnrollmentAid } from '../../../contract/aid';
import type { CartChildQuote, CartQuote, Cents, Enrollment, Problem } from '../../../contract/domain';

export type { CartQuote };
import { FIXED_AMOUNT_TYPES, priceBasket, siblingContext, type AidTerms, type BasketLine, type PricingInput } from './pricing';

export interface CartChild {
  studentId: string;
  lines: BasketLine[];
}

export interface CartInput extends Omit<PricingInput, 'lines' | 'siblings' | 'aid'> {
  children: CartChild[];
  /** The family's enrollments (the sibling rule counts its confirmed children in the semester). */
  family: Pick<Enrollment, 'status' | 'studentId' | 'semesterIds' | 'classIds'>[];
  /** The family's financial aid award, when it has one it may use now. */
  aid?: CartAid;
}

/**
 * An award as a checkout uses it: the named children's classes of its term, each child at most the
 * cap (less what it `taken` already), all of them together at most what the award has left (`left`).
 */
export interface CartAid extends EnrollmentAid {
  semesterId: string;
  studentIds: string[];
  capPerChild?: Cents;
  left: Cents;
  taken: Record<string, Cents>;
}

/** The children in the order they are charged: highest list price first, then the order they were listed. */
/** The terms an award gives one child now: what it has left and, with a cap, what that child may still take. */
export function aidTermsFor(aid: CartAid, left: Cents, taken: Cents): AidTerms {
  const limit = aid.capPerChild === undefined ? left : Math.min(left, aid.capPerChild - taken);
  return { label: aid.label, percent: aid.percent, addOns: aid.addOns, limit: Math.max(0, limit) };
}

/** What an enrollment keeps of the award it was priced with (a cancellation reprices with it). */
export const enrollmentAidOf = (aid: CartAid): EnrollmentAid => ({ applicationId: aid.applicationId, label: aid.label, ...(aid.percent !== undefined ? { percent: aid.percent } : {}), addOns: aid.addOns });

export function chargeOrder(children: CartChild[], listPrice: (classId: string) => Cents): CartChild[] {
  const priceOf = (c: CartChild) => [...new Set(c.lines.map((l) => l.classId))].reduce((sum, id) => sum + listPrice(id), 0);
  return children.map((child, i) => ({ child, i, price: priceOf(child) })).sort((a, b) => b.price - a.price || a.i - b.i).map((x) => x.child);
}

export function priceCart(input: CartInput): CartQuote {
  const { children, family, discounts, aid, ...shared } = input;
  const byId = new Map(input.classes.map((c) => [c.id, c]));
  const semestersOf = (lines: BasketLine[]) => [...new Set(lines.flatMap((l) => byId.get(l.classId)?.semesterId ?? []))];
  // What each fixed code can still take off, for the children priced after the first.
  const left = new Map(discounts.filter((d) => FIXED_AMOUNT_TYPES.includes(d.type)).map((d) => [d.code, d.amount]));
  const before: CartInput['family'] = [...family];
  const quotes: CartChildQuote[] = [];
  const codeProblems = new Map<string, Problem[]>();
  let aidLeft = aid?.left ?? 0;

  for (const child of chargeOrder(children, (id) => byId.get(id)?.price ?? 0)) {
    const semesterIds = semestersOf(child.lines);
    const siblings = siblingContext(before, child.studentId, semesterIds);
    const codes = discounts.flatMap((d) => {
      const amount = left.get(d.code);
      if (amount === undefined) return [d];
      return amount > 0 ? [{ ...d, amount }] : [];
    });
    // The award covers a child it names whose classes are all of its term.
    const aided = aid && aidLeft > 0 && aid.studentIds.includes(child.studentId) && semesterIds.length === 1 && semesterIds[0] === aid.semesterId;
    const terms = aided ? aidTermsFor(aid, aidLeft, aid.taken[child.studentId] ?? 0) : undefined;
    const quote = priceBasket({ ...shared, lines: child.lines, discounts: codes, siblings, ...(terms ? { aid: terms } : {}) });
    for (const a of quote.discounts) if (left.has(a.code)) left.set(a.code, left.get(a.code)! - a.amount);
    for (const p of quote.codeProblems) codeProblems.set(p.about, [...(codeProblems.get(p.about) ?? []), p]);
    const took = aidOnLines(quote.discounts);
    aidLeft -= took;
    const aidOf = aided && took > 0 ? { aid: enrollmentAidOf(aid) } : {};
    quotes.push({ ...quote, studentId: child.studentId, ...(siblings ? { siblings } : {}), ...aidOf });
    // The children priced so far count as enrolled for the ones after them.
    before.push({ status: 'confirmed', studentId: child.studentId, semesterIds, classIds: child.lines.map((l) => l.classId) });
  }

  const sum = (f: (q: CartChildQuote) => Cents) => quotes.reduce((s, q) => s + f(q), 0);
  // A code is a problem only when no child's classes took it (a rule's line is not the typed code taking).
  const rules = new Set((input.rules ?? []).map((r) => r.code));
  const applied = new Set(quotes.flatMap((q) => q.discounts.map((a) => a.code)).filter((code) => !rules.has(code)));
  return {
    children: quotes,
    subtotal: sum((q) => q.subtotal),
    discountTotal: sum((q) => q.discountTotal),
    total: sum((q) => q.total),
    problems: quotes.flatMap((q) => q.problems),
    codeProblems: [...codeProblems].filter(([code]) => !applied.has(code)).map(([, problems]) => problems[0]),
  };
}
