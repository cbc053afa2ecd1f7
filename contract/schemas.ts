// The payload schemas (zod/mini) several areas share: safe text, ids, money, dates, a child's profile,
// the basket and the checkout. Each area's own payloads sit beside its callables in contract/api/<area>.ts.
import { z } from 'zod/mini';
import { ageOn } from './format';
import { CHECKOUT_METHODS, GRADE_MAX, GRADE_MIN, PHOTO_PERMISSIONS, TSHIRT_SIZES } from './domain';

/**
 * Control characters (other than tab and line breaks) and text-direction overrides would reach CSVs,
 * printouts and emails looking like something else: refused in every text a caller sends.
 */
// eslint-disable-next-line no-control-regex
export const UNSAFE_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
export const plain = z.refine<string>((s) => !UNSAFE_CHARACTERS.test(s), 'must not contain control or text-direction characters');
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
export const version = z.optional(z.int().check(z.minimum(0, 'must not be negative')));

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
export const deposit = z.optional(z.nullable(z.int().check(z.minimum(1, 'must be more than $0'), z.maximum(100_000_00, 'is too large'))));

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
export const payment = {
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

export const classIdSchema = z.strictObject({ classId: id });
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

/** Who holds the family's account: the parent the office calls, and who signs for the family. */
export const accountHolderSchema = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(M.name, `must be at most ${M.name} characters`), plain),
  phone,
});

// ---- Admin (school office) payloads ----
export const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)'));
export const clock = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time (HH:MM)'));

export const byIdSchema = z.strictObject({ id });

export const semesterIdSchema = z.strictObject({ semesterId: id });
