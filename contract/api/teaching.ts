// Instructors in the field and the office's day in the field.
// Each call: who may call it, its payload, its answer, and what it shows and changes (the app
// fetches again what a call made stale: src/lib/stale.ts, written from these).
import { fieldDaySchema, fieldSyncSchema, taughtRosterSchema, type FieldDay, type FieldEntry, type FieldSyncResult } from '../field';
import { ACCESS } from '../roles';
import type { SheetRoster, TaughtClass, IsoDate } from '../domain';
import { classIdSchema } from '../schemas';
import { spec, none } from './spec';

export const teachingCalls = {
  /** The classes the caller teaches (instructor's view). */
  myTaughtClasses: spec<{ classes: TaughtClass[] }>()(ACCESS.teach, none, { shows: ['classes', 'seats'] }),
  /** One class's roster for its instructor (the office: any class). No money. */
  taughtRoster: spec<{ roster: SheetRoster; offlineUntil?: IsoDate }>()(ACCESS.teach, taughtRosterSchema, { shows: ['students', 'seats'] }),
  /** What the instructor recorded at a class's meetings, sent from the phone; each entry kept once, never changed, or held for the office. */
  syncFieldEntries: spec<FieldSyncResult>()(ACCESS.teach, fieldSyncSchema, { changes: ['field'] }),
  /** A class's field records in the order they arrived, with the names of the children they name (its instructors and the office; never finance). */
  classFieldLog: spec<{ entries: FieldEntry[]; names: Record<string, string> }>()(ACCESS.teach, classIdSchema, { shows: ['field'] }),
  /** The office's day in the field: every class meeting that day, its records and the doses that may be due. */
  adminFieldDay: spec<FieldDay>()(ACCESS.care, fieldDaySchema, { shows: ['field'] }),
} as const;
