// The waitlist's callables: families join, see their place, leave, decline or claim an
// offer; the office sees a class's list, offers a seat by hand, moves or removes someone.
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { logger } from 'firebase-functions/logger';
import { callables } from '../../../contract/callables';
import { FUNCTIONS_REGION } from '../../../contract/constants';
import { callable, staffOf } from '../lib/callable';
import { takeRate } from '../data/rateLimit';
import { classWaitlist, classWaitlistPage, familyWaitlist } from '../data/waitlist';
import * as waitlistCases from '../usecases/waitlist';
import { familyEntry } from '../domain/waitlist';
import { claimWaitlistOffer } from '../usecases/familyCheckout';
import type { WaitlistEntry } from '../../../contract/domain';


export const joinWaitlist = callable(
  callables.joinWaitlist,
  async (payload, ctx) => {
    await takeRate('enroll', ctx);
    const { entry, place, replayed } = await waitlistCases.joinWaitlist(ctx.uid, ctx.email, ctx.emailVerified, payload, new Date());
    return { entry: familyEntry(entry, place), replayed };
  },
);

export const myWaitlist = callable(callables.myWaitlist, async (_payload, ctx) => ({
  entries: (await familyWaitlist(ctx.uid)).map(({ entry, place }) => familyEntry(entry, place)),
}));

export const leaveWaitlist = callable(callables.leaveWaitlist, async ({ entryId }, ctx) => ({ entry: familyEntry(await waitlistCases.leaveWaitlist(ctx.uid, entryId, new Date()), null) }));

export const declineOffer = callable(callables.declineOffer, async ({ entryId }, ctx) => ({ entry: familyEntry(await waitlistCases.declineOffer(ctx.uid, entryId, new Date()), null) }));

export const claimOffer = callable(callables.claimOffer, (claim, ctx) => claimWaitlistOffer(ctx, claim, new Date()));

export const adminWaitlist = callable(callables.adminWaitlist, ({ classId }) => classWaitlistPage(classId));

const officeView = async (entry: WaitlistEntry) => (await classWaitlist(entry.classIds[0])).find((e) => e.id === entry.id)!;

export const adminWaitlistOffer = callable(callables.adminWaitlistOffer, async ({ entryId }, ctx) => ({ entry: await officeView(await waitlistCases.offerByHand(entryId, staffOf(ctx), new Date())) }));

export const adminWaitlistMove = callable(callables.adminWaitlistMove, async ({ entryId, beforeEntryId, reason }, ctx) => ({
  entry: await officeView(await waitlistCases.moveEntry(entryId, beforeEntryId, staffOf(ctx), reason, new Date())),
}));

export const adminWaitlistRemove = callable(callables.adminWaitlistRemove, async ({ entryId, reason }, ctx) => ({ entry: await officeView(await waitlistCases.removeEntry(entryId, staffOf(ctx), reason, new Date())) }));

/** Every 15 minutes: lapsed offers pass on, reminders go out, free seats are offered (tests call runWaitlistJob). */
export const waitlistJob = onSchedule({ schedule: 'every 15 minutes', region: FUNCTIONS_REGION }, async () => {
  logger.info('waitlist job', await waitlistCases.runWaitlistJob(new Date()));
});
