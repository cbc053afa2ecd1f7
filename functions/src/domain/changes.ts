// What a family's cancellation gets under the school's policy, pure: the notice it gave (days before
// the first meeting of the classes it cancels), the band that applies, and the money — from the
// cancellation's plan (the kept classes repriced by the one pricing engine, domain/cancellation.ts).
import type { CancellationOutcome, CancellationPolicy, NoticeBand } from '../../../contract/changes';
import type { CancellationQuote, IsoDate } from '../../../contract/domain';

export interface OutcomeFacts {
  /** The semester's policy (null: none). */
  policy: CancellationPolicy | null;
  plan: Pick<CancellationQuote, 'currentTotal' | 'newTotal' | 'netPaid' | 'suggestedRefund' | 'cardRefundable'>;
  /** The earliest first meeting of the classes cancelled. */
  firstMeeting: IsoDate;
  today: IsoDate;
}

const dayNumber = (iso: IsoDate) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/** The band with the most notice that the family gave at least (null: none). */
export function bandFor(bands: NoticeBand[], daysBefore: number): NoticeBand | null {
  return [...bands].sort((a, b) => b.daysBefore - a.daysBefore).find((b) => daysBefore >= b.daysBefore) ?? null;
}

export const NO_POLICY = 'The school has no cancellation policy for this class that families can use: to cancel, please call the office.';
export const STARTED = 'This class has started: to cancel, please call the office.';
export const OFFICE_PAID = 'Part of this refund was paid at the office and is given back there: to cancel, please call the office.';

/**
 * The outcome of cancelling: of what the cancelled classes cost (`value`), the band's percent comes
 * back less its fee (never below nothing), and the family gets back what it paid beyond the new total
 * and what the school keeps — never more than it paid. A family may cancel by itself when the school
 * allows it, before the first meeting's day, and when all of the refund goes back to its cards.
 */
export function cancellationOutcome(f: OutcomeFacts): CancellationOutcome {
  const daysBefore = dayNumber(f.firstMeeting) - dayNumber(f.today);
  const band = f.policy ? bandFor(f.policy.bands, daysBefore) : null;
  const value = Math.max(0, f.plan.currentTotal - f.plan.newTotal);
  const back = band ? Math.max(0, Math.floor((value * band.percent) / 100) - band.fee) : 0;
  const refund = Math.max(0, f.plan.netPaid - f.plan.newTotal - (value - back));
  const toCard = Math.min(refund, f.plan.cardRefundable);
  const kept = f.plan.suggestedRefund - refund;
  const owes = Math.max(0, f.plan.newTotal - f.plan.netPaid);
  const why = !f.policy?.selfService ? NO_POLICY : daysBefore <= 0 ? STARTED : toCard < refund ? OFFICE_PAID : null;
  return { allowed: why === null, why, daysBefore, band, value, kept, refund, toCard, owes };
}
