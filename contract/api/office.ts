// The office's rosters, students, enrollments, payments and messages to classes.
// Each call: who may call it, its payload, its answer, and what it shows and changes (the app
// fetches again what a call made stale: src/lib/stale.ts, written from these).
import { ACCESS } from '../roles';
import type { CancellationQuote, CartChildQuote, Cents, ClassMessage, ClassRoster, Enrollment, EnrollmentRow, Student, StudentRow, StudentSheet, TshirtTally } from '../domain';
import type { ClassCancellation, TermCancellation } from '../changes';
import type { Household } from '../household';
import type { FamilyData } from '../family';
import { addOnsSchema, byIdSchema, correctStudentSchema, cancelClassSchema, phoneEnrollSchema, cancelQuoteSchema, cancelSchema, classMessageSchema, enrollmentIdSchema, enrollmentSearchSchema, paymentSchema, balancesReceivedSchema, voidPaymentSchema, rostersSchema, semesterIdSchema, studentSearchSchema, id, required, cents, idempotencyKey, email, accountHolderSchema, studentProfileSchema } from '../schemas';
import { z } from 'zod/mini';

/** A family the office makes an account for: the address the family will claim it with, and who holds it. */
export const newFamilySchema = z.strictObject({ email, ...accountHolderSchema.shape });
/** A child the office adds to a family's account, saying why (the audit trail keeps it). */
export const addStudentSchema = z.strictObject({ ownerUid: id, profile: studentProfileSchema, reason: required(300) });

/** A discount the office gives by hand: an amount off what is owed, its reason (the family reads it), the request's key. */
export const officeDiscountSchema = z.strictObject({ enrollmentId: id, amount: cents.check(z.minimum(1, 'must be more than $0')), reason: required(300), idempotencyKey });

export const cancelTermSchema = z.strictObject({ studentId: id, semesterId: id, otherWay: z.enum(['credit', 'other']), note: required(500) });
import { spec, none, UNCACHED } from './spec';

export const officeCalls = {
  /** Email the families of these classes; `send: false` answers the preview and how many families get it. */
  adminEmailClasses: spec<{ families: number; unreachable: number; preview: { subject: string; text: string }; message: ClassMessage | null }>()(ACCESS.care, classMessageSchema, { changes: ['classMessages'] }),
  /** The emails sent to classes, newest first. */
  adminClassMessages: spec<{ messages: ClassMessage[] }>()(ACCESS.care, none, { shows: ['classMessages'] }),
  adminRosters: spec<{ rosters: ClassRoster[]; notFound: string[] }>()(ACCESS.care, rostersSchema, { shows: ['classes', 'seats', 'students'] }),
  adminStudents: spec<{ rows: StudentRow[]; total: number }>()(ACCESS.care, studentSearchSchema, { shows: ['seats', 'students'] }),
  adminStudent: spec<StudentSheet>()(ACCESS.care, byIdSchema, { shows: ['seats', 'students', 'account', 'field'] }),
  /** Corrects a child's record (contacts, pickups, health, consents) with the office's reason; the family is emailed which fields changed. */
  adminCorrectStudent: spec<{ student: Student; outsideGrades: string[] }>()(ACCESS.care, correctStudentSchema, { changes: ['students'] }),
  /** Deletes a child's profile for the family (as `deleteStudent`), audited as the office's. */
  adminDeleteStudent: spec<{ kept: number }>()(ACCESS.care, byIdSchema, { changes: ['students', 'seats', 'waitlist'] }),
  /** A family's page: its adults, children, enrollments and money, credit, waitlist places, requests and emails (guardians for admin and office only). */
  adminHousehold: spec<Household>()(ACCESS.money, byIdSchema, { shows: ['seats', 'students', 'account', 'credit', 'waitlist'] }),
  /** A family's "Download our data" file, gathered by the office at the family's request (health included: not finance's); audited as the office's. */
  adminFamilyData: spec<FamilyData>()(ACCESS.care, byIdSchema, UNCACHED),
  /**
   * Makes an account for a family that has none (it calls, or comes to the office): its holder saved,
   * an email with a link to choose a password; an address that has an account already answers that
   * account (`created: false`), unchanged.
   */
  adminCreateFamily: spec<{ uid: string; created: boolean }>()(ACCESS.care, newFamilySchema, { changes: ['account'] }),
  /** Adds a child's profile to a family's account (the family's own form and limits), audited with the office's reason. */
  adminAddStudent: spec<{ student: Student; outsideGrades: string[] }>()(ACCESS.care, addStudentSchema, { changes: ['students'] }),
  /** Adds add-ons to a family's enrollment for the family (`expectedCharge` absent: what they would add), also once registration closed; audited as the office's. */
  adminAddAddOns: spec<{ enrollment: Enrollment; charge: Cents; added: boolean }>()(ACCESS.care, addOnsSchema, { changes: ['seats'] }),
  /** Enrolls a family's child over the phone (`send: false`: the family's price first); audited as the office's. */
  adminPhoneEnroll: spec<{ quote: CartChildQuote; enrollment: Enrollment | null; replayed: boolean }>()(ACCESS.care, phoneEnrollSchema, { changes: ['seats', 'credit', 'aid'] }),
  adminTshirts: spec<TshirtTally>()(ACCESS.care, semesterIdSchema, { shows: ['classes', 'seats', 'students'] }),
  adminEnrollments: spec<{ rows: EnrollmentRow[]; total: number }>()(ACCESS.money, enrollmentSearchSchema, { shows: ['seats'] }),
  /** Gives a discount by hand (an amount off what is owed, with the reason the family reads): kept through cancellations and moves; once per key. */
  adminGiveDiscount: spec<{ enrollment: Enrollment }>()(ACCESS.money, officeDiscountSchema, { changes: ['seats'] }),
  adminRecordPayment: spec<{ enrollment: Enrollment }>()(ACCESS.money, paymentSchema, { changes: ['seats'] }),
  /** Marks several balances received in full at once (each recorded, audited and receipted on its own); what cannot be is listed with why. */
  adminRecordBalances: spec<{ recorded: { enrollmentId: string; studentName: string; amount: Cents }[]; skipped: { enrollmentId: string; why: string }[] }>()(ACCESS.money, balancesReceivedSchema, { changes: ['seats'] }),
  adminVoidPayment: spec<{ enrollment: Enrollment }>()(ACCESS.money, voidPaymentSchema, { changes: ['seats'] }),
  adminCancelQuote: spec<CancellationQuote>()(ACCESS.money, cancelQuoteSchema, { shows: ['seats'] }),
  adminCancelEnrollment: spec<{ enrollment: Enrollment }>()(ACCESS.money, cancelSchema, { changes: ['seats', 'credit', 'aid'] }),
  /** A card checkout stuck waiting: its Stripe page is closed and its seats go back. */
  adminReleaseHold: spec<{ enrollment: Enrollment }>()(ACCESS.money, enrollmentIdSchema, { changes: ['seats', 'credit', 'aid'] }),
  /**
   * The school cancels a class for everyone: enrollment off, its waitlist ended, holds ended, and each
   * enrollment's cancellation with everything paid for the class back (cards first); one email per
   * family. Run again, it does nothing more.
   */
  adminCancelClass: spec<{ cancellation: ClassCancellation }>()(ACCESS.money, cancelClassSchema, { changes: ['classes', 'seats', 'waitlist', 'credit', 'aid'] }),
  /**
   * A child's whole term, at the family's request: every class of the term the child holds cancelled
   * with all paid for them back (cards first), the child's waitlist places of the term and card
   * checkouts of only that term ended; one email to the family. Run again, it does nothing more.
   */
  adminCancelTerm: spec<{ cancellation: TermCancellation }>()(ACCESS.money, cancelTermSchema, { changes: ['seats', 'waitlist', 'credit', 'aid'] }),
} as const;
