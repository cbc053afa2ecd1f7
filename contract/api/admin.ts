// The office setting up the catalogue: semesters, classes, bundles, codes, announcements and the dashboard.
// Each call: who may call it, its payload, its answer, and what it shows and changes (the app
// fetches again what a call made stale: src/lib/stale.ts, written from these).
import { ACCESS } from '../roles';
import { ANNOUNCEMENT_SEVERITIES, DISCOUNT_TYPES, type AdminClass, type Announcement, type ClassGroup, type DashboardFigures, type Discount, type DiscountList, type Semester } from '../domain';
import type { MoneyReport, StripePayout } from '../reports';
import { z } from 'zod/mini';
import { byIdSchema, cents, clock, deposit, id, isoDay, plain, required, semesterIdSchema, text, version } from '../schemas';
import { TRANSFER_RULES } from '../changes';
import { MAX_INSTALMENTS } from '../instalments';
import { spec, none, UNCACHED } from './spec';

export const moneyReportSchema = z.strictObject({ semesterId: id, from: isoDay, to: isoDay }).check(z.refine((r) => r.from <= r.to, 'from must not be after to'));
export const payoutsSchema = z.strictObject({ from: isoDay, to: isoDay }).check(z.refine((r) => r.from <= r.to, 'from must not be after to'));

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

export const adminCalls = {
  adminSemesters: spec<{ semesters: Semester[] }>()(ACCESS.catalogueRead, none, { shows: ['classes'] }),
  adminSaveSemester: spec<{ semester: Semester }>()(ACCESS.catalogue, semesterInputSchema, { changes: ['classes'] }),
  adminClasses: spec<{ classes: AdminClass[]; groups: ClassGroup[] }>()(ACCESS.catalogueRead, semesterIdSchema, { shows: ['classes', 'seats'] }),
  adminSaveClass: spec<{ class: AdminClass }>()(ACCESS.catalogue, classInputSchema, { changes: ['classes'] }),
  adminCopyClass: spec<{ class: AdminClass }>()(ACCESS.catalogue, copyClassSchema, { changes: ['classes'] }),
  adminCopySemester: spec<{ classes: { id: string; title: string; startDate: string; endDate: string }[]; groups: string[]; shiftDays: number; alreadyThere: { classes: string[]; groups: string[] } }>()(
    ACCESS.catalogue,
    copySemesterSchema,
    { changes: ['classes'] },
  ),
  adminDeleteClass: spec<{ deleted: boolean }>()(ACCESS.catalogue, byIdSchema, { changes: ['classes'] }),
  adminSaveGroup: spec<{ group: ClassGroup }>()(ACCESS.catalogue, groupInputSchema, { changes: ['classes'] }),
  adminDeleteGroup: spec<{ deleted: boolean }>()(ACCESS.catalogue, byIdSchema, { changes: ['classes'] }),
  adminDiscounts: spec<DiscountList>()(ACCESS.catalogue, none, { shows: ['discounts'] }),
  adminSaveDiscount: spec<{ discount: Discount }>()(ACCESS.catalogue, discountInputSchema, { changes: ['discounts'] }),
  adminDeleteDiscount: spec<{ deleted: boolean }>()(ACCESS.catalogue, byIdSchema, { changes: ['discounts'] }),
  adminDashboard: spec<DashboardFigures>()(ACCESS.money, semesterIdSchema, { shows: ['classes', 'seats'] }),
  /** The term's money reports: payments and refunds by way over the days asked, what is owed by age, the billing by code and aid. */
  adminMoneyReport: spec<MoneyReport>()(ACCESS.money, moneyReportSchema, { shows: ['seats', 'credit', 'aid'] }),
  /** Stripe's payouts to the school's bank arriving in the days asked (all terms: Stripe pays out the account's balance), newest first. */
  adminPayouts: spec<{ payouts: StripePayout[] }>()(ACCESS.money, payoutsSchema, UNCACHED),
  /** Announcements: every one, showing or not, newest first. */
  adminAnnouncements: spec<{ announcements: Announcement[] }>()(ACCESS.catalogue, none, { shows: ['announcements'] }),
  adminSaveAnnouncement: spec<{ announcement: Announcement }>()(ACCESS.catalogue, announcementSchema, { changes: ['announcements'] }),
  adminDeleteAnnouncement: spec<{ deleted: boolean }>()(ACCESS.catalogue, byIdSchema, { changes: ['announcements'] }),
} as const;
