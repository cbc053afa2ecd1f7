// Families changing their plans: what cancelling would get under the school's policy, and cancelling.
import { callables } from '../../../contract/callables';
import { requestAsks } from '../../../contract/changes';
import { auditReads } from '../data/audit';
import { actorOf, callable } from '../lib/callable';
import { familyView } from '../domain/familyView';
import * as changeCases from '../usecases/changes';
import * as transferCases from '../usecases/transfers';

export const cancellationOutcome = callable(callables.cancellationOutcome, async ({ enrollmentId, classIds }, ctx) => {
  const { outcome, words } = await changeCases.ownCancellationOutcome(ctx.uid, enrollmentId, classIds, new Date());
  return { outcome, words };
});

export const cancelOwnClasses = callable(
  callables.cancelOwnClasses,
  async (input, ctx) => {
    const { enrollment, replayed } = await changeCases.cancelOwnClasses(actorOf(ctx), input, new Date());
    return { enrollment: familyView(enrollment), replayed };
  },
  // The class list shows the seats given back.
  { changesCatalogue: true },
);

export const requestCancellation = callable(callables.requestCancellation, async (input, ctx) => {
  const { enrollment, replayed } = await changeCases.requestCancellation(actorOf(ctx), input, new Date());
  return { enrollment: familyView(enrollment), replayed };
});

export const transferOutcome = callable(callables.transferOutcome, (input, ctx) => transferCases.ownTransferOutcome(ctx.uid, input, new Date()));

export const moveOwnClass = callable(
  callables.moveOwnClass,
  async (input, ctx) => {
    const { enrollment, replayed } = await transferCases.moveOwnClass(actorOf(ctx), input, new Date());
    return { enrollment: familyView(enrollment), replayed };
  },
  // The class list shows the seats taken and given back.
  { changesCatalogue: true },
);

export const requestTransfer = callable(
  callables.requestTransfer,
  async (input, ctx) => {
    const { enrollment, replayed } = await transferCases.requestTransfer(actorOf(ctx), input, new Date());
    return { enrollment: familyView(enrollment), replayed };
  },
  { changesCatalogue: true },
);

export const adminTransferOutcome = callable(callables.adminTransferOutcome, (input) => transferCases.officeTransferOutcome(input, new Date()));

export const adminMoveClass = callable(callables.adminMoveClass, (input, ctx) => transferCases.officeMoveClass(actorOf(ctx), input, new Date()), { changesCatalogue: true });

// Each request read is in the audit trail under its child: the family's words may say something of health.
export const adminChangeRequests = callable(callables.adminChangeRequests, async (_input, ctx) => {
  const requests = await changeCases.waitingRequests();
  await auditReads(
    actorOf(ctx),
    requests.map((r) => ({ kind: 'change-requests-viewed', record: { type: 'enrollment', id: r.enrollmentId }, studentId: r.studentId, studentName: r.studentName, summary: `Read the request to ${requestAsks(r)}` })),
  );
  return { requests };
});

export const decideChangeRequest = callable(callables.decideChangeRequest, (input, ctx) => changeCases.decideRequest(actorOf(ctx), input, new Date()), { changesCatalogue: true });
