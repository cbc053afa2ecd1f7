// Prices shown before a checkout, by the same engine and from the same data as the checkout itself:
// the family's cart (its other children, its codes' uses, its financial aid award) with the deposit
// and the monthly payments it may choose.
import type { Payload } from '../../../contract/callables';
import type { CartQuote, DepositPlan } from '../../../contract/domain';
import type { InstalmentOffer } from '../../../contract/instalments';
import { schoolToday } from '../../../contract/schedule';
import { priceCart } from '../domain/cart';
import { priceBasket, siblingContext } from '../domain/pricing';
import { askedOf, replacedBy } from '../domain/checkout';
import { isBrowsable } from '../domain/catalogue';
import { checkoutDeposit, depositPlan } from '../domain/deposits';
import { checkoutInstalments } from '../domain/instalments';
import { loadCartAid } from '../data/aid';
import { loadCatalogueFacts, loadCodeUses, loadFamilyEnrollments } from '../data/enrollments';

/** The classes and codes a preview prices: the classes open to families, the codes found and not. */
export async function previewCatalogue(classIds: string[], codes: string[]) {
  const catalogue = await loadCatalogueFacts(classIds, codes);
  const offered = [...catalogue.classes.values()].filter(isBrowsable);
  return { catalogue, offered, codes: { discounts: catalogue.discounts, unknownCodes: catalogue.unknownCodes } };
}

/**
 * One child's basket priced as its submit will be (the school's catalogue facts read by the checkout's
 * own loader): the family's enrollments when the price depends on them (the sibling rule, a per-family
 * code limit), the deposit and the monthly payments it may choose; classes not offered are reported.
 */
export async function basketQuote(uid: string | null, payload: Payload<'priceBasket'>, now: Date) {
  const ids = [...new Set(payload.lines.map((l) => l.classId))];
  const { catalogue, offered, codes } = await previewCatalogue(ids, payload.codes);
  const family = uid && (payload.studentId || codes.discounts.some((d) => d.maxUsesPerFamily != null)) ? await loadFamilyEnrollments(uid) : [];
  const semesterIds = [...new Set(offered.map((c) => c.semesterId))];
  const siblings = payload.studentId ? siblingContext(family, payload.studentId, semesterIds) : undefined;
  const replaced = payload.studentId ? replacedBy(family, askedOf([{ studentId: payload.studentId, lines: payload.lines }]), now) : [];
  const uses = await loadCodeUses(codes.discounts, family, replaced);
  const today = schoolToday(now);
  const quote = priceBasket({ classes: offered, groups: catalogue.groups, lines: payload.lines, ...codes, rules: catalogue.rules, siblings, uses, today });
  return { ...quote, deposit: depositPlan(offered, catalogue.semesters, quote.total, today), instalments: checkoutInstalments([{ classes: offered, total: quote.total }], catalogue.semesters, today)?.offer ?? null };
}

type CartChildren = { studentId: string; lines: { classId: string; price?: number; addOnIds: string[] }[] }[];

/**
 * A family's cart priced as its submit will be: the card checkout it would replace gives its code uses
 * back, and what it took of a financial aid award. The caller checks the children are the family's.
 */
export async function familyCartQuote(uid: string, children: CartChildren, codeList: string[], now: Date): Promise<CartQuote & { deposit: DepositPlan | null; instalments: InstalmentOffer | null }> {
  const ids = [...new Set(children.flatMap((c) => c.lines.map((l) => l.classId)))];
  const [{ catalogue, offered, codes }, family] = await Promise.all([previewCatalogue(ids, codeList), loadFamilyEnrollments(uid)]);
  const today = schoolToday(now);
  const replaced = replacedBy(family, askedOf(children), now);
  const [uses, aid] = await Promise.all([loadCodeUses(codes.discounts, family, replaced), loadCartAid(uid, [...catalogue.semesters.values()], today, family, replaced)]);
  const quote = priceCart({ classes: offered, groups: catalogue.groups, children, ...codes, rules: catalogue.rules, family, uses, today, ...(aid ? { aid } : {}) });
  const classesOf = (studentId: string) => offered.filter((c) => children.find((x) => x.studentId === studentId)!.lines.some((l) => l.classId === c.id));
  const priced = quote.children.map((q) => ({ classes: classesOf(q.studentId), total: q.total }));
  return { ...quote, deposit: checkoutDeposit(priced, catalogue.semesters, today)?.plan ?? null, instalments: checkoutInstalments(priced, catalogue.semesters, today)?.offer ?? null };
}
