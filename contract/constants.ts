/** Callable timeout and region. */
export const CALLABLE_TIMEOUT_MS = 70_000;
export const FUNCTIONS_REGION = 'us-central1';
/** The most ids one public catalogue call takes (`classes`, `classGroups`, `classesBySemester`). */
export const MAX_IDS = 100;
/** The school's name, in email subjects (which never carry text a family typed). */
export const SCHOOL_NAME = 'Wildwood Outdoor School';
/** The office's phone, on the instructor's stop screen (a child not released). */
export const SCHOOL_OFFICE_PHONE = '(555) 010-2000';

/**
 * Calls allowed per RATE_WINDOW_S: per signed-in account; per anonymous caller's address; and for
 * every anonymous caller together (a ceiling: an address is only what the caller's headers say).
 * Enough for any family (a preview per change of the basket, a few submits), too few to guess codes,
 * hoard seats or test stolen cards. Anonymous previews count only when they carry codes.
 */
export const RATE_LIMITS = {
  priceBasket: { perAccount: 200, perAddress: 100, anonymous: 2000 },
  enroll: { perAccount: 40, perAddress: 0, anonymous: 0 },
  donate: { perAccount: 10, perAddress: 10, anonymous: 200 },
  /** New pickup codes (each emails the guardians): a family's few, never a mailing tool. */
  issuePickupCodes: { perAccount: 10, perAddress: 0, anonymous: 0 },
  /** Syncs from a staff member who does not teach the class (everything held for the office): a phone's backlog, not a flood. */
  fieldHeld: { perAccount: 20, perAddress: 0, anonymous: 0 },
  /** A family's entry in a registration round, saved at each change: changes of mind, never a flood. */
  roundEntry: { perAccount: 30, perAddress: 0, anonymous: 0 },
} as const;
export const RATE_WINDOW_S = 600;

/**
 * Hours a family has to claim a waitlist offer: the semester's setting (default 48), 24 within 14
 * days of the class's start, 4 within 2 days; a reminder goes out 2 hours before the end.
 */
export const WAITLIST_CLAIM_HOURS = { default: 48, within14Days: 24, within2Days: 4, reminderBefore: 2 } as const;

/**
 * What one account may hold at once while it pays by card: seats (all its unpaid card checkouts
 * together) and new holds a day. A new checkout for the same children replaces the earlier one and
 * keeps its end, so holding seats longer than one hold is never possible.
 */
export const HOLD_LIMITS = { seats: 12, perDay: 20 } as const;

/** Stripe's smallest charge in US dollars (cents): a card payment of less is refused by Stripe. */
export const STRIPE_MIN_CHARGE = 50;

/** An enrollment left unfinished is kept this many days after its last change, then deleted (it holds a child's health profile). */
export const DRAFT_DAYS = 60;
