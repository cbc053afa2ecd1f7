// Pure rules both sides need, so the app and the server can never disagree.
import { INFO_REVIEW_MONTHS } from './domain';

/** True when the info was never reviewed or was last reviewed more than 12 months ago. */
export function needsInfoReview(infoReviewedAt: string | null, now: Date): boolean {
  if (!infoReviewedAt) return true;
  const limit = new Date(now);
  limit.setUTCMonth(limit.getUTCMonth() - INFO_REVIEW_MONTHS);
  return new Date(infoReviewedAt) < limit;
}
