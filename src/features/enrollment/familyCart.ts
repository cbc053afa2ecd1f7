// One checkout for several children: a child who has been through the steps waits in the
// checkout (`FlowState.family`) while the family chooses classes for the next; the review prices and
// submits them all at once (priceCart, enrollFamily), and the last child is the one on the steps.
import type { AppliedDiscount, CartQuote } from '../../../contract/domain';
import { releasesToSign } from '../../../contract/rules';
import { basketLines, emptyFlow, type ChildRequest, type FlowState } from './flowState';
import type { ReleasesToSign } from './useReleasesToSign';

/** The request for the child on the steps: its classes, whether its info was confirmed, its signatures (not the releases kept). */
export function childRequest(state: FlowState, releases: ReleasesToSign): ChildRequest {
  return {
    studentId: state.studentChoice!,
    lines: basketLines(state.selection),
    infoConfirmed: !state.reviewNeeded || (state.infoConfirmed && state.healthConfirmed),
    releases: releasesToSign(releases.releases, releases.kept).map((r) => ({ releaseId: r.id, version: r.version, typedName: state.signatures[r.id] ?? '' })),
  };
}

/** The child on the steps goes into the checkout; the steps start again for another child (the codes stay). */
export function addAnotherChild(state: FlowState, request: ChildRequest): FlowState {
  const { flow, codes, family = [], step: _step, ...steps } = state;
  return { ...emptyFlow(), flow, codes, family: [...family, { steps, request }] };
}

/** Back from the class list without another child: the last child of the checkout is on the steps again. */
export function backToLastChild(state: FlowState): FlowState {
  const family = state.family ?? [];
  const last = family.at(-1);
  if (!last) return state;
  return { ...state, ...last.steps, family: family.slice(0, -1), step: 'review' };
}

/** Takes a waiting child out of the checkout (nothing was taken for it yet). */
export const removeChild = (state: FlowState, studentId: string): FlowState => ({ ...state, family: (state.family ?? []).filter((c) => c.request.studentId !== studentId) });

/** Each code once with what it saved over every child (the review's applied codes). */
export function codeSavings(quote: Pick<CartQuote, 'children'>): AppliedDiscount[] {
  const byCode = new Map<string, AppliedDiscount>();
  for (const d of quote.children.flatMap((c) => c.discounts)) {
    const seen = byCode.get(d.code);
    byCode.set(d.code, seen ? { ...seen, amount: seen.amount + d.amount } : d);
  }
  return [...byCode.values()];
}
