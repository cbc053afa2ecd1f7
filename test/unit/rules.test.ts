import { describe, expect, it } from 'vitest';
import { keptSignatures } from '../../contract/family';
import { needsInfoReview } from '../../contract/rules';
import { classProblem, releaseProblem, studentLimitRefusal, totalProblem } from '../../functions/src/domain/enrollment';
import type { ClassRecord, Enrollment, Semester, Student } from '../../contract/domain';

describe('enrollment rules', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('an account keeps up to the school’s number of students', () => {
    expect(studentLimitRefusal(7, 8)).toBeNull();
    expect(studentLimitRefusal(8, 8)).toEqual({ refused: 'failed-precondition', message: 'An account can keep up to 8 students. To add another, please contact the office.' });
  });
  it('asks for a review after 12 months or when never reviewed', () => {
    expect(needsInfoReview(null, now)).toBe(true);
    expect(needsInfoReview('2025-11-23T12:00:00Z', now)).toBe(false);
    expect(needsInfoReview('2025-11-21T12:00:00Z', now)).toBe(true);
  });

  const semester = { id: 's', name: 'Spring', status: 'open', registrationOpens: '2026-11-01', registrationCloses: '2026-12-31' } as Semester;
  const klass = { id: 'c', semesterId: 's', title: 'Wild Art', status: 'live', registrationDeadline: '2026-12-01', gradeMin: 1, gradeMax: 3, capacity: 10, enrolledCount: 9 } as ClassRecord;
  const student = { firstName: 'Ava', grade: 2 } as Student;
  const facts = (over: Partial<ClassRecord> = {}, alreadyIn: string[] = [], today = '2026-11-22', full: string[] = []) =>
    classProblem({ student, classes: [{ ...klass, ...over }], semesters: new Map([['s', semester]]), alreadyIn: new Set(alreadyIn), today, full: new Set(full) });

  it('accepts an eligible student in an open class with a seat left', () => {
    expect(facts()).toBeNull();
  });
  it.each([
    // Full: the seat ledger found no seat for this student (a count on the class decides nothing).
    [{}, [], '2026-11-22', 'Wild Art is full.', ['c']],
    // The first problem wins: a class for other grades is that, whether or not it is full.
    [{ gradeMin: 3 }, [], '2026-11-22', 'Ava is in grade 2; Wild Art is for grade 3.', ['c']],
    [{ gradeMin: 3 }, [], '2026-11-22', 'Ava is in grade 2; Wild Art is for grade 3.'],
    [{}, ['c'], '2026-11-22', 'Ava is already enrolled in Wild Art.'],
    [{}, [], '2026-12-02', 'The registration deadline for Wild Art has passed.'],
    [{}, [], '2027-01-01', 'Registration for Spring is closed.'],
    [{ status: 'paused' as const }, [], '2026-11-22', 'Wild Art is not open for registration.'],
  ] as [Partial<ClassRecord>, string[], string, string, string[]?][])('refuses %j', (over, alreadyIn, today, message, full) => {
    expect(facts(over, alreadyIn, today, full)?.message).toBe(message);
  });

  it('checks release signatures and the expected total', () => {
    const releases = [{ id: 'medical', version: '2', title: 'Medical Release', text: '' }];
    const guardians = ['Sam Rivera', 'José Núñez'];
    expect(releaseProblem(releases, [{ releaseId: 'medical', version: '2', typedName: 'Sam Rivera' }], guardians)).toBeNull();
    expect(releaseProblem(releases, [{ releaseId: 'medical', version: '2', typedName: '  sam   RIVERA ' }], guardians)).toBeNull();
    expect(releaseProblem(releases, [{ releaseId: 'medical', version: '2', typedName: 'jose nunez' }], guardians)).toBeNull();
    expect(releaseProblem(releases, [], guardians)?.refused).toBe('failed-precondition');
    expect(releaseProblem(releases, [{ releaseId: 'medical', version: '1', typedName: 'Sam Rivera' }], guardians)?.refused).toBe('aborted');
    // "x" or one word is not a signature; a name that is not a listed guardian is refused.
    expect(releaseProblem(releases, [{ releaseId: 'medical', version: '2', typedName: 'x' }], guardians)?.message).toBe(
      'Type your full name, first and last, to sign the Medical Release.',
    );
    expect(releaseProblem(releases, [{ releaseId: 'medical', version: '2', typedName: 'Sam' }], guardians)?.refused).toBe('failed-precondition');
    expect(releaseProblem(releases, [{ releaseId: 'medical', version: '2', typedName: 'Mallory Stranger' }], guardians)?.message).toBe(
      'The Medical Release must be signed by a guardian listed for the student: type Sam Rivera or José Núñez exactly as listed.',
    );
    expect(totalProblem(1000, 1001)).toBeNull();
    expect(totalProblem(1000, 999)).toBeNull();
    expect(totalProblem(1000, 1002)?.refused).toBe('aborted');
  });
});

describe('keptSignatures: classes added to an enrollment keep its releases', () => {
  const releases = [{ id: 'medical', version: '2' }, { id: 'liability', version: '1' }];
  const sig = (releaseId: string, version: string, signedAt: string) => ({ releaseId, version, typedName: 'Sam Rivera', signedAt });
  const e = (over: Partial<Pick<Enrollment, 'status' | 'studentId' | 'semesterIds' | 'releases'>>) => ({
    status: 'confirmed' as const, studentId: 'ivy', semesterIds: ['fall'], releases: [sig('medical', '2', '2026-09-01'), sig('liability', '1', '2026-09-01')], ...over,
  });

  it('keeps the current signatures of a confirmed enrollment of the same child and semester, the newest of each', () => {
    const newer = e({ releases: [sig('liability', '1', '2026-10-01')] });
    expect(keptSignatures([e({}), newer], 'ivy', ['fall'], releases)).toEqual([sig('medical', '2', '2026-09-01'), sig('liability', '1', '2026-10-01')]);
  });

  it('keeps nothing for another child, another semester, an enrollment not confirmed, or a release changed since', () => {
    expect(keptSignatures([e({ studentId: 'jay' })], 'ivy', ['fall'], releases)).toEqual([]);
    expect(keptSignatures([e({})], 'ivy', ['spring'], releases)).toEqual([]);
    for (const status of ['cancelled', 'pending_payment', 'expired'] as const) expect(keptSignatures([e({ status })], 'ivy', ['fall'], releases)).toEqual([]);
    expect(keptSignatures([e({})], 'ivy', ['fall'], [{ id: 'medical', version: '3' }, releases[1]])).toEqual([sig('liability', '1', '2026-09-01')]);
  });
});
