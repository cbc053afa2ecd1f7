// Families changing their plans: what cancelling would get under the school's policy, and cancelling.
import { callables } from '../../../contract/callables';
import { requestAsks } from '../../../contract/changes';
import { auditReads } from '../data/audit';
import { actorOf, callable } from '../lib/callable';
import { familyView } from '../domain/familyView';
import { cancelOwnClasses as cancel, decideRequest, ownCancellationOutcome, requestCancellation as request, waitingRequests } from '../usecases/changes';
import { moveOwnClass as moveOwn, officeMoveClass, officeTransferOutcome, ownTransferOutcome, requestTransfer as askToMove } from '../usecases/transfers';

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

export const transferOutcome = callable(callables.transferOutcome, (input, ctx) => ownTransferOutcome(ctx.uid, input, new Date()));

export const moveOwnClass = callable(
  callables.moveOwnClass,
  async (input, ctx) => {
    const { enrollment, replayed } = await moveOwn(actorOf(ctx), input, new Date());
    return { enrollment: familyView(enrollment), replayed };
  },
  // The class list shows the seats taken and given back.
  { changesCatalogue: true },
);

export const requestTransfer = callable(
  callables.requestTransfer,
  async (input, ctx) => {
    const { enrollment, replayed } = await askToMove(actorOf(ctx), input, new Date());
    return { enrollment: familyView(enrollment), replayed };
  },
  { changesCatalogue: true },
);

export const adminTransferOutcome = callable(callables.adminTransferOutcome, (input) => officeTransferOutcome(input, new Date()));

export const adminMoveClass = callable(callables.adminMoveClass, (input, ctx) => officeMoveClass(actorOf(ctx), input, new Date()), { changesCatalogue: true });

// Each request read is in the audit trail under its child: the family's words may say something of health.
export const adminChangeRequests = callable(callables.adminChangeRequests, async (_input, ctx) => {
  const requests = await waitingRequests();
  await auditReads(
    actorOf(ctx),
    requests.map((r) => ({ kind: 'change-requests-viewed', record: { type: 'enrollment', id: r.enrollmentId }, studentId: r.studentId, studentName: r.studentName, summary: `Read the request to ${requestAsks(r)}` })),
  );
  return { requests };
});

export const decideChangeRequest = callable(callables.decideChangeRequest, (input, ctx) => decideRequest(actorOf(ctx), input, new Date()), { changesCatalogue: true });
