// Families: their children, prices, checkouts, payments and what they are enrolled in.
// Each call: who may call it, its payload, its answer, and what it shows and changes (the app
// fetches again what a call made stale: src/lib/stale.ts, written from these).
import { type AttendanceLine, type PickupCodesStatus } from '../field';
import type { CartQuote, Cents, FamilyEnrollment, PaymentOptions, PriceQuote, DepositPlan, Release, Student } from '../domain';
import { basketSchema, enrollSchema, addOnsSchema, checkoutSchema, cartSchema, enrollmentIdSchema, email, id, idempotencyKey, studentProfileSchema, text, version } from '../schemas';
import { DONATION_RANGE } from '../rules';
import { z } from 'zod/mini';
import type { InstalmentOffer } from '../instalments';
import { spec, none, UNCACHED } from './spec';

export const studentIdSchema = z.strictObject({ studentId: id });

export const saveStudentSchema = z.strictObject({
  /** Absent for a new student. */
  id: z.optional(id),
  version,
  profile: studentProfileSchema,
  /** The family confirmed the info is accurate now. */
  reviewed: z.boolean(),
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

export const enrollmentCalls = {
  releases: spec<{ releases: Release[] }>()('public', none, UNCACHED),
  priceBasket: spec<PriceQuote & { deposit: DepositPlan | null; instalments: InstalmentOffer | null }>()('public', basketSchema, UNCACHED),
  /** With each child's pickup codes of this school year (who has one, never the codes). */
  myStudents: spec<{ students: Student[]; pickupCodes: Record<string, PickupCodesStatus> }>()('user', none, { shows: ['seats', 'students'] }),
  /** New pickup codes for each adult who may collect the child, shown this once (kept only as check values). */
  issuePickupCodes: spec<{ year: string; codes: { name: string; code: string }[]; emailed: string[] }>()('user', studentIdSchema, { changes: ['students'] }),
  saveStudent: spec<{ student: Student; outsideGrades: string[] }>()('user', saveStudentSchema, { changes: ['students'] }),
  /** Deletes the family's child's profile (health, contacts, pickup codes erased; money records kept without the name); refused while the child has a class to go to. */
  deleteStudent: spec<{ kept: number }>()('user', studentIdSchema, { changes: ['students', 'seats', 'waitlist'] }),
  paymentOptions: spec<PaymentOptions>()('public', none, UNCACHED),
  /** Stripe's page for a gift by card (anyone, signed in or not). */
  donate: spec<{ checkoutUrl: string }>()('public', donateSchema, UNCACHED),
  /** With payWith 'card': `checkoutUrl` is Stripe's page, where the family pays for the held seats. */
  enroll: spec<{ enrollment: FamilyEnrollment; replayed: boolean; checkoutUrl?: string }>()('user', enrollSchema, { changes: ['seats', 'credit', 'aid'] }),
  /** One checkout for several children: an enrollment per child, every seat or none, one payment. */
  enrollFamily: spec<{ enrollments: FamilyEnrollment[]; replayed: boolean; checkoutUrl?: string }>()('user', checkoutSchema, { changes: ['seats', 'credit', 'aid'] }),
  /** The price of such a checkout, by child (the review step). */
  priceCart: spec<CartQuote & { deposit: DepositPlan | null; instalments: InstalmentOffer | null }>()('user', cartSchema, UNCACHED),
  myEnrollments: spec<{ enrollments: FamilyEnrollment[] }>()('user', none, { shows: ['seats'] }),
  /** The family's children's attendance at their classes' meetings, as the instructors recorded it. */
  myAttendance: spec<{ attendance: AttendanceLine[] }>()('user', none, { shows: ['field'] }),
  /** One of the family's own enrollments (the page that waits for a card payment's confirmation). */
  myEnrollment: spec<{ enrollment: FamilyEnrollment }>()('user', enrollmentIdSchema, { shows: ['seats'] }),
  /** The family left Stripe's page: its held seats go back at once, and its cart stays. */
  releaseHold: spec<{ enrollment: FamilyEnrollment }>()('user', enrollmentIdSchema, { changes: ['seats', 'credit', 'aid'] }),
  /** Add-ons taken later for a class of the family's enrollment: repriced, the difference owed; without expectedCharge only quoted. */
  addAddOns: spec<{ enrollment: FamilyEnrollment; charge: Cents; added: boolean }>()('user', addOnsSchema, { changes: ['seats'] }),
  /** Stripe's page for what a confirmed enrollment still owes. */
  payBalance: spec<{ checkoutUrl: string }>()('user', enrollmentIdSchema, UNCACHED),
  /** Stripe's page for a monthly payment the saved card declined, with another card (saved for the payments left). */
  payInstalment: spec<{ checkoutUrl: string }>()('user', enrollmentIdSchema, UNCACHED),
  /** One Stripe page for everything the family's confirmed enrollments still owe (a line per child). */
  payFamilyBalance: spec<{ checkoutUrl: string }>()('user', none, UNCACHED),
} as const;
