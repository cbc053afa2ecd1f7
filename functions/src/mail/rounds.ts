// A registration round's email to the family: its entry as saved (each change confirmed), with each
// child's ranked choices, whether they are linked, and when entries close and the draw runs. Every
// value escaped by the layout; the subject names no child.
import { ordinal } from '../../../contract/format';
import { formatMoment } from '../../../contract/wording';
import type { PublicRound, RoundEntry } from '../../../contract/rounds';
import { simpleMail, type MailMessage } from './layout';

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
