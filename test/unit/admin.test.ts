import { describe, expect, it } from 'vitest';
import type { ClassRecord, Semester } from '../../contract/domain';
import { classChangeRefusal, classDeleteRefusal, classSaveRefusal, codeProblem, groupRefusal, copiedClass, copyShiftDays, copyTargetRefusal, lastAdminRefusal, planSemesterCopy, scheduleProblems } from '../../functions/src/domain/admin';
import { weekdayOf } from '../../contract/schedule';
import { classValueProblems, missingFieldsForPublish } from '../../contract/classRules';
import { semesterInputSchema } from '../../contract/api/admin';
import { schemaErrors } from '../../src/components/studentForm/errors';

const semester = (startDate: string, endDate: string): Semester => ({
  id: 's', name: 'Winter', startDate, endDate, registrationOpens: startDate, registrationCloses: endDate, status: 'open', infoMarkdown: '', confirmationMarkdown: '',
});
const birdLanguage = {
  id: 'bird', semesterId: 'winter', title: 'Bird Language', description: 'x', classType: 'After-school', instructors: ['Priya'], location: 'Marsh',
  startDate: '2026-12-08', endDate: '2027-02-16', weekdays: [2], startTime: '15:30', endTime: '17:00', gradeMin: 3, gradeMax: 6, capacity: 12,
  enrolledCount: 9, price: 26000, slidingScale: null, addOns: [], registrationDeadline: '2026-12-15', status: 'live', imageUrl: null,
} as ClassRecord;

describe('copying classes between semesters', () => {
  it('moves the dates by whole weeks between the semesters, keeping the weekday', () => {
    const days = copyShiftDays({ startDate: '2026-12-07' }, { startDate: '2027-03-29' });
    expect(days % 7).toBe(0);
    expect(days).toBe(112);
    expect(copyShiftDays({ startDate: '2026-12-07' }, { startDate: '2027-03-31' })).toBe(112); // two days later rounds to the week
    const copy = copiedClass(birdLanguage, { id: 'new', semesterId: 'spring', days, sameSemester: false });
    expect(copy).toMatchObject({ id: 'new', semesterId: 'spring', title: 'Bird Language', status: 'draft', enrolledCount: 0, startDate: '2027-03-30', endDate: '2027-06-08', registrationDeadline: '2027-04-06' });
    expect(weekdayOf(copy.startDate)).toBe(weekdayOf(birdLanguage.startDate));
    // A seat kept for a move in the original is not the copy's.
    expect(copiedClass({ ...birdLanguage, keptSeats: 1 }, { id: 'n', semesterId: 'spring', days, sameSemester: false })).not.toHaveProperty('keptSeats');
    expect(copiedClass({ ...birdLanguage, startDate: '' }, { id: 'n', semesterId: 'winter', days: 0, sameSemester: true })).toMatchObject({ title: 'Bird Language (copy)', startDate: '' });
  });

  it('copies into another semester that is not archived, at most 400 classes at once (one batch of writes)', () => {
    const winter = semester('2026-12-07', '2027-02-21');
    expect(copyTargetRefusal('fall', winter)).toBeNull();
    expect(copyTargetRefusal('s', winter)).toEqual({ refused: 'invalid-argument', message: 'toSemesterId: Choose another semester to copy to.' });
    expect(copyTargetRefusal('fall', { ...winter, status: 'archived' })).toEqual({ refused: 'failed-precondition', message: 'Winter is archived: its classes and bundles cannot change. Set its status back to Closed first.' });
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ ...birdLanguage, id: `c${i}`, title: `Class ${i}` }));
    expect(planSemesterCopy(many(400), [], [], [], 112)).toMatchObject({ classes: { length: 400 } });
    expect(planSemesterCopy(many(401), [], [], [], 112)).toEqual({ refused: 'failed-precondition', message: 'A semester of more than 400 classes cannot be copied at once.' });
  });

  it('refuses to publish a class outside its semester, with a late deadline, or on a weekday that never comes', () => {
    const winter = semester('2026-12-07', '2027-02-21');
    expect(scheduleProblems(birdLanguage, winter)).toEqual([]);
    const spring = semester('2027-03-29', '2027-06-13');
    expect(scheduleProblems(birdLanguage, spring)).toEqual(['The class dates must be within Winter (Mar 29 – Jun 13, 2027).']);
    expect(scheduleProblems({ ...birdLanguage, registrationDeadline: '2027-03-01' }, winter)).toEqual(['The registration deadline must not be after the class ends.']);
    expect(scheduleProblems({ ...birdLanguage, startDate: '2026-12-09', endDate: '2026-12-14', registrationDeadline: '2026-12-09' }, winter)).toEqual([
      'The class never meets: no Tuesday between its start and end dates.',
    ]);
  });
});

describe('saving a class, as a plan', () => {
  const winter = semester('2026-12-07', '2027-02-21');
  const no = (message: string) => ({ refused: 'failed-precondition', message });

  it('says the first thing the office can act on: an archived semester, its own values, what publishing needs, then the semester and the instructors', () => {
    expect(classSaveRefusal(birdLanguage, winter, 0)).toBeNull();
    expect(classSaveRefusal(birdLanguage, { ...winter, status: 'archived' }, 0)).toEqual(no('Winter is archived: its classes and bundles cannot change. Set its status back to Closed first.'));
    expect(classSaveRefusal({ ...birdLanguage, endDate: '2026-12-01' }, winter, 1)?.message).toMatch(/end/i);
    expect(classSaveRefusal({ ...birdLanguage, location: '' }, winter, 0)).toEqual(no('To publish this class, fill in: location.'));
    expect(classSaveRefusal({ ...birdLanguage, location: '', status: 'draft' }, winter, 0)).toBeNull();
    expect(classSaveRefusal(birdLanguage, semester('2027-03-29', '2027-06-13'), 0)).toEqual(no('To publish this class: The class dates must be within Winter (Mar 29 – Jun 13, 2027).'));
    expect(classSaveRefusal({ ...birdLanguage, deposit: 5000 }, winter, 0)).toEqual(no('A class deposit needs a balance due date: set it on the semester first.'));
    expect(classSaveRefusal({ ...birdLanguage, deposit: 5000 }, { ...winter, balanceDueDate: '2026-12-01' }, 0)).toBeNull();
    expect(classSaveRefusal(birdLanguage, winter, 1)).toEqual(no('Only staff with the instructor role can be assigned to a class: check its instructors.'));
  });

  it('keeps enrolled students in their semester and their seats; a new class or an empty one may change', () => {
    expect(classChangeRefusal(undefined, { semesterId: 'spring', capacity: 0 })).toBeNull();
    expect(classChangeRefusal(birdLanguage, { semesterId: 'spring', capacity: 12 })).toEqual(no('A class with enrolled students cannot move to another semester.'));
    expect(classChangeRefusal({ ...birdLanguage, enrolledCount: 0 }, { semesterId: 'spring', capacity: 1 })).toBeNull();
    expect(classChangeRefusal(birdLanguage, { semesterId: 'winter', capacity: 8 })).toEqual(no('Capacity cannot be below the 9 students already enrolled.'));
    expect(classChangeRefusal(birdLanguage, { semesterId: 'winter', capacity: 9 })).toBeNull();
  });
});

describe('deleting a class and saving a bundle, as plans', () => {
  const no = (message: string) => ({ refused: 'failed-precondition', message });
  const empty = { ...birdLanguage, enrolledCount: 0 };

  it('deletes only a class no student holds, no family is offered or paying for, and no bundle names', () => {
    expect(classDeleteRefusal(empty, false, [{ state: 'closed' }, { state: 'reserved' }], undefined)).toBeNull();
    expect(classDeleteRefusal(birdLanguage, false, [], undefined)).toEqual(no('Bird Language cannot be deleted: 9 students are enrolled.'));
    expect(classDeleteRefusal(empty, true, [], undefined)).toEqual(no('Bird Language cannot be deleted: 0 students are enrolled.'));
    for (const state of ['offered', 'held'] as const) {
      expect(classDeleteRefusal(empty, false, [{ state }], undefined)).toEqual(no('Bird Language cannot be deleted: a seat is offered to a family on its waitlist, or held while a family pays.'));
    }
    expect(classDeleteRefusal(empty, false, [], 'Spring pair')).toEqual(no('Remove Bird Language from the bundle "Spring pair" first.'));
  });

  it('a bundle: two different classes of its semester, none already in another bundle', () => {
    const other = { ...birdLanguage, id: 'other' };
    const bundle = { semesterId: 'winter', name: 'Pair', classIds: ['bird', 'other'] } as Parameters<typeof groupRefusal>[0];
    expect(groupRefusal(bundle, [birdLanguage, other], [])).toBeNull();
    expect(groupRefusal({ ...bundle, classIds: ['bird', 'bird'] }, [birdLanguage], [])).toEqual(no('A bundle needs at least two different classes.'));
    expect(groupRefusal(bundle, [birdLanguage], [])).toEqual(no('A class in this bundle does not exist.'));
    expect(groupRefusal(bundle, [birdLanguage, { ...other, semesterId: 'spring' }], [])).toEqual(no('Every class of a bundle must be in its semester.'));
    const taken = { id: 'g2', name: 'Old pair', classIds: ['other', 'x'] } as Parameters<typeof groupRefusal>[2][number];
    expect(groupRefusal(bundle, [birdLanguage, other], [taken])).toEqual(no('A class is already in the bundle "Old pair".'));
    expect(groupRefusal({ ...bundle, id: 'g2' }, [birdLanguage, other], [taken])).toBeNull();
  });
});

describe('the office forms say the plain cause, at its field', () => {
  it('a class: its own values first (an end before its start, not "never meets"), and a capacity of 0 as that', () => {
    expect(classValueProblems(birdLanguage)).toEqual([]);
    expect(classValueProblems({ ...birdLanguage, endDate: '2026-12-01' })).toEqual([{ path: 'endDate', message: 'The end date must not be before the start date.' }]);
    expect(classValueProblems({ ...birdLanguage, endTime: '15:00' })).toEqual([{ path: 'endTime', message: 'The class must end after it starts.' }]);
    expect(classValueProblems({ ...birdLanguage, gradeMin: 7 })).toEqual([{ path: 'gradeMax', message: 'The lowest grade must not be above the highest grade.' }]);
    expect(classValueProblems({ ...birdLanguage, slidingScale: { min: 27000, max: 30000 } })).toEqual([{ path: 'slidingScale.min', message: 'The sliding scale must include the full price.' }]);
    expect(missingFieldsForPublish({ ...birdLanguage, capacity: 0 })).toEqual([{ path: 'capacity', label: 'a capacity of at least 1', message: 'must be at least 1 to publish the class' }]);
    expect(missingFieldsForPublish({ ...birdLanguage, location: '' })).toEqual([{ path: 'location', label: 'location', message: 'is needed to publish the class' }]);
  });

  it('a semester: a holiday outside it is refused at the holidays', () => {
    const winter = { ...semester('2026-12-07', '2027-02-21'), noMeetingDates: [{ date: '2026-12-24', reason: 'Winter break' }] };
    expect(schemaErrors(semesterInputSchema, winter)).toEqual({});
    expect(schemaErrors(semesterInputSchema, { ...winter, noMeetingDates: [{ date: '2027-12-24', reason: 'Winter break' }] })).toEqual({
      noMeetingDates: 'must be within the semester, from its first to its last day of classes',
    });
  });
});

describe('saving a discount code', () => {
  const SHORT = 'A new code needs at least 6 letters or digits, so that it cannot be guessed.';
  it.each([
    ['a new code of six characters', 'SPRING', undefined, false, null],
    ['a new code of five characters', 'FALL5', undefined, false, SHORT],
    ['a short code renamed to another short code', 'FALL6', 'FALL5', false, SHORT],
    ['a short code the school already uses, saved again', 'FALL5', 'FALL5', false, null],
    ['a new code another one has', 'SIBLING10', undefined, true, 'The code SIBLING10 is already used.'],
  ])('%s', (_what, code, before, taken, message) => {
    const problem = codeProblem(code, before, taken);
    expect(problem?.message ?? null).toBe(message);
    if (problem) expect(problem.refused).toBe(message === SHORT ? 'failed-precondition' : 'already-exists');
  });
});

describe('staff roles', () => {
  it('keeps an admin: one may give up the role only while someone else holds it', () => {
    const alone = { refused: 'failed-precondition', message: 'The portal needs at least one admin: make someone else an admin first.' };
    expect(lastAdminRefusal('a', ['instructor'], ['a'])).toEqual(alone);
    expect(lastAdminRefusal('a', [], ['a'])).toEqual(alone);
    expect(lastAdminRefusal('a', [], ['a', 'b'])).toBeNull();
    expect(lastAdminRefusal('a', ['admin'], ['a'])).toBeNull();
    // Someone new made an instructor while the only admin is another.
    expect(lastAdminRefusal('n', ['instructor'], ['a'])).toBeNull();
  });
});
