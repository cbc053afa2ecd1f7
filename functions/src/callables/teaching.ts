// The instructor's view: their classes and rosters, on a phone in the field. No money.
import { callables } from '../../../contract/callables';
import { loadTaughtClasses, loadTaughtRoster } from '../data/teaching';
import { actorOf, callable } from '../lib/callable';
import { auditReads } from '../data/audit';
import { rosterViews } from '../domain/audit';
import { withPickupChecks } from '../usecases/pickupCodes';
import { classFieldLog as fieldLog, fieldDay, syncFieldEntries as sync } from '../usecases/field';

export const myTaughtClasses = callable(callables.myTaughtClasses, async (_payload, ctx) => ({ classes: await loadTaughtClasses(ctx.uid) }));

export const taughtRoster = callable(callables.taughtRoster, async ({ classId }, ctx) => {
  const roster = await withPickupChecks(await loadTaughtRoster(ctx, classId));
  await auditReads(actorOf(ctx), rosterViews([roster]));
  return { roster };
});

export const syncFieldEntries = callable(callables.syncFieldEntries, (payload, ctx) => sync(actorOf(ctx), payload));

export const classFieldLog = callable(callables.classFieldLog, async ({ classId }, ctx) => ({ entries: await fieldLog(actorOf(ctx), classId) }));

export const adminFieldDay = callable(callables.adminFieldDay, ({ day }, ctx) => fieldDay(actorOf(ctx), day));
