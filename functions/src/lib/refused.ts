// The one place a plan's refusal becomes the callable's error: its code and the words the person reads.
import { HttpsError } from 'firebase-functions/v2/https';
import type { Refusal } from '../domain/refusal';

/** The callable's error for a refusal; `details` is what the caller may show beside it (the enrollment as it stands). */
export const refusedError = (r: Refusal, details?: unknown) => new HttpsError(r.refused, r.message, details);
