import { describe, expect, it } from 'vitest';
import type { FamilyEnrollment } from '../../contract/domain';
import { listEnrollments } from '../../src/features/account/enrollmentOrder';

const e = (id: string, studentId: string, createdAt: string, semesterIds = ['s'], checkoutIds?: string[], status: FamilyEnrollment['status'] = 'confirmed') => ({
  id, studentId, studentName: `${studentId} Cart`, semesterIds, createdAt, status, ...(checkoutIds ? { checkoutIds } : {}),
});

describe('My Enrollments order', () => {
  it('puts a held checkout first, then keeps a child’s enrollments of a semester together, the first first, the groups newest first; unpaid attempts last', () => {
    const listed = listEnrollments([
      e('ava-added', 'ava', '2026-11-20'),
      e('ben-1', 'ben', '2026-11-15'),
      e('ava-old-term', 'ava', '2026-09-01', ['old']),
      e('ava-1', 'ava', '2026-11-10'),
      e('ava-lapsed', 'ava', '2026-11-21', ['s'], undefined, 'expired'),
      e('ben-paying', 'ben', '2026-11-19', ['s'], undefined, 'pending_payment'),
    ]);
    // "Add classes" on the last confirmed one (not on a checkout that lapsed unpaid).
    expect(listed.map((l) => [l.enrollment.id, l.section, l.added, l.last])).toEqual([
      ['ben-paying', 'held', false, false],
      ['ava-1', 'enrolled', false, false],
      ['ava-added', 'enrolled', true, true],
      ['ben-1', 'enrolled', false, true],
      ['ava-old-term', 'enrolled', false, true],
      ['ava-lapsed', 'abandoned', false, false],
    ]);
  });

  it('a paid enrollment after an attempt left unpaid (Back, then pay) stands on its own, not as “classes added”', () => {
    const listed = listEnrollments([e('first-try', 'ava', '2026-11-20T10:00:00Z', ['s'], undefined, 'expired'), e('paid', 'ava', '2026-11-20T10:05:00Z')]);
    expect(listed.map((l) => [l.enrollment.id, l.section, l.added])).toEqual([
      ['paid', 'enrolled', false],
      ['first-try', 'abandoned', false],
    ]);
  });

  it('names the other children paid for in the same checkout', () => {
    const ids = ['c1', 'c2'];
    const listed = listEnrollments([e('c1', 'pia', '2026-11-24T10:00:00Z', ['s'], ids), e('c2', 'quinn', '2026-11-24T10:00:00Z', ['s'], ids), e('x', 'zoe', '2026-11-01')]);
    expect(Object.fromEntries(listed.map((l) => [l.enrollment.id, l.checkoutWith]))).toEqual({ c1: ['quinn Cart'], c2: ['pia Cart'], x: [] });
  });
});
