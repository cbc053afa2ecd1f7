// What Stripe paid to the school's bank: its payouts arriving in a range of days, for the bookkeeper to
// match against the bank statement beside the card payments (a payout is a day's card payments less
// Stripe's fees and that day's refunds, so the two totals differ by the fees and by timing).
import { HttpsError } from 'firebase-functions/v2/https';
import type { IsoDate } from '../../../contract/domain';
import type { StripePayout } from '../../../contract/reports';
import { isStripeError, stripe } from './stripe';

const DAY_S = 86_400;

/** Stripe's arrival date is a day (its midnight, UTC): the day itself. */
const dayOf = (seconds: number): IsoDate => new Date(seconds * 1000).toISOString().slice(0, 10);

export async function payoutsArriving(from: IsoDate, to: IsoDate): Promise<StripePayout[]> {
  const gte = Date.parse(`${from}T00:00:00Z`) / 1000;
  const lte = Date.parse(`${to}T00:00:00Z`) / 1000 + DAY_S - 1;
  try {
    const all = await stripe().payouts.list({ arrival_date: { gte, lte }, limit: 100 }).autoPagingToArray({ limit: 10_000 });
    return all.map((p) => ({ id: p.id, amount: p.amount, arrivesOn: dayOf(p.arrival_date), status: p.status as StripePayout['status'] }));
  } catch (error) {
    if (!isStripeError(error)) throw error;
    throw new HttpsError('unavailable', 'Stripe could not be reached for its payouts: try again in a moment.');
  }
}
