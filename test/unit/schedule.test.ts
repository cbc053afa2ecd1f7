import { describe, expect, it } from 'vitest';
import { childFit, classSpan, meetingsOverlap, schoolToday, selectionProblems, type Schedule } from '../../contract/schedule';

const cls = (id: string, over: Partial<Schedule & { gradeMin: number; gradeMax: number }> = {}) => ({
  id,
  title: id,
  startDate: '2027-01-06',
  endDate: '2027-03-10',
  weekdays: [3] as Schedule['weekdays'],
  startTime: '15:15',
  endTime: '17:00',
  gradeMin: 1,
  gradeMax: 3,
  ...over,
});
const AVA = { firstName: 'Ava', grade: 2 };

describe("the school's date", () => {
  it('is the date in California, not the UTC date, late in the evening', () => {
    expect(schoolToday(new Date('2026-11-24T07:30:00Z'))).toBe('2026-11-23'); // 11:30 pm in California
    expect(schoolToday(new Date('2026-11-24T08:30:00Z'))).toBe('2026-11-24');
    expect(schoolToday(new Date('2026-07-01T06:59:00Z'))).toBe('2026-06-30'); // summer time
  });
});

describe('a class’s span, said the same everywhere', () => {
  it('runs from its first meeting to its last, not the term’s dates, and counts the meetings', () => {
    // The term runs Mon Dec 14 – Mon Feb 22; the class meets on Tuesdays, never on Dec 22 and 29.
    const c = { startDate: '2026-12-14', endDate: '2027-02-22', weekdays: [2 as const], noMeetingDates: [{ date: '2026-12-22', reason: 'Winter break' }, { date: '2026-12-29', reason: 'Winter break' }] };
    expect(classSpan(c)).toBe('Dec 15, 2026 – Feb 16, 2027 · 8 meetings');
    expect(classSpan({ ...c, weekdays: [] })).toBe('Dec 14, 2026 – Feb 22, 2027 · 0 meetings');
  });
});

describe('class schedules', () => {
  it.each([
    ['same weekday, overlapping times', cls('a'), cls('b', { startTime: '15:30' }), true],
    ['back to back does not clash', cls('a'), cls('b', { startTime: '17:00', endTime: '18:00' }), false],
    ['other weekday', cls('a'), cls('b', { weekdays: [2] }), false],
    ['dates that do not meet', cls('a'), cls('b', { startDate: '2027-03-11', endDate: '2027-05-01' }), false],
    ['dates that share no Wednesday', cls('a', { endDate: '2027-01-11' }), cls('b', { startDate: '2027-01-07', endDate: '2027-01-12' }), false],
    ['a camp week over an after-school day', cls('camp', { weekdays: [1, 2, 3, 4, 5], startTime: '09:00', endTime: '15:30' }), cls('b'), true],
  ])('%s', (_name, a, b, clash) => {
    expect(meetingsOverlap(a, b)).toBe(clash);
    expect(meetingsOverlap(b, a)).toBe(clash);
  });

  it('names what is wrong with each chosen class, once per class', () => {
    const wildArt = cls('wild-art', { title: 'Wild Art' });
    const journaling = cls('journal', { title: 'Nature Journaling', startTime: '15:30' });
    const older = cls('older', { title: 'Fire and Shelter', gradeMin: 4, gradeMax: 6, weekdays: [1] });
    const taken = cls('taken', { title: 'Creek Critters', weekdays: [4] });
    const enrolledThursday = cls('thursday', { title: 'Pond Explorers', weekdays: [4], startTime: '16:00', endTime: '17:30' });
    expect(selectionProblems(AVA, [wildArt, journaling, older, taken], [cls('taken', { title: 'Creek Critters', weekdays: [4] })])).toEqual([
      { classId: 'journal', message: 'Nature Journaling (Wednesdays 3:30 pm – 5:00 pm) clashes with Wild Art (Wednesdays 3:15 pm – 5:00 pm).' },
      { classId: 'older', message: 'Fire and Shelter is not for grade 2 (grades 4–6).' },
      { classId: 'taken', message: 'Ava is already enrolled in Creek Critters.' },
    ]);
    expect(selectionProblems(AVA, [cls('new', { title: 'Creek Art', weekdays: [4] })], [enrolledThursday])).toEqual([
      {
        classId: 'new',
        message: 'Creek Art (Thursdays 3:15 pm – 5:00 pm) clashes with Pond Explorers (Thursdays 4:00 pm – 5:30 pm), which Ava is enrolled in.',
      },
    ]);
    expect(selectionProblems(AVA, [wildArt], [])).toEqual([]);
  });
});

describe('what a class card says of each child', () => {
  const open = (id: string, over: Parameters<typeof cls>[1] = {}, seatsLeft = 4) => ({ ...cls(id, over), seatsLeft });
  const BEN = { firstName: 'Ben', grade: 5 };
  const journaling = cls('journal', { title: 'Nature Journaling', startTime: '15:30', endTime: '17:00' });
  it.each([
    ['eligible', AVA, open('wild', { title: 'Wild Art' }), [], [], { fits: true, text: 'eligible' }],
    ['not for the grade, in words', BEN, open('wild'), [], [], { fits: false, text: 'not for grade 5 (grades 1–3)' }],
    ['kindergarten', { firstName: 'Kit', grade: 0 }, open('wild', { gradeMin: 1, gradeMax: 1 }), [], [], { fits: false, text: 'not for grade K (grade 1)' }],
    ['already enrolled', AVA, open('wild'), [cls('wild')], [], { fits: false, text: 'already enrolled', enrolled: true }],
    ['clashes with a class the child is enrolled in', AVA, open('wild'), [journaling], [], { fits: false, text: 'clashes with Nature Journaling (Wednesdays 3:30 pm – 5:00 pm)' }],
    ['clashes with another class chosen for the child', AVA, open('wild'), [], [journaling], { fits: false, text: 'clashes with Nature Journaling (Wednesdays 3:30 pm – 5:00 pm)' }],
    ['a class does not clash with itself', AVA, open('journal', { startTime: '15:30' }), [], [journaling], { fits: true, text: 'eligible' }],
    ['full', AVA, open('wild', {}, 0), [], [], { fits: false, text: 'full — join the waitlist' }],
    ['full, but not for the grade: the grade is what matters', BEN, open('wild', {}, 0), [], [], { fits: false, text: 'not for grade 5 (grades 1–3)' }],
  ])('%s', (_name, child, klass, enrolled, others, expected) => {
    expect(childFit(child, klass, enrolled, others)).toEqual(expected);
  });
});
