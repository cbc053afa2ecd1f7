import { describe, expect, it } from 'vitest';
import { csvCell, slug, toCsv } from '../../src/lib/csv';
import type { EnrollmentRow } from '../../contract/domain';
import type { AuditEntry } from '../../contract/audit';
import { auditCsvRows, what } from '../../src/features/staff/auditCsv';
import { enrollmentCsvRows } from '../../src/features/office/enrollmentsCsv';

describe('CSV export', () => {
  it.each([
    ['=HYPERLINK("http://evil.example")', `"'=HYPERLINK(""http://evil.example"")"`],
    ['+1 555 0100', "'+1 555 0100"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['Ava, "Bee"', '"Ava, ""Bee"""'],
    ['two\nlines', '"two\nlines"'],
    ['plain', 'plain'],
  ])('neutralises and quotes %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('keeps numbers (also negative amounts) as numbers and empties as empty', () => {
    expect(csvCell(-1250)).toBe('-1250');
    expect(csvCell(null)).toBe('');
    expect(toCsv([['Name', 'Balance'], ['Ava', 12.5]])).toBe('Name,Balance\r\nAva,12.5\r\n');
  });

  it('makes file names', () => {
    expect(slug('Winter 2026 After-school & Weekend')).toBe('winter-2026-after-school-weekend');
  });
});

describe('the office enrollments CSV', () => {
  const row = (status: EnrollmentRow['status'], payments: EnrollmentRow['payments']): EnrollmentRow => ({
    id: `e-${status}`, ownerUid: 'u', studentId: 's', studentName: 'Ava Rivera', semesterIds: ['t'], classIds: ['c'], lineItems: [], discounts: [],
    subtotal: 26000, total: 26000, payments, balance: 0, status, releases: [], createdAt: '2026-11-20T10:00:00.000Z', idempotencyKey: 'k',
    familyEmail: 'f@example.com', classTitles: ['Wild Art'], paid: 0, refunded: 0, netPaid: 0,
  });
  const card = { brand: 'visa', last4: '4242', paymentIntent: 'pi_1', sessionId: 'cs_1' };

  it('names the status as the table does and tells card payments from the office’s', () => {
    const rows = enrollmentCsvRows([
      row('pending_payment', []),
      row('expired', []),
      row('confirmed', [{ id: 'p', amount: 26000, method: 'card', note: 'Paid online by Visa card ending 4242', at: '2026-11-20T10:05:00.000Z', by: 'Stripe', card }]),
      row('confirmed', [{ id: 'q', amount: 26000, method: 'check', note: 'Check #12', at: '2026-11-21T10:00:00.000Z', by: 'office@example.com' }]),
    ], true);
    const status = rows[0].indexOf('Status');
    const payments = rows[0].indexOf('Payments');
    expect(rows.slice(1).map((r) => r[status])).toEqual(['Waiting for card payment', 'Not completed (unpaid)', 'Confirmed', 'Confirmed']);
    expect(rows[3][payments]).toBe('2026-11-20 card 260.00 Paid online by Visa card ending 4242');
    expect(rows[4][payments]).toBe('2026-11-21 check 260.00 Check #12');
    // Total adds up to what the dashboard bills: a checkout never completed carries 0.
    const total = rows[0].indexOf('Total');
    expect(rows.slice(1).map((r) => r[total])).toEqual(['260.00', '0.00', '260.00', '260.00']);
    expect(rows[1][rows[0].indexOf('Family email')]).toBe('f@example.com');
  });

  it('says how far a monthly plan is paid, and a declined payment', () => {
    const plan = { ...row('confirmed', []), balance: 17334, instalments: { dates: ['2026-11-20', '2026-12-20', '2027-01-20'], paid: 1, card: { brand: 'visa', last4: '4242' }, failed: { since: '2026-12-20', tries: 2, reason: 'the card was declined', amount: 8667 } } };
    const rows = enrollmentCsvRows([plan, row('confirmed', [])], true);
    const monthly = rows[0].indexOf('Monthly payments');
    expect(rows[1][monthly]).toBe('Monthly payments: 1 of 3 paid with the Visa card ending 4242. To come: $86.67 on Dec 20, 2026, $86.67 on Jan 20, 2027. Declined: the card was declined (2 tries)');
    expect(rows[2][monthly]).toBe('');
  });

  it('has no family email column for finance, who never sees contact details', () => {
    const rows = enrollmentCsvRows([row('confirmed', [])], false);
    expect(rows[0]).not.toContain('Family email');
    expect(rows.flat()).not.toContain('f@example.com');
    expect(rows[1][rows[0].indexOf('Student')]).toBe('Ava Rivera');
  });
});

describe('the audit trail CSV', () => {
  const entry = (over: Partial<AuditEntry>): AuditEntry => ({
    id: 'a1', at: '2026-11-27T17:15:00.000Z', kind: 'roster-viewed', by: { uid: 'u', email: 'office@example.com', roles: ['office'] },
    record: { type: 'class', id: 'bird-language' }, studentId: null, studentName: null, fields: [], summary: 'Opened the roster', requestId: 'r', ...over,
  });

  it('writes each moment on the school clock, the zone named, and names the record', () => {
    const rows = auditCsvRows([entry({ recordName: 'Bird Language' }), entry({ at: '2026-07-01T03:05:00.000Z' })]);
    expect(rows[0][0]).toBe('When (America/Los_Angeles)');
    // 5:15 pm UTC is 9:15 am in November (PST); 3:05 am UTC on July 1 is 8:05 pm the day before (PDT).
    expect([rows[1][0], rows[2][0]]).toEqual(['2026-11-27 09:15', '2026-06-30 20:05']);
    expect(rows[1][rows[0].indexOf('Name')]).toBe('Bird Language');
    expect([what(entry({ recordName: 'Bird Language' })), what(entry({})), what(entry({ studentName: 'Ava Rivera' }))]).toEqual(['Class Bird Language', 'Class bird-language', 'Ava Rivera']);
  });
});
