// The donation amount rules and the Venmo link: $1 to $9,999, whole dollars or cents.
import { parseDollars, plainDollars } from '../../../contract/wording';
import { DONATION_RANGE } from '../../../contract/rules';


export type AmountCheck = { cents: number } | { error: string };

export function parseDonationAmount(text: string): AmountCheck {
  if (!text.trim()) return { error: 'Enter an amount.' };
  const cents = parseDollars(text);
  if (cents === null) return { error: 'Enter an amount in dollars, like 25 or 25.50.' };
  if (cents < DONATION_RANGE.min) return { error: 'The smallest gift is $1.' };
  if (cents > DONATION_RANGE.max) return { error: 'The largest gift online is $9,999. Please contact us for larger gifts.' };
  return { cents };
}

export const MAX_NOTE_LENGTH = 200;

/** Venmo's pay link, prefilled with the amount and note; opens the app on phones that have it. */
export function venmoPayUrl(handle: string, cents: number, note: string): string {
  const params = new URLSearchParams({ txn: 'pay', amount: plainDollars(cents), note: note.trim() || 'Donation' });
  return `https://venmo.com/${encodeURIComponent(handle.replace(/^@/, ''))}?${params.toString()}`;
}
