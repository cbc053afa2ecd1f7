// Payload schemas of the family callables (zod/mini): students and enrollment. Imported by
// contract/callables.ts only; the app uses the inferred types.
import { z } from 'zod/mini';
import { DONATION_RANGE } from './rules';
import { STAFF_ROLES } from './roles';
import { ageOn } from './format';
import { ANNOUNCEMENT_SEVERITIES, CHECKOUT_METHODS, DISCOUNT_TYPES, ENROLLMENT_STATUSES, ENROLLMENT_SORTS, GRADE_MAX, GRADE_MIN, PAYMENT_METHODS, PHOTO_PERMISSIONS, RECEIVED_METHODS, STUDENT_SORTS, TSHIRT_SIZES } from './domain';
import { AUDIT_KINDS } from './audit';
import { TRANSFER_RULES } from './changes';
import { MAX_INSTALMENTS } from './instalments';

/**
 * Control characters (other than tab and line breaks) and text-direction overrides would reach CSVs,
 * printouts and emails looking like something else: refused in every text a caller sends.
 */
// eslint-disable-next-line no-control-regex
export const UNSAFE_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const plain = z.refine<string>((s) => !UNSAFE_CHARACTERS.test(s), 'must not contain control or text-direction characters');
export const text = (max: number) => z.string().check(z.trim(), z.maxLength(max, `must be at most ${max} characters`), plain);
export const required = (max: number) =>
  z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(max, `must be at most ${max} characters`), plain);
/** A document id: letters, digits, - and _ only (never a path: `a/roster/b` would reach another document). */
export const id = z.string().check(
  z.minLength(1, 'must not be empty'),
  z.maxLength(128, 'is too long'),
  z.regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - or _'),
  // Firestore keeps ids like __name__ for itself (it refuses them with an internal error).
  z.refine((s) => !/^__.*__$/.test(s), 'must not start and end with __'),
);
/** Longest text of each student profile field, by the field's name: the schema and the inputs' maxLength. */
export const PROFILE_MAX = {
  firstName: 60,
  lastName: 60,
  pronouns: 40,
  school: 120,
  notes: 2000,
  name: 100,
  relationship: 60,
  phone: 25,
  email: 254,
  pickupCodeWord: 40,
  allergen: 100,
  reaction: 300,
  dose: 100,
  schedule: 200,
  medicalNotes: 2000,
  doctorName: 100,
  doctorPhone: 25,
  insuranceCompany: 100,
  insuranceId: 60,
} as const;
const M = PROFILE_MAX;
/** The oldest a student may be (years): a young adult in a leadership class, never a parent's birth date. */
export const OLDEST_STUDENT = 25;

/**
 * A grade and an age fit together: a child in grade g (K = 0) is usually g + 5 or g + 6; a few years
 * either way are fine (a year held back or skipped, a late birthday). Kindergarten also takes the
 * youngest (a preschooler in a family class).
 */
const datedAndGraded = (p: { birthDate: string; grade: number }) =>
  /^\d{4}-\d{2}-\d{2}$/.test(p.birthDate) &&
  !Number.isNaN(Date.parse(p.birthDate)) &&
  p.birthDate <= new Date().toISOString().slice(0, 10) &&
  ageOn(p.birthDate, new Date().toISOString().slice(0, 10)) <= OLDEST_STUDENT &&
  Number.isInteger(p.grade) &&
  p.grade >= GRADE_MIN &&
  p.grade <= GRADE_MAX;

export function gradeFitsAge(grade: number, birthDate: string, today: string): boolean {
  const age = ageOn(birthDate, today);
  return age <= grade + 10 && (grade === 0 || age >= grade + 3);
}
/** The version of the document the edit started from; a newer stored one means someone else saved. */
const version = z.optional(z.int().check(z.minimum(0, 'must not be negative')));

const phone = z.string().check(z.trim(), z.minLength(1, 'is required'), z.regex(/^[0-9+()\-.\s]{7,25}$/, 'must be a phone number, like (555) 123-4567'));
/** A birth date: a real day, not in the future (UTC's today is never behind the school's), a child's. */
const birthDate = z.string().check(
  z.minLength(1, 'is required'),
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date'),
  z.refine((d) => !Number.isNaN(Date.parse(d)) && d >= '1900-01-01', 'must be a date'),
  z.refine((d) => d <= new Date().toISOString().slice(0, 10), 'cannot be in the future'),
  z.refine((d) => ageOn(d, new Date().toISOString().slice(0, 10)) <= OLDEST_STUDENT, `must be a child's: ${OLDEST_STUDENT} years ago at the most`),
);
export const email = z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(254, 'is too long'), z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an email address'), plain);
/** A yes / no the family must answer: nothing is chosen for them. */
const answered = <T>(schema: z.ZodMiniType<T>) => z.nullable(schema).check(z.refine((v) => v !== null, 'needs an answer'));
const answer = answered(z.boolean());
export const cents = z.int().check(z.minimum(0, 'must not be negative'), z.maximum(100_000_00, 'is too large'));
/** A deposit: none (null), or more than $0. */
const deposit = z.optional(z.nullable(z.int().check(z.minimum(1, 'must be more than $0'), z.maximum(100_000_00, 'is too large'))));

const contact = z.strictObject({ name: required(M.name), relationship: required(M.relationship), phone });
const guardian = z.strictObject({
  name: required(M.name),
  relationship: required(M.relationship),
  phone,
  email,
  livesWithStudent: z.boolean(),
});

export const studentProfileSchema = z.strictObject({
  firstName: required(M.firstName),
  lastName: required(M.lastName),
  birthDate,
  grade: z.int().check(z.minimum(GRADE_MIN, 'must be K to 12'), z.maximum(GRADE_MAX, 'must be K to 12')),
  pronouns: text(M.pronouns),
  school: text(M.school),
  tshirtSize: z.enum(TSHIRT_SIZES),
  notes: text(M.notes),
  guardians: z.array(guardian).check(z.minLength(1, 'needs at least one guardian'), z.maxLength(4, 'has too many entries')),
  emergencyContacts: z.array(contact).check(z.minLength(2, 'needs at least two emergency contacts'), z.maxLength(6, 'has too many entries')),
  authorizedPickups: z.array(contact).check(z.maxLength(8, 'has too many entries')),
  pickupCodeWord: text(M.pickupCodeWord),
  mayLeaveAlone: z.optional(z.boolean()),
  permissions: z.strictObject({ photo: answered(z.enum(PHOTO_PERMISSIONS)), sunscreen: answer, bugSpray: answer }),
  health: z
    .strictObject({
      allergies: z
        .array(z.strictObject({ allergen: required(M.allergen), reaction: text(M.reaction), lifeThreatening: z.boolean() }))
        .check(z.maxLength(20, 'has too many entries')),
      medications: z
        .array(z.strictObject({ name: required(M.name), dose: text(M.dose), schedule: text(M.schedule) }))
        .check(z.maxLength(20, 'has too many entries')),
      /** Null until answered; an answer is required once medications are listed. */
      medicationAuthorized: z.nullable(z.boolean()),
      medicalNotes: text(M.medicalNotes),
      doctorName: text(M.doctorName),
      doctorPhone: z.union([z.literal(''), phone]),
      insuranceCompany: text(M.insuranceCompany),
      insuranceId: text(M.insuranceId),
      noInsurance: z.boolean(),
    })
    .check(
      z.refine((h) => !h.medications.length || h.medicationAuthorized !== null, {
        message: 'needs an answer: may staff give the medications listed?',
        path: ['medicationAuthorized'],
      }),
    ),
}).check(
  // Only once each is right on its own (a date in the future, a grade out of range, say so themselves).
  z.refine((p) => !datedAndGraded(p) || gradeFitsAge(p.grade, p.birthDate, new Date().toISOString().slice(0, 10)), {
    message: 'does not fit the birth date: please check both',
    path: ['grade'],
  }),
);

export const basketSchema = z.strictObject({
  lines: z
    .array(z.strictObject({ classId: id, price: z.optional(cents), addOnIds: z.array(id).check(z.maxLength(10, 'has too many add-ons')) }))
    .check(z.maxLength(30, 'has too many classes')),
  codes: z.array(z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(40, 'is too long'), plain)).check(z.maxLength(10, 'has too many codes')),
  /** The student the basket is for (signed in): the sibling discount depends on it. */
  studentId: z.optional(id),
});

export const idempotencyKey = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8-64 letters, digits, - or _'));
const payment = {
  /** Card: seats held while the family pays on Stripe's page. Office (the default): a balance due. */
  payWith: z.optional(z.enum(CHECKOUT_METHODS)),
  /** By card, pay the deposit now and the rest by the balance due date (where the semester offers it). */
  payDeposit: z.optional(z.boolean()),
  /** By card, pay in the semester's monthly payments: the first now, the rest charged to the card saved on Stripe's page. */
  payInstalments: z.optional(z.boolean()),
  /** The account credit the family was shown as paying part of this (refused if it is not what is used). */
  expectedCredit: z.optional(cents),
};

/** The releases a guardian signs by typing their name (a checkout, a waitlist request, a round's entry). */
export const signatures = z.array(z.strictObject({ releaseId: id, version: id, typedName: required(100) })).check(z.maxLength(5, 'has too many entries'));

/** A complete request for a student: what an enrollment and a waitlist entry both carry. */
export const joinWaitlistSchema = z.strictObject({
  ...basketSchema.shape,
  studentId: id,
  /** The total the family saw; more than one cent off means prices changed. */
  expectedTotal: cents,
  /** The family confirmed the student's info is still accurate (needed after 12 months). */
  infoConfirmed: z.boolean(),
  releases: signatures,
  idempotencyKey,
  /** Also email the receipt to the student's guardians (only from a verified account email). */
  copyGuardians: z.optional(z.boolean()),
});

export const enrollSchema = z.strictObject({ ...joinWaitlistSchema.shape, ...payment });

const lines = basketSchema.shape.lines;
const codes = basketSchema.shape.codes;
/** Children of one checkout: each once, at most 6, at most 30 classes in all. */
const familyOf = <S extends z.ZodMiniType<{ studentId: string; lines: unknown[] }>>(child: S) =>
  z
    .array(child)
    .check(
      z.minLength(1, 'must name a child'),
      z.maxLength(6, 'has too many children'),
      z.refine((children) => new Set(children.map((c) => c.studentId)).size === children.length, 'lists a child twice'),
      z.refine((children) => children.reduce((n, c) => n + c.lines.length, 0) <= 30, 'has too many classes'),
    );

/** One checkout for several children: each child's classes, info confirmation and signatures; one total, one payment. */
export const checkoutSchema = z.strictObject({
  children: familyOf(z.strictObject({ studentId: id, lines, infoConfirmed: z.boolean(), releases: signatures })),
  codes,
  expectedTotal: cents,
  idempotencyKey,
  copyGuardians: z.optional(z.boolean()),
  ...payment,
});

/** The price of such a checkout (the review step). */
export const cartSchema = z.strictObject({ children: familyOf(z.strictObject({ studentId: id, lines })), codes });

/**
 * Claiming a waitlist offer: the request is the one the family made when it joined; `releases` when a
 * release changed since and the family signs it again.
 */
export const claimOfferSchema = z.strictObject({ entryId: id, expectedTotal: cents, idempotencyKey, ...payment, releases: z.optional(signatures), infoConfirmed: z.optional(z.boolean()) });
export const entryIdSchema = z.strictObject({ entryId: id });
export const classIdSchema = z.strictObject({ classId: id });
export const studentIdSchema = z.strictObject({ studentId: id });
/** The office moves an entry before another (or to the end: null), saying why. */
export const waitlistMoveSchema = z.strictObject({ entryId: id, beforeEntryId: z.nullable(id), reason: required(300) });
export const waitlistRemoveSchema = z.strictObject({ entryId: id, reason: required(300) });

/** The reminders' unsubscribe link: its token, and whether the family wants them off (or back on). */
export const remindersSchema = z.strictObject({ token: z.string().check(z.regex(/^[A-Za-z0-9_-]{32}$/, 'is not a valid link')), off: z.boolean() });

export const enrollmentIdSchema = z.strictObject({ enrollmentId: id });

/**
 * Add-ons taken later for a class of an enrollment. Without `expectedCharge`: what they
 * would add, nothing changed; with it (what the family saw they add): taken.
 */
export const addOnsSchema = z.strictObject({
  enrollmentId: id,
  classId: id,
  addOnIds: z.array(id).check(z.minLength(1, 'must name an add-on'), z.maxLength(10, 'has too many add-ons')),
  expectedCharge: z.optional(cents),
});

/** A gift by card: $1 to $9,999 (DONATION_RANGE), a note, where the receipt goes. */
export const donateSchema = z.strictObject({
  amount: z.int().check(z.minimum(DONATION_RANGE.min, 'must be at least $1'), z.maximum(DONATION_RANGE.max, 'must be at most $9,999')),
  note: text(200),
  email,
  idempotencyKey,
  /** A financial aid fund the gift goes to (absent: the school's general funds). */
  fundId: z.optional(id),
});

/**
 * The office enrolls a family's child over the phone: `send: false` prices it for the family (the
 * preview); `send: true` enrolls it at `expectedTotal`, the releases agreed by `guardianName` (one of
 * the child's guardians) on the phone, paid at the office, or by card from a link emailed to the family.
 */
export const phoneEnrollSchema = z.strictObject({
  studentId: id,
  lines: basketSchema.shape.lines,
  codes: basketSchema.shape.codes,
  /** Required to enroll (`send: true`): the guardian who agreed on the phone. */
  guardianName: z.optional(required(100)),
  send: z.boolean(),
  expectedTotal: z.optional(cents),
  idempotencyKey,
  emailCardLink: z.optional(z.boolean()),
});

/** The office corrects a family's child's record, saying why (the audit trail and the family's email keep it). */
export const correctStudentSchema = z.strictObject({ id, version, profile: studentProfileSchema, reason: required(300) });

export const saveStudentSchema = z.strictObject({
  /** Absent for a new student. */
  id: z.optional(id),
  version,
  profile: studentProfileSchema,
  /** The family confirmed the info is accurate now. */
  reviewed: z.boolean(),
});

/** Who holds the family's account: the parent the office calls, and who signs for the family. */
export const accountHolderSchema = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(M.name, `must be at most ${M.name} characters`), plain),
  phone,
});

/** The family's in-progress enrollment: their own scratch state, never trusted by the enroll check. */
export const draftSchema = z.strictObject({
  json: z.string().check(z.maxLength(100_000, 'is too large'), plain),
  /** Which enrollment the draft belongs to: a save of one a checkout has ended is not kept. */
  flow: z.string().check(z.regex(/^[A-Za-z0-9-]{8,64}$/, 'must be a flow id')),
});

// ---- Admin (school office) payloads ----
export const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)'));
export const clock = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time (HH:MM)'));

/** Days without class (holidays, cancellations): each day once, with a reason families read. */
const noMeetingDates = z.optional(
  z
    .array(z.strictObject({ date: isoDay, reason: required(80) }))
    .check(
      z.maxLength(100, 'has too many days'),
      z.refine((days) => new Set(days.map((d) => d.date)).size === days.length, 'lists a day twice'),
    ),
);

/** A semester's cancellation policy (contract/changes.ts): notice bands, each once. */
const cancellationPolicy = z.strictObject({
  bands: z
    .array(
      z.strictObject({
        daysBefore: z.int().check(z.minimum(0, 'must not be negative'), z.maximum(365, 'must be at most 365 days')),
        percent: z.int().check(z.minimum(0, 'must not be negative'), z.maximum(100, 'must be at most 100')),
        fee: cents,
        asCredit: z.optional(z.boolean()),
      }),
    )
    .check(
      z.maxLength(6, 'has too many bands'),
      z.refine((bands) => new Set(bands.map((b) => b.daysBefore)).size === bands.length, 'names the same notice twice'),
    ),
  selfService: z.boolean(),
  transfers: z.optional(z.enum(TRANSFER_RULES)),
});

export const semesterInputSchema = z
  .strictObject({
    id: z.optional(id),
    version,
    name: required(80),
    startDate: isoDay,
    endDate: isoDay,
    registrationOpens: isoDay,
    registrationCloses: isoDay,
    status: z.enum(['draft', 'open', 'closed', 'archived']),
    infoMarkdown: text(5000),
    confirmationMarkdown: text(5000),
    depositPerClass: deposit,
    balanceDueDate: z.optional(z.nullable(isoDay)),
    /** Hours to claim a waitlist offer (shorter close to a class's start). */
    /** Monthly payments a family paying by card may choose (none: null). */
    instalments: z.optional(z.nullable(z.int().check(z.minimum(2, 'must be at least 2 payments'), z.maximum(MAX_INSTALMENTS, `must be at most ${MAX_INSTALMENTS} payments`)))),
    waitlistClaimHours: z.optional(z.nullable(z.int().check(z.minimum(4, 'must be at least 4 hours'), z.maximum(168, 'must be at most 168 hours (a week)')))),
    noMeetingDates,
    cancellationPolicy: z.optional(z.nullable(cancellationPolicy)),
  })
  .check(
    z.refine((s) => s.startDate <= s.endDate, { message: 'must not be before the start date', path: ['endDate'] }),
    z.refine((s) => !s.depositPerClass || !!s.balanceDueDate, { message: 'is needed with a deposit', path: ['balanceDueDate'] }),
    z.refine((s) => !s.balanceDueDate || s.balanceDueDate <= s.endDate, { message: 'must not be after the last day of classes', path: ['balanceDueDate'] }),
    z.refine((s) => s.registrationOpens <= s.registrationCloses, { message: 'must not be before registration opens', path: ['registrationCloses'] }),
    // A holiday outside the semester would never be seen by a class: almost always a mistyped year.
    z.refine((s) => (s.noMeetingDates ?? []).every((d) => s.startDate <= d.date && d.date <= s.endDate), {
      message: 'must be within the semester, from its first to its last day of classes',
      path: ['noMeetingDates'],
    }),
  );

/** A class as the office edits it: a draft may have blanks; publishing needs every field (checked on the server). */
export const classInputSchema = z.strictObject({
  id: z.optional(id),
  version,
  semesterId: id,
  title: text(120),
  description: text(5000),
  classType: text(60),
  instructors: z.array(required(80)).check(z.maxLength(10, 'has too many entries')),
  location: text(120),
  startDate: z.union([z.literal(''), isoDay]),
  endDate: z.union([z.literal(''), isoDay]),
  weekdays: z.array(z.int().check(z.minimum(0, 'must be a weekday 0-6'), z.maximum(6, 'must be a weekday 0-6'))).check(z.maxLength(7, 'has too many days')),
  startTime: z.union([z.literal(''), clock]),
  endTime: z.union([z.literal(''), clock]),
  gradeMin: z.int().check(z.minimum(0, 'must be K to 12'), z.maximum(12, 'must be K to 12')),
  gradeMax: z.int().check(z.minimum(0, 'must be K to 12'), z.maximum(12, 'must be K to 12')),
  capacity: z.int().check(z.minimum(0, 'must not be negative'), z.maximum(1000, 'is too large')),
  price: cents,
  slidingScale: z.nullable(z.strictObject({ min: cents, max: cents })),
  addOns: z.array(z.strictObject({ id, description: required(120), price: cents })).check(z.maxLength(10, 'has too many add-ons')),
  registrationDeadline: z.union([z.literal(''), isoDay]),
  status: z.enum(['draft', 'live', 'paused', 'info-only']),
  imageUrl: z.nullable(z.string().check(z.maxLength(500, 'is too long'), z.regex(/^https:\/\//, 'must start with https://'), plain)),
  deposit,
  instructorUids: z.optional(z.array(id).check(z.maxLength(10, 'has too many entries'))),
  noMeetingDates,
  bring: z.optional(text(500)),
  /** The class's own cancellation policy (null: its semester's). */
  cancellationPolicy: z.optional(z.nullable(cancellationPolicy)),
  /** Seats kept for families receiving financial aid until a release date (none: absent or 0). */
  aidSeats: z.optional(z.int().check(z.minimum(0, 'must not be negative'), z.maximum(1000, 'is too large'))),
  aidSeatsUntil: z.optional(z.nullable(isoDay)),
});

export const copyClassSchema = z.strictObject({ classId: id, toSemesterId: id });
export const copySemesterSchema = z.strictObject({ fromSemesterId: id, toSemesterId: id });
export const byIdSchema = z.strictObject({ id });

/** The audit trail's filters: a person (email), a child (name), a kind, dates (inclusive). */
export const auditSearchSchema = z.strictObject({
  person: z.optional(text(254)),
  child: z.optional(text(120)),
  kind: z.optional(z.enum(AUDIT_KINDS)),
  from: z.optional(isoDay),
  to: z.optional(isoDay),
});

/** A staff member's roles, set by an admin by email: a new address gets an account and an invitation; no roles removes them from the staff. */
export const staffSchema = z.strictObject({
  email,
  roles: z.array(z.enum(STAFF_ROLES)).check(z.maxLength(STAFF_ROLES.length, 'has too many roles')),
});

export const groupInputSchema = z.strictObject({
  id: z.optional(id),
  version,
  semesterId: id,
  name: required(120),
  price: cents,
  classIds: z.array(id).check(z.minLength(2, 'needs at least two classes'), z.maxLength(20, 'has too many classes')),
});

export const discountInputSchema = z.strictObject({
  id: z.optional(id),
  version,
  code: z.string().check(z.trim(), z.regex(/^[A-Za-z0-9_-]{3,40}$/, 'must be 3-40 letters, digits, - or _')),
  description: required(120),
  type: z.enum(DISCOUNT_TYPES),
  amount: cents,
  percent: z.number().check(z.minimum(0, 'must be 0 to 100'), z.maximum(100, 'must be 0 to 100')),
  classIds: z.array(id).check(z.maxLength(200, 'has too many classes')),
  groupIds: z.array(id).check(z.maxLength(50, 'has too many groups')),
  classTypes: z.array(required(60)).check(z.maxLength(20, 'has too many types')),
  minimumCount: z.int().check(z.minimum(0, 'must not be negative'), z.maximum(50, 'is too large')),
  expiresOn: z.nullable(isoDay),
  active: z.boolean(),
  combinable: z.boolean(),
  semesterIds: z.optional(z.array(id).check(z.maxLength(20, 'has too many semesters'))),
  maxUses: z.optional(z.nullable(z.int().check(z.minimum(1, 'must be at least 1'), z.maximum(100_000, 'is too large')))),
  maxUsesPerFamily: z.optional(z.nullable(z.int().check(z.minimum(1, 'must be at least 1'), z.maximum(100, 'is too large')))),
  siblingFrom: z.optional(z.union([z.literal(2), z.literal(3)])),
  siblingPerClass: z.optional(z.boolean()),
});

export const semesterIdSchema = z.strictObject({ semesterId: id });

// ---- School office: sheets, students, t-shirts, enrollments ----
/** An office table's search, sort and page: the sorts it offers, and its largest page. */
const tableQuery = <S extends string>(sorts: readonly [S, ...S[]], maxPageSize: number) => ({
  search: z.optional(text(100)),
  sort: z.optional(z.enum(sorts)),
  order: z.optional(z.enum(['asc', 'desc'])),
  page: z.optional(z.int().check(z.minimum(0, 'must not be negative'), z.maximum(100_000, 'is too large'))),
  pageSize: z.optional(z.int().check(z.minimum(1, 'must be at least 1'), z.maximum(maxPageSize, `must be at most ${maxPageSize}`))),
});

/** An announcement as the office edits it. */
export const announcementSchema = z
  .strictObject({
    id: z.optional(id),
    markdown: required(2000),
    severity: z.enum(ANNOUNCEMENT_SEVERITIES),
    startsOn: z.nullable(isoDay),
    endsOn: z.nullable(isoDay),
  })
  .check(z.refine((a) => !a.startsOn || !a.endsOn || a.startsOn <= a.endsOn, { message: 'must not be before the first day', path: ['endsOn'] }));

/** The office emails the families of some classes: `send` false answers a preview and the count. */
/** One line (an email's subject): no line breaks, which would start a header of their own. */
const oneLine = z.refine<string>((s) => !/[\r\n]/.test(s), 'must be on one line');

export const classMessageSchema = z.strictObject({
  classIds: z.array(id).check(z.minLength(1, 'needs at least one class'), z.maxLength(50, 'has too many classes')),
  subject: required(120).check(oneLine),
  body: required(5000),
  send: z.boolean(),
  /** To the guardians' addresses on the children's profiles too (not only the accounts'). */
  toGuardians: z.optional(z.boolean()),
  /** Names a send: the same key sent again mails nobody twice. */
  idempotencyKey: z.optional(idempotencyKey),
});

export const rostersSchema = z.strictObject({
  classIds: z.array(id).check(z.minLength(1, 'needs at least one class'), z.maxLength(100, 'has too many classes')),
});

export const studentSearchSchema = z.strictObject(tableQuery(STUDENT_SORTS, 100));

export const enrollmentSearchSchema = z.strictObject({
  semesterId: id,
  classId: z.optional(id),
  status: z.optional(z.enum(ENROLLMENT_STATUSES)),
  balanceDue: z.optional(z.boolean()),
  /** Only those paying in monthly payments, or only those whose card declined one. */
  monthly: z.optional(z.enum(['plan', 'declined'])),
  /** Up to 1 000 rows a page so a CSV export needs few calls. */
  ...tableQuery(ENROLLMENT_SORTS, 1000),
});

/** Several balances marked received at once, each in full, by one way (the office's bulk action). */
export const balancesReceivedSchema = z.strictObject({
  enrollmentIds: z.array(id).check(z.minLength(1, 'must name at least one enrollment'), z.maxLength(50, 'has too many enrollments (50 at most)')),
  method: z.enum(RECEIVED_METHODS),
  note: text(500),
  idempotencyKey,
});

export const paymentSchema = z.strictObject({
  enrollmentId: id,
  amount: z.int().check(z.minimum(1, 'must be at least 1 cent'), z.maximum(100_000_00, 'is too large')),
  method: z.enum(RECEIVED_METHODS),
  note: text(500),
  /** The office confirmed a second payment of the same amount and method within a minute. */
  confirmDuplicate: z.optional(z.boolean()),
});

export const voidPaymentSchema = z.strictObject({
  enrollmentId: id,
  paymentId: id,
  reason: required(500),
});

export const cancelQuoteSchema = z.strictObject({
  enrollmentId: id,
  classIds: z.array(id).check(z.minLength(1, 'choose at least one class'), z.maxLength(50, 'has too many classes')),
});

/** The school cancels a class for everyone: what the families paid for it goes back to their cards first, the rest by `otherWay`. */
export const cancelClassSchema = z.strictObject({ classId: id, otherWay: z.enum(['credit', 'other']), note: required(500) });

export const cancelSchema = z.strictObject({
  enrollmentId: id,
  classIds: z.array(id).check(z.minLength(1, 'choose at least one class'), z.maxLength(50, 'has too many classes')),
  refund: cents,
  /** How the refund (or the part of it not going back to a card) is given back; needed when there is one. */
  refundMethod: z.optional(z.enum(PAYMENT_METHODS)),
  /** Of the refund, what goes back to the cards the family paid with (all of it when refundMethod is card). */
  cardRefund: z.optional(cents),
  note: text(500),
});
