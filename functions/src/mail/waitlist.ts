// The waitlist's emails (Trigger Email format): HTML and text, every value escaped, each with the
// school's footer and a link to the family's page.
import type { WaitlistEntry } from '../../../contract/domain';
import { formatCents, ordinal } from '../../../contract/format';
import { formatMoment } from '../../../contract/wording';
import { myEnrollments, simpleMail, type MailMessage } from './layout';

export type WaitlistMailKind = 'joined' | 'offer' | 'reminder' | 'lapsed' | 'removed';

export interface WaitlistMail {
  to: string[];
  message: MailMessage;
  waitlistEntryId: string;
  kind: WaitlistMailKind;
}

const SUBJECTS: Record<WaitlistMailKind, string> = {
  joined: 'On the waitlist',
  offer: 'A seat is yours to claim',
  reminder: 'Reminder: your seat offer ends soon',
  lapsed: 'Your seat offer has ended',
  removed: 'Taken off the waitlist',
};

/** `portal`: the site's address; the link goes to My Enrollments, where offers are claimed. */
export function waitlistMail(kind: WaitlistMailKind, entry: WaitlistEntry, portal: string, extra: { place?: number | null; reason?: string } = {}): WaitlistMail {
  const who = entry.studentName;
  const deadline = entry.offer ? formatMoment(entry.offer.expiresAt) : '';
  const price = formatCents(entry.quote.total);
  const lines: Record<WaitlistMailKind, string[]> = {
    joined: [
      `${who} is on the waitlist for ${entry.title}${extra.place ? `, ${ordinal(extra.place)} in line` : ''}.`,
      `Nothing is charged now. When a seat frees up we hold it for ${who} and email you; you then have a set time to claim it, at ${price} or the price of the day if lower.`,
    ],
    offer: [
      `A seat in ${entry.title} is held for ${who} until ${deadline}.`,
      `Claim it from My Enrollments before then: you pay ${price} or less. If you do not claim it, it goes to the next family on the list.`,
    ],
    reminder: [`The seat in ${entry.title} held for ${who} is yours until ${deadline}. Claim it from My Enrollments before then.`],
    lapsed: [
      `The seat in ${entry.title} held for ${who} was not claimed by ${deadline}, and has gone to the next family on the waitlist.`,
      'You may join the waitlist again from the class list.',
    ],
    removed: [`The school office has taken ${who} off the waitlist for ${entry.title}.`, ...(extra.reason ? [`Reason: ${extra.reason}`] : [])],
  };
  const message = simpleMail(SUBJECTS[kind], lines[kind], myEnrollments(portal), 'You receive this email because your account joined a waitlist.');
  return { to: entry.email ? [entry.email] : [], message, waitlistEntryId: entry.id, kind };
}
