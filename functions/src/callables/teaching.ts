// The instructor's view: their classes and rosters, on a phone in the field. No money.
import { callables } from '../../../contract/callables';
import { loadTaughtClasses } from '../data/teaching';
import { actorOf, callable } from '../lib/callable';
import { fieldDay, fieldLogOf, fieldRoster, keepFieldEntries } from '../usecases/field';

export const myTaughtClasses = callable(callables.myTaughtClasses, async (_payload, ctx) => ({ classes: await loadTaughtClasses(ctx.uid) }));

export const taughtRoster = callable(callables.taughtRoster, (payload, ctx) => fieldRoster(actorOf(ctx), payload));

export const syncFieldEntries = callable(callables.syncFieldEntries, (payload, ctx) => keepFieldEntries(actorOf(ctx), payload));

export const classFieldLog = callable(callables.classFieldLog, ({ classId }, ctx) => fieldLogOf(actorOf(ctx), classId));

export const adminFieldDay = callable(callables.adminFieldDay, ({ day }, ctx) => fieldDay(actorOf(ctx), day));
