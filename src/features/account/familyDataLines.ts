// "Download our data" as a person reads it: the same file's contents (contract/family.ts) as lines of
// a PDF — the account, each child's profile with health and consents, each enrollment with its money
// (as on a receipt), the waitlist places, the attendance and every email in full. Nothing is left out
// that the JSON file holds for a person to read; ids stay in the JSON.
import type { FamilyData } from '../../../contract/family';
import type { Student } from '../../../contract/domain';
import { SCHOOL_NAME } from '../../../contract/constants';
import { formatDate } from '../../../contract/format';
import { ATTENDANCE_LABELS } from '../../../contract/field';
import { formatDay } from '../../../contract/wording';
import type { PdfLine } from '../../lib/pdf/writePdf';
import { allergyText, contactText, formatStamp, gradeText, guardianText, insuranceText, medicationText, photoText, yesNo } from '../../lib/studentText';
import { childLines } from './receipt';

const WAITLIST_WORDS: Record<FamilyData['waitlist'][number]['status'], string> = {
  waiting: 'waiting',
  offered: 'offered a place',
  enrolled: 'enrolled from the waitlist',
  lapsed: 'offer lapsed',
  declined: 'offer declined',
  removed: 'taken off by the office',
  left: 'left the waitlist',
};

const field = (label: string, value: string): PdfLine => ({ text: `${label}: ${value || '—'}`, indent: true });
const list = (label: string, values: string[]): PdfLine => field(label, values.join('; ') || 'None');

function studentLines(s: Student): PdfLine[] {
  const h = s.health;
  return [
    { text: `${s.firstName} ${s.lastName}`, style: 'heading' },
    field('Born', formatDate(s.birthDate, true)),
    field('Grade', gradeText(s.grade)),
    field('Pronouns', s.pronouns),
    field('School', s.school),
    field('T-shirt size', s.tshirtSize),
    field('Notes for the instructors', s.notes),
    list('Parents and guardians', s.guardians.map((g) => `${guardianText(g)}${g.email ? `, ${g.email}` : ''}${g.livesWithStudent ? ', lives with the child' : ''}`)),
    list('Emergency contacts', s.emergencyContacts.map(contactText)),
    list('May pick up', s.authorizedPickups.map(contactText)),
    field('Pickup code word', s.pickupCodeWord),
    field('May leave on their own', yesNo(s.mayLeaveAlone ?? false)),
    { text: 'Health and safety', style: 'strong' },
    list('Allergies', h.allergies.map(allergyText)),
    list('Medications', h.medications.map(medicationText)),
    field('Staff may give the medications', yesNo(h.medicationAuthorized)),
    field('Medical notes', h.medicalNotes),
    field('Doctor', [h.doctorName, h.doctorPhone].filter(Boolean).join(', ')),
    field('Insurance', insuranceText(s)),
    ...(s.healthErasedOn ? [field('Health information erased on', formatDate(s.healthErasedOn, true))] : []),
    { text: 'Permissions', style: 'strong' },
    field('Photos', photoText(s.permissions.photo)),
    field('Sunscreen', yesNo(s.permissions.sunscreen)),
    field('Bug spray', yesNo(s.permissions.bugSpray)),
    field('Last confirmed accurate', s.infoReviewedAt ? formatStamp(s.infoReviewedAt) : 'Never'),
  ];
}

/** The whole file as lines, in the order of the JSON file: account, children, enrollments, waitlist, attendance, emails. */
export function familyDataLines(data: FamilyData): PdfLine[] {
  const { account } = data;
  return [
    { text: SCHOOL_NAME, style: 'title' },
    { text: 'Everything the portal keeps about your account', style: 'heading' },
    { text: `Made on ${formatStamp(data.exportedAt)}. It holds your children’s health information: keep it somewhere private.`, style: 'muted' },
    field('Account email', account.email ?? ''),
    field('Account holder', [account.holder?.name, account.holder?.phone].filter(Boolean).join(', ')),
    { text: 'Children', style: 'heading' },
    ...(data.students.length ? data.students.flatMap(studentLines) : [{ text: 'No child saved.', style: 'muted' as const }]),
    { text: 'Enrollments', style: 'heading' },
    ...(data.enrollments.length ? data.enrollments.flatMap((e) => childLines(e, () => null)) : [{ text: 'No enrollment.', style: 'muted' as const }]),
    { text: 'Waitlist places', style: 'heading' },
    ...(data.waitlist.length
      ? data.waitlist.map((w) => ({ text: `${w.studentName}: ${w.title} · joined ${formatDay(w.joinedAt)} · ${WAITLIST_WORDS[w.status]}${w.place ? ` (place ${w.place})` : ''}` }))
      : [{ text: 'No waitlist place.', style: 'muted' as const }]),
    { text: 'Attendance', style: 'heading' },
    ...(data.attendance.length
      ? data.attendance.map((a) => ({ text: `${formatDate(a.meeting, true)} · ${a.classTitle} · ${data.students.find((s) => s.id === a.studentId)?.firstName ?? ''} · ${ATTENDANCE_LABELS[a.mark]}` }))
      : [{ text: 'No attendance taken yet.', style: 'muted' as const }]),
    { text: 'Emails we sent you', style: 'heading' },
    ...(data.emails.length
      ? data.emails.flatMap((m): PdfLine[] => [
          { text: m.subject, style: 'strong' },
          { text: `To ${m.to.join(', ')}`, style: 'muted' },
          ...m.text.split('\n').filter((l) => l.trim()).map((text) => ({ text, indent: true })),
        ])
      : [{ text: 'No email.', style: 'muted' as const }]),
  ];
}
