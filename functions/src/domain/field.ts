// What a sync from the field keeps: each entry once (by the id the phone gave it), never a change to
// one already kept, only for children on the class's roster now (the office's change wins) and for the
// class's meeting days; a phone whose clock is off has its entries flagged. Pure.
import { attendanceOf, CLOCK_TOLERANCE_MINUTES, standing, uncorrected, type AttendanceLine, type FieldEntry, type FieldEntryInput, type DoseLine, type IncidentLine, type FieldSync, type FieldSyncResult, type PickupLine } from '../../../contract/field';

export interface FieldFacts {
  now: Date;
  by: FieldEntry['by'];
  /** The children on the class's roster now. */
  rosterIds: ReadonlySet<string>;
  /** The class's meeting days. */
  meetings: ReadonlySet<string>;
  /** Entries already kept among those this sync names (its ids and the ids its corrections name). */
  kept: ReadonlyMap<string, FieldEntry>;
}

/** The fields that make an entry what it is, in one order: sent again with the same ones, it is the same entry. */
const said = (e: FieldEntry) => JSON.stringify([e.classId, e.kind, e.studentId, e.meeting, e.at, e.corrects ?? null, what(e)]);
const what = (e: FieldEntryInput) => {
  switch (e.kind) {
    case 'attendance':
      return e.mark;
    case 'incident':
      return [e.incident.time, e.incident.where, e.incident.what, e.incident.firstAid, e.incident.told];
    case 'pickup':
      return [e.adult, e.check];
    case 'dose':
      return [e.medication, e.outcome, e.initials, e.note];
  }
};
const sameEntry = (a: FieldEntry, b: FieldEntry) => said(a) === said(b);

/** Minutes the phone's clock is off (server time − phone time), rounded. */
export const clockOff = (sentAt: string, now: Date) => Math.round((now.getTime() - Date.parse(sentAt)) / 60_000);

export const REFUSALS = {
  changed: 'This entry was kept before with other details; an entry is never changed: record a correction instead.',
  notOnRoster: 'This child is no longer on the class’s roster (the office changed it): the entry was not kept. Tell the office.',
  notAMeeting: 'The class does not meet on that day: the entry was not kept.',
  correctsNothing: 'The entry it corrects was not found for this child in this class (a correction corrects an entry of its own kind).',
} as const;

export function planFieldSync(sync: FieldSync, facts: FieldFacts): { create: FieldEntry[]; result: FieldSyncResult } {
  const off = clockOff(sync.sentAt, facts.now);
  const flagged = Math.abs(off) > CLOCK_TOLERANCE_MINUTES ? { clockOffMinutes: off } : {};
  const receivedAt = facts.now.toISOString();
  const known = new Map(facts.kept);
  const create: FieldEntry[] = [];
  const result: FieldSyncResult = { saved: [], already: [], refused: [] };
  for (const input of sync.entries) {
    const entry: FieldEntry = { ...input, classId: sync.classId, by: facts.by, receivedAt, ...flagged };
    const before = known.get(input.id);
    if (before) {
      if (sameEntry(before, entry)) result.already.push(input.id);
      else result.refused.push({ id: input.id, reason: REFUSALS.changed });
      continue;
    }
    const corrected = input.corrects ? known.get(input.corrects) : undefined;
    const reason = !facts.rosterIds.has(input.studentId)
      ? REFUSALS.notOnRoster
      : !facts.meetings.has(input.meeting)
        ? REFUSALS.notAMeeting
        : input.corrects && (!corrected || corrected.classId !== sync.classId || corrected.studentId !== input.studentId || corrected.kind !== input.kind)
          ? REFUSALS.correctsNothing
          : null;
    if (reason) {
      result.refused.push({ id: input.id, reason });
      continue;
    }
    known.set(input.id, entry);
    create.push(entry);
    result.saved.push(input.id);
  }
  return { create, result };
}

/** A child's attendance as it stands, by meeting (newest first); `withBy`: who recorded it (the office's view). */
export function attendanceLines(entries: FieldEntry[], titles: ReadonlyMap<string, string>, withBy: boolean): AttendanceLine[] {
  return standing(attendanceOf(entries))
    .map((e) => ({ studentId: e.studentId, classId: e.classId, classTitle: titles.get(e.classId) ?? e.classId, meeting: e.meeting, mark: e.mark, at: e.at, ...(withBy && { by: e.by.email ?? e.by.uid }) }))
    .sort((a, b) => b.meeting.localeCompare(a.meeting) || a.classTitle.localeCompare(b.classTitle));
}

/** A child's incident reports as they stand (a correction in place of what it corrects), newest first. */
export function incidentLines(entries: FieldEntry[], titles: ReadonlyMap<string, string>): IncidentLine[] {
  return uncorrected(entries)
    .filter((e) => e.kind === 'incident')
    .map((e) => ({ id: e.id, classId: e.classId, classTitle: titles.get(e.classId) ?? e.classId, meeting: e.meeting, incident: e.incident, by: e.by.email ?? e.by.uid, corrected: !!e.corrects }))
    .sort((a, b) => b.meeting.localeCompare(a.meeting) || b.incident.time.localeCompare(a.incident.time));
}

/** A child's pickups, released and stopped alike (each attempt is kept), newest first. */
export function pickupLines(entries: FieldEntry[], titles: ReadonlyMap<string, string>): PickupLine[] {
  return uncorrected(entries)
    .flatMap((e) => (e.kind === 'pickup' ? [{ id: e.id, classId: e.classId, classTitle: titles.get(e.classId) ?? e.classId, meeting: e.meeting, adult: e.adult, check: e.check, at: e.at, by: e.by.email ?? e.by.uid }] : []))
    .sort((a, b) => b.at.localeCompare(a.at));
}

/** A child's medication record: every dose recorded, newest first (a correction beside what it corrects). */
export function doseLines(entries: FieldEntry[], titles: ReadonlyMap<string, string>): DoseLine[] {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const correction = new Map(entries.flatMap((e) => (e.corrects ? [[e.corrects, e] as const] : [])));
  return entries
    .flatMap((e): DoseLine[] => {
      if (e.kind !== 'dose') return [];
      const corrects = e.corrects ? byId.get(e.corrects)?.at : undefined;
      const correctedAt = correction.get(e.id)?.at;
      return [
        {
          id: e.id,
          classId: e.classId,
          classTitle: titles.get(e.classId) ?? e.classId,
          meeting: e.meeting,
          medication: e.medication,
          outcome: e.outcome,
          initials: e.initials,
          note: e.note,
          at: e.at,
          by: e.by.email ?? e.by.uid,
          ...(corrects ? { corrects } : {}),
          ...(correctedAt ? { correctedAt } : {}),
        },
      ];
    })
    .sort((a, b) => b.at.localeCompare(a.at));
}
