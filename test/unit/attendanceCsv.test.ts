// The office's attendance file: every entry as kept, corrections beside what they correct, the
// school's clock named, a name a spreadsheet would run as a formula neutralised.
import { describe, expect, it } from 'vitest';
import type { AttendanceEntry } from '../../contract/field';
import { toCsv } from '../../src/lib/csv';
import { attendanceCsvRows } from '../../src/features/teaching/attendanceCsv';

const entry = (id: string, over: Partial<AttendanceEntry>): AttendanceEntry => ({
  id, kind: 'attendance', classId: 'creek', studentId: 'kid-a', meeting: '2026-12-18', at: '2026-12-19T00:15:00.000Z', mark: 'present',
  by: { uid: 'u1', email: 'coach@example.com' }, receivedAt: '2026-12-19T00:16:00.000Z', ...over,
});

describe('attendanceCsvRows', () => {
  it('lists every entry with the child’s name, the school’s clock and what a correction corrects', () => {
    const rows = attendanceCsvRows(
      [entry('e1', {}), entry('e2', { mark: 'absent', corrects: 'e1', at: '2026-12-19T00:20:00.000Z' }), entry('e3', { studentId: 'kid-gone', mark: 'late', clockOffMinutes: -25 })],
      new Map([['kid-a', '=Ana Ruiz']]),
    );
    expect(rows[0]).toEqual(['Meeting', 'Child', 'Attendance', 'Recorded (America/Los_Angeles)', 'Recorded by', 'Received (America/Los_Angeles)', 'Corrects', 'Phone clock off (minutes)']);
    expect(rows.slice(1)).toEqual([
      ['2026-12-18', '=Ana Ruiz', 'Present', '2026-12-18 16:15', 'coach@example.com', '2026-12-18 16:16', '', ''],
      ['2026-12-18', '=Ana Ruiz', 'Absent', '2026-12-18 16:20', 'coach@example.com', '2026-12-18 16:16', 'Present recorded 2026-12-18 16:15', ''],
      ['2026-12-18', 'kid-gone', 'Late', '2026-12-18 16:15', 'coach@example.com', '2026-12-18 16:16', '', -25],
    ]);
    expect(toCsv(rows)).toContain("\r\n2026-12-18,'=Ana Ruiz,Present,");
  });
});
