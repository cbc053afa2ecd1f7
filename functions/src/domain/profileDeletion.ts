// A family deletes a child's profile: when it may, and what stays. Pure: usecases/students.ts reads
// the child's enrollments, waitlist places and round entries, asks here, and writes.
import type { ClassRecord, Enrollment, IsoDate, WaitlistEntry } from '../../../contract/domain';
import { andList } from '../../../contract/format';
import { no, type Refusal } from './refusal';

/** The name money records, past rosters and waitlist history keep once a profile is deleted. */
export const REMOVED_NAME = 'Removed child';

export interface DeletionFacts {
  firstName: string;
  enrollments: Enrollment[];
  /** The classes those enrollments name, by id (their last day). */
  classes: Map<string, Pick<ClassRecord, 'title' | 'endDate'>>;
  waitlist: WaitlistEntry[];
  /** Registration rounds not drawn yet whose entry names the child, by semester name. */
  openRounds: string[];
  today: IsoDate;
}

/**
 * Why the profile cannot be deleted now, in the family's words (null: it can): a class not over yet
 * (cancel it first), a card payment under way, a waitlist place, a round's entry. Nothing of a child
 * who still has somewhere to be is erased.
 */
export function deletionRefusal(f: DeletionFacts): Refusal | null {
  const current = f.enrollments.filter((e) => e.status === 'pending_payment' || (e.status === 'confirmed' && e.classIds.some((c) => (f.classes.get(c)?.endDate ?? f.today) >= f.today)));
  if (current.length) {
    const titles = current.flatMap((e) => e.classIds.filter((c) => e.status === 'pending_payment' || (f.classes.get(c)?.endDate ?? f.today) >= f.today).map((c) => f.classes.get(c)?.title ?? c));
    return no(`${f.firstName} is still enrolled in ${andList([...new Set(titles)])}: cancel ${titles.length > 1 ? 'them' : 'it'} first (or ask the office), then delete the profile.`);
  }
  const waiting = f.waitlist.filter((w) => w.status === 'waiting' || w.status === 'offered');
  if (waiting.length) return no(`${f.firstName} is on the waitlist for ${andList(waiting.map((w) => w.title))}: leave it first, then delete the profile.`);
  if (f.openRounds.length) return no(`${f.firstName} is in your entry for the registration round of ${andList(f.openRounds)}: take ${f.firstName} out of it first, then delete the profile.`);
  return null;
}
