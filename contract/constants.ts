/** Callable timeout and region (seed §9). */
export const CALLABLE_TIMEOUT_MS = 70_000;
export const FUNCTIONS_REGION = 'us-central1';
/** The most ids one public catalogue call takes (`classes`, `classGroups`, `classesBySemester`). */
export const MAX_IDS = 100;
/** The school's name, in email subjects (which never carry text a family typed). */
export const SCHOOL_NAME = 'Wildwood Outdoor School';

/**
 * Calls allowed per RATE_WINDOW_S (issue 19), per signed-in account and per client address: enough for
 * any family (a preview per change of the basket, a few submits), too few to guess codes or hoard.
 */
export const RATE_LIMITS = {
  priceBasket: { perAccount: 200, perClient: 600 },
  enroll: { perAccount: 40, perClient: 200 },
} as const;
export const RATE_WINDOW_S = 600;

/**
 * Hours a family has to claim a waitlist offer: the semester's setting (default 48), 24 within 14
 * days of the class's start, 4 within 2 days; a reminder goes out 2 hours before the end.
 */
export const WAITLIST_CLAIM_HOURS = { default: 48, within14Days: 24, within2Days: 4, reminderBefore: 2 } as const;
