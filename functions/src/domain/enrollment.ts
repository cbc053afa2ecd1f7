// Pure rules of an enrollment: registration window, class status, grade, duplicates,
// seats, the 12-month info review and the release signatures. The first problem found wins.
import type { ClassRecord, IsoDate, Release, Semester, Student } from '../../../contract/domain';
import { needsInfoReview, signatureProblem } from '../../../contract/rules';
import { formatGrades, gradeName } from '../../../contract/format';
import { isOpenForEnrollment } from './catalogue';

export type ProblemCode = 'failed-precondition' | 'aborted' | 'invalid-argument';
export interface EnrollmentProblem {
  code: ProblemCode;
  message: string;
}

export { needsInfoReview };

export interface EnrollmentFacts {
  student: Student;
  classes: ClassRecord[];
  semesters: Map<string, Semester>;
  /** Classes the student is already on the roster of. */
  alreadyIn: Set<string>;
  today: IsoDate;
  /** The classes with no seat left for this student (the seat ledger decided it); none for a waitlist request. */
  full?: Set<string>;
}

export function classProblem(facts: EnrollmentFacts): EnrollmentProblem | null {
  const { student, today } = facts;
  for (const c of facts.classes) {
    const semester = facts.semesters.get(c.semesterId);
    const fail = (message: string): EnrollmentProblem => ({ code: 'failed-precondition', message });
    if (c.status !== 'live') return fail(`${c.title} is not open for registration.`);
    if (!semester || !isOpenForEnrollment(semester, today)) return fail(`Registration for ${semester?.name ?? c.title} is closed.`);
    if (today > c.registrationDeadline) return fail(`The registration deadline for ${c.title} has passed.`);
    if (student.grade < c.gradeMin || student.grade > c.gradeMax) {
      return fail(
        `${student.firstName} is in grade ${gradeName(student.grade)}; ${c.title} is for ${formatGrades(c.gradeMin, c.gradeMax).toLowerCase().replace('k', 'K')}.`,
      );
    }
    if (facts.alreadyIn.has(c.id)) return fail(`${student.firstName} is already enrolled in ${c.title}.`);
    if (facts.full?.has(c.id)) return fail(`${c.title} is full.`);
  }
  return null;
}

export interface Signature {
  releaseId: string;
  version: string;
  typedName: string;
}

export function releaseProblem(releases: Release[], signatures: Signature[], guardianNames: string[]): EnrollmentProblem | null {
  for (const r of releases) {
    const signed = signatures.find((s) => s.releaseId === r.id);
    if (!signed || !signed.typedName.trim()) {
      return { code: 'failed-precondition', message: `Please sign the ${r.title} by typing your full name.` };
    }
    if (signed.version !== r.version) {
      return { code: 'aborted', message: `The ${r.title} has changed. Please read it again and sign.` };
    }
    const problem = signatureProblem(signed.typedName, guardianNames, r.title);
    if (problem) return { code: 'failed-precondition', message: problem };
  }
  return null;
}

/** Answers the family must give before a child is enrolled (profiles saved before they were asked). */
export function consentProblem(student: Student): EnrollmentProblem | null {
  const fail = (message: string): EnrollmentProblem => ({ code: 'failed-precondition', message });
  const { permissions: p, health: h } = student;
  if (h.medications.length && (h.medicationAuthorized === null || h.medicationAuthorized === undefined)) {
    return fail(`Please answer whether staff may give ${student.firstName}'s medications (Health and safety).`);
  }
  if (p.photo == null || p.sunscreen == null || p.bugSpray == null) {
    return fail(`Please answer each permission for ${student.firstName} (Health and safety).`);
  }
  return null;
}

/** The confirmed total must match what the family saw, to the cent. */
export function totalProblem(expectedTotal: number, total: number): EnrollmentProblem | null {
  return Math.abs(expectedTotal - total) > 1
    ? { code: 'aborted', message: 'Prices changed, please review your enrollment before submitting again.' }
    : null;
}
