// The field's emails, written when a phone's records reach the server. To the child's family in plain
// words (their own child only, never another child's name): an incident report, a release on an old
// pickup code, repeated failed pickup checks. To the school office, one email per sync with
// everything it must look at (incident reports, those releases and failures, entries held for it),
// however many records the sync brought. A pickup code, to the adult it was made for. Pure.
import { pickupText, type Incident, type PickupInput } from '../../../contract/field';
import { formatDate, formatTime } from '../../../contract/format';
import { SCHOOL_NAME, SCHOOL_OFFICE_PHONE } from '../../../contract/constants';
import { escapeHtml } from '../../../contract/markdown';
import { layout, myEnrollments, simpleMail, type MailMessage } from './layout';

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
  /** The family is emailed the report (an account with a verified email). */
  family: boolean;
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

/** A release or a stop the family is told of at once, about their own child. */
export interface PickupAlert {
  firstName: string;
  classTitle: string;
  meeting: string;
  pickup: Pick<PickupInput, 'adult' | 'check' | 'at'>;
  /** old-code: released on a code since replaced or to an adult since removed; failures: the code checks failed again and again. */
  kind: 'old-code' | 'failures';
}

export function pickupAlertFamilyMail(a: PickupAlert, portal: string): MailMessage {
  const said =
    a.kind === 'old-code'
      ? `${a.firstName} was released at ${a.classTitle} on ${formatDate(a.meeting)} on a pickup code you have since replaced, or to an adult you have since taken off the list: ${pickupText(a.pickup)}. The instructor's phone had no signal and checked the code it had.`
      : `At ${a.classTitle} on ${formatDate(a.meeting)}, the pickup code or code word given for ${a.firstName} failed again and again (the last: ${pickupText(a.pickup)}). The instructor was told not to release ${a.firstName} on a code and to call the office.`;
  return simpleMail(
    // Never the child's name in a subject (lock screens).
    a.kind === 'old-code' ? 'Your child was released on an old pickup code' : 'Failed pickup checks at class',
    [said, `If this was not someone you trust, call the school office now at ${SCHOOL_OFFICE_PHONE}.`],
    myEnrollments(portal),
    'You receive this email because your child was at a class of the school.',
  );
}

/** What one sync from the field brought that the office must see. */
export interface FieldOfficeNews {
  classId: string;
  classTitle: string;
  /** Who sent it: the instructor's email. */
  by: string;
  incidents: IncidentReport[];
  /** Releases on an old code, and the failed check that reached the limit: each with the child's full name. */
  pickups: { childName: string; meeting: string; pickup: Pick<PickupInput, 'adult' | 'check' | 'at'>; kind: PickupAlert['kind'] }[];
  /** Entries held for the office: what each was, in words, and why. */
  held: { childName: string; meeting: string; what: string; reason: string }[];
}

export function fieldOfficeMail(n: FieldOfficeNews, portal: string): MailMessage {
  const e = escapeHtml;
  const sections: { heading: string; lines: string[][] }[] = [
    {
      heading: 'Incident reports',
      lines: n.incidents.map((r) => [
        `${r.correction ? 'A correction to the report of an incident of' : 'An incident of'} ${r.childName} on ${formatDate(r.meeting)}, at ${formatTime(r.incident.time)}.`,
        ...details(r),
        r.family ? 'The family was emailed the same report.' : 'The family has no verified email: call them.',
      ]),
    },
    {
      heading: 'Pickups to check',
      lines: n.pickups.map((p) => [
        p.kind === 'old-code'
          ? `${p.childName} on ${formatDate(p.meeting)}: ${pickupText(p.pickup)}, on a code the family has since replaced or to an adult since taken off the list. The phone had no signal.`
          : `${p.childName} on ${formatDate(p.meeting)}: repeated failed checks (the last: ${pickupText(p.pickup)}). The instructor was told to call the office.`,
      ]),
    },
    { heading: 'Held for you to review (not on the class’s record)', lines: n.held.map((h) => [`${h.childName} on ${formatDate(h.meeting)}: ${h.what}. ${h.reason}`]) },
  ].filter((x) => x.lines.length);
  const heading = `Field records to look at: ${n.classTitle}`;
  const intro = `Sent by ${n.by} from the field.`;
  const link = { href: `${portal}/admin/field`, label: 'The day in the field' };
  return layout(
    `${heading} — ${SCHOOL_NAME}`,
    {
      html: [`<h1>${e(heading)}</h1>`, `<p>${e(intro)}</p>`, ...sections.flatMap((x) => [`<h2>${e(x.heading)}</h2>`, ...x.lines.map((l) => `<p>${l.map(e).join('<br>')}</p>`)])],
      text: [intro, ...sections.flatMap((x) => ['', x.heading.toUpperCase(), ...x.lines.map((l) => l.join('\n') + '\n')])],
    },
    'You receive this email because you work in the school office.',
    link,
  );
}

export interface PickupCodeNote {
  /** The adult the code was made for, and the child they may collect (first name only). */
  adult: string;
  firstName: string;
  year: string;
  code: string;
}

/**
 * An adult's own pickup code (never the others'); the subject holds neither the code nor the child,
 * and the email opens with the school's words, never with what a family typed (a name or a child's
 * name cannot pass for a message from the school).
 */
export function pickupCodeMail(n: PickupCodeNote, portal: string): MailMessage {
  return simpleMail(
    'Your pickup code',
    [
      `A family at ${SCHOOL_NAME} made you a pickup code for the ${n.year} school year: ${n.code}`,
      `It is for ${n.adult}, to collect ${n.firstName} from a class: the instructor asks for it before letting ${n.firstName} go. Keep it to yourself: it is yours alone, and the family can make new codes at any time.`,
      `If you did not expect this email, ignore it and call the school office at ${SCHOOL_OFFICE_PHONE}. The school never asks you to sign in from this email.`,
    ],
    { href: portal, label: 'The school’s registration portal' },
    'You receive this email because a family named you as an adult who may collect their child.',
  );
}
