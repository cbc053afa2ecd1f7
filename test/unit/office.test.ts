import { describe, expect, it } from 'vitest';
import { TSHIRT_SIZES, type EnrollmentRow, type StudentRow } from '../../contract/domain';
import { ageOn } from '../../contract/format';
import { matchesSearch } from '../../contract/rules';
import { filterEnrollments, pageOf, searchStudents, tallyTshirts } from '../../functions/src/domain/office';

const row = (id: string, firstName: string, lastName: string, over: Partial<StudentRow> = {}): StudentRow => ({
  id, firstName, lastName, grade: 3, school: 'Oak School', birthDate: '2018-05-01', guardianEmails: [], guardianNames: [], lifeThreateningAllergy: false, ...over,
});

describe('office tables', () => {
  it('searches every word in the child’s and guardians’ names, school and guardian emails, ignoring case and accents', () => {
    expect(matchesSearch(['Zoë Martínez', 'Oak School'], 'zoe oak')).toBe(true);
    expect(matchesSearch(['Zoë Martínez'], 'martinez pine')).toBe(false);
    expect(matchesSearch(['anything'], '  ')).toBe(true);
    const rows = [row('1', 'Ava', 'Brown', { guardianEmails: ['sam@brown.example'] }), row('2', 'Leo', 'Adams', { school: 'Pine' })];
    expect(searchStudents(rows, 'brown.example').map((r) => r.id)).toEqual(['1']);
    expect(searchStudents(rows, 'pine').map((r) => r.id)).toEqual(['2']);
    // A family calling gives an adult's name, with or without its accents.
    const called = [row('3', 'Zoë', 'Núñez', { guardianNames: ['José Núñez'] }), ...rows];
    expect(searchStudents(called, 'jose nunez').map((r) => r.id)).toEqual(['3']);
  });

  it('sorts by last name, grade or school, either way, the name breaking ties', () => {
    const rows = [row('1', 'Ava', 'Brown', { grade: 5 }), row('2', 'Leo', 'Adams', { grade: 1 }), row('3', 'Mia', 'adams', { grade: 5 })];
    expect(searchStudents([...rows], '').map((r) => r.id)).toEqual(['2', '3', '1']);
    expect(searchStudents([...rows], '', 'grade', 'desc').map((r) => r.id)).toEqual(['1', '3', '2']);
  });

  it('pages', () => {
    const list = Array.from({ length: 53 }, (_, i) => i);
    expect(pageOf(list, 2, 25)).toEqual({ rows: [50, 51, 52], total: 53 });
    expect(pageOf(list, 9, 25)).toEqual({ rows: [], total: 53 });
  });

  it('filters enrollments by class (also cancelled ones), status, balance due and monthly payments; newest first by default', () => {
    const e = (id: string, over: Partial<EnrollmentRow>) =>
      ({ id, studentName: id, classIds: [], classTitles: [], status: 'confirmed', balance: 0, total: 0, createdAt: `2026-11-0${id}`, ...over }) as EnrollmentRow;
    const rows = [
      e('1', { classIds: ['a'], balance: 100 }),
      e('2', { status: 'cancelled', cancellations: [{ classIds: ['a'], classTitles: [], refund: 0, fee: 0, note: '', at: '', by: '' }] }),
      e('3', { classIds: ['b'], classTitles: ['Wild Art'] }),
      e('4', { instalments: { dates: ['2026-11-04', '2026-12-04'], paid: 1, nextOn: '2026-12-04' } }),
      e('5', { instalments: { dates: ['2026-11-05', '2026-12-05'], paid: 1, failed: { since: '2026-12-05', tries: 1, reason: 'the card was declined', amount: 100 } } }),
    ];
    expect(filterEnrollments(rows, {}).map((r) => r.id)).toEqual(['5', '4', '3', '2', '1']);
    expect(filterEnrollments(rows, { monthly: 'plan' }).map((r) => r.id)).toEqual(['5', '4']);
    expect(filterEnrollments(rows, { monthly: 'declined' }).map((r) => r.id)).toEqual(['5']);
    expect(filterEnrollments(rows, { classId: 'a' }).map((r) => r.id)).toEqual(['2', '1']);
    expect(filterEnrollments(rows, { status: 'cancelled' }).map((r) => r.id)).toEqual(['2']);
    expect(filterEnrollments(rows, { balanceDue: true }).map((r) => r.id)).toEqual(['1']);
    expect(filterEnrollments(rows, { search: 'wild' }).map((r) => r.id)).toEqual(['3']);
    expect(filterEnrollments(rows, { sort: 'balance', order: 'desc' }).map((r) => r.id)[0]).toBe('1');
  });

  it('counts every offered size, zeros included', () => {
    const t = tallyTshirts('s', [
      { id: '1', firstName: 'Ava', lastName: 'B', grade: 2, size: 'YS', classTitles: [] },
      { id: '2', firstName: 'Leo', lastName: 'A', grade: 5, size: 'YS', classTitles: [] },
    ]);
    expect(t.counts.map((c) => c.size)).toEqual([...TSHIRT_SIZES]);
    expect(t.counts.find((c) => c.size === 'YS')!.count).toBe(2);
    expect(t.counts.filter((c) => c.count === 0)).toHaveLength(TSHIRT_SIZES.length - 1);
    expect(t.students.map((s) => s.id)).toEqual(['2', '1']);
  });

  it('tells an age in whole years on a date', () => {
    expect(ageOn('2018-05-01', '2026-04-30')).toBe(7);
    expect(ageOn('2018-05-01', '2026-05-01')).toBe(8);
  });
});
