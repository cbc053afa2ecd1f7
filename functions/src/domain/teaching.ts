// The instructor's view: a class and its roster as the field needs them — no money. Pure.
import type { ClassRecord, ClassRoster, SheetRoster, TaughtClass } from '../../../contract/domain';
import { sheetClass } from './catalogue';

export const taughtClass = (c: ClassRecord, semesterName: string): TaughtClass => ({ ...sheetClass(c), semesterName, enrolled: c.enrolledCount });

/** The office's roster without prices: the class's schedule, the students, the add-ons by name. */
export const sheetRoster = (r: ClassRoster): SheetRoster => ({
  class: sheetClass(r.class),
  semesterName: r.semesterName,
  entries: r.entries.map((e) => ({ student: e.student, enrollmentId: e.enrollmentId, addOns: e.addOns.map((a) => ({ id: a.id, description: a.description })) })),
});

/** An instructor's classes in the order they meet: first day, then title. */
export const byFirstDay = (a: TaughtClass, b: TaughtClass) => a.startDate.localeCompare(b.startDate) || a.title.localeCompare(b.title);
