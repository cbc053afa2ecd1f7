// The day in the field: what an instructor records at a class's meeting (attendance first; checked
// pickups, doses and incidents join the same list of entries). Entries are only ever added: a mistake
// is corrected by a later entry that names the one it corrects. Types, payload schemas and limits.
import { z } from 'zod/mini';
import type { IsoDate } from './domain';
import { addDaysIso } from './schedule';
import { clock, id, isoDay, required, text } from './schemas';
import { hex, randomHex } from './random';

export const ATTENDANCE_MARKS = ['present', 'absent', 'late', 'left_early'] as const;
export type AttendanceMark = (typeof ATTENDANCE_MARKS)[number];
export const ATTENDANCE_LABELS: Record<AttendanceMark, string> = { present: 'Present', absent: 'Absent', late: 'Late', left_early: 'Left early' };

/** A phone whose clock is further than this from the server's has its entries flagged for the office. */
export const CLOCK_TOLERANCE_MINUTES = 10;
/** Entries sent in one call at most (a phone with more sends them in turns, oldest first). */
export const FIELD_SYNC_MAX = 100;

/** What every entry has: made on the phone, for one child at one meeting (`at` on the phone's clock). */
interface FieldEntryBase {
  /** Made by the phone when it was recorded: sending it again changes nothing. */
  id: string;
  studentId: string;
  /** The meeting's school date. */
  meeting: IsoDate;
  at: string;
  /** The entry this one corrects (the earlier one stays). */
  corrects?: string;
}

export interface AttendanceInput extends FieldEntryBase {
  kind: 'attendance';
  mark: AttendanceMark;
}

/** An incident report: what happened to a child, when and where, the first aid given, who was told. */
export interface Incident {
  /** When it happened, on the school's clock that day (HH:MM). */
  time: string;
  where: string;
  what: string;
  firstAid: string;
  told: string;
}

export interface IncidentInput extends FieldEntryBase {
  kind: 'incident';
  incident: Incident;
}

/**
 * How a child left a meeting, or why not: released to an adult who gave their pickup code, or who said
 * the family's code word, or on their own (the family allows it); stopped for a code that did not
 * match, a listed adult without a code for this school year, or an adult not on the list (each
 * attempt is kept).
 */
export const PICKUP_CHECKS = ['code', 'code-word', 'alone', 'wrong-code', 'no-code', 'not-listed'] as const;
export type PickupCheckKind = (typeof PICKUP_CHECKS)[number];
export const RELEASING_CHECKS: readonly PickupCheckKind[] = ['code', 'code-word', 'alone'];
/** A pickup in words, the same on the phone, the child's sheet, the CSV and the audit trail. */
export function pickupText(p: { adult: string; check: PickupCheckKind }): string {
  const adult = p.adult || 'an adult';
  switch (p.check) {
    case 'code':
      return `Released to ${adult} (pickup code)`;
    case 'code-word':
      return `Released to ${adult} (code word)`;
    case 'alone':
      return 'Left on their own (the family allows it)';
    case 'wrong-code':
      return `Stopped: the code given for ${adult} did not match`;
    case 'no-code':
      return `Stopped: ${adult} has no pickup code for this school year`;
    case 'not-listed':
      return `Stopped: ${adult} is not on the pickup list`;
  }
}

export interface PickupInput extends FieldEntryBase {
  kind: 'pickup';
  /** The adult who came (as the list names them, or as they gave their name), empty when the child left alone. */
  adult: string;
  check: PickupCheckKind;
}

/**
 * A medication dose: given, not given or refused, with the instructor's initials; a dose given "as
 * needed" says why; a follow-up (30 minutes after an as-needed dose) says how the child is.
 */
export const DOSE_OUTCOMES = ['given', 'not-given', 'refused', 'follow-up'] as const;
export type DoseOutcome = (typeof DOSE_OUTCOMES)[number];
export const DOSE_OUTCOME_LABELS: Record<DoseOutcome, string> = { given: 'Given', 'not-given': 'Not given', refused: 'Refused', 'follow-up': 'Follow-up' };

export interface DoseInput extends FieldEntryBase {
  kind: 'dose';
  /** The medication as the child's profile names it. */
  medication: string;
  outcome: DoseOutcome;
  initials: string;
  /** Why (a dose as needed, one not given), or how the child is (a follow-up); may be empty. */
  note: string;
}

/** One thing seen or done in the field, as the phone captured it. */
export type FieldEntryInput = AttendanceInput | IncidentInput | PickupInput | DoseInput;

/** What the server adds to an entry it keeps. */
interface Kept {
  classId: string;
  by: { uid: string; email: string | null };
  receivedAt: string;
  /** Minutes the phone's clock was off when it sent this (server time − phone time), when beyond the tolerance. */
  clockOffMinutes?: number;
}

/** An entry as kept: never changed once written. */
export type FieldEntry = FieldEntryInput & Kept;
export type AttendanceEntry = AttendanceInput & Kept;

export interface FieldSyncResult {
  /** Kept now. */
  saved: string[];
  /** Kept before (sent again): nothing changed. */
  already: string[];
  /** Not kept, with the reason in words. */
  refused: { id: string; reason: string }[];
}

/** An offline copy of a class lasts at most this many days from its download. */
export const OFFLINE_COPY_DAYS = 7;

/**
 * The last school day an offline copy of a class opens: the day of the class's last meeting in the week
 * from today (the copy is for the coming meetings), or a week from today when none falls in it.
 */
export function offlineCopyUntil(meetings: readonly IsoDate[], today: IsoDate): IsoDate {
  const end = addDaysIso(today, OFFLINE_COPY_DAYS - 1);
  return meetings.filter((d) => d >= today && d <= end).at(-1) ?? end;
}

/** A client id: long enough not to collide between phones, a document id. */
const clientId = id.check(z.minLength(16, 'must be at least 16 characters'));
const instant = z.string().check(z.refine((s) => /^\d{4}-\d{2}-\d{2}T/.test(s) && !Number.isNaN(Date.parse(s)), 'must be a date and time'));

/** An incident report's words, as the instructor types them. */
export const incidentSchema = z.strictObject({ time: clock, where: required(200), what: required(2000), firstAid: required(1000), told: required(300) });

const base = { id: clientId, studentId: id, meeting: isoDay, at: instant, corrects: z.optional(clientId) };
const fieldEntrySchema = z.discriminatedUnion('kind', [
  z.strictObject({ ...base, kind: z.literal('attendance'), mark: z.enum(ATTENDANCE_MARKS) }),
  z.strictObject({
    ...base,
    kind: z.literal('incident'),
    incident: incidentSchema,
  }),
  z.strictObject({ ...base, kind: z.literal('pickup'), adult: text(200), check: z.enum(PICKUP_CHECKS) }),
  z.strictObject({ ...base, kind: z.literal('dose'), medication: required(200), outcome: z.enum(DOSE_OUTCOMES), initials: required(8), note: text(500) }),
]);

export const fieldSyncSchema = z.strictObject({
  classId: id,
  /** When the phone sent this, on its clock: how far off its clock is. */
  sentAt: instant,
  entries: z.array(fieldEntrySchema).check(z.minLength(1, 'must not be empty'), z.maxLength(FIELD_SYNC_MAX, `has more than ${FIELD_SYNC_MAX} entries`)),
});
export type FieldSync = z.output<typeof fieldSyncSchema>;

/** The entries nobody corrected (a correction always wins over the entry it names). */
export function uncorrected<E extends FieldEntryInput>(entries: readonly E[]): E[] {
  const corrected = new Set(entries.flatMap((e) => (e.corrects ? [e.corrects] : [])));
  return entries.filter((e) => !corrected.has(e.id));
}

/**
 * Attendance as it stands: for each child, class and meeting, the latest entry nobody corrected. A
 * correction always wins over the entry it names, even from a phone whose clock is behind; the phone's
 * time only orders entries that do not name each other.
 */
export function standing<E extends AttendanceInput & { classId?: string }>(entries: readonly E[]): E[] {
  const latest = new Map<string, E>();
  for (const e of uncorrected(entries).sort((a, b) => a.at.localeCompare(b.at))) latest.set(`${e.classId ?? ''}/${e.studentId}/${e.meeting}`, e);
  return [...latest.values()];
}

/** The attendance entries among these. */
export const attendanceOf = <E extends FieldEntryInput>(entries: readonly E[]) => entries.filter((e): e is Extract<E, { kind: 'attendance' }> => e.kind === 'attendance');

/** Each child's attendance at a meeting of one class as it stands. */
export function attendanceAt(entries: readonly FieldEntryInput[], meeting: IsoDate): Map<string, AttendanceInput> {
  return new Map(standing(attendanceOf(entries).filter((e) => e.meeting === meeting)).map((e) => [e.studentId, e]));
}

/** A child's attendance at one meeting, as the family and the office read it (`by`: the office only). */
export interface AttendanceLine {
  studentId: string;
  classId: string;
  classTitle: string;
  meeting: IsoDate;
  mark: AttendanceMark;
  at: string;
  by?: string;
}

/** An incident report as the office reads it on the child's sheet: the report as it stands (the latest correction). */
export interface IncidentLine {
  id: string;
  classId: string;
  classTitle: string;
  meeting: IsoDate;
  incident: Incident;
  by: string;
  /** It corrects an earlier report. */
  corrected: boolean;
}

/** A child's pickup at one meeting, as the office reads it: who collected them, when, or the attempt stopped. */
export interface PickupLine {
  id: string;
  classId: string;
  classTitle: string;
  meeting: IsoDate;
  adult: string;
  check: PickupCheckKind;
  at: string;
  by: string;
}

// Pickup codes. Each adult who may collect a child (its guardians and the people the family lists)
// gets a 6-digit code for the school year, shown to the family once. The server keeps only a check
// value (PBKDF2 of the code with a salt of its own), which an instructor's phone also downloads to
// check a code without signal: a slow hash, so that a check value read off a phone does not give
// the code away in an instant (and the phone's copy is encrypted besides).

export const PICKUP_CODE_DIGITS = 6;
export const PICKUP_CHECK_ITERATIONS = 100_000;
/** The month (1–12) a school year starts: a code is good until the next one starts. */
export const SCHOOL_YEAR_START_MONTH = 8;

/** The school year a school day falls in: "2026–27" from August 2026 to July 2027. */
export function schoolYearOf(day: IsoDate): string {
  const [year, month] = day.split('-').map(Number);
  const first = month >= SCHOOL_YEAR_START_MONTH ? year : year - 1;
  return `${first}–${String((first + 1) % 100).padStart(2, '0')}`;
}

/** An adult's pickup code as the phone checks it: the salt and the check value, never the code. */
export interface PickupCheck {
  name: string;
  salt: string;
  check: string;
}

/** A family's pickup codes for a child, without the codes: the year and who has one. */
export interface PickupCodesStatus {
  year: string;
  issuedAt: string;
  adults: string[];
}

/** A new salt, as hex. */
export const newSalt = () => randomHex();

/** The check value of a code with its salt (hex): the same on the server and on the phone. */
export async function pickupCheckValue(code: string, salt: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(code.trim()), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: new TextEncoder().encode(salt), iterations: PICKUP_CHECK_ITERATIONS }, key, 256);
  return hex(bits);
}

/** Whether a typed code is this adult's (compared in full: the phone holds the value anyway). */
export async function codeMatches(code: string, adult: PickupCheck): Promise<boolean> {
  if (!new RegExp(`^\\d{${PICKUP_CODE_DIGITS}}$`).test(code.trim())) return false;
  return (await pickupCheckValue(code, adult.salt)) === adult.check;
}

/** The adults who may collect a child, by name, each once: its guardians, then the people the family lists. */
export function adultsWhoMayCollect(student: { guardians: { name: string }[]; authorizedPickups: { name: string }[] }): string[] {
  return [...new Set([...student.guardians, ...student.authorizedPickups].map((a) => a.name.trim()).filter(Boolean))];
}

/** A child's doses, as the office reads them on the child's sheet (its medication record), newest first. */
export interface DoseLine {
  id: string;
  classId: string;
  classTitle: string;
  meeting: IsoDate;
  medication: string;
  outcome: DoseOutcome;
  initials: string;
  note: string;
  at: string;
  by: string;
  /** When the dose this entry corrects was recorded (the earlier entry stays, marked as corrected). */
  corrects?: string;
  /** When the entry that corrects this one was recorded. */
  correctedAt?: string;
}

/** A day's field records across the classes meeting that day (the office's view). */
export interface FieldDay {
  day: IsoDate;
  classes: {
    id: string;
    title: string;
    startTime: string;
    endTime: string;
    /** Its children with medications listed (what may be due), by name. */
    medicated: { id: string; name: string; health: { medications: { name: string; dose: string; schedule: string }[] } }[];
    /** Children on its roster. */
    enrolled: number;
  }[];
  /** Every entry recorded for a meeting that day, oldest first. */
  entries: FieldEntry[];
  /** Children's names by id. */
  names: Record<string, string>;
}

export const fieldDaySchema = z.strictObject({ day: isoDay });
