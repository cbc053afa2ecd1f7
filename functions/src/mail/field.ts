// The field's emails. The incident report's, written when the report reaches the server: to the
// child's family in plain words (their own child only, never another child's name) and to the school
// office. A pickup code, to the adult it was made for. Pure.
import type { Incident } from '../../../contract/field';
import { formatDate, formatTime } from '../../../contract/format';
import { myEnrollments, simpleMail, type MailMessage } from './layout';

export interface IncidentReport {
  /** The child's first name (the family's email) and full name (the office's). */
  firstName: string;
  childName: string;
  classId: string;
  classTitle: string;
  meeting: string;
  incident: Incident;
  /** Who reported it: the instructor's email. */
  by: string;
  /** It corrects an earlier report of the same incident. */
  correction: boolean;
}

const details = (r: IncidentReport) => [
  `What happened: ${r.incident.what}`,
  `Where: ${r.incident.where}`,
  `First aid given: ${r.incident.firstAid}`,
  `Who was told: ${r.incident.told}`,
];

export function incidentFamilyMail(r: IncidentReport, portal: string): MailMessage {
  return simpleMail(
    // The subject shows on lock screens and in lists: it never names a child.
    r.correction ? 'A correction to an incident report from class' : 'An incident report from class',
    [
      `${r.correction ? 'The instructor corrected the report of what happened to' : 'We want you to know what happened to'} ${r.firstName} at ${r.classTitle} on ${formatDate(r.meeting)}, at ${formatTime(r.incident.time)}.`,
      ...details(r),
      'If you have any question, or if you notice anything later, please call or write to the school office.',
    ],
    myEnrollments(portal),
    'You receive this email because your child was at a class of the school.',
  );
}

export function incidentOfficeMail(r: IncidentReport, portal: string): MailMessage {
  return simpleMail(
    `${r.correction ? 'Corrected incident report' : 'Incident report'}: ${r.classTitle}`,
    [`${r.by} reported an incident of ${r.childName} at ${r.classTitle} on ${formatDate(r.meeting)}, at ${formatTime(r.incident.time)}.`, ...details(r), 'The family was emailed the same report.'],
    { href: `${portal}/staff/classes/${encodeURIComponent(r.classId)}`, label: 'The class’s records' },
    'You receive this email because you work in the school office.',
  );
}

export interface PickupCodeNote {
  /** The adult the code was made for, and the child they may collect (first name only). */
  adult: string;
  firstName: string;
  year: string;
  code: string;
}

/** An adult's own pickup code (never the others'); the subject holds neither the code nor the child. */
export function pickupCodeMail(n: PickupCodeNote, portal: string): MailMessage {
  return simpleMail(
    'Your pickup code',
    [
      `Hello ${n.adult}. ${n.firstName}'s family made you a pickup code for the ${n.year} school year: ${n.code}`,
      `When you collect ${n.firstName} from a class, the instructor asks for it before letting ${n.firstName} go. Keep it to yourself: it is yours alone, and the family can make new codes at any time.`,
      'If you did not expect this email, please call the school office.',
    ],
    { href: portal, label: 'The school’s registration portal' },
    'You receive this email because a family named you as an adult who may collect their child.',
  );
}
