// Pure rules both sides need, so the app and the server can never disagree.
import { INFO_REVIEW_MONTHS } from './domain';

/** True when the info was never reviewed or was last reviewed more than 12 months ago. */
export function needsInfoReview(infoReviewedAt: string | null, now: Date): boolean {
  if (!infoReviewedAt) return true;
  const limit = new Date(now);
  limit.setUTCMonth(limit.getUTCMonth() - INFO_REVIEW_MONTHS);
  return new Date(infoReviewedAt) < limit;
}

/** A chosen sliding-scale price is within the class's range (both ends included). */
export function withinSlidingScale(price: number, range: { min: number; max: number }): boolean {
  return price >= range.min && price <= range.max;
}

const nameKey = (name: string) =>
  name.trim().toLocaleLowerCase().normalize('NFD').replace(/\p{Diacritic}/gu, '').replace(/\s+/g, ' ');

/**
 * A release is signed by typing a guardian's full name: at least two words, the same as a guardian
 * listed on the student (case, accents and spaces aside). Null when the signature is good.
 */
export function signatureProblem(typedName: string, guardianNames: string[], releaseTitle: string): string | null {
  const typed = nameKey(typedName);
  if (!typed) return `Type your full name to sign the ${releaseTitle}.`;
  if (typed.split(' ').length < 2) return `Type your full name, first and last, to sign the ${releaseTitle}.`;
  const listed = guardianNames.filter((n) => nameKey(n));
  if (!listed.some((n) => nameKey(n) === typed)) {
    return `The ${releaseTitle} must be signed by a guardian listed for the student: type ${listed.map((n) => n.trim()).join(' or ')} exactly as listed.`;
  }
  return null;
}
