// The one contract of every callable function: its name, who may call it, its payload schema and
// its response type. The app calls through it and each function validates against it.
// zod/mini keeps the browser bundle small: only the checks used here are shipped.
import { z } from 'zod/mini';
import { MAX_IDS } from './constants';
import { fieldDaySchema, fieldSyncSchema, taughtRosterSchema, type AttendanceLine, type FieldDay, type FieldEntry, type FieldSyncResult, type PickupCodesStatus } from './field';
import { ACCESS, type StaffAccess } from './roles';
import type {
  AccountHolder,
  AdminClass,
  Announcement,
  PublicAnnouncement,
  AuditEntry,
  CancellationQuote,
  ClassGroup,
  ClassMessage,
  ClassRoster,
  DashboardFigures,
  Discount,
  DiscountList,
  Enrollment,
  CartQuote,
  Cents,
  FamilyEnrollment,
  FamilyWaitlistEntry,
  OfficeWaitlistEntry,
  EnrollmentRow,
  PaymentOptions,
  PriceQuote,
  PublicClass,
  PublicSemester,
  DepositPlan,
  Release,
  Semester,
  SemesterCatalogue,
  Student,
  SheetRoster,
  StaffMember,
  StudentRow,
  StudentSheet,
  TaughtClass,
  TshirtTally,
  IsoDate,
} from './domain';
import {
  accountHolderSchema,
  basketSchema,
  claimOfferSchema,
  classIdSchema,
  entryIdSchema,
  joinWaitlistSchema,
  waitlistMoveSchema,
  waitlistRemoveSchema,
  byIdSchema,
  cancelQuoteSchema,
  cancelSchema,
  classInputSchema,
  copyClassSchema,
  copySemesterSchema,
  discountInputSchema,
  draftSchema,
  enrollSchema,
  addOnsSchema,
  checkoutSchema,
  cartSchema,
  donateSchema,
  remindersSchema,
  announcementSchema,
  classMessageSchema,
  enrollmentIdSchema,
  enrollmentSearchSchema,
  groupInputSchema,
  id,
  paymentSchema,
  voidPaymentSchema,
  rostersSchema,
  saveStudentSchema,
  semesterIdSchema,
  semesterInputSchema,
  auditSearchSchema,
  staffSchema,
  studentSearchSchema,
  studentIdSchema,
} from './schemas';

/** Who may call: anyone, any signed-in account, or staff holding one of the roles listed (contract/roles.ts). */
export type Access = 'public' | 'user' | StaffAccess;

export interface CallableSpec<P extends z.ZodMiniType = z.ZodMiniType, R = unknown, A extends Access = Access> {
  readonly access: A;
  readonly payload: P;
  /** Type-only marker for the response. */
  readonly response?: R;
}
export type Callable<P extends z.ZodMiniType = z.ZodMiniType, R = unknown> = CallableSpec<P, R> & { readonly name: string };
export type PayloadOf<C> = C extends CallableSpec<infer P, unknown> ? z.input<P> : never;
export type ResponseOf<C> = C extends CallableSpec<z.ZodMiniType, infer R> ? R : never;

const spec =
  <R>() =>
  <P extends z.ZodMiniType, const A extends Access>(access: A, payload: P): CallableSpec<P, R, A> => ({ access, payload });

const ids = z.array(id).check(z.maxLength(MAX_IDS, 'has too many ids'));
/** "No payload": the callable protocol sends null for undefined. */
const none = z.optional(z.null());

const specs = {
  roles: spec<string[]>()('user', none),
  classes: spec<{ classes: PublicClass[]; notFound: string[] }>()(
    'public',
    z.union([none, z.strictObject({ query: z.array(z.strictObject({ id })).check(z.maxLength(MAX_IDS, 'has too many ids')) })]),
  ),
  availableEnrollmentClasses: spec<Record<string, SemesterCatalogue>>()('public', none),
  classGroups: spec<{ groups: ClassGroup[]; notFound: string[] }>()('public', ids),
  classesBySemester: spec<Record<string, SemesterCatalogue>>()('public', ids),
  /** The semesters open for enrollment, and the announcements showing today (above the class list). */
  openSemesters: spec<{ semesters: PublicSemester[]; announcements: PublicAnnouncement[] }>()('public', none),
  releases: spec<{ releases: Release[] }>()('public', none),
  priceBasket: spec<PriceQuote & { deposit: DepositPlan | null }>()('public', basketSchema),
  /** With each child's pickup codes of this school year (who has one, never the codes). */
  myStudents: spec<{ students: Student[]; pickupCodes: Record<string, PickupCodesStatus> }>()('user', none),
  /** New pickup codes for each adult who may collect the child, shown this once (kept only as check values). */
  issuePickupCodes: spec<{ year: string; codes: { name: string; code: string }[]; emailed: string[] }>()('user', studentIdSchema),
  saveStudent: spec<{ student: Student; outsideGrades: string[] }>()('user', saveStudentSchema),
  paymentOptions: spec<PaymentOptions>()('public', none),
  /** Stripe's page for a gift by card (anyone, signed in or not). */
  donate: spec<{ checkoutUrl: string }>()('public', donateSchema),
  /** From a reminder's unsubscribe link: reminders off, or back on; receipts are always sent. */
  setReminders: spec<{ off: boolean }>()('public', remindersSchema),
  /** With payWith 'card': `checkoutUrl` is Stripe's page, where the family pays for the held seats. */
  enroll: spec<{ enrollment: FamilyEnrollment; replayed: boolean; checkoutUrl?: string }>()('user', enrollSchema),
  /** One checkout for several children: an enrollment per child, every seat or none, one payment. */
  enrollFamily: spec<{ enrollments: FamilyEnrollment[]; replayed: boolean; checkoutUrl?: string }>()('user', checkoutSchema),
  /** The price of such a checkout, by child (the review step). */
  priceCart: spec<CartQuote & { deposit: DepositPlan | null }>()('user', cartSchema),
  myEnrollments: spec<{ enrollments: FamilyEnrollment[] }>()('user', none),
  /** The family's children's attendance at their classes' meetings, as the instructors recorded it. */
  myAttendance: spec<{ attendance: AttendanceLine[] }>()('user', none),
  /** One of the family's own enrollments (the page that waits for a card payment's confirmation). */
  myEnrollment: spec<{ enrollment: FamilyEnrollment }>()('user', enrollmentIdSchema),
  /** The family left Stripe's page: its held seats go back at once, and its cart stays. */
  releaseHold: spec<{ enrollment: FamilyEnrollment }>()('user', enrollmentIdSchema),
  joinWaitlist: spec<{ entry: FamilyWaitlistEntry; replayed: boolean }>()('user', joinWaitlistSchema),
  myWaitlist: spec<{ entries: FamilyWaitlistEntry[] }>()('user', none),
  leaveWaitlist: spec<{ entry: FamilyWaitlistEntry }>()('user', entryIdSchema),
  declineOffer: spec<{ entry: FamilyWaitlistEntry }>()('user', entryIdSchema),
  claimOffer: spec<{ enrollment: FamilyEnrollment; replayed: boolean; checkoutUrl?: string }>()('user', claimOfferSchema),
  /** Add-ons taken later for a class of the family's enrollment: repriced, the difference owed; without expectedCharge only quoted. */
  addAddOns: spec<{ enrollment: FamilyEnrollment; charge: Cents; added: boolean }>()('user', addOnsSchema),
  /** Stripe's page for what a confirmed enrollment still owes. */
  payBalance: spec<{ checkoutUrl: string }>()('user', enrollmentIdSchema),
  /** One Stripe page for everything the family's confirmed enrollments still owe (a line per child). */
  payFamilyBalance: spec<{ checkoutUrl: string }>()('user', none),
  /** The family's calendar subscription: whether it has one, since when (its address is shown only when made). */
  myCalendarFeed: spec<{ createdAt: string | null }>()('user', none),
  /** The account holder's name and phone (null until given: asked at the first checkout, kept on Manage Account). */
  myAccount: spec<{ holder: AccountHolder | null }>()('user', none),
  saveAccount: spec<{ holder: AccountHolder }>()('user', accountHolderSchema),
  /** A new private calendar address for the family; the one before stops working. `token` goes in /cal/<token>.ics. */
  newCalendarFeed: spec<{ token: string; createdAt: string }>()('user', none),
  loadDraft: spec<{ json: string; updatedAt: string } | null>()('user', none),
  saveDraft: spec<{ updatedAt: string; saved: boolean }>()('user', draftSchema),
  deleteDraft: spec<{ deleted: boolean }>()('user', none),
  // School office (role admin, checked on the server on every call).
  adminSemesters: spec<{ semesters: Semester[] }>()(ACCESS.catalogueRead, none),
  adminSaveSemester: spec<{ semester: Semester }>()(ACCESS.catalogue, semesterInputSchema),
  adminClasses: spec<{ classes: AdminClass[]; groups: ClassGroup[] }>()(ACCESS.catalogueRead, semesterIdSchema),
  adminSaveClass: spec<{ class: AdminClass }>()(ACCESS.catalogue, classInputSchema),
  adminCopyClass: spec<{ class: AdminClass }>()(ACCESS.catalogue, copyClassSchema),
  adminCopySemester: spec<{ classes: { id: string; title: string; startDate: string; endDate: string }[]; bundles: string[]; shiftDays: number; alreadyThere: { classes: string[]; bundles: string[] } }>()(
    ACCESS.catalogue,
    copySemesterSchema,
  ),
  adminDeleteClass: spec<{ deleted: boolean }>()(ACCESS.catalogue, byIdSchema),
  adminSaveGroup: spec<{ group: ClassGroup }>()(ACCESS.catalogue, groupInputSchema),
  adminDeleteGroup: spec<{ deleted: boolean }>()(ACCESS.catalogue, byIdSchema),
  adminDiscounts: spec<DiscountList>()(ACCESS.catalogue, none),
  adminSaveDiscount: spec<{ discount: Discount }>()(ACCESS.catalogue, discountInputSchema),
  adminDeleteDiscount: spec<{ deleted: boolean }>()(ACCESS.catalogue, byIdSchema),
  adminDashboard: spec<DashboardFigures>()(ACCESS.money, semesterIdSchema),
  /** Email the families of these classes; `send: false` answers the preview and how many families get it. */
  adminEmailClasses: spec<{ families: number; unreachable: number; preview: { subject: string; text: string }; message: ClassMessage | null }>()(ACCESS.care, classMessageSchema),
  /** The emails sent to classes, newest first. */
  adminClassMessages: spec<{ messages: ClassMessage[] }>()(ACCESS.care, none),
  adminRosters: spec<{ rosters: ClassRoster[]; notFound: string[] }>()(ACCESS.care, rostersSchema),
  adminStudents: spec<{ rows: StudentRow[]; total: number }>()(ACCESS.care, studentSearchSchema),
  adminStudent: spec<StudentSheet>()(ACCESS.care, byIdSchema),
  adminTshirts: spec<TshirtTally>()(ACCESS.care, semesterIdSchema),
  adminEnrollments: spec<{ rows: EnrollmentRow[]; total: number }>()(ACCESS.money, enrollmentSearchSchema),
  adminRecordPayment: spec<{ enrollment: Enrollment }>()(ACCESS.money, paymentSchema),
  adminVoidPayment: spec<{ enrollment: Enrollment }>()(ACCESS.money, voidPaymentSchema),
  adminCancelQuote: spec<CancellationQuote>()(ACCESS.money, cancelQuoteSchema),
  adminCancelEnrollment: spec<{ enrollment: Enrollment }>()(ACCESS.money, cancelSchema),
  /** A card checkout stuck waiting: its Stripe page is closed and its seats go back. */
  adminReleaseHold: spec<{ enrollment: Enrollment }>()(ACCESS.money, enrollmentIdSchema),
  adminWaitlist: spec<{ title: string; seatsToOffer: number; entries: OfficeWaitlistEntry[] }>()(ACCESS.care, classIdSchema),
  adminWaitlistOffer: spec<{ entry: OfficeWaitlistEntry }>()(ACCESS.care, entryIdSchema),
  adminWaitlistMove: spec<{ entry: OfficeWaitlistEntry }>()(ACCESS.care, waitlistMoveSchema),
  adminWaitlistRemove: spec<{ entry: OfficeWaitlistEntry }>()(ACCESS.care, waitlistRemoveSchema),
  /** The staff and their roles. */
  adminStaff: spec<{ staff: StaffMember[] }>()(ACCESS.staff, none),
  adminSaveStaff: spec<{ member: StaffMember; invited: boolean }>()(ACCESS.staff, staffSchema),
  /** The audit trail, newest first (at most AUDIT_PAGE entries; `more` when the filters match more). */
  adminAudit: spec<{ entries: AuditEntry[]; more: boolean }>()(ACCESS.staff, auditSearchSchema),
  /** The instructors a class may be assigned to, for the class form. */
  adminInstructors: spec<{ instructors: { uid: string; email: string }[] }>()(ACCESS.catalogue, none),
  /** The classes the caller teaches (instructor's view). */
  myTaughtClasses: spec<{ classes: TaughtClass[] }>()(ACCESS.teach, none),
  /** One class's roster for its instructor (the office: any class). No money. */
  taughtRoster: spec<{ roster: SheetRoster; offlineUntil?: IsoDate }>()(ACCESS.teach, taughtRosterSchema),
  /** What the instructor recorded at a class's meetings, sent from the phone; each entry kept once, never changed, or held for the office. */
  syncFieldEntries: spec<FieldSyncResult>()(ACCESS.teach, fieldSyncSchema),
  /** A class's field records in the order they arrived, with the names of the children they name (its instructors and the office; never finance). */
  classFieldLog: spec<{ entries: FieldEntry[]; names: Record<string, string> }>()(ACCESS.teach, classIdSchema),
  /** The office's day in the field: every class meeting that day, its records and the doses that may be due. */
  adminFieldDay: spec<FieldDay>()(ACCESS.care, fieldDaySchema),
  /** Announcements: every one, showing or not, newest first. */
  adminAnnouncements: spec<{ announcements: Announcement[] }>()(ACCESS.catalogue, none),
  adminSaveAnnouncement: spec<{ announcement: Announcement }>()(ACCESS.catalogue, announcementSchema),
  adminDeleteAnnouncement: spec<{ deleted: boolean }>()(ACCESS.catalogue, byIdSchema),
} as const;

type Named<T> = { [K in keyof T]: T[K] & { readonly name: K } };

function named<T extends Record<string, CallableSpec>>(all: T): Named<T> {
  return Object.fromEntries(Object.entries(all).map(([name, s]) => [name, { ...s, name }])) as Named<T>;
}

export const callables = named(specs);
export type Callables = typeof callables;
export type CallableName = keyof Callables;
/** The payload the app sends and the response it gets, by callable name. */
export type Payload<N extends CallableName> = PayloadOf<Callables[N]>;
export type Response<N extends CallableName> = ResponseOf<Callables[N]>;
