import { describe, expect, it } from 'vitest';
import { isOpenForEnrollment } from '../../functions/src/domain/catalogue';
import { addDays, buildDemoData } from '../../scripts/demo/demoData';

const today = '2026-11-22';
const data = buildDemoData(today);

describe('demo data', () => {
  it('has two semesters open for enrollment today and one archived', () => {
    expect(data.semesters.filter((s) => isOpenForEnrollment(s, today))).toHaveLength(2);
    expect(data.semesters.filter((s) => s.status === 'archived')).toHaveLength(1);
  });

  it('has at least 20 live classes and one each of paused, info-only and draft', () => {
    expect(data.classes.filter((c) => c.status === 'live' && c.semesterId !== 'past-term').length).toBeGreaterThanOrEqual(20);
    for (const status of ['paused', 'info-only', 'draft']) expect(data.classes.some((c) => c.status === status)).toBe(true);
  });

  it('has sliding scales, add-ons, a nearly full and a full class', () => {
    expect(data.classes.filter((c) => c.slidingScale).length).toBeGreaterThanOrEqual(2);
    expect(data.classes.filter((c) => c.addOns.length).length).toBeGreaterThanOrEqual(2);
    expect(data.classes.some((c) => c.capacity - c.enrolledCount === 1)).toBe(true);
    expect(data.classes.some((c) => c.status === 'live' && c.enrolledCount === c.capacity)).toBe(true);
  });

  it('keeps every enrolled count equal to the enrollments in that class, each in the grade range', () => {
    for (const c of data.classes) {
      const inClass = data.enrollments.filter((e) => e.classIds.includes(c.id));
      expect(inClass.length, c.id).toBe(c.enrolledCount);
      for (const e of inClass) {
        const student = data.students.find((s) => s.id === e.studentId)!;
        expect(student.grade).toBeGreaterThanOrEqual(c.gradeMin);
        expect(student.grade).toBeLessThanOrEqual(c.gradeMax);
      }
    }
  });

  it('has groups of at least two classes of one semester, each class in at most one group', () => {
    expect(data.groups).toHaveLength(2);
    const seen = new Set<string>();
    for (const g of data.groups) {
      expect(g.classIds.length).toBeGreaterThanOrEqual(2);
      for (const id of g.classIds) {
        expect(seen.has(id)).toBe(false);
        seen.add(id);
        expect(data.classes.find((c) => c.id === id)?.semesterId).toBe(g.semesterId);
      }
    }
  });

  it('has unique upper-case discount codes of several types', () => {
    const codes = data.discounts.map((d) => d.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((c) => c === c.toUpperCase())).toBe(true);
    expect(new Set(data.discounts.map((d) => d.type)).size).toBeGreaterThanOrEqual(5);
  });

  it('gives the demo family two students and one past, paid enrollment', () => {
    const own = data.students.filter((s) => s.ownerUid === 'demo-family');
    expect(own).toHaveLength(2);
    const past = data.enrollments.filter((e) => e.ownerUid === 'demo-family');
    expect(past).toHaveLength(1);
    expect(past[0].balance).toBe(0);
    expect(past[0].semesterIds).toEqual(['past-term']);
  });

  it('moves with the date so the open semesters stay open', () => {
    const later = addDays(today, 200);
    expect(buildDemoData(later).semesters.filter((s) => isOpenForEnrollment(s, later))).toHaveLength(2);
  });
});
