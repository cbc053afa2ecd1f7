// What a successful call makes stale: each save fetches again every answer that shows what it changed.
import { describe, expect, it } from 'vitest';
import { callables, type CallableName } from '../../contract/callables';
import { staleAfter } from '../../src/lib/stale';

const CATALOGUE: CallableName[] = ['classes', 'classGroups', 'classesBySemester', 'availableEnrollmentClasses', 'openSemesters'];
const ENROLLMENT_ANSWERS: CallableName[] = [
  'adminEnrollments', 'adminCancelQuote', 'adminDashboard', 'adminRosters', 'adminTshirts', 'adminStudents', 'adminStudent', 'adminClasses',
  'myEnrollments', 'myStudents', ...CATALOGUE,
];

describe('staleAfter', () => {
  it.each<[CallableName, CallableName[]]>([
    ['adminSaveClass', ['adminSemesters', 'adminClasses', 'adminDashboard', 'adminRosters', 'adminTshirts', ...CATALOGUE]],
    ['adminDeleteGroup', ['adminClasses', ...CATALOGUE]],
    ['adminRecordPayment', ENROLLMENT_ANSWERS],
    ['adminCancelEnrollment', ENROLLMENT_ANSWERS],
    ['enrollFamily', ENROLLMENT_ANSWERS],
    ['releaseHold', ENROLLMENT_ANSWERS],
    ['addAddOns', ENROLLMENT_ANSWERS],
    ['claimOffer', ['myWaitlist', 'adminWaitlist', ...ENROLLMENT_ANSWERS]],
    ['joinWaitlist', ['myWaitlist', 'adminWaitlist', ...CATALOGUE]],
    ['adminWaitlistOffer', ['adminWaitlist', 'myWaitlist', 'adminClasses', 'adminDashboard', ...CATALOGUE]],
    ['saveStudent', ['myStudents', 'adminStudents', 'adminStudent', 'adminRosters', 'adminTshirts']],
    ['saveAccount', ['myAccount', 'adminStudent']],
    ['adminSaveAnnouncement', ['adminAnnouncements', 'openSemesters']],
    ['adminSaveDiscount', ['adminDiscounts']],
    ['adminEmailClasses', ['adminClassMessages']],
    ['adminSaveStaff', ['adminStaff', 'adminInstructors']],
    ['newCalendarFeed', ['myCalendarFeed']],
  ])('%s fetches again what it changed', (name, shown) => {
    expect(staleAfter(name)).toEqual(expect.arrayContaining(shown));
  });

  it('a call that changes nothing the app shows makes nothing stale, and no answer is listed twice', () => {
    for (const name of ['donate', 'payBalance', 'setReminders', 'priceCart', 'myEnrollments'] as const) expect(staleAfter(name)).toEqual([]);
    const all = Object.keys(callables) as CallableName[];
    for (const name of all) expect(new Set(staleAfter(name)).size).toBe(staleAfter(name).length);
  });

  it('every callable says what it shows and what it changes (or that the app keeps none of it)', () => {
    const silent = Object.values(callables).filter((c) => c.shows === undefined && c.changes === undefined);
    expect(silent.map((c) => c.name)).toEqual([]);
  });

  it('only answers are fetched again, never a call that changes something', () => {
    const all = Object.keys(callables) as CallableName[];
    const changing = new Set(all.filter((name) => staleAfter(name).length > 0));
    for (const name of all) for (const stale of staleAfter(name)) expect(changing.has(stale), `${name} → ${stale}`).toBe(false);
  });
});
