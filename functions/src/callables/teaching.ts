// The instructor's view (issue 22): their classes and rosters, on a phone in the field. No money.
import { callables } from '../../../contract/callables';
import { loadTaughtClasses, loadTaughtRoster } from '../data/teaching';
import { callable } from '../lib/callable';

export const myTaughtClasses = callable(callables.myTaughtClasses, async (_payload, ctx) => ({ classes: await loadTaughtClasses(ctx.uid) }));

export const taughtRoster = callable(callables.taughtRoster, async ({ classId }, ctx) => ({ roster: await loadTaughtRoster(ctx, classId) }));
