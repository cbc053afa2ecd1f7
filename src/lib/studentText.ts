// How a student's info reads on the office's sheets and in its CSV files: one wording for both.
import { SCHOOL_TIME_ZONE, type Allergy, type Contact, type Guardian, type Medication, type PhotoPermission, type Student } from '../../contract/domain';
import { gradeLabel } from '../../contract/format';

let stamp: Intl.DateTimeFormat | undefined;
/** An instant at the school with its year and zone, for records kept ("Nov 24, 2026, 3:42 PM PST"). */
export const formatStamp = (iso: string) =>
  (stamp ??= new Intl.DateTimeFormat('en-US', { timeZone: SCHOOL_TIME_ZONE, year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' })).format(new Date(iso));

export const sortName = (s: Pick<Student, 'firstName' | 'lastName'>) => `${s.lastName}, ${s.firstName}`;

export const guardianText = (g: Guardian) => `${g.name} (${g.relationship}) ${g.phone}`;
export const contactText = (c: Contact) => `${c.name} (${c.relationship}) ${c.phone}`;
export const allergyText = (a: Allergy) => `${a.lifeThreatening ? 'LIFE-THREATENING: ' : ''}${a.allergen}${a.reaction ? ` (${a.reaction})` : ''}`;
export const medicationText = (m: Medication) => [m.name, m.dose, m.schedule].filter(Boolean).join(', ');

const PHOTO: Record<PhotoPermission, string> = { yes: 'Yes', no: 'No', 'yes-without-name': 'Yes, without name' };
export const photoText = (p: PhotoPermission | null) => (p ? PHOTO[p] : 'Not answered');
export const yesNo = (b: boolean | null) => (b === null ? 'Not answered' : b ? 'Yes' : 'No');
export const gradeText = gradeLabel;

export function insuranceText(s: Student): string {
  const h = s.health;
  return h.noInsurance ? 'No insurance' : [h.insuranceCompany, h.insuranceId].filter(Boolean).join(' #') || 'Not given';
}

/** Every guardian email once, in roster order. */
export function guardianEmails(students: Student[]): string[] {
  return [...new Set(students.flatMap((s) => s.guardians.map((g) => g.email.trim())).filter(Boolean))];
}
