// "Download our data" as a readable copy: every part of the data file a person reads — the account,
// each child's whole profile with health and consents, the enrollments' money, waitlist places,
// attendance and each email in full — and the PDF made of it reads back as text.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { FamilyEnrollment, Student } from '../../contract/domain';
import type { FamilyData } from '../../contract/family';
import { familyDataLines } from '../../src/features/account/familyDataLines';
import { writePdf } from '../../src/lib/pdf/writePdf';

const zoe: Student = {
  id: 's-zoe',
  ownerUid: 'u-1',
  firstName: 'Zoë',
  lastName: 'Núñez',
  birthDate: '2017-04-09',
  grade: 3,
  pronouns: 'she/her',
  school: 'Redwood Elementary',
  tshirtSize: 'YM',
  notes: 'Shy on the first day',
  guardians: [{ name: 'José Núñez', relationship: 'Father', phone: '(555) 010-2000', email: 'jose@example.com', livesWithStudent: true }],
  emergencyContacts: [{ name: 'Ana Ruiz', relationship: 'Aunt', phone: '(555) 010-3000' }],
  authorizedPickups: [{ name: 'Luis Ruiz', relationship: 'Uncle', phone: '(555) 010-4000' }],
  pickupCodeWord: 'heron',
  mayLeaveAlone: false,
  permissions: { photo: 'yes-without-name', sunscreen: true, bugSpray: false },
  health: {
    allergies: [{ allergen: 'Peanuts', reaction: 'Anaphylaxis', lifeThreatening: true }],
    medications: [{ name: 'EpiPen Jr', dose: '0.15 mg', schedule: 'As needed' }],
    medicationAuthorized: true,
    medicalNotes: 'Mild asthma',
    doctorName: 'Dr. Alvarez',
    doctorPhone: '(555) 030-4000',
    insuranceCompany: 'Blue Shield',
    insuranceId: 'BS100',
    noInsurance: false,
  },
  infoReviewedAt: null,
};

const enrollment = {
  id: 'e-1',
  studentId: 's-zoe',
  studentName: 'Zoë Núñez',
  status: 'confirmed',
  createdAt: '2026-11-20T18:00:00Z',
  semesterIds: ['spring'],
  classIds: ['art'],
  lineItems: [{ kind: 'class', id: 'art', semesterId: 'spring', title: 'Wild Art', classIds: ['art'], listPrice: 26000, price: 26000, members: [], addOns: [] }],
  subtotal: 26000,
  discounts: [],
  total: 26000,
  payments: [{ id: 'p1', amount: 10000, method: 'check', at: '2026-11-22T18:00:00Z' }],
  balance: 16000,
} as unknown as FamilyEnrollment;

const data: FamilyData = {
  exportedAt: '2026-11-30T17:00:00.000Z',
  account: { email: 'family@example.com', holder: { name: 'José Núñez', phone: '(555) 010-2000' } },
  students: [zoe],
  enrollments: [enrollment],
  waitlist: [{ id: 'w-1', studentId: 's-zoe', studentName: 'Zoë Núñez', semesterId: 'spring', classIds: ['creek'], title: 'Creek Critters', status: 'waiting', place: 2, joinedAt: '2026-11-21T18:00:00Z' } as FamilyData['waitlist'][number]],
  attendance: [{ studentId: 's-zoe', classId: 'art', classTitle: 'Wild Art', meeting: '2027-01-11', mark: 'late', at: '2027-01-11T23:40:00Z' }],
  emails: [{ kind: 'receipt', to: ['family@example.com'], subject: 'Zoë Núñez is enrolled', text: 'Zoë Núñez is enrolled.\n\nWild Art  $260\nBalance due: $160' }],
};

const texts = (d: FamilyData) => familyDataLines(d).map((l) => (l.amount ? `${l.text} | ${l.amount}` : l.text));

describe('the readable copy of a family’s data', () => {
  it('holds the account, the child’s whole profile, the money, the waitlist, attendance and every email in full', () => {
    const text = texts(data);
    for (const line of [
      'Account email: family@example.com',
      'Account holder: José Núñez, (555) 010-2000',
      'Zoë Núñez',
      'Born: Apr 9, 2017',
      'Grade: Grade 3',
      'Parents and guardians: José Núñez (Father) (555) 010-2000, jose@example.com, lives with the child',
      'Emergency contacts: Ana Ruiz (Aunt) (555) 010-3000',
      'May pick up: Luis Ruiz (Uncle) (555) 010-4000',
      'Pickup code word: heron',
      'Allergies: LIFE-THREATENING: Peanuts (Anaphylaxis)',
      'Medications: EpiPen Jr, 0.15 mg, As needed',
      'Staff may give the medications: Yes',
      'Medical notes: Mild asthma',
      'Doctor: Dr. Alvarez, (555) 030-4000',
      'Insurance: Blue Shield #BS100',
      'Photos: Yes, without name',
      'Sunscreen: Yes',
      'Bug spray: No',
      'Last confirmed accurate: Never',
      'Wild Art | $260',
      'Zoë Núñez: Creek Critters · joined Nov 21, 2026 · waiting (place 2)',
      'Jan 11, 2027 · Wild Art · Zoë · Late',
      'Zoë Núñez is enrolled',
      'To family@example.com',
      'Balance due: $160',
    ])
      expect(text, line).toContain(line);
    // The money as a receipt says it: paid and owed.
    expect(text.some((l) => /^Paid on .* by check \| \$100$/.test(l))).toBe(true);
    expect(text).toContain('Balance | $160');
  });

  it('says so where a part is empty', () => {
    const text = texts({ ...data, students: [], enrollments: [], waitlist: [], attendance: [], emails: [], account: { email: null, holder: null } });
    expect(text).toEqual(expect.arrayContaining(['No child saved.', 'No enrollment.', 'No waitlist place.', 'No attendance taken yet.', 'No email.', 'Account email: —']));
  });

  it('is written as a PDF that reads back as text, accents and all', async () => {
    const load = async (url: string) => new Uint8Array(await readFile(join(process.cwd(), url.replace(/^\//, '').replace(/\?.*$/, ''))));
    const bytes = await writePdf(familyDataLines(data), 'Made 2026-11-30', load);
    const text = (await extractText(bytes.slice(), { mergePages: true })).text as string;
    for (const part of ['José Núñez', 'LIFE-THREATENING: Peanuts', 'Creek Critters', 'Balance due: $160', 'Made 2026-11-30']) expect(text, part).toContain(part);
  });
});
