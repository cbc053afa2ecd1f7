// The audit trail's pure rules — which audited fields changed, and the filters.
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../contract/audit';
import { auditMatches, changedFields } from '../../functions/src/domain/audit';
import { AVA } from '../support/samples';

describe('audited fields of a child', () => {
  it('names each health field and contact list that changed, nothing else', () => {
    expect(changedFields(AVA, AVA)).toEqual([]);
    expect(changedFields(AVA, { ...AVA, school: 'Elsewhere', notes: 'Likes frogs' })).toEqual([]);
    // The same data with its keys in another order (as Firestore returns a stored map) is no change.
    const reordered = { ...AVA, guardians: AVA.guardians.map((g) => Object.fromEntries(Object.entries(g).reverse()) as typeof g) };
    expect(changedFields(reordered, AVA)).toEqual([]);
    const after = { ...AVA, health: { ...AVA.health, medicalNotes: 'Asthma', doctorPhone: '(555) 000-0000' }, emergencyContacts: [], pickupCodeWord: 'owl' };
    expect(changedFields(AVA, after)).toEqual(['health.doctorPhone', 'health.medicalNotes', 'emergencyContacts', 'pickupCodeWord']);
  });

  it('a new child: every audited field given', () => {
    const fields = changedFields(undefined, AVA);
    expect(fields).toContain('guardians');
    expect(fields).toContain('health.allergies');
    expect(fields.every((f) => f.startsWith('health.') || ['guardians', 'emergencyContacts', 'authorizedPickups', 'pickupCodeWord'].includes(f))).toBe(true);
  });
});

describe('audit filters', () => {
  const entry: AuditEntry = {
    id: 'a1', at: '2026-11-24T06:30:00.000Z', kind: 'roster-viewed', by: { uid: 'u1', email: 'Coach@Example.com', roles: ['instructor'] },
    record: { type: 'class', id: 'wild-art' }, studentId: null, studentName: null, fields: [], summary: 'Opened', requestId: 'r1',
  };
  it('matches a person by part of their email in any case, a kind, and the school date (Los Angeles)', () => {
    expect(auditMatches(entry, {})).toBe(true);
    expect(auditMatches(entry, { person: 'coach@' })).toBe(true);
    expect(auditMatches(entry, { person: 'office' })).toBe(false);
    expect(auditMatches(entry, { kind: 'roster-viewed' })).toBe(true);
    expect(auditMatches(entry, { kind: 'payment-recorded' })).toBe(false);
    expect(auditMatches(entry, { child: 'ava' })).toBe(false);
    // 06:30 UTC on Nov 24 is still Nov 23 at the school.
    expect(auditMatches(entry, { from: '2026-11-23', to: '2026-11-23' })).toBe(true);
    expect(auditMatches(entry, { from: '2026-11-24' })).toBe(false);
  });
});
