// Families changing their plans: what cancelling would get under the school's policy, and cancelling.
import { callables } from '../../../contract/callables';
import { actorOf, callable } from '../lib/callable';
import { familyView } from '../domain/familyView';
import { cancelOwnClasses as cancel, decideRequest, ownCancellationOutcome, requestCancellation as request, waitingRequests } from '../usecases/changes';

export const cancellationOutcome = callable(callables.cancellationOutcome, async ({ enrollmentId, classIds }, ctx) => {
  const { outcome, words } = await ownCancellationOutcome(ctx.uid, enrollmentId, classIds, new Date());
  return { outcome, words };
});

export const cancelOwnClasses = callable(
  callables.cancelOwnClasses,
  async (input, ctx) => {
    const { enrollment, replayed } = await cancel(actorOf(ctx), input, new Date());
    return { enrollment: familyView(enrollment), replayed };
  },
  // The class list shows the seats given back.
  { changesCatalogue: true },
);

export const requestCancellation = callable(callables.requestCancellation, async (input, ctx) => {
  const { enrollment, replayed } = await request(actorOf(ctx), input, new Date());
  return { enrollment: familyView(enrollment), replayed };
});

export const adminChangeRequests = callable(callables.adminChangeRequests, async () => ({ requests: await waitingRequests() }));

export const decideChangeRequest = callable(callables.decideChangeRequest, (input, ctx) => decideRequest(actorOf(ctx), input, new Date()), { changesCatalogue: true });
