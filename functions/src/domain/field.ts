// What a sync from the field keeps: each entry once (by the id the phone gave it), never a change to
// one already kept, for the children on the class's roster that day and for its meeting days; the
// rest is never dropped but held for the office to review. Times the phone cannot have meant are
// flagged, as are releases on pickup codes since replaced and repeated failed checks. Pure.
import type { Enrollment, IsoDate, Student } from '../../../contract/domain';
import {
  CLOCK_TOLERANCE_MINUTES,
  FAILED_CHECKS,
  PICKUP_FAILURES_ESCALATE,
  adultsWhoMayCollect,
  offlineCopyUntil,
  attendanceOf,
  standing,
  uncorrected,
  type AttendanceLine,
  type DoseLine,
  type FieldEntry,
  type FieldEntryInput,
  type FieldFlag,
  type FieldSync,
  type FieldSyncResult,
  type HeldEntry,
  type IncidentLine,
  type PickupLine,
} from '../../../contract/field';
import { schoolToday } from '../../../contract/schedule';
import { no, refuse, type Refusal } from './refusal';

/** Until when a phone's offline copy of a class opens (its next meeting day), or why there is nothing to take offline. */
export function offlineCopyOf(title: string, meetings: readonly IsoDate[], today: IsoDate): { until: IsoDate } | Refusal {
  const until = offlineCopyUntil(meetings, today);
  return until ? { until } : no(`${title} has no meeting left: there is nothing to take offline.`);
}

/** Sets of codes a child gets in one school day at most (each emails the guardians). */
export const CODES_PER_CHILD_A_DAY = 5;
export const VERIFY_FOR_CODES = 'To make pickup codes, please verify your email address first (open the link we emailed you): the codes are emailed to the guardians.';
export const TOO_MANY_CODES = `New codes were made ${CODES_PER_CHILD_A_DAY} times today for this child: please try again tomorrow, or call the office.`;

/** The adults a child's new pickup codes are for (every adult who may collect it), or why there are none. */
export function codeHolders(student: Pick<Student, 'firstName' | 'guardians' | 'authorizedPickups'>): string[] | Refusal {
  const adults = adultsWhoMayCollect(student);
  return adults.length ? adults : no(`Add the adults who may collect ${student.firstName} first.`);
}

/** How many sets of codes the child has had today once this one is made, or the refusal past the day's limit. */
export function codesMadeToday(before: { madeOn?: IsoDate; madeToday?: number } | undefined, today: IsoDate): { count: number } | Refusal {
  const made = before?.madeOn === today ? (before.madeToday ?? 1) : 0;
  return made >= CODES_PER_CHILD_A_DAY ? refuse('resource-exhausted', TOO_MANY_CODES) : { count: made + 1 };
}

/** A child's pickup codes as they stand: when made, and the adults still listed who have one. */
export interface CurrentCodes {
  issuedAt: string;
  adults: ReadonlySet<string>;
}

export interface FieldFacts {
  now: Date;
  by: FieldEntry['by'];
  /** The caller records for this class: one of its instructors now, or the office. */
  teaches: boolean;
  /** The children on the class's roster now. */
  rosterIds: ReadonlySet<string>;
  /** Children no longer on the roster: the days they held a seat in the class (`to` inclusive). */
  seatDays: ReadonlyMap<string, readonly { from: IsoDate; to: IsoDate }[]>;
  /** The class's meeting days. */
  meetings: ReadonlySet<string>;
  /** Entries already kept among those this sync names (its ids and the ids its corrections name). */
  kept: ReadonlyMap<string, FieldEntry>;
  /** Entries already held for the office among this sync's ids. */
  held: ReadonlyMap<string, HeldEntry>;
  /** The pickup codes of the children this sync releases on a code (absent: none this school year). */
  codes: ReadonlyMap<string, CurrentCodes>;
  /** Failed pickup checks kept before, by `studentId/meeting`. */
  failures: ReadonlyMap<string, number>;
}

/** The fields that make an entry what it is, in one order: sent again with the same ones, it is the same entry. */
const said = (e: FieldEntryInput & { classId: string }) => JSON.stringify([e.classId, e.kind, e.studentId, e.meeting, e.at, e.corrects ?? null, what(e)]);
const what = (e: FieldEntryInput) => {
  switch (e.kind) {
    case 'attendance':
      return e.mark;
    case 'incident':
      return [e.incident.time, e.incident.where, e.incident.what, e.incident.firstAid, e.incident.told];
    case 'pickup':
      return [e.adult, e.check, e.codesIssuedAt ?? null];
    case 'dose':
      return [e.medication, e.outcome, e.initials, e.note];
  }
};
const sameEntry = (a: FieldEntryInput & { classId: string }, b: FieldEntryInput & { classId: string }) => said(a) === said(b);

/** Minutes the phone's clock is off (server time − phone time), rounded. */
export const clockOff = (sentAt: string, now: Date) => Math.round((now.getTime() - Date.parse(sentAt)) / 60_000);

const TO_OFFICE = 'It was handed to the office to review.';
export const HELD = {
  changed: `This entry was kept before with other details; an entry is never changed (record a correction instead). ${TO_OFFICE}`,
  notTaught: `You no longer teach this class. ${TO_OFFICE}`,
  notOnRoster: `This child was not on the class’s roster that day. ${TO_OFFICE}`,
  notAMeeting: `The class does not meet on that day. ${TO_OFFICE}`,
  toCome: `That meeting is still to come. ${TO_OFFICE}`,
  correctsNothing: `The entry it corrects was not found for this child at this meeting (a correction corrects an entry of its own kind). ${TO_OFFICE}`,
} as const;

const MINUTE = 60_000;
const NEVER = '9999-12-31';

/**
 * The days a child held a seat in a class, from its enrollments: from the day it was made to the day
 * the class was cancelled for the child (or the hold ended unpaid), or for good while it stands.
 */
export function seatDaysOf(enrollments: readonly Pick<Enrollment, 'classIds' | 'status' | 'createdAt' | 'cancellations' | 'hold'>[], classId: string): { from: IsoDate; to: IsoDate }[] {
  return enrollments.flatMap((e) => {
    // A class cancelled for the child leaves the enrollment's classes and is named by its cancellation.
    const cancelled = e.cancellations?.find((c) => c.classIds.includes(classId));
    if (!e.classIds.includes(classId) && !cancelled) return [];
    const from = schoolToday(new Date(e.createdAt));
    const ended = cancelled?.at ?? (e.status === 'expired' ? e.hold?.releasedAt : undefined);
    if (!ended && e.status !== 'confirmed' && e.status !== 'pending_payment') return [];
    return [{ from, to: ended ? schoolToday(new Date(ended)) : NEVER }];
  });
}

/** The flags an entry earns on its times: the phone's clock off, a time before its meeting's day, a time after it was sent. */
function timeFlags(input: FieldEntryInput, sync: FieldSync, now: Date): FieldFlag[] {
  const flags: FieldFlag[] = [];
  if (Math.abs(clockOff(sync.sentAt, now)) > CLOCK_TOLERANCE_MINUTES) flags.push('clock-off');
  if (schoolToday(new Date(input.at)) < input.meeting) flags.push('outside-meeting-day');
  if (Date.parse(input.at) > Date.parse(sync.sentAt) + CLOCK_TOLERANCE_MINUTES * MINUTE) flags.push('after-sending');
  return flags;
}

/** A release on a pickup code the family has since replaced, or to an adult since taken off the list. */
function codeFlags(input: FieldEntryInput, codes: CurrentCodes | undefined): FieldFlag[] {
  if (input.kind !== 'pickup' || input.check !== 'code') return [];
  if (!codes || !codes.adults.has(input.adult)) return [codes ? 'adult-removed' : 'old-code'];
  return input.codesIssuedAt && input.codesIssuedAt !== codes.issuedAt && codes.issuedAt <= input.at ? ['old-code'] : [];
}

/** Why an entry cannot go on the class's record (null: it can). */
function heldFor(input: FieldEntryInput, sync: FieldSync, facts: FieldFacts, known: ReadonlyMap<string, FieldEntry>): string | null {
  if (!facts.teaches) return HELD.notTaught;
  if (!facts.meetings.has(input.meeting)) return HELD.notAMeeting;
  if (input.meeting > schoolToday(new Date(facts.now.getTime() + CLOCK_TOLERANCE_MINUTES * MINUTE))) return HELD.toCome;
  if (!facts.rosterIds.has(input.studentId) && !(facts.seatDays.get(input.studentId) ?? []).some((d) => d.from <= input.meeting && input.meeting <= d.to)) return HELD.notOnRoster;
  if (input.corrects) {
    const corrected = known.get(input.corrects);
    if (!corrected || corrected.classId !== sync.classId || corrected.studentId !== input.studentId || corrected.kind !== input.kind || corrected.meeting !== input.meeting) return HELD.correctsNothing;
  }
  return null;
}

export interface FieldSyncPlan {
  create: FieldEntry[];
  hold: HeldEntry[];
  result: FieldSyncResult;
  /** Releases the family and the office are told of at once (a code since replaced, an adult since removed). */
  oldCodeReleases: FieldEntry[];
  /** The failed check that reached PICKUP_FAILURES_ESCALATE for a child at a meeting (the family and the office are told). */
  escalations: FieldEntry[];
}

export function planFieldSync(sync: FieldSync, facts: FieldFacts): FieldSyncPlan {
  const off = clockOff(sync.sentAt, facts.now);
  const receivedAt = facts.now.toISOString();
  const known = new Map(facts.kept);
  const heldNow = new Map(facts.held);
  const failures = new Map(facts.failures);
  const plan: FieldSyncPlan = { create: [], hold: [], result: { saved: [], already: [], held: [] }, oldCodeReleases: [], escalations: [] };
  // Held once: sent again, it is answered as held again (the phone that lost the answer keeps its notice).
  const hold = (input: FieldEntryInput, reason: string) => {
    const before = heldNow.get(input.id);
    if (!before) {
      const entry: HeldEntry = { ...input, classId: sync.classId, by: facts.by, receivedAt, reason };
      plan.hold.push(entry);
      heldNow.set(input.id, entry);
    }
    plan.result.held.push({ id: input.id, reason: before?.reason ?? reason });
  };
  for (const input of sync.entries) {
    const before = known.get(input.id);
    if (before) {
      if (sameEntry(before, { ...input, classId: sync.classId })) plan.result.already.push(input.id);
      else hold(input, HELD.changed);
      continue;
    }
    const reason = heldFor(input, sync, facts, known);
    if (reason) {
      hold(input, reason);
      continue;
    }
    const flags: FieldFlag[] = [...timeFlags(input, sync, facts.now), ...codeFlags(input, facts.codes.get(input.studentId))];
    if (!facts.rosterIds.has(input.studentId)) flags.push('off-roster');
    let escalates = false;
    if (input.kind === 'pickup' && FAILED_CHECKS.includes(input.check)) {
      const key = `${input.studentId}/${input.meeting}`;
      const count = (failures.get(key) ?? 0) + 1;
      failures.set(key, count);
      if (count >= PICKUP_FAILURES_ESCALATE) flags.push('repeated-failures');
      escalates = count === PICKUP_FAILURES_ESCALATE;
    }
    const entry: FieldEntry = {
      ...input,
      classId: sync.classId,
      by: facts.by,
      receivedAt,
      ...(flags.includes('clock-off') && { clockOffMinutes: off }),
      ...(flags.length && { flags }),
    };
    known.set(input.id, entry);
    plan.create.push(entry);
    plan.result.saved.push(input.id);
    if (flags.includes('old-code') || flags.includes('adult-removed')) plan.oldCodeReleases.push(entry);
    if (escalates) plan.escalations.push(entry);
  }
  return plan;
}

/** What every line of a child's records says of how the entry arrived: when, and what the office must look at. */
const arrival = (e: FieldEntry) => ({ receivedAt: e.receivedAt, ...(e.flags?.length && { flags: e.flags }), ...(e.clockOffMinutes !== undefined && { clockOffMinutes: e.clockOffMinutes }) });

/** A child's attendance as it stands, by meeting (newest first); `withBy`: who recorded it and how it arrived (the office's view). */
export function attendanceLines(entries: FieldEntry[], titles: ReadonlyMap<string, string>, withBy: boolean): AttendanceLine[] {
  return standing(attendanceOf(entries))
    .map((e) => ({ studentId: e.studentId, classId: e.classId, classTitle: titles.get(e.classId) ?? e.classId, meeting: e.meeting, mark: e.mark, at: e.at, ...(withBy && { by: e.by.email ?? e.by.uid, ...arrival(e) }) }))
    .sort((a, b) => b.meeting.localeCompare(a.meeting) || a.classTitle.localeCompare(b.classTitle));
}

/** A child's incident reports as they stand (a correction in place of what it corrects), newest first. */
export function incidentLines(entries: FieldEntry[], titles: ReadonlyMap<string, string>): IncidentLine[] {
  return uncorrected(entries)
    .filter((e) => e.kind === 'incident')
    .map((e) => ({ id: e.id, classId: e.classId, classTitle: titles.get(e.classId) ?? e.classId, meeting: e.meeting, incident: e.incident, by: e.by.email ?? e.by.uid, corrected: !!e.corrects, ...arrival(e) }))
    .sort((a, b) => b.meeting.localeCompare(a.meeting) || b.incident.time.localeCompare(a.incident.time));
}

/** A child's pickups, released and stopped alike (each attempt is kept), newest first. */
export function pickupLines(entries: FieldEntry[], titles: ReadonlyMap<string, string>): PickupLine[] {
  return uncorrected(entries)
    .flatMap((e) => (e.kind === 'pickup' ? [{ id: e.id, classId: e.classId, classTitle: titles.get(e.classId) ?? e.classId, meeting: e.meeting, adult: e.adult, check: e.check, at: e.at, by: e.by.email ?? e.by.uid, ...arrival(e) }] : []))
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
          ...arrival(e),
          ...(corrects ? { corrects } : {}),
          ...(correctedAt ? { correctedAt } : {}),
        },
      ];
    })
    .sort((a, b) => b.at.localeCompare(a.at));
}
