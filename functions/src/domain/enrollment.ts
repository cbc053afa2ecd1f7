// Pure rules of an enrollment: registration window, class status, grade, duplicates,
// seats, the 12-month info review, the release signatures and time clashes. The first problem found wins.
import type { ClassRecord, Enrollment, IsoDate, Release, ReleaseSignature, Semester, Student } from '../../../contract/domain';
import { needsInfoReview, releasesToSign, signatureProblem } from '../../../contract/rules';
import { keptSignatures } from '../../../contract/family';
import { alreadyEnrolledIn, forGrade, selectionProblems } from '../../../contract/schedule';
import { formatGrades, gradeName } from '../../../contract/format';
import { isOpenForEnrollment } from './catalogue';
import type { RoundGate } from '../../../contract/rounds';
import { formatMoment } from '../../../contract/wording';
import { no, refuse, type Refusal } from './refusal';


export { needsInfoReview };

/** Another family's student, or none: the same words either way, so that a guess learns nothing. */
export const NOT_YOUR_STUDENT = 'We could not find this student in your account.';

/** A new child past the number of students an account keeps (the school's setting). */
export const studentLimitRefusal = (kept: number, limit: number): Refusal | null =>
  kept < limit ? null : refuse('failed-precondition', `An account can keep up to ${limit} students. To add another, please contact the office.`);

export interface EnrollmentFacts {
  student: Student;
  classes: ClassRecord[];
  semesters: Map<string, Semester>;
  /** Semesters whose places a registration round gives: first come waits until it is drawn. */
  rounds?: Map<string, RoundGate>;
  /** Classes the student is already on the roster of. */
  alreadyIn: Set<string>;
  today: IsoDate;
  /** The classes with no seat left for this student (the seat ledger decided it); none for a waitlist request. */
  full?: Set<string>;
}

/** Why first come waits for a semester's round, in words. */
export const drawnNotFirstCome = (semester: string, round: RoundGate) =>
  `Places in ${semester} are given by a draw, not first come (its entries close ${formatMoment(round.entriesClose)}). Seats left after the draw open first come.`;

export function classProblem(facts: EnrollmentFacts): Refusal | null {
  const { student, today } = facts;
  for (const c of facts.classes) {
    const semester = facts.semesters.get(c.semesterId);
    if (c.status !== 'live') return no(`${c.title} is not open for registration.`);
    if (!semester || !isOpenForEnrollment(semester, today)) return no(`Registration for ${semester?.name ?? c.title} is closed.`);
    const round = facts.rounds?.get(c.semesterId);
    if (round && !round.drawn) return no(drawnNotFirstCome(semester.name, round));
    if (today > c.registrationDeadline) return no(`The registration deadline for ${c.title} has passed.`);
    if (!forGrade(c, student.grade)) {
      return no(
        `${student.firstName} is in grade ${gradeName(student.grade)}; ${c.title} is for ${formatGrades(c.gradeMin, c.gradeMax, true)}.`,
      );
    }
    if (facts.alreadyIn.has(c.id)) return no(alreadyEnrolledIn(student.firstName, c.title));
    if (facts.full?.has(c.id)) return no(`${c.title} is full.`);
  }
  return null;
}

export interface Signature {
  releaseId: string;
  version: string;
  typedName: string;
}

export function releaseProblem(releases: Release[], signatures: Signature[], guardianNames: string[]): Refusal | null {
  for (const r of releases) {
    const signed = signatures.find((s) => s.releaseId === r.id);
    if (!signed || !signed.typedName.trim()) {
      return refuse('failed-precondition', `Please sign the ${r.title} by typing your full name.`);
    }
    if (signed.version !== r.version) {
      return refuse('aborted', `The ${r.title} has changed. Please read it again and sign.`);
    }
    const problem = signatureProblem(signed.typedName, guardianNames, r.title);
    if (problem) return refuse('failed-precondition', problem);
  }
  return null;
}

/** Answers the family must give before a child is enrolled (profiles saved before they were asked). */
export function consentProblem(student: Student): Refusal | null {
  const { permissions: p, health: h } = student;
  if (h.medications.length && (h.medicationAuthorized === null || h.medicationAuthorized === undefined)) {
    return no(`Please answer whether staff may give ${student.firstName}'s medications (Health and safety).`);
  }
  if (p.photo == null || p.sunscreen == null || p.bugSpray == null) {
    return no(`Please answer each permission for ${student.firstName} (Health and safety).`);
  }
  return null;
}

/** The confirmed total must match what the family saw, to the cent. */
export function totalProblem(expectedTotal: number, total: number): Refusal | null {
  return Math.abs(expectedTotal - total) > 1
    ? refuse('aborted', 'Prices changed, please review your enrollment before submitting again.')
    : null;
}

/** What one child of a checkout (or a waitlist request) is checked against. */
export interface ChildFacts {
  student: Student;
  classes: ClassRecord[];
  semesters: Map<string, Semester>;
  rounds: Map<string, RoundGate>;
  family: Enrollment[];
  /** The classes the child is on the roster of already. */
  alreadyIn: Set<string>;
  /** Classes with no seat left for this child (empty for a waitlist request). */
  full: Set<string>;
  /** Every class the family's enrollments name, for the clash check. */
  classById: Map<string, ClassRecord>;
}

/** What the family answers for one child: the info still accurate, the releases signed. */
export interface ChildAnswers {
  infoConfirmed: boolean;
  releases: Signature[];
}

/** What the family answers for a child, checked: its information confirmed when its review is due, the consents answered, `toSign` signed. */
export function answersProblem(student: Student, answers: ChildAnswers, toSign: Release[], now: Date): Refusal | null {
  return (
    (needsInfoReview(student.infoReviewedAt, now) && !answers.infoConfirmed
      ? refuse('failed-precondition', `Please confirm that ${student.firstName}'s information is still accurate.`)
      : null) ??
    consentProblem(student) ??
    releaseProblem(toSign, answers.releases, student.guardians.map((g) => g.name))
  );
}

/**
 * Everything about one child but the price: the classes are for this student and open (with a seat
 * unless named in `full`), the info is confirmed, the consents answered, the releases signed, no time
 * clash with each other or the child's classes. Gives the first problem, or the signatures the
 * enrollment records: those given now (but for releases kept), and the kept ones.
 */
export function childCheck(facts: ChildFacts, answers: ChildAnswers, releases: Release[], now: Date, today: IsoDate): Refusal | { signed: Signature[]; kept: ReleaseSignature[] } {
  const { student, classes, family } = facts;
  const classIds = classes.map((c) => c.id);
  // Classes added to the child's enrollment in a semester keep the releases signed for it then.
  const kept = keptSignatures(family, student.id, [...new Set(classes.map((c) => c.semesterId))], releases);
  const toSign = releasesToSign(releases, kept);
  const problem =
    classProblem({ student, classes, semesters: facts.semesters, rounds: facts.rounds, alreadyIn: facts.alreadyIn, today, full: facts.full }) ??
    answersProblem(student, answers, toSign, now);
  if (problem) return problem;
  const enrolledIds = [...new Set(family.flatMap((e) => (e.status === 'confirmed' && e.studentId === student.id ? e.classIds : [])))].filter((id) => !classIds.includes(id));
  const enrolled = enrolledIds.flatMap((id) => facts.classById.get(id) ?? []);
  const clash = selectionProblems(student, classes, enrolled)[0];
  if (clash) return refuse('failed-precondition', clash.message);
  return { signed: answers.releases.filter((s) => !kept.some((k) => k.releaseId === s.releaseId)), kept };
}
