// Prices shown before a checkout, by the same engine and from the same data as the checkout itself:
// the family's cart (its other children, its codes' uses, its financial aid award) with the deposit
// and the monthly payments it may choose.
import type { CartQuote, DepositPlan } from '../../../contract/domain';
import type { InstalmentOffer } from '../../../contract/instalments';
import { schoolToday } from '../../../contract/schedule';
import { priceCart } from '../domain/cart';
import { askedOf, replacedBy } from '../domain/checkout';
import { isBrowsable } from '../domain/catalogue';
import { checkoutDeposit } from '../domain/deposits';
import { checkoutInstalments } from '../domain/instalments';
import { loadCartAid } from '../data/aid';
import { loadCatalogueFacts, loadCodeUses, loadFamilyEnrollments } from '../data/enrollments';

/** The classes and codes a preview prices: the classes open to families, the codes found and not. */
export async function previewCatalogue(classIds: string[], codes: string[]) {
  const catalogue = await loadCatalogueFacts(classIds, codes);
  const offered = [...catalogue.classes.values()].filter(isBrowsable);
  return { catalogue, offered, codes: { discounts: catalogue.discounts, unknownCodes: catalogue.unknownCodes } };
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
