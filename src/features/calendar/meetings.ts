// Class meetings for the calendar: each class's weekdays between its start and end dates.
import type { IsoDate } from '../../../contract/domain';
import { addDaysIso, meetingsBetween, toIso, weekdayOf } from '../../../contract/schedule';

export { addDaysIso, meetingsBetween, toIso, weekdayOf };

/** The Sunday on or before the date (weeks start on Sunday). */
export const weekStart = (iso: IsoDate) => addDaysIso(iso, -weekdayOf(iso));

/** The days shown for a month: whole weeks from the Sunday before the 1st to the Saturday after the last day. */
export function monthGrid(year: number, month: number): IsoDate[][] {
  const first = `${year}-${String(month + 1).padStart(2, '0')}-01`;
  const last = toIso(new Date(Date.UTC(year, month + 1, 0, 12)));
  const weeks: IsoDate[][] = [];
  for (let day = weekStart(first); day <= last; day = addDaysIso(day, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDaysIso(day, i)));
  }
  return weeks;
}

const PALETTE = ['cal-c0', 'cal-c1', 'cal-c2', 'cal-c3', 'cal-c4', 'cal-c5', 'cal-c6', 'cal-c7'];

/** A stable colour per class. */
export function colourOf(classId: string): string {
  let h = 0;
  for (const ch of classId) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length];
}
