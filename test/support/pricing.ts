// Builders for the pricing engine's table tests (pricing, family checkout).
import type { Discount } from '../../contract/domain';
import type { PricedClass } from '../../functions/src/domain/pricing';

/** A class of semester `s` at a price, open to every grade's after-school type. */
export const cls = (id: string, price: number, over: Partial<PricedClass> = {}): PricedClass => ({
  id, semesterId: 's', title: id, price, slidingScale: null, addOns: [], classType: 'After-school', ...over,
});

/** A discount with nothing set but what is given (a fixed amount off the total, combinable). */
export const discount = (code: string, over: Partial<Discount>): Discount => ({
  id: code.toLowerCase(), code, description: code, type: 'fixed-basket', amount: 0, percent: 0, classIds: [], groupIds: [],
  classTypes: [], minimumCount: 0, expiresOn: null, active: true, combinable: true, ...over,
});
