// The one place a plan's refusal becomes the callable's error: its code and the words the person reads.
import { HttpsError } from 'firebase-functions/v2/https';
import { isRefusal, type Refusal } from '../domain/refusal';

/** The callable's error for a refusal; `details` is what the caller may show beside it (the enrollment as it stands). */
export const refusedError = (r: Refusal, details?: unknown) => new HttpsError(r.refused, r.message, details);

/** A check's refusal, if it has one, thrown as the callable's error. */
export function throwIfRefused(refusal: Refusal | null): void {
  if (refusal) throw refusedError(refusal);
}

/** A plan's answer, or its refusal thrown as the callable's error. */
export function orRefused<T extends object>(planned: T | Refusal, details?: unknown): T {
  if (isRefusal(planned)) throw refusedError(planned, details);
  return planned;
}
