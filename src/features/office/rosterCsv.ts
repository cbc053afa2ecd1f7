// The roster as a CSV file: one row per student per class, in the printed roster's words.
import type { ClassRoster, SheetRoster, Student } from '../../../contract/domain';
import { ageOn } from '../../../contract/format';
import { schoolToday } from '../../../contract/schedule';
import { downloadCsv, slug, type CsvValue } from '../../lib/csv';
import { allergyText, contactText, gradeText, guardianText, medicationText, photoText, yesNo } from '../../lib/studentText';

/** A student's age on the class's first day (today when it has none yet). */
export const ageFor = (r: SheetRoster, e: { student: Student }) => ageOn(e.student.birthDate, r.class.startDate || schoolToday());

/** The roster CSV: one row per student per class, the same wording as the printed roster. */
export function rosterCsvRows(rosters: ClassRoster[]): CsvValue[][] {
  const header = [
    'Class', 'Last name', 'First name', 'Age', 'Grade', 'Guardians', 'Guardian emails', 'Emergency contacts', 'Authorized pickups',
    'Code word', 'Allergies', 'Life-threatening allergy', 'Medications', 'Medication authorized', 'Photo', 'Sunscreen', 'Bug spray', 'Add-ons',
    'Notes for instructors',
  ];
  return [
    header,
    ...rosters.flatMap((r) =>
      r.entries.map(({ student: s, addOns }, i) => [
        r.class.title, s.lastName, s.firstName, ageFor(r, r.entries[i]), gradeText(s.grade),
        s.guardians.map(guardianText).join('; '), s.guardians.map((g) => g.email).join('; '),
        s.emergencyContacts.map(contactText).join('; '), s.authorizedPickups.map(contactText).join('; '), s.pickupCodeWord,
        s.health.allergies.map(allergyText).join('; '), yesNo(s.health.allergies.some((a) => a.lifeThreatening)),
        s.health.medications.map(medicationText).join('; '), yesNo(s.health.medicationAuthorized),
        photoText(s.permissions.photo), yesNo(s.permissions.sunscreen), yesNo(s.permissions.bugSpray), addOns.map((a) => a.description).join('; '),
        s.notes,
      ]),
    ),
  ];
}

export function downloadRosterCsv(rosters: ClassRoster[]) {
  const name = rosters.length === 1 ? slug(rosters[0].class.title) : `${rosters.length}-classes`;
  downloadCsv(`roster-${name}.csv`, rosterCsvRows(rosters));
}
