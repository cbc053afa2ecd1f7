// The office's attendance and incident files: every entry as kept, corrections beside what they correct, the
// school's clock named, a name a spreadsheet would run as a formula neutralised.
import { describe, expect, it } from 'vitest';
import type { AttendanceEntry, FieldEntry } from '../../contract/field';
import { toCsv } from '../../src/lib/csv';
import { attendanceCsvRows, incidentCsvRows } from '../../src/features/teaching/fieldCsv';

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

describe('incidentCsvRows', () => {
  const report = (id: string, over: Partial<FieldEntry> = {}): FieldEntry =>
    ({
      id, kind: 'incident', classId: 'creek', studentId: 'kid-a', meeting: '2026-12-18', at: '2026-12-19T00:15:00.000Z',
      incident: { time: '16:05', where: 'Creek, "north" bank', what: '=HYPERLINK("x")', firstAid: 'Ice', told: 'Parent, by phone' },
      by: { uid: 'u1', email: 'coach@example.com' }, receivedAt: '2026-12-19T00:16:00.000Z', ...over,
    }) as FieldEntry;
  it('lists every report as kept, a correction beside what it corrects, and no attendance', () => {
    const rows = incidentCsvRows([report('r1'), entry('e1', {}), report('r2', { corrects: 'r1', receivedAt: '2026-12-19T00:30:00.000Z' } as Partial<FieldEntry>)], new Map([['kid-a', 'Ana Ruiz']]));
    expect(rows[0]).toEqual(['Meeting', 'Child', 'Time', 'Where', 'What happened', 'First aid given', 'Who was told', 'Reported by', 'Received (America/Los_Angeles)', 'Corrects the report received', 'Phone clock off (minutes)']);
    expect(rows.slice(1)).toEqual([
      ['2026-12-18', 'Ana Ruiz', '16:05', 'Creek, "north" bank', '=HYPERLINK("x")', 'Ice', 'Parent, by phone', 'coach@example.com', '2026-12-18 16:16', '', ''],
      ['2026-12-18', 'Ana Ruiz', '16:05', 'Creek, "north" bank', '=HYPERLINK("x")', 'Ice', 'Parent, by phone', 'coach@example.com', '2026-12-18 16:30', '2026-12-18 16:16', ''],
    ]);
    // A spreadsheet never runs what an instructor typed.
    expect(toCsv(rows)).toContain(`"Creek, ""north"" bank","'=HYPERLINK(""x"")"`);
  });
});
