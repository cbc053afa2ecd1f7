// Payload schemas of the family callables (zod/mini): students and enrollment. Imported by
// contract/callables.ts only; the app uses the inferred types.
import { z } from 'zod/mini';
import { GRADE_MAX, GRADE_MIN, PHOTO_PERMISSIONS, TSHIRT_SIZES } from './domain';

export const text = (max: number) => z.string().check(z.trim(), z.maxLength(max, `must be at most ${max} characters`));
export const required = (max: number) =>
  z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(max, `must be at most ${max} characters`));
export const id = z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(128, 'is too long'));
const phone = z.string().check(z.trim(), z.regex(/^[0-9+()\-.\s]{7,25}$/, 'must be a phone number'));
const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)'));
const email = z.string().check(z.trim(), z.maxLength(254, 'is too long'), z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an email address'));
const cents = z.int().check(z.minimum(0, 'must not be negative'), z.maximum(100_000_00, 'is too large'));

const contact = z.strictObject({ name: required(100), relationship: required(60), phone });
const guardian = z.strictObject({
  name: required(100),
  relationship: required(60),
  phone,
  email,
  livesWithStudent: z.boolean(),
});

export const studentProfileSchema = z.strictObject({
  firstName: required(60),
  lastName: required(60),
  birthDate: isoDate,
  grade: z.int().check(z.minimum(GRADE_MIN, 'must be K to 12'), z.maximum(GRADE_MAX, 'must be K to 12')),
  pronouns: text(40),
  school: text(120),
  tshirtSize: z.enum(TSHIRT_SIZES),
  notes: text(2000),
  guardians: z.array(guardian).check(z.minLength(1, 'needs at least one guardian'), z.maxLength(4, 'has too many entries')),
  emergencyContacts: z.array(contact).check(z.minLength(2, 'needs at least two emergency contacts'), z.maxLength(6, 'has too many entries')),
  authorizedPickups: z.array(contact).check(z.maxLength(8, 'has too many entries')),
  pickupCodeWord: text(40),
  permissions: z.strictObject({ photo: z.enum(PHOTO_PERMISSIONS), sunscreen: z.boolean(), bugSpray: z.boolean() }),
  health: z.strictObject({
    allergies: z
      .array(z.strictObject({ allergen: required(100), reaction: text(300), lifeThreatening: z.boolean() }))
      .check(z.maxLength(20, 'has too many entries')),
    medications: z
      .array(z.strictObject({ name: required(100), dose: text(100), schedule: text(200) }))
      .check(z.maxLength(20, 'has too many entries')),
    medicationAuthorized: z.boolean(),
    medicalNotes: text(2000),
    doctorName: text(100),
    doctorPhone: z.union([z.literal(''), phone]),
    insuranceCompany: text(100),
    insuranceId: text(60),
    noInsurance: z.boolean(),
  }),
});

export const basketSchema = z.strictObject({
  lines: z
    .array(z.strictObject({ classId: id, price: z.optional(cents), addOnIds: z.array(id).check(z.maxLength(10, 'has too many add-ons')) }))
    .check(z.maxLength(30, 'has too many classes')),
  codes: z.array(z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(40, 'is too long'))).check(z.maxLength(10, 'has too many codes')),
});

export const enrollSchema = z.strictObject({
  ...basketSchema.shape,
  studentId: id,
  /** The total the family saw; more than one cent off means prices changed. */
  expectedTotal: cents,
  /** The family confirmed the student's info is still accurate (needed after 12 months). */
  infoConfirmed: z.boolean(),
  releases: z.array(z.strictObject({ releaseId: id, version: id, typedName: required(100) })).check(z.maxLength(5, 'has too many entries')),
  idempotencyKey: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8-64 letters, digits, - or _')),
});

export const saveStudentSchema = z.strictObject({
  /** Absent for a new student. */
  id: z.optional(id),
  profile: studentProfileSchema,
  /** The family confirmed the info is accurate now. */
  reviewed: z.boolean(),
});

/** The family's in-progress enrollment: their own scratch state, never trusted by the enroll check. */
export const draftSchema = z.strictObject({
  json: z.string().check(z.maxLength(100_000, 'is too large')),
});
