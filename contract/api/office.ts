// The office's rosters, students, enrollments, payments and messages to classes.
// Each call: who may call it, its payload, its answer, and what it shows and changes (the app
// fetches again what a call made stale: src/lib/stale.ts, written from these).
import { ACCESS } from '../roles';
import { ENROLLMENT_SORTS, ENROLLMENT_STATUSES, PAYMENT_METHODS, RECEIVED_METHODS, STUDENT_SORTS, type CancellationQuote, type CartChildQuote, type Cents, type ClassMessage, type ClassRoster, type Enrollment, type EnrollmentRow, type Student, type StudentRow, type StudentSheet, type TshirtTally } from '../domain';
import type { ClassCancellation, TermCancellation } from '../changes';
import type { Household } from '../household';
import type { FamilyData } from '../family';
import { addOnsSchema, basketSchema, byIdSchema, enrollmentIdSchema, semesterIdSchema, id, required, text, cents, idempotencyKey, email, accountHolderSchema, studentProfileSchema, version } from '../schemas';
import { z } from 'zod/mini';
import { spec, none, UNCACHED } from './spec';

/** A family the office makes an account for: the address the family will claim it with, and who holds it. */
export const newFamilySchema = z.strictObject({ email, ...accountHolderSchema.shape });
/** A child the office adds to a family's account, saying why (the audit trail keeps it). */
export const addStudentSchema = z.strictObject({ ownerUid: id, profile: studentProfileSchema, reason: required(300) });

/** A discount the office gives by hand: an amount off what is owed, its reason (the family reads it), the request's key. */
export const officeDiscountSchema = z.strictObject({ enrollmentId: id, amount: cents.check(z.minimum(1, 'must be more than $0')), reason: required(300), idempotencyKey });

/** How a cancellation the school makes gives back what was not paid by card (`otherWay`), and why (the family reads it). */
const givenBack = { otherWay: z.enum(['credit', 'other']), note: required(500) };

/** A child's whole term cancelled at the family's request, everything paid given back as a class the school cancels. */
export const cancelTermSchema = z.strictObject({ studentId: id, semesterId: id, ...givenBack });

// ---- School office: sheets, students, t-shirts, enrollments ----
/** An office table's search, sort and page: the sorts it offers, and its largest page. */
const tableQuery = <S extends string>(sorts: readonly [S, ...S[]], maxPageSize: number) => ({
  search: z.optional(text(100)),
  sort: z.optional(z.enum(sorts)),
  order: z.optional(z.enum(['asc', 'desc'])),
  page: z.optional(z.int().check(z.minimum(0, 'must not be negative'), z.maximum(100_000, 'is too large'))),
  pageSize: z.optional(z.int().check(z.minimum(1, 'must be at least 1'), z.maximum(maxPageSize, `must be at most ${maxPageSize}`))),
});

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
export const cancelClassSchema = z.strictObject({ classId: id, ...givenBack });

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
