// The in-progress enrollment: classes chosen, codes, the student and their info, signatures.
import type { StudentProfile } from '../../../contract/domain';
import { releasesToSign, signatureProblem } from '../../../contract/rules';
import type { Selection } from '../catalogue';
import type { Payload } from '../../../contract/callables';
import { randomHex } from '../../../contract/random';

export const STEPS = [
  { id: 'classes', path: '', label: 'Classes' },
  { id: 'account', path: 'account', label: 'Account' },
  { id: 'student', path: 'student', label: 'Student' },
  { id: 'info', path: 'info', label: 'Student info' },
  { id: 'health', path: 'health', label: 'Health & safety' },
  { id: 'releases', path: 'releases', label: 'Releases' },
  { id: 'review', path: 'review', label: 'Review & submit' },
] as const;
export type StepId = (typeof STEPS)[number]['id'];

/** What the steps ask about one child: its classes, who it is, its info and its signatures. */
export interface ChildSteps {
  selection: Selection;
  /** A saved student's id, 'new', or null before choosing. */
  studentChoice: string | null;
  profile: StudentProfile | null;
  /** The saved student's version when it was chosen: a save over someone else's change is refused. */
  studentVersion?: number;
  /** The saved student's info needs a "still accurate" confirmation per section. */
  reviewNeeded: boolean;
  infoConfirmed: boolean;
  healthConfirmed: boolean;
  /** releaseId → typed full name. */
  signatures: Record<string, string>;
}

export type ChildRequest = Payload<'enrollFamily'>['children'][number];

/** A child through every step, waiting in the checkout: its steps as they were (to go back to them) and its request. */
export interface CheckoutChild {
  steps: ChildSteps;
  request: ChildRequest;
}

export interface FlowState extends ChildSteps {
  /** This enrollment's id, kept in its draft: once its checkout is through, the server keeps no more saves of it. */
  flow: string;
  codes: string[];
  /** The furthest step reached, so a reload or a restored draft goes back to it. */
  step?: StepId;
  /** Children of the same checkout already through the steps; the child on the steps comes last. */
  family?: CheckoutChild[];
}

export const emptyFlow = (selection: Selection = {}): FlowState => ({
  flow: randomHex(),
  selection,
  codes: [],
  studentChoice: null,
  profile: null,
  reviewNeeded: false,
  infoConfirmed: false,
  healthConfirmed: false,
  signatures: {},
});

export const hasProgress = (s: FlowState) => Object.keys(s.selection).length > 0 || s.studentChoice !== null || !!s.family?.length;

export function stepPath(id: StepId): string {
  const step = STEPS.find((s) => s.id === id)!;
  return step.path ? `/classes/enrollment/${step.path}` : '/classes/enrollment';
}

/**
 * The class list for the next child of a checkout, on the tab of the classes chosen for the child
 * before (`selection`): a camps checkout goes on with camps.
 */
export function classListAfter(selection: Selection): string {
  const semesterId = Object.values(selection)[0]?.semesterId;
  return semesterId ? `${stepPath('classes')}?semester=${encodeURIComponent(semesterId)}` : stepPath('classes');
}

/** The lines the pricing engine and the submit take from the selection. */
export function basketLines(selection: Selection) {
  return Object.values(selection).map((c) => ({
    classId: c.classId,
    addOnIds: c.addOnIds,
    ...(c.price !== undefined && Number.isFinite(c.price) ? { price: c.price } : {}),
  }));
}

/**
 * The releases not validly signed in this enrollment yet, each with what is wrong (the contract's
 * rule); those `kept` from the child's enrollment this semester need nothing.
 */
export function unsignedReleases(state: FlowState, { releases, kept }: { releases: { id: string; title: string }[]; kept: { releaseId: string }[] }): { id: string; problem: string }[] {
  const guardians = state.profile?.guardians.map((g) => g.name) ?? [];
  return releasesToSign(releases, kept).flatMap((r) => {
    const problem = signatureProblem(state.signatures[r.id] ?? '', guardians, r.title);
    return problem ? [{ id: r.id, problem }] : [];
  });
}
