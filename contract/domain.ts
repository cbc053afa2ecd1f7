// Domain types shared by the browser and the functions. Money is always integer cents.
import type { EnrollmentAid } from './aid';
import type { FamilyInstalments, Instalments } from './instalments';
import type { CancellationPolicy, ChangeRequest } from './changes';
import type { MissedDose } from './doses';
import type { AttendanceLine, DoseLine, IncidentLine, CodeWordTag, PickupLine, PickupTag } from './field';
import type { StaffRole } from './roles';

/** The school's own time zone: registration windows and deadlines are read on its calendar. */
export const SCHOOL_TIME_ZONE = 'America/Los_Angeles';

export type Cents = number;
/** A calendar date, `YYYY-MM-DD`. */
export type IsoDate = string;
/** A wall-clock time, `HH:MM` (24 h). */
export type ClockTime = string;

export const SEMESTER_STATUSES = ['draft', 'open', 'closed', 'archived'] as const;
export type SemesterStatus = (typeof SEMESTER_STATUSES)[number];

/**
 * The emails to families the office may switch off (config/portal.familyEmailsOff). Receipts and
 * waitlist offers are always sent. A family may unsubscribe from the reminders (the last three) only.
 */
export const FAMILY_MAIL_KINDS = ['payment-received', 'classes-cancelled', 'class-reminder', 'balance-reminder', 'info-review'] as const;
export type FamilyMailKind = (typeof FAMILY_MAIL_KINDS)[number];

/** A banner above the class list (the previous portal's Enrollment Messages), shown while active. */
export interface Announcement {
  id: string;
  markdown: string;
  severity: AnnouncementSeverity;
  /** First and last day it shows (inclusive, school dates); null: from now on / until removed. */
  startsOn: IsoDate | null;
  endsOn: IsoDate | null;
  updatedBy: string;
  updatedAt: string;
}

/** How loud an announcement is: a blue note, an amber warning, a red alert (most urgent first). */
export const ANNOUNCEMENT_SEVERITIES = ['urgent', 'warning', 'info'] as const;
export type AnnouncementSeverity = (typeof ANNOUNCEMENT_SEVERITIES)[number];

/** What families see of an announcement. */
export type PublicAnnouncement = Pick<Announcement, 'id' | 'markdown' | 'severity'>;

/** An email the office sent to the families of some classes, kept with who sent it. */
export interface ClassMessage {
  id: string;
  classIds: string[];
  classTitles: string[];
  subject: string;
  body: string;
  sentBy: string;
  sentAt: string;
  /** Families written to (one email each, to the account and, if it asked, the guardians). */
  families: number;
}

/** A day a class does not meet although it falls on one of its weekdays: a holiday, a weather cancellation. */
export interface NoMeetingDate {
  date: IsoDate;
  /** Shown to families ("Winter break"). */
  reason: string;
}

export interface Semester {
  id: string;
  name: string;
  startDate: IsoDate;
  endDate: IsoDate;
  /** First and last day families may enroll (inclusive). */
  registrationOpens: IsoDate;
  registrationCloses: IsoDate;
  status: SemesterStatus;
  /** Shown above the class list (markdown, rendered without raw HTML). */
  infoMarkdown: string;
  /** Added to every confirmation email of the semester (markdown). */
  confirmationMarkdown: string;
  /**
   * Deposits: with a balance due date, a family paying by card may pay a deposit per class now (the
   * class's own deposit, else this one) and the rest by that date. Absent or null = none.
   */
  depositPerClass?: Cents | null;
  /** When the balance of every enrollment of the semester is due (families see it on receipts). */
  balanceDueDate?: IsoDate | null;
  /**
   * An instalment plan: a family paying by card may pay in this many monthly payments (2 to
   * MAX_INSTALMENTS), the first at checkout, the rest charged to the card it saves, each before the
   * class's first meeting. Absent or null = none.
   */
  instalments?: number | null;
  /**
   * Hours a family has to claim a waitlist offer (default WAITLIST_CLAIM_HOURS.default); shorter
   * close to the class's start (see WAITLIST_CLAIM_HOURS).
   */
  waitlistClaimHours?: number | null;
  /** Holidays: no class of the semester meets on these days (absent = none). */
  noMeetingDates?: NoMeetingDate[];
  /** What a cancellation gets, by notice (contract/changes.ts); absent or null = only the office cancels. */
  cancellationPolicy?: CancellationPolicy | null;
  /** Counts saves: a save that started from an older version is refused (two people editing). */
  version?: number;
}

/** What anyone may see of a semester. */
export type PublicSemester = Omit<Semester, 'confirmationMarkdown'> & {
  openForEnrollment: boolean;
  /** Its registration round, while one decides its places (contract/rounds.ts's RoundGate); null: first come. */
  round: { entriesOpen: string; entriesClose: string; drawn: boolean } | null;
};

export const CLASS_STATUSES = ['draft', 'live', 'paused', 'info-only'] as const;
export type ClassStatus = (typeof CLASS_STATUSES)[number];

/** 0 = Sunday … 6 = Saturday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Kindergarten is grade 0. */
export const GRADE_MIN = 0;
export const GRADE_MAX = 12;

export interface PriceRange {
  min: Cents;
  max: Cents;
}

export interface AddOn {
  id: string;
  description: string;
  price: Cents;
}

export interface ClassRecord {
  id: string;
  semesterId: string;
  title: string;
  description: string;
  classType: string;
  instructors: string[];
  location: string;
  startDate: IsoDate;
  endDate: IsoDate;
  weekdays: Weekday[];
  startTime: ClockTime;
  endTime: ClockTime;
  gradeMin: number;
  gradeMax: number;
  capacity: number;
  /** Kept equal to the size of the class roster, in the same transaction. */
  enrolledCount: number;
  price: Cents;
  slidingScale?: PriceRange | null;
  addOns: AddOn[];
  registrationDeadline: IsoDate;
  status: ClassStatus;
  imageUrl?: string | null;
  /** The deposit for this class, instead of the semester's (used only with the semester's balance due date). */
  deposit?: Cents | null;
  /**
   * Families on the class's waitlist, waiting or holding an offer (kept in the same transactions as
   * the list): while any are, no seat is offered to the public. Absent = 0.
   */
  waiting?: number;
  /**
   * Seats kept for children whose families asked the office to move them here (kept in the same
   * transactions as those seats): not offered to the public while the office decides. Absent = 0.
   */
  keptSeats?: number;
  /**
   * Seats kept for families receiving financial aid (an award, or an application under review) until
   * `aidSeatsUntil`, when they open to everyone and the waitlist. Absent = none.
   */
  aidSeats?: number;
  aidSeatsUntil?: IsoDate | null;
  /** The seats kept for aid now, not yet taken (kept in the same transactions as those seats). Absent = 0. */
  aidKept?: number;
  /**
   * The largest capacity the class ever had: seat numbers from its capacity up to this are closed, so
   * that a family who read an older, larger capacity cannot take one. Absent = the capacity.
   */
  seatNumbers?: number;
  /** The class it was copied from by "Copy all classes": a second copy-all skips it. */
  copiedFrom?: string;
  /** The staff accounts who teach it (their instructor's view); families see `instructors`, the names. */
  instructorUids?: string[];
  /** What to bring, for the reminder emailed two days before the first meeting (absent = none). */
  bring?: string;
  /** Days this class does not meet besides the semester's holidays (a weather cancellation). Absent = none. */
  noMeetingDates?: NoMeetingDate[];
  /**
   * The semester's holidays, kept equal to `Semester.noMeetingDates` by the server on every save of
   * either, so every view of a class knows its meetings without its semester.
   */
  holidays?: NoMeetingDate[];
  /** Counts saves (see Semester.version). */
  version?: number;
  /** The class's own cancellation policy (absent or null: its semester's). */
  cancellationPolicy?: CancellationPolicy | null;
}

/** What anyone may see of a class: no roster, only the seats left (none while families wait) and how many wait. */
export type PublicClass = Omit<ClassRecord, 'enrolledCount' | 'waiting' | 'keptSeats' | 'aidKept' | 'instructorUids'> & {
  seatsLeft: number;
  waiting: number;
  /** Seats kept for families receiving aid, besides `seatsLeft` (absent: none). */
  aidSeatsLeft?: number;
};

export interface ClassGroup {
  id: string;
  semesterId: string;
  name: string;
  /** Price of the bundle when every class in it is selected. */
  price: Cents;
  classIds: string[];
  /** Counts saves (see Semester.version). */
  version?: number;
  /** The bundle it was copied from by "Copy all classes": a second copy-all skips it. */
  copiedFrom?: string;
}

export interface SemesterCatalogue {
  classes: PublicClass[];
  groups: ClassGroup[];
}

export const TSHIRT_SIZES = ['YXS', 'YS', 'YM', 'YL', 'YXL', 'AS', 'AM', 'AL', 'AXL', 'A2XL'] as const;
export type TshirtSize = (typeof TSHIRT_SIZES)[number];

export const PHOTO_PERMISSIONS = ['yes', 'no', 'yes-without-name'] as const;
export type PhotoPermission = (typeof PHOTO_PERMISSIONS)[number];

export interface Guardian {
  name: string;
  relationship: string;
  phone: string;
  email: string;
  livesWithStudent: boolean;
}

export interface Contact {
  name: string;
  relationship: string;
  phone: string;
}

export interface Allergy {
  allergen: string;
  reaction: string;
  lifeThreatening: boolean;
}

export interface Medication {
  name: string;
  dose: string;
  schedule: string;
}

export interface StudentHealth {
  allergies: Allergy[];
  medications: Medication[];
  /** The guardian authorizes staff to give the listed medications; null = not answered (allowed only without medications). */
  medicationAuthorized: boolean | null;
  medicalNotes: string;
  doctorName: string;
  doctorPhone: string;
  insuranceCompany: string;
  insuranceId: string;
  noInsurance: boolean;
}

/** Health and safety with nothing in it: a new child's form, and a record whose health was erased. */
export const NO_HEALTH: Readonly<StudentHealth> = {
  allergies: [],
  medications: [],
  medicationAuthorized: null,
  medicalNotes: '',
  doctorName: '',
  doctorPhone: '',
  insuranceCompany: '',
  insuranceId: '',
  noInsurance: false,
};

/** Each answered explicitly by the family; null only in a form not yet answered (never saved so). */
export interface StudentPermissions {
  photo: PhotoPermission | null;
  sunscreen: boolean | null;
  bugSpray: boolean | null;
}

/** A child's reusable profile, owned by one family account. */
export interface StudentProfile {
  firstName: string;
  lastName: string;
  birthDate: IsoDate;
  grade: number;
  pronouns: string;
  school: string;
  tshirtSize: TshirtSize;
  notes: string;
  guardians: Guardian[];
  emergencyContacts: Contact[];
  authorizedPickups: Contact[];
  pickupCodeWord: string;
  /** The family allows the child to leave a meeting on their own (no adult collects them). Absent: no. */
  mayLeaveAlone?: boolean;
  permissions: StudentPermissions;
  health: StudentHealth;
}

export interface Student extends StudentProfile {
  id: string;
  ownerUid: string;
  /** When the family last confirmed the info is accurate (ISO timestamp), null if never. */
  infoReviewedAt: string | null;
  /** Counts saves (see Semester.version). */
  version?: number;
  /** The family was told its health information would be erased (no class for two school years), and when it was. */
  healthNoticeOn?: IsoDate;
  healthErasedOn?: IsoDate;
}

/** `credit`: paid from the family's account credit (contract/credit.ts), or a refund given back to it. */
export const PAYMENT_METHODS = ['card', 'check', 'cash', 'venmo', 'other', 'credit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** What the office records as received: account credit is used only by a checkout, from the ledger. */
export const RECEIVED_METHODS = ['card', 'check', 'cash', 'venmo', 'other'] as const satisfies readonly PaymentMethod[];

export interface LineItem {
  kind: 'class' | 'group';
  /** Class id or group id. */
  id: string;
  semesterId: string;
  title: string;
  /** For a group: the classes it covers. */
  classIds: string[];
  listPrice: Cents;
  /** The price charged before discounts: list price, group price or the chosen sliding-scale price. */
  price: Cents;
  /**
   * Each class of the line with its list price and the price the family chose (sliding scale), so a
   * bundle shows "separately" at the chosen prices and a cancellation reprices a kept class as charged.
   * Absent on enrollments made before it was kept.
   */
  members?: LineMember[];
  addOns: AddOn[];
}

export interface LineMember {
  classId: string;
  title: string;
  listPrice: Cents;
  price: Cents;
}

export interface AppliedDiscount {
  code: string;
  description: string;
  amount: Cents;
  /**
   * When the basket has add-ons and this discount is taken from classes only: the classes' amount it
   * was taken from (a parent reading "10 %" next to the whole total would question it).
   */
  ofClasses?: Cents;
}

export interface Payment {
  /** Absent on payments recorded before payments could be voided. */
  id?: string;
  amount: Cents;
  method: PaymentMethod;
  note: string;
  at: string;
  by: string;
  /** A payment recorded by mistake: kept, shown struck through, not counted. */
  voided?: { reason: string; at: string; by: string };
  /** A card payment: the card it came from and Stripe's payment (for refunds). */
  card?: CardDetails;
}

export interface CardDetails {
  brand: string;
  last4: string;
  paymentIntent: string;
  /** The Stripe page it was paid on (absent: charged without one, a monthly plan's payment by the daily job). */
  sessionId?: string;
}

/** Money sent back to a card through Stripe. */
export interface CardRefund {
  amount: Cents;
  refundId: string;
  /** The payment it went back against (absent on refunds made before it was kept). */
  paymentIntent?: string;
  last4: string;
  reason: string;
  /**
   * Why a payment was given back whole (it paid for seats already paid for, or the seats were gone),
   * or that someone refunded it in Stripe's dashboard, outside the portal.
   */
  kind?: 'duplicate' | 'seat-lost' | 'outside';
  /** The Stripe page of the payment given back whole. */
  sessionId?: string;
  at: string;
  /** Stripe could not send it after all (a closed card account, say): the family has not got it back. */
  failed?: { at: string; reason: string };
}

/**
 * confirmed: holds its seats; pending_payment: seats held while the family pays by card (until the
 * hold's end); expired: the hold ended unpaid and its seats went back; cancelled: by the office.
 */
export const ENROLLMENT_STATUSES = ['confirmed', 'cancelled', 'pending_payment', 'expired'] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];

/** How a family pays at checkout: by card now (Stripe), or the office later (check, cash, Venmo). */
export const CHECKOUT_METHODS = ['card', 'office'] as const;
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number];

/** The school's checkout settings (config/portal, defaults in code). */
export interface PaymentOptions {
  methods: CheckoutMethod[];
  /** How long seats are held while a family pays by card. */
  holdMinutes: number;
  /** Paying the office later: at most this many enrollments with nothing paid per account (then card only). */
  payLaterLimit: number;
}

/** A card checkout in progress: the seats are held until `expiresAt`. */
export interface Hold {
  expiresAt: string;
  /** What the family pays on Stripe's page: the webhook confirms only this amount. */
  amount: Cents;
  sessionId?: string;
  url?: string;
  /** When Stripe's page closes (a little before `expiresAt`, which keeps time for the webhook). */
  payBy?: string;
  /** When the seats went back (paid late, lapsed, cancelled by the family or the office). */
  releasedAt?: string;
  /** A new checkout for the same children took its place (its page was closed first). */
  replacedBy?: string;
  /** A family found the hold lapsed and is ending it (the others who found it wait for that). */
  endingAt?: string;
  /** Its Stripe page was found paid when the hold was ending: its webhook confirms it. */
  paidAt?: string;
}

/** How a payment is named when voiding it: its id, or its place for payments recorded without one. */
export const paymentKey = (p: Pick<Payment, 'id'>, index: number) => p.id ?? `payment-${index}`;

/** Two payments of the same amount and method within this time ask the office to confirm. */
export const DUPLICATE_PAYMENT_MS = 60_000;

export interface ReleaseSignature {
  releaseId: string;
  version: string;
  typedName: string;
  signedAt: string;
  /** Agreed on the phone with the office, not typed by the guardian: "by phone, <staff>, <date>". */
  byPhone?: string;
}

export interface Enrollment {
  id: string;
  ownerUid: string;
  studentId: string;
  studentName: string;
  semesterIds: string[];
  /** Every class the enrollment holds a seat in (groups expanded). */
  classIds: string[];
  lineItems: LineItem[];
  discounts: AppliedDiscount[];
  subtotal: Cents;
  total: Cents;
  payments: Payment[];
  balance: Cents;
  status: EnrollmentStatus;
  /** Card checkouts only. */
  hold?: Hold;
  /** Refunds sent to a card. */
  cardRefunds?: CardRefund[];
  /** The account asked for its emails to go to the student's guardians too (from a verified email). */
  copyGuardians?: boolean;
  /** When the balance is due (the semester's balance due date when enrolled; absent = now). */
  balanceDueDate?: IsoDate;
  /** Paid in monthly payments charged to a saved card (contract/instalments.ts). */
  instalments?: Instalments;
  /** Something the office must look at (a card payment that did not match the enrollment). */
  flag?: string;
  /** The waitlist offer this enrollment claimed. */
  waitlistEntryId?: string;
  /** The codes with a use limit this enrollment counted against (given back if its hold lapses). */
  countedDiscountIds?: string[];
  /** The family's other children when it was priced (the sibling rule): a cancellation reprices with it. */
  siblings?: SiblingContext;
  /** The financial aid award it was priced with (its line is among the discounts): a cancellation reprices with it. */
  aid?: EnrollmentAid;
  /** A checkout of several children: its enrollments, this family's first child's first; one payment. */
  checkoutIds?: string[];
  releases: ReleaseSignature[];
  createdAt: string;
  idempotencyKey: string;
  /** Classes the office cancelled, with the refund given (absent on enrollments never changed). */
  cancellations?: Cancellation[];
  /** The family's requests to the office (a cancellation it may not make by itself), and the office's answers. */
  requests?: ChangeRequest[];
  /** Set while a request waits for the office: its queue is read by this. */
  requestWaiting?: true;
  /** Discounts the office gave by hand, each with its reason (their sum is the "office" discount line, as far as the total allows). */
  officeDiscounts?: OfficeDiscount[];
}

/** A discount the office gave an enrollment by hand: a fixed amount off what is owed, kept through cancellations and moves. */
export interface OfficeDiscount {
  /** The request's key: the same request twice gives it once. */
  id: string;
  amount: Cents;
  reason: string;
  at: string;
  by: string;
}

/**
 * An enrollment as its family sees it (enroll, myEnrollments, myEnrollment, releaseHold): no office
 * notes, no staff addresses, no flags for the office, no Stripe payment ids.
 */
/** Who holds a family's account: the parent the office calls, and who signs for the family. */
export interface AccountHolder {
  name: string;
  phone: string;
}

export interface FamilyEnrollment extends Omit<Enrollment, 'payments' | 'cancellations' | 'cardRefunds' | 'flag' | 'countedDiscountIds' | 'instalments' | 'officeDiscounts'> {
  payments: FamilyPayment[];
  instalments?: FamilyInstalments;
  cardRefunds?: FamilyCardRefund[];
  cancellations?: FamilyCancellation[];
}
export interface FamilyPayment {
  id?: string;
  amount: Cents;
  method: PaymentMethod;
  at: string;
  /** A payment recorded by mistake (not counted). */
  voided?: boolean;
  card?: Pick<CardDetails, 'brand' | 'last4' | 'sessionId'>;
}
export type FamilyCardRefund = Pick<CardRefund, 'amount' | 'refundId' | 'last4' | 'reason' | 'kind' | 'sessionId' | 'at' | 'failed'>;
export interface FamilyCancellation extends Pick<Cancellation, 'classIds' | 'classTitles' | 'refund' | 'fee' | 'refundMethod' | 'movedTo' | 'at'> {
  cardRefunds?: FamilyCardRefund[];
}

/** The office cancelled some or all classes of an enrollment. */
export interface Cancellation {
  classIds: string[];
  classTitles: string[];
  /** Money given back to the family. */
  refund: Cents;
  /** What the school kept of the suggested refund (suggested − refund, never negative). */
  fee: Cents;
  /** How the refund was given back (absent when there was no refund, or on older cancellations). */
  refundMethod?: PaymentMethod;
  /** By card: what Stripe refunded to which card. */
  cardRefunds?: CardRefund[];
  /** A move: the child left these classes for this one (in the same enrollment). */
  movedTo?: { classId: string; title: string };
  note: string;
  at: string;
  by: string;
}

export const DISCOUNT_TYPES = [
  'percent-off-classes',
  'free-classes',
  'percent-off-with-minimum',
  'fixed-basket',
  'percent-basket',
  'early-bird-fixed',
  /** Not codes: the sibling rule, applied by itself to each additional child's classes (see `Discount.siblingFrom`). */
  'sibling-percent',
  'sibling-amount',
] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];


/** The sibling rule's types: applied by the engine by itself, never typed as a code. */
export const isSiblingRule = (type: DiscountType) => type === 'sibling-percent' || type === 'sibling-amount';

export interface Discount {
  id: string;
  /** Stored upper-case, unique. */
  code: string;
  description: string;
  type: DiscountType;
  /** Cents for fixed types. */
  amount: Cents;
  /** 0–100 for percent types. */
  percent: number;
  classIds: string[];
  groupIds: string[];
  classTypes: string[];
  minimumCount: number;
  /** Last day the code works (inclusive); for early-bird, the early-bird date. */
  expiresOn: IsoDate | null;
  active: boolean;
  /** May be used together with other combinable codes; otherwise the code applies alone. */
  combinable: boolean;
  /** The semesters the code is for; empty or absent: any semester. */
  semesterIds?: string[];
  /** How many enrollments may use the code in all (a lapsed checkout gives its use back); absent or null: no limit. */
  maxUses?: number | null;
  /** How many of one family's enrollments may use the code; absent or null: no limit. */
  maxUsesPerFamily?: number | null;
  /** Sibling rule: the child it starts from (2: every child after the first, 3: from the third); absent: 2. */
  siblingFrom?: 2 | 3;
  /**
   * Sibling rule per class: only the classes a brother or sister also takes, counted per class (the
   * 2nd or 3rd child of the family in that class); otherwise every class of each additional child.
   */
  siblingPerClass?: boolean;
  /** Counts saves (see Semester.version). */
  version?: number;
}

/**
 * The family's other children, for the sibling rule: how many are enrolled in the semester, and how
 * many take each class. Children already enrolled keep their place (and their price).
 */
export interface SiblingContext {
  childrenBefore: number;
  takersByClass: Record<string, number>;
}

/** The office's list of codes: with the names of what they point to and how often each was used. */
export interface DiscountList {
  discounts: Discount[];
  /** Class, bundle and semester names by id. */
  names: Record<string, string>;
  /** Confirmed enrollments that used each code, by code. */
  uses: Record<string, number>;
  /** Uses counted against each limited code (checkouts in progress included), by code. */
  counted: Record<string, number>;
}

/** The releases a guardian signs by typing their full name. */
export interface Release {
  id: string;
  version: string;
  title: string;
  text: string;
}

/** Student info older than this needs a "still accurate" confirmation before enrolling. */
export const INFO_REVIEW_MONTHS = 12;

export interface Problem {
  /** The class id or discount code it is about. */
  about: string;
  message: string;
}

/** A priced basket (the pricing engine's answer): what the review step shows and the submit charges. */
/** Paying a deposit now and the rest by a date (card checkouts, where the semester sets it). */
export interface DepositPlan {
  amount: Cents;
  dueDate: IsoDate;
}

export interface PriceQuote {
  lineItems: LineItem[];
  discounts: AppliedDiscount[];
  /** Line prices plus add-ons, before discounts. */
  subtotal: Cents;
  discountTotal: Cents;
  total: Cents;
  /** Lines that cannot be priced (unknown class, price off the sliding scale, unknown add-on). */
  problems: Problem[];
  /** Codes that do not apply, with the reason; they change nothing. */
  codeProblems: Problem[];
  /** What the family should know about the price (a bundle price not used, and why). */
  notes: Problem[];
}

/** One child's part of a checkout's price. */
export interface CartChildQuote extends PriceQuote {
  studentId: string;
  /** The family's other children when this child was priced (kept on its enrollment). */
  siblings?: SiblingContext;
  /** The award this child's classes were priced with (kept on its enrollment). */
  aid?: EnrollmentAid;
}

/** A checkout of several children priced by the one engine. */
export interface CartQuote {
  /** In the order the children are charged: by their classes' list price, the highest first. */
  children: CartChildQuote[];
  subtotal: Cents;
  discountTotal: Cents;
  total: Cents;
  problems: Problem[];
  /** Codes that apply to none of the children, with the reason (the first child's). */
  codeProblems: Problem[];
}

/** A class as the office edits it (the seat ledger's own numbering and where it was copied from stay on the server). */
export type AdminClass = Omit<ClassRecord, 'seatNumbers' | 'copiedFrom'>;

export interface DashboardFigures {
  semesterId: string;
  enrollments: number;
  students: number;
  seatsFilled: number;
  capacity: number;
  /** Totals of the semester's confirmed and cancelled enrollments (fees kept on cancelled ones included). */
  billed: Cents;
  /** Payments received, voided ones not counted (card checkouts not completed and refunded included). */
  paid: Cents;
  /** Of `paid`: by card through Stripe, recorded by the office (check, cash, Venmo, other), and from families' account credit. */
  paidByCard: Cents;
  paidAtOffice: Cents;
  paidFromCredit: Cents;
  /** The account credit families hold now, the whole school's (not only this semester's families). */
  creditOwed: Cents;
  /** Financial aid on the semester's enrollments (their aid lines), and what the aid funds hold now (the whole school's). */
  aidGiven: Cents;
  aidFundsHold: Cents;
  /** Card checkouts in progress: seats held while families pay, and what they are paying. */
  heldCheckouts: number;
  heldAmount: Cents;
  refunded: Cents;
  /** paid − refunded. */
  netPaid: Cents;
  /** billed − net paid. */
  outstanding: Cents;
  /** Families on the semester's waitlists (waiting or holding an offer), over its classes. */
  waiting: number;
  classes: { id: string; title: string; enrolled: number; capacity: number; status: ClassStatus; waiting: number }[];
  recent: { id: string; studentName: string; total: Cents; balance: Cents; createdAt: string; classTitles: string[] }[];
}

// ---- School office: sheets, students, t-shirts, enrollments ----

/** One student on a class roster, with everything the staff in the field need. */
export interface RosterEntry {
  student: Student;
  enrollmentId: string;
  /** The add-ons chosen for this class. */
  addOns: AddOn[];
}

/** What a class sheet shows of a class: when and where it meets, who teaches it; no money. */
export type SheetClass = Pick<ClassRecord, 'id' | 'semesterId' | 'title' | 'location' | 'startDate' | 'endDate' | 'weekdays' | 'startTime' | 'endTime' | 'instructors' | 'noMeetingDates' | 'holidays'>;

/** A roster as the printed sheets and the instructor's view need it: everything for the field, no money. */
export interface SheetRoster {
  class: SheetClass;
  semesterName: string;
  /** Sorted by last name, then first name. */
  entries: {
    student: Student;
    enrollmentId: string;
    addOns: Pick<AddOn, 'id' | 'description'>[];
    /** The instructor's view: the tags of this school year's pickup codes of the adults still listed. */
    pickups?: PickupTag[];
    /** The instructor's view: when those codes were made (a pickup checked on them names it). */
    codesIssuedAt?: string;
    /** The instructor's view: the family's code word as the phone checks it (the word itself is not sent). */
    codeWord?: CodeWordTag;
  }[];
}

/** A class an instructor teaches, for their list. */
export interface TaughtClass extends SheetClass {
  semesterName: string;
  enrolled: number;
}

export interface ClassRoster {
  class: AdminClass;
  semesterName: string;
  /** Sorted by last name, then first name. */
  entries: RosterEntry[];
  /** Families on the class's waitlist, apart from the roster, in order. */
  waitlist: { studentName: string; status: 'waiting' | 'offered'; place: number | null; offerExpiresAt?: string }[];
}

export const STUDENT_SORTS = ['name', 'grade', 'school'] as const;
export type StudentSort = (typeof STUDENT_SORTS)[number];

/** A row of the office's student table. */
export interface StudentRow {
  id: string;
  firstName: string;
  lastName: string;
  grade: number;
  school: string;
  birthDate: IsoDate;
  guardianEmails: string[];
  /** Searched (a family calling gives an adult's name), not shown. */
  guardianNames: string[];
  lifeThreateningAllergy: boolean;
}

/** A student's printable info sheet: the profile, their enrollments and the releases signed. */
export interface StudentSheet {
  student: Student;
  familyEmail: string | null;
  /** Who holds the family's account (name and phone), when the family has said. */
  familyHolder: AccountHolder | null;
  enrollments: {
    id: string;
    status: Enrollment['status'];
    createdAt: string;
    classTitles: string[];
    releases: (ReleaseSignature & { title: string })[];
  }[];
  /** The child's attendance as it stands, newest meeting first, with who recorded it. */
  attendance: AttendanceLine[];
  /** The child's incident reports as they stand, newest first. */
  incidents: IncidentLine[];
  /** Who collected the child, when, and every attempt stopped, newest first. */
  pickups: PickupLine[];
  /** The medication record: every dose recorded, newest first. */
  doses: DoseLine[];
  /** Doses due at the child's classes' past meetings with nothing recorded within the hour, newest first. */
  missedDoses: (MissedDose & { classTitle: string })[];
}

export interface TshirtTally {
  semesterId: string;
  /** Every offered size in order, zero counts included. */
  counts: { size: TshirtSize; count: number }[];
  students: { id: string; firstName: string; lastName: string; grade: number; size: TshirtSize; classTitles: string[] }[];
}

export const ENROLLMENT_SORTS = ['createdAt', 'studentName', 'total', 'balance'] as const;
export type EnrollmentSort = (typeof ENROLLMENT_SORTS)[number];

/** An enrollment as the office's table shows it. */
export interface EnrollmentRow extends Enrollment {
  familyEmail: string | null;
  classTitles: string[];
  paid: Cents;
  refunded: Cents;
  netPaid: Cents;
}

/** What cancelling some classes of an enrollment would do, priced by the pricing engine. */
export interface CancellationQuote {
  enrollmentId: string;
  cancelClassIds: string[];
  keptClassIds: string[];
  /** The enrollment's total now and after the cancellation (kept classes repriced, fees kept). */
  currentTotal: Cents;
  newTotal: Cents;
  /** Payments minus refunds so far. */
  netPaid: Cents;
  /** What the family has paid beyond the new total. */
  suggestedRefund: Cents;
  /** How much can still go back to the cards the family paid with (the rest of a refund goes back another way). */
  cardRefundable: Cents;
}

// ---- Waitlist ----

export const WAITLIST_STATUSES = ['waiting', 'offered', 'enrolled', 'lapsed', 'declined', 'removed', 'left'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** One step of an entry's life, shown to the office (a move carries its written reason). */
export interface WaitlistEvent {
  at: string;
  action: 'joined' | 'offered' | 'paying' | 'reminded' | 'lapsed' | 'declined' | 'claimed' | 'moved' | 'removed' | 'left';
  /** Staff who did it (absent: the family or the portal). */
  by?: string;
  reason?: string;
}

/**
 * A family waiting for a full class (or a bundle, waited for as one unit): the complete request it
 * made, priced when it joined. When its turn comes it gets an offer: its seats held until the offer's end.
 */
export interface WaitlistEntry {
  id: string;
  ownerUid: string;
  /** The account's email when it joined (where the list's emails go). */
  email: string | null;
  studentId: string;
  studentName: string;
  semesterId: string;
  /** The classes waited for together (one class, or each class of a bundle). */
  classIds: string[];
  /** "Pond Painters", or the bundle's name. */
  title: string;
  /** The request as the family made it, replayed when it claims. */
  request: {
    lines: { classId: string; price?: Cents; addOnIds: string[] }[];
    codes: string[];
    releases: { releaseId: string; version: string; typedName: string }[];
    infoConfirmed: boolean;
    copyGuardians?: boolean;
    /** How the family said it would pay (a registration round's entry): the claim offers it first. */
    payWith?: CheckoutMethod;
  };
  /** The price quoted at joining: a claim pays the lower of this and the price on the day. */
  quote: Pick<PriceQuote, 'lineItems' | 'discounts' | 'subtotal' | 'total'>;
  joinedAt: string;
  /** Order on the list (smaller first): the join time (for a registration round's, the draw's time and the child's turn), unless the office moved the entry. */
  rank: number;
  /** Made by the semester's registration round, at the draw: the child's turn in it. */
  round?: { turn: number };
  status: WaitlistStatus;
  /** The seat offered in each class (kept for the family until `expiresAt`, whatever happens on Stripe's page). */
  offer?: { at: string; expiresAt: string; remindedAt?: string; by?: string; seats?: Record<string, string> };
  /** The enrollment that claimed the offer (while it is paid by card, the entry stays offered). */
  enrollmentId?: string;
  /** The codes with a use limit this entry counted when it joined (the claim keeps them; leaving gives them back). */
  countedDiscountIds?: string[];
  history: WaitlistEvent[];
}

/** An entry as its family sees it: with its place among those waiting. */
export interface FamilyWaitlistEntry extends Omit<WaitlistEntry, 'history' | 'rank' | 'email' | 'ownerUid' | 'countedDiscountIds'> {
  /** 1 for first; null when not waiting. */
  place: number | null;
}

/** An entry as the office sees it on a class's list. */
export interface OfficeWaitlistEntry extends WaitlistEntry {
  place: number | null;
}

/** A person on the school's staff, as the Staff page lists them. */
export interface StaffMember {
  uid: string;
  email: string;
  roles: StaffRole[];
  /** Invited and not yet able to sign in (no password chosen yet). */
  invited: boolean;
  lastSignInAt: string | null;
  /** Who last changed their roles, and when. */
  changedBy: string | null;
  changedAt: string | null;
}
