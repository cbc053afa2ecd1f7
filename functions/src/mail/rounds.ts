// A registration round's email to the family: its entry as saved (each change confirmed), with each
// child's ranked choices, whether they are linked, and when entries close and the draw runs. Every
// value escaped by the layout; the subject names no child.
import { ordinal } from '../../../contract/format';
import { formatMoment } from '../../../contract/wording';
import type { Student } from '../../../contract/domain';
import type { ChildResult, PublicRound, RoundEntry } from '../../../contract/rounds';
import { myEnrollments, simpleMail, type MailMessage } from './layout';
import { placementWords } from '../../../contract/draw';

/** `names`: each child's first name by student id; `titles`: each choice's title by id (a class or a bundle). */
export function roundEntryMail(round: PublicRound, entry: RoundEntry, changed: boolean, names: Map<string, string>, titles: Map<string, string>, portal: string): MailMessage {
  const children = entry.children.map((c) => `${names.get(c.studentId) ?? 'Your child'}: ${c.choices.map((id, i) => `${ordinal(i + 1)} ${titles.get(id) ?? id}`).join(', ')}.`);
  const linked = entry.linked ? ['Your children are linked: they are placed together in a class they all ranked, or none of them is placed.'] : [];
  return simpleMail(
    changed ? 'Your round entry is changed' : 'Your round entry is in',
    [
      `Your entry in the ${round.semesterName} registration round is saved${changed ? ' as changed' : ''}:`,
      ...children,
      ...linked,
      `Entries close ${formatMoment(round.entriesClose)} and the draw runs ${formatMoment(round.beacon.time)}. Entering early gives no advantage; you may change your entry until entries close.`,
    ],
    { href: `${portal}/rounds/${round.semesterId}/entry`, label: 'Your entry' },
    'You receive this email because your account entered a registration round.',
  );
}

/**
 * The draw's result for a family: each child's place in the draw's own words (group, number, what it
 * got and why) with the choice's name and until when to accept it, and the waitlists it joined with its
 * place in line. The subject names no child.
 */
export function roundResultMail(round: PublicRound, results: ChildResult[], students: Map<string, Pick<Student, 'firstName'>>, choices: Map<string, { title: string }>, portal: string): MailMessage {
  const title = (id: string) => choices.get(id)?.title ?? id;
  const lines = results.map((r) => {
    const name = students.get(r.studentId)?.firstName ?? 'Your child';
    const p = r.placement;
    const got = r.offer && p.placed ? ` (${title(p.placed)}). Accept the place on My Enrollments by ${formatMoment(r.offer.expiresAt)}; after that it passes to the next child in draw order.` : '.';
    const lists = r.waiting.map((w) => `${ordinal(w.place)} on the waitlist for ${title(w.choiceId)}`);
    return `${name}: ${placementWords(p)}${got}${lists.length ? ` ${name} is ${lists.join(', ')}; we email you if a seat frees up.` : ''}`;
  });
  return simpleMail(
    'The draw’s results',
    [`The ${round.semesterName} registration round was drawn ${formatMoment(round.drawn!.at)}. Your entry:`, ...lines, 'Anyone can check the draw on its public page.'],
    myEnrollments(portal),
    'You receive this email because your account entered a registration round.',
  );
}
