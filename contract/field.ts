// The day in the field: what an instructor records at a class's meeting (attendance first; checked
// pickups, doses and incidents join the same list of entries). Entries are only ever added: a mistake
// is corrected by a later entry that names the one it corrects. Types, payload schemas and limits.
import { z } from 'zod/mini';
import type { IsoDate } from './domain';
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
 * the family's code word, or on their own (the family allows it), or on the office's word by phone
 * (after repeated stops); stopped for a code or code word that did not match, a listed adult without a
 * code for this school year, or an adult not on the list (each attempt is kept).
 */
export const PICKUP_CHECKS = ['code', 'code-word', 'alone', 'office', 'wrong-code', 'wrong-code-word', 'no-code', 'not-listed'] as const;
export type PickupCheckKind = (typeof PICKUP_CHECKS)[number];
export const RELEASING_CHECKS: readonly PickupCheckKind[] = ['code', 'code-word', 'alone', 'office'];
/** Checks that failed on what the adult gave (a code or a code word): the ones that escalate when repeated. */
export const FAILED_CHECKS: readonly PickupCheckKind[] = ['wrong-code', 'wrong-code-word'];
/** This many failed checks for one child at one meeting stop the phone checking codes for them: the office is called (and alerted at sync). */
export const PICKUP_FAILURES_ESCALATE = 3;
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
    case 'office':
      return `Released to ${adult} (the office approved by phone)`;
    case 'wrong-code':
      return `Stopped: the code given for ${adult} did not match`;
    case 'wrong-code-word':
      return `Stopped: the code word given by ${adult} did not match`;
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
  /** A code checked on the phone: when the codes it checked against were made (the server flags a release on codes since replaced). */
  codesIssuedAt?: string;
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

export const FIELD_KIND_LABELS: Record<FieldEntryInput['kind'], string> = { attendance: 'Attendance', pickup: 'Pickup', dose: 'Dose', incident: 'Incident' };

/** What an entry says, in words (without its kind): the same in the office's files, emails and the phone's notices. */
export function entryText(e: FieldEntryInput): string {
  switch (e.kind) {
    case 'attendance':
      return ATTENDANCE_LABELS[e.mark];
    case 'pickup':
      return pickupText(e);
    case 'dose':
      return `${e.medication}: ${DOSE_OUTCOME_LABELS[e.outcome]} (${e.initials})${e.note ? ` — ${e.note}` : ''}`;
    case 'incident':
      return `${e.incident.what} (at ${e.incident.time}, ${e.incident.where}; first aid: ${e.incident.firstAid}; told: ${e.incident.told})`;
  }
}

/**
 * What the office must look at on an entry kept: the phone's time for it is not to be trusted (its
 * clock, a time outside the meeting's day, a time after it was sent), the child had left the roster
 * when it arrived, a release on a pickup code since replaced or an adult since removed, repeated
 * failed checks of one child.
 */
export const FIELD_FLAGS = ['clock-off', 'outside-meeting-day', 'after-sending', 'off-roster', 'old-code', 'adult-removed', 'repeated-failures'] as const;
export type FieldFlag = (typeof FIELD_FLAGS)[number];
export const FIELD_FLAG_TEXT: Record<FieldFlag, string> = {
  'clock-off': 'the phone’s clock was off',
  'outside-meeting-day': 'its time is not on the meeting’s day',
  'after-sending': 'its time is after the phone sent it',
  'off-roster': 'the child had left the roster when it arrived',
  'old-code': 'released on a pickup code the family has since replaced',
  'adult-removed': 'released to an adult the family has since taken off the list',
  'repeated-failures': `${PICKUP_FAILURES_ESCALATE} or more failed checks for this child at this meeting`,
};

/** What the server adds to an entry it keeps. */
interface Kept {
  classId: string;
  by: { uid: string; email: string | null };
  receivedAt: string;
  /** Minutes the phone's clock was off when it sent this (server time − phone time), when beyond the tolerance. */
  clockOffMinutes?: number;
  /** What the office must look at (absent: nothing). */
  flags?: FieldFlag[];
}

/** An entry's flags in words ("" when none). */
export function flagsText(e: { flags?: readonly FieldFlag[]; clockOffMinutes?: number }): string {
  return (e.flags ?? []).map((f) => (f === 'clock-off' && e.clockOffMinutes !== undefined ? `the phone’s clock was ${Math.abs(e.clockOffMinutes)} minutes off` : FIELD_FLAG_TEXT[f])).join('; ');
}

/** An entry as kept: never changed once written. */
export type FieldEntry = FieldEntryInput & Kept;
export type AttendanceEntry = AttendanceInput & Kept;

export interface FieldSyncResult {
  /** Kept now. */
  saved: string[];
  /** Kept before (sent again): nothing changed. */
  already: string[];
  /** Not on the class's record, handed to the office to review instead, with the reason in words: nothing is dropped. */
  held: { id: string; reason: string }[];
}

/** An entry the server could not keep on the class's record, kept apart for the office to review. */
export type HeldEntry = FieldEntryInput & {
  classId: string;
  by: { uid: string; email: string | null };
  receivedAt: string;
  /** Why it is not on the record, in words. */
  reason: string;
  /** The child's name when the server knows the child, and the class's title. */
  studentName?: string;
  classTitle?: string;
};

/**
 * The last school day an offline copy of a class opens: the day of its next meeting (today's, if it
 * meets today). A copy holds pickup code tags that the family may replace: it lives no longer than the
 * meeting it is for, and the phone downloads it again whenever it has a signal. Null: no meeting left.
 */
export function offlineCopyUntil(meetings: readonly IsoDate[], today: IsoDate): IsoDate | null {
  return meetings.find((d) => d >= today) ?? null;
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
  z.strictObject({ ...base, kind: z.literal('pickup'), adult: text(200), check: z.enum(PICKUP_CHECKS), codesIssuedAt: z.optional(instant) }),
  z.strictObject({ ...base, kind: z.literal('dose'), medication: required(200), outcome: z.enum(DOSE_OUTCOMES), initials: required(8), note: text(500) }),
]);

/** A class's roster for its instructor; `offline`: for the phone's offline copy (the server records until when it opens). */
export const taughtRosterSchema = z.strictObject({ classId: id, offline: z.optional(z.boolean()) });

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
 * Attendance as it stands: for each child, class and meeting, the entry at the end of the corrections.
 * A correction always wins over the entry it names, whatever the phones' clocks say; entries that do
 * not name each other are ordered by when they reached the server (one not sent yet is the latest),
 * never by the phone's clock: a phone set to 2099 cannot keep its mark over a later honest one.
 */
export function standing<E extends AttendanceInput & { classId?: string; receivedAt?: string }>(entries: readonly E[]): E[] {
  const latest = new Map<string, E>();
  const order = (e: E) => e.receivedAt ?? '\uffff';
  const arrived = uncorrected(entries)
    .map((e, i) => [e, i] as const)
    .sort(([a, i], [b, j]) => order(a).localeCompare(order(b)) || i - j);
  for (const [e] of arrived) latest.set(`${e.classId ?? ''}/${e.studentId}/${e.meeting}`, e);
  return [...latest.values()];
}

/** The attendance entries among these. */
export const attendanceOf = <E extends FieldEntryInput>(entries: readonly E[]) => entries.filter((e): e is Extract<E, { kind: 'attendance' }> => e.kind === 'attendance');

/** Each child's attendance at a meeting of one class as it stands. */
export function attendanceAt(entries: readonly FieldEntryInput[], meeting: IsoDate): Map<string, AttendanceInput> {
  return new Map(standing(attendanceOf(entries).filter((e) => e.meeting === meeting)).map((e) => [e.studentId, e]));
}

/** How an entry reached the server, on the office's lines: when, and what to look at. */
export interface Arrival {
  receivedAt: string;
  flags?: FieldFlag[];
  clockOffMinutes?: number;
}

/** A child's attendance at one meeting, as the family and the office read it (`by` and how it arrived: the office only). */
export interface AttendanceLine extends Partial<Arrival> {
  studentId: string;
  classId: string;
  classTitle: string;
  meeting: IsoDate;
  mark: AttendanceMark;
  at: string;
  by?: string;
}

/** An incident report as the office reads it on the child's sheet: the report as it stands (the latest correction). */
export interface IncidentLine extends Arrival {
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
export interface PickupLine extends Arrival {
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
// value (PBKDF2 of the code with a salt of its own). An instructor's phone, which checks codes
// without signal, downloads only a short tag of it (PICKUP_TAG_BITS): enough to stop a wrong code
// at the door almost always, too little to tell the code. Read off a phone, a tag leaves about a
// thousand codes as likely as each other: guessing among them at the door (1 in 977 a try) is barely
// better than guessing blind (1 in 1 024), and the phone stops after PICKUP_FAILURES_ESCALATE failures
// (docs/reliability.md).

export const PICKUP_CODE_DIGITS = 6;
export const PICKUP_CHECK_ITERATIONS = 100_000;
/** The bits of a check value an instructor's phone holds. */
export const PICKUP_TAG_BITS = 10;
/** The chance that a wrong code passes a phone's check: one in 2^10 = 1 024. */
export const PICKUP_FALSE_ACCEPT = 2 ** -PICKUP_TAG_BITS;
/** The codes a tag read off a phone leaves, each as likely as the others (10^6 / 2^10 ≈ 977). */
export const PICKUP_CANDIDATES_LEFT = 10 ** PICKUP_CODE_DIGITS / 2 ** PICKUP_TAG_BITS;
/** The month (1–12) a school year starts: a code is good until the next one starts. */
export const SCHOOL_YEAR_START_MONTH = 8;

/** The school year a school day falls in: "2026–27" from August 2026 to July 2027. */
export function schoolYearOf(day: IsoDate): string {
  const [year, month] = day.split('-').map(Number);
  const first = month >= SCHOOL_YEAR_START_MONTH ? year : year - 1;
  return `${first}–${String((first + 1) % 100).padStart(2, '0')}`;
}

/** An adult's pickup code as the server keeps it: the salt and the check value, never the code. */
export interface PickupCheck {
  name: string;
  salt: string;
  check: string;
}

/** An adult's pickup code as an instructor's phone checks it: the salt and the check value's tag. */
export interface PickupTag {
  name: string;
  salt: string;
  tag: number;
}

/** The family's code word as an instructor's phone checks it (the word itself stays with the office). */
export interface CodeWordTag {
  salt: string;
  tag: number;
}

/** A family's pickup codes for a child, without the codes: the year and who has one. */
export interface PickupCodesStatus {
  year: string;
  issuedAt: string;
  adults: string[];
  /**
   * The last day a phone that took the child's class offline before these codes were made may still
   * accept an older code without signal (absent: no such phone).
   */
  oldCodesUntil?: IsoDate;
}

/** A new salt, as hex. */
export const newSalt = () => randomHex();

/** The check value of a code with its salt (hex): the same on the server and on the phone. */
export async function pickupCheckValue(code: string, salt: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(code.trim()), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: new TextEncoder().encode(salt), iterations: PICKUP_CHECK_ITERATIONS }, key, 256);
  return hex(bits);
}

/** The tag of a check value (hex): its first PICKUP_TAG_BITS bits. */
export const tagOf = (check: string) => parseInt(check.slice(0, 4), 16) >> (16 - PICKUP_TAG_BITS);

/** An adult's code as the phone gets it: the tag, never the whole check value. */
export const phoneTag = (adult: PickupCheck): PickupTag => ({ name: adult.name, salt: adult.salt, tag: tagOf(adult.check) });

/** Whether a typed code passes this adult's tag (a wrong one passes one time in 1 024). */
export async function codeMatches(code: string, adult: PickupTag): Promise<boolean> {
  if (!new RegExp(`^\\d{${PICKUP_CODE_DIGITS}}$`).test(code.trim())) return false;
  return tagOf(await pickupCheckValue(code, adult.salt)) === adult.tag;
}

/** A code word as compared: case, accents, spaces and punctuation do not count ("Blue Heron!" = "blue heron"). */
export const normalCodeWord = (word: string) =>
  word
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** The code word's tag with a salt of its own (the server makes it for the phone). */
export async function codeWordTag(word: string, salt = newSalt()): Promise<CodeWordTag> {
  return { salt, tag: tagOf(await pickupCheckValue(normalCodeWord(word), salt)) };
}

/** Whether what the adult said passes the code word's tag. */
export async function codeWordMatches(said: string, word: CodeWordTag): Promise<boolean> {
  const normal = normalCodeWord(said);
  return !!normal && tagOf(await pickupCheckValue(normal, word.salt)) === word.tag;
}

/** The failed checks of one child at one meeting (a release since does not undo them: they are counted to escalate). */
export const failedChecks = (entries: readonly FieldEntryInput[], studentId: string, meeting: string) =>
  uncorrected(entries).filter((e): e is PickupInput => e.kind === 'pickup' && e.studentId === studentId && e.meeting === meeting && FAILED_CHECKS.includes(e.check));

/** The adults who may collect a child, by name, each once: its guardians, then the people the family lists. */
export function adultsWhoMayCollect(student: { guardians: { name: string }[]; authorizedPickups: { name: string }[] }): string[] {
  return [...new Set([...student.guardians, ...student.authorizedPickups].map((a) => a.name.trim()).filter(Boolean))];
}

/** A child's doses, as the office reads them on the child's sheet (its medication record), newest first. */
export interface DoseLine extends Arrival {
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
  /** Entries for that day handed to the office instead of the record (a child off the roster, an instructor taken off the class…), oldest first. */
  held: HeldEntry[];
  /** Children's names by id. */
  names: Record<string, string>;
}

export const fieldDaySchema = z.strictObject({ day: isoDay });
