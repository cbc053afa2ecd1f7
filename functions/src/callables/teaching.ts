// The instructor's view: their classes and rosters, on a phone in the field. No money.
import { callables } from '../../../contract/callables';
import { loadTaughtClasses, loadTaughtRoster } from '../data/teaching';
import { actorOf, callable } from '../lib/callable';
import { auditReads } from '../data/audit';
import { rosterViews } from '../domain/audit';

export const myTaughtClasses = callable(callables.myTaughtClasses, async (_payload, ctx) => ({ classes: await loadTaughtClasses(ctx.uid) }));

export const taughtRoster = callable(callables.taughtRoster, async ({ classId }, ctx) => {
  const roster = await loadTaughtRoster(ctx, classId);
  await auditReads(actorOf(ctx), rosterViews([roster]));
  return { roster };
});
