// The office's attendance and incident files: every entry as kept, corrections beside what they correct, the
// school's clock named, a name a spreadsheet would run as a formula neutralised.
import { describe, expect, it } from 'vitest';
import type { AttendanceEntry, FieldEntry } from '../../contract/field';
import { toCsv } from '../../src/lib/csv';
import { attendanceCsvRows, incidentCsvRows } from '../../src/features/teaching/fieldCsv';
import { dayCsvRows } from '../../src/features/office/fieldDayCsv';

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

describe('dayCsvRows', () => {
  it('lists the day’s every record across classes, oldest first, each in words, a correction saying what it corrects', () => {
    const dose = (id: string, over: Partial<FieldEntry>): FieldEntry =>
      ({ id, kind: 'dose', classId: 'moss', studentId: 'kid-b', meeting: '2026-12-18', at: '2026-12-19T00:40:00.000Z', medication: 'Inhaler', outcome: 'given', initials: 'JM', note: '', by: { uid: 'u2', email: 'lee@example.com' }, receivedAt: '2026-12-19T01:00:00.000Z', ...over }) as FieldEntry;
    const pickup = { ...entry('p1', {}), kind: 'pickup', adult: 'Sam Ruiz', check: 'code', at: '2026-12-19T01:05:00.000Z', clockOffMinutes: 12 } as unknown as FieldEntry;
    const rows = dayCsvRows(
      [pickup, dose('d2', { outcome: 'not-given', note: 'Wrong child', corrects: 'd1', at: '2026-12-19T00:45:00.000Z' }), entry('e1', {}), dose('d1', {})],
      new Map([['kid-a', 'Ana Ruiz'], ['kid-b', 'Ben Lee']]),
      new Map([['creek', 'Creek Walkers'], ['moss', 'Moss Makers']]),
    );
    expect(rows[0]).toEqual(['Class', 'Meeting', 'Child', 'Record', 'What happened', 'At (America/Los_Angeles)', 'Recorded by', 'Received (America/Los_Angeles)', 'Corrects', 'Phone clock off (minutes)']);
    expect(rows.slice(1)).toEqual([
      ['Creek Walkers', '2026-12-18', 'Ana Ruiz', 'Attendance', 'Present', '2026-12-18 16:15', 'coach@example.com', '2026-12-18 16:16', '', ''],
      ['Moss Makers', '2026-12-18', 'Ben Lee', 'Dose', 'Inhaler: Given (JM)', '2026-12-18 16:40', 'lee@example.com', '2026-12-18 17:00', '', ''],
      ['Moss Makers', '2026-12-18', 'Ben Lee', 'Dose', 'Inhaler: Not given (JM) — Wrong child', '2026-12-18 16:45', 'lee@example.com', '2026-12-18 17:00', 'Inhaler: Given (JM), recorded 2026-12-18 16:40', ''],
      ['Creek Walkers', '2026-12-18', 'Ana Ruiz', 'Pickup', 'Released to Sam Ruiz (pickup code)', '2026-12-18 17:05', 'coach@example.com', '2026-12-18 16:16', '', 12],
    ]);
  });
});
