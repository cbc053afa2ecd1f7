// Pure rules both sides need, so the app and the server can never disagree.
import { INFO_REVIEW_MONTHS, type Release, type ReleaseSignature } from './domain';

/** True when the info was never reviewed or was last reviewed more than 12 months ago. */
export function needsInfoReview(infoReviewedAt: string | null, now: Date): boolean {
  if (!infoReviewedAt) return true;
  const limit = new Date(now);
  limit.setUTCMonth(limit.getUTCMonth() - INFO_REVIEW_MONTHS);
  return new Date(infoReviewedAt) < limit;
}

/**
 * The releases to sign in an enrollment: those not kept from the child's enrollment this semester
 * (`keptSignatures` in contract/family.ts, which only the enrollment steps load).
 */
export const releasesToSign = <R extends Pick<Release, 'id'>>(releases: R[], kept: Pick<ReleaseSignature, 'releaseId'>[]): R[] =>
  releases.filter((r) => !kept.some((k) => k.releaseId === r.id));

/** A chosen sliding-scale price is within the class's range (both ends included). */
export function withinSlidingScale(price: number, range: { min: number; max: number }): boolean {
  return price >= range.min && price <= range.max;
}

/** Text as searches and names compare it: lower case, accents removed ("Zoë" → "zoe"). */
export const foldText = (text: string) => text.toLocaleLowerCase().normalize('NFD').replace(/\p{Diacritic}/gu, '');

/** True when every word of the query is found in one of the fields (case and accents aside). */
export function matchesSearch(fields: string[], query: string | undefined): boolean {
  const words = foldText(query ?? '').split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const hay = foldText(fields.join('\n'));
  return words.every((w) => hay.includes(w));
}

/** What taking a bundle saves against its classes' own prices. */
export function bundleSaving(group: { price: number; classIds: string[] }, classes: { id: string; price: number }[]): number {
  return classes.filter((c) => group.classIds.includes(c.id)).reduce((s, c) => s + c.price, 0) - group.price;
}

const nameKey = (name: string) => foldText(name.trim()).replace(/\s+/g, ' ');

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


/** A gift online: $1 to $9,999, in cents. */
export const DONATION_RANGE = { min: 100, max: 999_900 } as const;
