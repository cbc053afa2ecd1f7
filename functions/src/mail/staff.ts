// The invitation a new staff member receives: their roles and the link to set a password. Pure.
import { ROLE_LABELS, type StaffRole } from '../../../contract/roles';
import { simpleMail, type MailMessage } from './layout';

export function staffInvitation(roles: StaffRole[], setPasswordLink: string, by: string): MailMessage {
  const named = roles.map((r) => ROLE_LABELS[r]).join(', ');
  return simpleMail(
    'Your staff account',
    [
      `${by} has given you a staff account on the registration portal (${named}).`,
      'Choose your password with the link below, then sign in with this email address. The link works once and expires after an hour; ask the office for a new one if it has.',
    ],
    { href: setPasswordLink, label: 'Choose your password' },
    'You receive this email because the school office added you to its staff.',
  );
}
