import { describe, expect, it } from 'vitest';
import type { FamilyEnrollment } from '../../contract/domain';
import { listEnrollments } from '../../src/features/account/enrollmentOrder';

const e = (id: string, studentId: string, createdAt: string, semesterIds = ['s'], checkoutIds?: string[], status: FamilyEnrollment['status'] = 'confirmed') => ({
  id, studentId, studentName: `${studentId} Cart`, semesterIds, createdAt, status, ...(checkoutIds ? { checkoutIds } : {}),
});

describe('My Enrollments order', () => {
  it('keeps a child’s enrollments of a semester together, the first first, the groups newest first', () => {
    const listed = listEnrollments([
      e('ava-added', 'ava', '2026-11-20'),
      e('ben-1', 'ben', '2026-11-15'),
      e('ava-old-term', 'ava', '2026-09-01', ['old']),
      e('ava-1', 'ava', '2026-11-10'),
      e('ava-lapsed', 'ava', '2026-11-21', ['s'], undefined, 'expired'),
    ]);
    // "Add classes" on the last confirmed one (not on a checkout that lapsed unpaid).
    expect(listed.map((l) => [l.enrollment.id, l.added, l.last])).toEqual([
      ['ava-1', false, false],
      ['ava-added', true, true],
      ['ava-lapsed', true, false],
      ['ben-1', false, true],
      ['ava-old-term', false, true],
    ]);
  });

  it('names the other children paid for in the same checkout', () => {
    const ids = ['c1', 'c2'];
    const listed = listEnrollments([e('c1', 'pia', '2026-11-24T10:00:00Z', ['s'], ids), e('c2', 'quinn', '2026-11-24T10:00:00Z', ['s'], ids), e('x', 'zoe', '2026-11-01')]);
    expect(Object.fromEntries(listed.map((l) => [l.enrollment.id, l.checkoutWith]))).toEqual({ c1: ['quinn Cart'], c2: ['pia Cart'], x: [] });
  });
});
