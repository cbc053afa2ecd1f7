// A family's account credit: the family's own, finance's ledger, and the office giving one.
import { callables } from '../../../contract/callables';
import { actorOf, callable } from '../lib/callable';
import { familyView } from '../domain/familyView';
import { familyCredit, giveCredit, officeCredits, payOwedFromCredit } from '../usecases/credit';

export const myCredit = callable(callables.myCredit, async (_p, ctx) => familyCredit(ctx.uid));

export const adminCredits = callable(callables.adminCredits, async () => ({ families: await officeCredits() }));

export const adminGiveCredit = callable(callables.adminGiveCredit, (input, ctx) => giveCredit(actorOf(ctx), input, new Date()));

export const payFromCredit = callable(callables.payFromCredit, async (input, ctx) => {
  const { enrollments, used } = await payOwedFromCredit(actorOf(ctx), input, new Date());
  return { enrollments: enrollments.map(familyView), used };
});
