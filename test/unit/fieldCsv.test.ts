// The office's files of field records: every entry as kept with its own id, corrections and what they
// correct naming each other (a corrected row says so), what to look at, the school's clock named, a
// name a spreadsheet would run as a formula neutralised; the medication record lists missed doses.
import { describe, expect, it } from 'vitest';
import type { SheetRoster } from '../../contract/domain';
import type { AttendanceEntry, FieldEntry, HeldEntry } from '../../contract/field';
import { toCsv } from '../../src/lib/csv';
import { attendanceCsvRows, doseCsvRows, incidentCsvRows } from '../../src/features/teaching/fieldCsv';
import { dayCsvRows } from '../../src/features/office/fieldDayCsv';

const entry = (id: string, over: Partial<AttendanceEntry>): AttendanceEntry => ({
  id, kind: 'attendance', classId: 'creek', studentId: 'kid-a', meeting: '2026-12-18', at: '2026-12-19T00:15:00.000Z', mark: 'present',
  by: { uid: 'u1', email: 'coach@example.com' }, receivedAt: '2026-12-19T00:16:00.000Z', ...over,
});

describe('attendanceCsvRows', () => {
  it('lists every entry in the order recorded, with the child’s name, the school’s clock and what a correction corrects', () => {
    const rows = attendanceCsvRows(
      [entry('e1', {}), entry('e2', { mark: 'absent', corrects: 'e1', at: '2026-12-19T00:20:00.000Z' }), entry('e3', { studentId: 'kid-gone', mark: 'late', clockOffMinutes: -25, flags: ['clock-off'] })],
      new Map([['kid-a', '=Ana Ruiz']]),
    );
    expect(rows[0]).toEqual(['Meeting', 'Child', 'Attendance', 'Recorded (America/Los_Angeles)', 'Recorded by', 'Received (America/Los_Angeles)', 'Entry', 'Corrects', 'Corrected by', 'Look at this']);
    expect(rows.slice(1)).toEqual([
      ['2026-12-18', '=Ana Ruiz', 'Present', '2026-12-18 16:15', 'coach@example.com', '2026-12-18 16:16', 'e1', '', 'e2: Absent, recorded 2026-12-18 16:20', ''],
      ['2026-12-18', 'kid-gone', 'Late', '2026-12-18 16:15', 'coach@example.com', '2026-12-18 16:16', 'e3', '', '', 'the phone’s clock was 25 minutes off'],
      ['2026-12-18', '=Ana Ruiz', 'Absent', '2026-12-18 16:20', 'coach@example.com', '2026-12-18 16:16', 'e2', 'e1: Present, recorded 2026-12-18 16:15', '', ''],
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
    expect(rows[0]).toEqual(['Meeting', 'Child', 'Time', 'Where', 'What happened', 'First aid given', 'Who was told', 'Reported by', 'Received (America/Los_Angeles)', 'Entry', 'Corrects', 'Corrected by', 'Look at this']);
    const said = '=HYPERLINK("x") (at 16:05, Creek, "north" bank; first aid: Ice; told: Parent, by phone), recorded 2026-12-18 16:15';
    expect(rows.slice(1)).toEqual([
      ['2026-12-18', 'Ana Ruiz', '16:05', 'Creek, "north" bank', '=HYPERLINK("x")', 'Ice', 'Parent, by phone', 'coach@example.com', '2026-12-18 16:16', 'r1', '', `r2: ${said}`, ''],
      ['2026-12-18', 'Ana Ruiz', '16:05', 'Creek, "north" bank', '=HYPERLINK("x")', 'Ice', 'Parent, by phone', 'coach@example.com', '2026-12-18 16:30', 'r2', `r1: ${said}`, '', ''],
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
    const held = { ...entry('h1', {}), kind: 'incident', incident: { time: '16:05', where: 'Meadow', what: 'Bee sting', firstAid: 'Ice', told: 'Parent' }, reason: 'You no longer teach this class. It was handed to the office to review.', classTitle: 'Creek Walkers', studentName: 'Leo Gone' } as unknown as HeldEntry;
    // As the server gives them: in the order they arrived.
    const rows = dayCsvRows(
      [entry('e1', {}), dose('d1', {}), dose('d2', { outcome: 'not-given', note: 'Wrong child', corrects: 'd1', at: '2026-12-19T00:45:00.000Z' }), { ...pickup, receivedAt: '2026-12-19T01:06:00.000Z', flags: ['clock-off', 'old-code'] } as FieldEntry],
      new Map([['kid-a', 'Ana Ruiz'], ['kid-b', 'Ben Lee']]),
      new Map([['creek', 'Creek Walkers'], ['moss', 'Moss Makers']]),
      [held],
    );
    expect(rows[0]).toEqual(['Class', 'Meeting', 'Child', 'Record', 'What happened', 'At (America/Los_Angeles)', 'Recorded by', 'Received (America/Los_Angeles)', 'Entry', 'Corrects', 'Corrected by', 'Look at this', 'Held for the office because']);
    expect(rows.slice(1)).toEqual([
      ['Creek Walkers', '2026-12-18', 'Ana Ruiz', 'Attendance', 'Present', '2026-12-18 16:15', 'coach@example.com', '2026-12-18 16:16', 'e1', '', '', '', ''],
      ['Moss Makers', '2026-12-18', 'Ben Lee', 'Dose', 'Inhaler: Given (JM)', '2026-12-18 16:40', 'lee@example.com', '2026-12-18 17:00', 'd1', '', 'd2: Inhaler: Not given (JM) — Wrong child, recorded 2026-12-18 16:45', '', ''],
      ['Moss Makers', '2026-12-18', 'Ben Lee', 'Dose', 'Inhaler: Not given (JM) — Wrong child', '2026-12-18 16:45', 'lee@example.com', '2026-12-18 17:00', 'd2', 'd1: Inhaler: Given (JM), recorded 2026-12-18 16:40', '', '', ''],
      ['Creek Walkers', '2026-12-18', 'Ana Ruiz', 'Pickup', 'Released to Sam Ruiz (pickup code)', '2026-12-18 17:05', 'coach@example.com', '2026-12-18 17:06', 'p1', '', '', 'the phone’s clock was 12 minutes off; released on a pickup code the family has since replaced', ''],
      ['Creek Walkers', '2026-12-18', 'Leo Gone', 'Incident', 'Bee sting (at 16:05, Meadow; first aid: Ice; told: Parent)', '2026-12-18 16:15', 'coach@example.com', '2026-12-18 16:16', 'h1', '', '', '', 'You no longer teach this class. It was handed to the office to review.'],
    ]);
  });
});

describe('doseCsvRows', () => {
  it('marks a corrected dose and the correction, and lists each dose due and missed at a past meeting', () => {
    const roster = {
      class: { id: 'moss', title: 'Moss Makers', startDate: '2026-12-11', endDate: '2026-12-25', weekdays: [5], startTime: '15:00', endTime: '17:00' },
      entries: [{ student: { id: 'kid-b', firstName: 'Ben', lastName: 'Lee', health: { medications: [{ name: 'Ritalin', dose: '5 mg', schedule: '4 pm' }] } } }],
    } as unknown as SheetRoster;
    const dose = (id: string, over: Partial<FieldEntry>): FieldEntry =>
      ({ id, kind: 'dose', classId: 'moss', studentId: 'kid-b', meeting: '2026-12-18', at: '2026-12-19T00:05:00.000Z', medication: 'Ritalin', outcome: 'given', initials: 'JM', note: '', by: { uid: 'u2', email: 'lee@example.com' }, receivedAt: '2026-12-19T01:00:00.000Z', ...over }) as FieldEntry;
    const rows = doseCsvRows([dose('d1', {}), dose('d2', { outcome: 'not-given', note: 'Wrong child', corrects: 'd1', at: '2026-12-19T00:10:00.000Z' })], new Map([['kid-b', 'Ben Lee']]), roster, '2026-12-25 12:00');
    expect(rows[0]).toEqual(['Meeting', 'Child', 'Medication', 'What happened', 'At (America/Los_Angeles)', 'Initials', 'Note', 'Recorded by', 'Received (America/Los_Angeles)', 'Entry', 'Corrects', 'Corrected by', 'Look at this']);
    expect(rows.slice(1)).toEqual([
      ['2026-12-18', 'Ben Lee', 'Ritalin', 'Given', '2026-12-18 16:05', 'JM', '', 'lee@example.com', '2026-12-18 17:00', 'd1', '', 'd2: Ritalin: Not given (JM) — Wrong child, recorded 2026-12-18 16:10', ''],
      ['2026-12-18', 'Ben Lee', 'Ritalin', 'Not given', '2026-12-18 16:10', 'JM', 'Wrong child', 'lee@example.com', '2026-12-18 17:00', 'd2', 'd1: Ritalin: Given (JM), recorded 2026-12-18 16:05', '', ''],
      // Dec 11's 4 pm dose has no record at all: missed. Dec 18's has one (not given, as corrected); Dec 25's is still to come at noon.
      ['2026-12-11', 'Ben Lee', 'Ritalin', 'Missed: due 16:00, nothing recorded within the hour', '2026-12-11 16:00', '', '', '', '', '', '', '', ''],
    ]);
    // A dose given late and corrected away leaves its time missed.
    const late = doseCsvRows([dose('d3', { meeting: '2026-12-11', at: '2026-12-12T00:05:00.000Z' }), dose('d4', { meeting: '2026-12-11', outcome: 'follow-up', corrects: 'd3', at: '2026-12-12T00:06:00.000Z' })], new Map(), roster, '2026-12-12 12:00');
    expect(late.filter((r) => String(r[3]).startsWith('Missed')).map((r) => r[0])).toEqual(['2026-12-11']);
  });
});
