// The donation amount rules and the Venmo link (PRODUCT §8): $1 to $9,999, whole dollars or cents.
export const MIN_DONATION_CENTS = 100;
export const MAX_DONATION_CENTS = 999_900;

export type AmountCheck = { cents: number } | { error: string };

export function parseDonationAmount(text: string): AmountCheck {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!cleaned) return { error: 'Enter an amount.' };
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return { error: 'Enter an amount in dollars, like 25 or 25.50.' };
  const [whole, fraction = ''] = cleaned.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (cents < MIN_DONATION_CENTS) return { error: 'The smallest gift is $1.' };
  if (cents > MAX_DONATION_CENTS) return { error: 'The largest gift online is $9,999. Please contact us for larger gifts.' };
  return { cents };
}

export const MAX_NOTE_LENGTH = 200;

/** Venmo's pay link, prefilled with the amount and note; opens the app on phones that have it. */
export function venmoPayUrl(handle: string, cents: number, note: string): string {
  const params = new URLSearchParams({ txn: 'pay', amount: (cents / 100).toFixed(2), note: note.trim() || 'Donation' });
  return `https://venmo.com/${encodeURIComponent(handle.replace(/^@/, ''))}?${params.toString()}`;
}
