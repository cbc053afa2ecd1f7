// App Check: the calls a script could use to take what families race for (a seat, a round's entry, a
// code's use, a donation page) answer only a page the portal served on a real browser. In production
// the browser proves it with reCAPTCHA Enterprise and the function checks the token with Google; on the
// emulators (no Google to ask) the app makes a token of the same shape that the functions emulator reads
// without checking a signature (contract/appCheckToken.ts), so a caller without one is still refused
// there. Only what every page's callable client needs is here: it is part of the landing page.
import type { CallableName } from './callables';

/** The callables that need an App Check token. */
export const APP_CHECKED = ['saveRoundEntry', 'enroll', 'enrollFamily', 'claimOffer', 'joinWaitlist', 'priceBasket', 'priceCart', 'donate'] as const satisfies readonly CallableName[];

export const needsAppCheck = (name: string): boolean => (APP_CHECKED as readonly string[]).includes(name);

/** The header the callable protocol carries the token in. */
export const APP_CHECK_HEADER = 'X-Firebase-AppCheck';
