// The demo school: semesters, classes, groups, discount codes, a demo family, a demo admin and a demo instructor.
// Dates are relative to the day the demo data is written, so the open semesters are always open.
import type { AidFund } from '../../contract/aid';
import type {
  ClassGroup,
  ClassRecord,
  Discount,
  Enrollment,
  IsoDate,
  Semester,
  Student,
  StudentProfile,
  TshirtSize,
  Weekday,
} from '../../contract/domain';
import { TSHIRT_SIZES } from '../../contract/domain';
import { formatGrades } from '../../contract/format';

export const DEMO_ADMIN = { uid: 'demo-admin', email: 'admin@example.com', password: 'admin-demo-1', name: 'Office Admin' };
export const DEMO_FAMILY = { uid: 'demo-family', email: 'family@example.com', password: 'family-demo-1', name: 'Sam Rivera', phone: '(555) 123-4567' };
/** An instructor assigned to two of the term's classes: their rosters and field kit on a phone. */
export const DEMO_INSTRUCTOR = { uid: 'demo-instructor', email: 'instructor@example.com', password: 'instructor-demo-1', name: 'Maya Lin' };

export function addDays(date: IsoDate, days: number): IsoDate {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
function nextWeekday(date: IsoDate, weekday: Weekday): IsoDate {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return addDays(date, (weekday - day + 7) % 7);
}
const dollars = (n: number) => Math.round(n * 100);
const season = (date: IsoDate) => ['Winter', 'Winter', 'Spring', 'Spring', 'Spring', 'Summer', 'Summer', 'Summer', 'Fall', 'Fall', 'Fall', 'Winter'][Number(date.slice(5, 7)) - 1];

/** The school's financial aid fund, fed by last year's gifts (finance awards from it). */
export const DEMO_FUND: AidFund = { id: 'general-aid', name: 'General aid fund', gifts: 250000, transfers: 0, committed: 0 };

export interface DemoData {
  semesters: Semester[];
  classes: ClassRecord[];
  groups: ClassGroup[];
  discounts: Discount[];
  students: Student[];
  enrollments: Enrollment[];
  currentSemesterId: string;
}

type ClassSeed = Partial<ClassRecord> &
  Pick<ClassRecord, 'title' | 'classType' | 'gradeMin' | 'gradeMax' | 'price' | 'capacity' | 'location'> & {
    id: string;
    instructors: string[];
    weekdays: Weekday[];
    time: [string, string];
    enrolled?: number;
  };

const DESCRIPTIONS: Record<string, string> = {
  'After-school': 'Weekly afternoons outdoors: games, stories and hands-on skills. **Dress for the weather** and bring a water bottle.',
  Weekend: 'A longer weekend session that goes deeper into one skill. Bring a packed lunch and layers.',
  Camp: 'A full week of outdoor adventure, Monday to Friday. Drop-off from 8:45, pick-up until 3:15.',
  Family: 'A gentle walk for young children with a parent or carer. Just come along: meet at the trailhead.',
};

function makeClass(semesterId: string, start: IsoDate, end: IsoDate, deadline: IsoDate, s: ClassSeed): ClassRecord {
  const { id, time, enrolled, ...rest } = s;
  return {
    description: `${DESCRIPTIONS[s.classType] ?? ''}\n\n${s.title}: ${formatGrades(s.gradeMin, s.gradeMax).toLowerCase().replace('k', 'K')}.`,
    startDate: start,
    endDate: end,
    registrationDeadline: deadline,
    addOns: [],
    slidingScale: null,
    status: 'live',
    imageUrl: null,
    ...rest,
    id,
    semesterId,
    startTime: time[0],
    endTime: time[1],
    enrolledCount: enrolled ?? 0,
  };
}

const FIRST = ['Olivia', 'Noah', 'Emma', 'Liam', 'Ava', 'Elijah', 'Sophia', 'Mateo', 'Isla', 'Lucas', 'Mia', 'Kai', 'Zoe', 'Ezra', 'Nora', 'Theo', 'Luna', 'Milo', 'Aria', 'Felix', 'Hazel', 'Jonah', 'Ivy', 'Rowan'];
const LAST = ['Nguyen', 'Garcia', 'Smith', 'Patel', 'Kim', 'Johnson', 'Lopez', 'Chen', 'Okafor', 'Silva', 'Brown', 'Haddad', 'Martin', 'Cohen', 'Singh'];

/** September 1 of the school year `today` falls in. */
const schoolYearStart = (today: IsoDate): IsoDate => `${Number(today.slice(0, 4)) - (today.slice(5) < '09-01' ? 1 : 0)}-09-01`;

export function profile(first: string, last: string, grade: number, today: IsoDate, n: number, guardian: { name: string; email: string; phone: string }): StudentProfile {
  const size: TshirtSize = TSHIRT_SIZES[Math.min(TSHIRT_SIZES.length - 1, Math.floor(grade / 2) + (n % 2))];
  return {
    firstName: first,
    lastName: last,
    // From the school year's first day, not today: a test that loads the demo's children just after
    // midnight finds them born on the days the demo (seeded before it) says.
    birthDate: addDays(schoolYearStart(today), -365 * (grade + 6) - (n % 300)),
    grade,
    pronouns: n % 2 ? 'she/her' : 'he/him',
    school: ['Oak Hill Elementary', 'Riverside School', 'Home school', 'Pine Valley Middle'][n % 4],
    tshirtSize: size,
    notes: n % 4 === 1 ? 'Gets cold easily; bring an extra layer.' : '',
    guardians: [{ ...guardian, relationship: 'Parent', livesWithStudent: true }],
    emergencyContacts: [
      { name: `Pat ${last}`, relationship: 'Grandparent', phone: `(555) 010-${String(1000 + n).slice(-4)}` },
      { name: `Jordan ${LAST[(n + 3) % LAST.length]}`, relationship: 'Neighbor', phone: `(555) 020-${String(2000 + n).slice(-4)}` },
    ],
    authorizedPickups: [{ name: `Pat ${last}`, relationship: 'Grandparent', phone: `(555) 010-${String(1000 + n).slice(-4)}` }],
    pickupCodeWord: ['otter', 'maple', 'heron', 'cedar', 'fern'][n % 5],
    permissions: { photo: (['yes', 'no', 'yes-without-name'] as const)[n % 3], sunscreen: true, bugSpray: n % 4 !== 0 },
    health: {
      allergies: n % 5 === 0 ? [{ allergen: 'Peanuts', reaction: 'Anaphylaxis: EpiPen in backpack', lifeThreatening: true }] : n % 3 === 0 ? [{ allergen: 'Bee stings', reaction: 'Swelling', lifeThreatening: false }] : [],
      medications: n % 5 === 0 ? [{ name: 'EpiPen Jr', dose: '0.15 mg', schedule: 'As needed for a severe reaction' }] : [],
      medicationAuthorized: n % 5 === 0 ? true : null,
      medicalNotes: n % 7 === 0 ? 'Mild asthma; inhaler in backpack.' : '',
      doctorName: 'Dr. Alvarez',
      doctorPhone: '(555) 030-4000',
      insuranceCompany: n % 6 === 0 ? '' : 'Blue Shield',
      insuranceId: n % 6 === 0 ? '' : `BS${100000 + n}`,
      noInsurance: n % 6 === 0,
    },
  };
}

export function buildDemoData(today: IsoDate): DemoData {
  // Two semesters open for enrollment and one archived.
  const springStart = nextWeekday(addDays(today, 14), 1);
  const spring: Semester = {
    id: 'open-term',
    name: `${season(springStart)} ${springStart.slice(0, 4)} After-school & Weekend`,
    startDate: springStart,
    endDate: addDays(springStart, 11 * 7),
    registrationOpens: addDays(today, -30),
    registrationCloses: addDays(springStart, 21),
    status: 'open',
    infoMarkdown:
      'Classes meet **once a week**; each class lists its dates, its number of meetings and any day off. Financial aid is available: choose a price on the *sliding scale* where offered. Questions? [Email the office](mailto:office@wildwood-outdoor.example).',
    confirmationMarkdown: 'Please label water bottles and pack rain gear. We go out in all weather!',
    // The third week of the term is a break: no class meets.
    noMeetingDates: Array.from({ length: 7 }, (_, i) => ({ date: addDays(springStart, 14 + i), reason: 'Winter break' })),
  };
  const campStart = nextWeekday(addDays(today, 180), 1);
  const camps: Semester = {
    id: 'camps',
    name: `Summer Camps ${campStart.slice(0, 4)}`,
    startDate: campStart,
    endDate: addDays(campStart, 6 * 7),
    registrationOpens: addDays(today, -10),
    registrationCloses: addDays(campStart, -7),
    status: 'open',
    infoMarkdown:
      'Week-long day camps, **Monday to Friday, 9:00 am to 3:00 pm** (Little Sprouts, for kindergarten: 9:00 am to 1:00 pm). Pick-up by 3:15 pm; extended care is not offered.',
    confirmationMarkdown: 'Camp packing list: lunch, two water bottles, sun hat, sturdy shoes.',
    // Card payers may hold a camp week with $100 and pay the rest four weeks before camp…
    depositPerClass: dollars(100),
    balanceDueDate: addDays(campStart, -28),
    // …or pay in three monthly payments charged to the card they save.
    instalments: 3,
    // Families cancel a camp week themselves: all back a month ahead, half less $25 from a week, nothing
    // after; and move to another week, paying the difference (a cheaper week's as account credit).
    cancellationPolicy: { selfService: true, bands: [{ daysBefore: 30, percent: 100, fee: 0 }, { daysBefore: 7, percent: 50, fee: dollars(25) }], transfers: 'difference' },
  };
  const pastStart = nextWeekday(addDays(today, -400), 1);
  const past: Semester = {
    id: 'past-term',
    name: `${season(pastStart)} ${pastStart.slice(0, 4)} After-school`,
    startDate: pastStart,
    endDate: addDays(pastStart, 10 * 7),
    registrationOpens: addDays(pastStart, -45),
    registrationCloses: addDays(pastStart, 7),
    status: 'archived',
    infoMarkdown: '',
    confirmationMarkdown: '',
  };

  const sEnd = addDays(springStart, 10 * 7);
  const deadline = addDays(springStart, 7);
  const term = (s: ClassSeed): ClassRecord => ({ ...makeClass(spring.id, springStart, sEnd, deadline, s), holidays: spring.noMeetingDates });
  const termClasses: ClassRecord[] = [
    term({ id: 'forest-explorers', title: 'Forest Explorers', classType: 'After-school', gradeMin: 0, gradeMax: 1, weekdays: [1], time: ['15:15', '17:15'], location: 'Redwood Grove', instructors: ['Maya Lin'], instructorUids: [DEMO_INSTRUCTOR.uid], price: dollars(240), slidingScale: { min: dollars(180), max: dollars(300) }, capacity: 12, enrolled: 4 }),
    term({ id: 'creek-critters', title: 'Creek Critters', classType: 'After-school', gradeMin: 0, gradeMax: 2, weekdays: [2], time: ['15:15', '17:15'], location: 'Willow Creek', instructors: ['Jonas Berg'], price: dollars(240), addOns: [{ id: 'boots', description: 'Creek boots rental', price: dollars(15) }], capacity: 12, enrolled: 3 }),
    term({ id: 'wild-art', title: 'Wild Art', classType: 'After-school', gradeMin: 1, gradeMax: 3, weekdays: [3], time: ['15:15', '17:00'], location: 'Meadow Studio', instructors: ['Ana Torres'], price: dollars(260), capacity: 14, enrolled: 2 }),
    term({ id: 'junior-naturalists', title: 'Junior Naturalists', classType: 'After-school', gradeMin: 2, gradeMax: 4, weekdays: [4], time: ['15:15', '17:15'], location: 'Redwood Grove', instructors: ['Maya Lin', 'Sam Okafor'], instructorUids: [DEMO_INSTRUCTOR.uid], price: dollars(280), capacity: 12, enrolled: 11 }),
    term({ id: 'fire-and-shelter', title: 'Fire & Shelter Skills', classType: 'After-school', gradeMin: 4, gradeMax: 6, weekdays: [5], time: ['15:15', '17:30'], location: 'Cedar Camp', instructors: ['Sam Okafor'], price: dollars(300), capacity: 10, enrolled: 10 }),
    term({ id: 'tracking-trailcraft', title: 'Tracking & Trailcraft', classType: 'After-school', gradeMin: 3, gradeMax: 5, weekdays: [1], time: ['15:30', '17:30'], location: 'Fox Hollow', instructors: ['Jonas Berg'], price: dollars(280), capacity: 12, enrolled: 2 }),
    term({ id: 'bird-language', title: 'Bird Language', classType: 'After-school', gradeMin: 3, gradeMax: 6, weekdays: [2], time: ['15:30', '17:00'], location: 'Heron Marsh', instructors: ['Priya Shah'], price: dollars(260), slidingScale: { min: dollars(200), max: dollars(320) }, capacity: 12, enrolled: 1 }),
    term({ id: 'nature-journaling', title: 'Nature Journaling', classType: 'After-school', gradeMin: 2, gradeMax: 5, weekdays: [3], time: ['15:30', '17:00'], location: 'Meadow Studio', instructors: ['Ana Torres'], price: dollars(240), capacity: 14 }),
    term({ id: 'survival-skills', title: 'Survival Skills', classType: 'After-school', gradeMin: 5, gradeMax: 8, weekdays: [4], time: ['15:45', '18:00'], location: 'Cedar Camp', instructors: ['Sam Okafor', 'Lee Park'], price: dollars(320), addOns: [{ id: 'knife-kit', description: 'Knife safety kit', price: dollars(25) }, { id: 'fire-kit', description: 'Fire-starting kit', price: dollars(18) }], capacity: 12, enrolled: 2 }),
    term({ id: 'outdoor-cooking', title: 'Outdoor Cooking', classType: 'After-school', gradeMin: 4, gradeMax: 8, weekdays: [5], time: ['15:30', '17:30'], location: 'Cedar Camp Kitchen', instructors: ['Lee Park'], price: dollars(300), addOns: [{ id: 'cookware', description: 'Camp cookware set to keep', price: dollars(30) }], capacity: 10 }),
    term({ id: 'orienteering', title: 'Orienteering', classType: 'After-school', gradeMin: 4, gradeMax: 8, weekdays: [3], time: ['15:45', '17:45'], location: 'Fox Hollow', instructors: ['Priya Shah'], price: dollars(260), capacity: 16 }),
    term({ id: 'teen-leadership', title: 'Teen Wilderness Leadership', classType: 'Weekend', gradeMin: 7, gradeMax: 12, weekdays: [6], time: ['09:00', '15:00'], location: 'Ridge Trailhead', instructors: ['Lee Park'], price: dollars(420), slidingScale: { min: dollars(300), max: dollars(520) }, capacity: 12, enrolled: 1 }),
    term({ id: 'mushroom-foraging', title: 'Mushroom Foraging', classType: 'Weekend', gradeMin: 6, gradeMax: 12, weekdays: [0], time: ['10:00', '13:00'], location: 'Redwood Grove', instructors: ['Priya Shah'], price: dollars(180), capacity: 14 }),
    term({ id: 'rock-climbing', title: 'Rock Climbing Basics', classType: 'Weekend', gradeMin: 5, gradeMax: 9, weekdays: [6], time: ['09:30', '13:30'], location: 'Granite Wall', instructors: ['Jonas Berg', 'Lee Park'], price: dollars(380), capacity: 8 }),
    term({ id: 'tide-pools', title: 'Tide Pool Discovery', classType: 'Weekend', gradeMin: 0, gradeMax: 3, weekdays: [6], time: ['10:00', '12:00'], location: 'Seal Cove', instructors: ['Ana Torres'], price: dollars(220), capacity: 14 }),
    term({ id: 'kayak-skills', title: 'Kayak Skills', classType: 'Weekend', gradeMin: 6, gradeMax: 12, weekdays: [0], time: ['09:00', '13:00'], location: 'Lake Tamar Boathouse', instructors: ['Jonas Berg'], price: dollars(400), capacity: 8, status: 'paused' }),
    term({ id: 'parent-tot-walk', title: 'Parent & Tot Nature Walk', classType: 'Family', gradeMin: 0, gradeMax: 0, weekdays: [5], time: ['10:00', '11:00'], location: 'Meadow Trail', instructors: ['Maya Lin'], price: 0, capacity: 20, status: 'info-only' }),
    term({ id: 'star-gazing', title: 'Star Gazing Nights', classType: 'Weekend', gradeMin: 3, gradeMax: 8, weekdays: [5], time: ['19:00', '21:00'], location: 'Ridge Meadow', instructors: ['Priya Shah'], price: dollars(200), capacity: 16, status: 'draft' }),
  ];

  const camp = (week: number, s: ClassSeed) => {
    const start = addDays(campStart, 7 * week);
    return makeClass(camps.id, start, addDays(start, 4), addDays(start, -7), s);
  };
  const weekdays: Weekday[] = [1, 2, 3, 4, 5];
  const campClasses: ClassRecord[] = [
    camp(0, { id: 'little-sprouts-camp', title: 'Little Sprouts Camp', classType: 'Camp', gradeMin: 0, gradeMax: 0, weekdays, time: ['09:00', '13:00'], location: 'Meadow Studio', instructors: ['Maya Lin'], price: dollars(380), capacity: 12, enrolled: 2 }),
    camp(1, { id: 'wilderness-week-1-3', title: 'Wilderness Week (grades 1–3)', classType: 'Camp', gradeMin: 1, gradeMax: 3, weekdays, time: ['09:00', '15:00'], location: 'Redwood Grove', instructors: ['Maya Lin', 'Jonas Berg'], price: dollars(450), slidingScale: { min: dollars(350), max: dollars(550) }, capacity: 16, enrolled: 3 }),
    camp(1, { id: 'wilderness-week-4-6', title: 'Wilderness Week (grades 4–6)', classType: 'Camp', gradeMin: 4, gradeMax: 6, weekdays, time: ['09:00', '15:00'], location: 'Cedar Camp', instructors: ['Sam Okafor'], price: dollars(450), capacity: 16, enrolled: 2 }),
    camp(2, { id: 'river-adventure', title: 'River Adventure Camp', classType: 'Camp', gradeMin: 4, gradeMax: 8, weekdays, time: ['09:00', '15:00'], location: 'Lake Tamar Boathouse', instructors: ['Jonas Berg', 'Lee Park'], price: dollars(520), addOns: [{ id: 'lunch', description: 'Hot lunch all week', price: dollars(60) }], capacity: 14, enrolled: 1 }),
    camp(3, { id: 'art-in-the-wild', title: 'Art in the Wild Camp', classType: 'Camp', gradeMin: 2, gradeMax: 5, weekdays, time: ['09:00', '15:00'], location: 'Meadow Studio', instructors: ['Ana Torres'], price: dollars(430), capacity: 16 }),
    camp(4, { id: 'backpacking-intro', title: 'Backpacking Intro Camp', classType: 'Camp', gradeMin: 7, gradeMax: 12, weekdays, time: ['09:00', '15:00'], location: 'Ridge Trailhead', instructors: ['Lee Park'], price: dollars(650), capacity: 10 }),
  ];

  const pastClasses: ClassRecord[] = [
    makeClass(past.id, past.startDate, addDays(past.startDate, 63), addDays(past.startDate, 7), { id: 'past-forest-explorers', title: 'Autumn Forest Explorers', classType: 'After-school', gradeMin: 0, gradeMax: 2, weekdays: [1], time: ['15:15', '17:15'], location: 'Redwood Grove', instructors: ['Maya Lin'], price: dollars(220), capacity: 12 }),
    makeClass(past.id, past.startDate, addDays(past.startDate, 63), addDays(past.startDate, 7), { id: 'past-harvest-trails', title: 'Harvest Trails', classType: 'After-school', gradeMin: 3, gradeMax: 5, weekdays: [3], time: ['15:15', '17:15'], location: 'Fox Hollow', instructors: ['Jonas Berg'], price: dollars(240), capacity: 12 }),
  ];

  const groups: ClassGroup[] = [
    { id: 'little-naturalists-bundle', semesterId: spring.id, name: 'Little Naturalists Bundle (Forest Explorers + Creek Critters)', price: dollars(440), classIds: ['forest-explorers', 'creek-critters'] },
    { id: 'two-week-wilderness', semesterId: camps.id, name: 'Two Weeks Outdoors (Wilderness Week 4–6 + River Adventure)', price: dollars(880), classIds: ['wilderness-week-4-6', 'river-adventure'] },
  ];

  const discount = (d: Partial<Discount> & Pick<Discount, 'id' | 'code' | 'type' | 'description'>): Discount => ({
    amount: 0, percent: 0, classIds: [], groupIds: [], classTypes: [], minimumCount: 0, expiresOn: null, active: true, combinable: false, ...d,
  });
  const discounts: Discount[] = [
    discount({ id: 'sibling10', code: 'SIBLING10', type: 'sibling-percent', percent: 10, description: 'Sibling discount (10%)' }),
    discount({ id: 'welcome20', code: 'WELCOME20', type: 'fixed-basket', amount: dollars(20), description: '$20 off your first enrollment' }),
    discount({ id: 'earlybird', code: 'EARLYBIRD', type: 'early-bird-fixed', amount: dollars(25), expiresOn: addDays(today, 20), combinable: true, description: '$25 off when you enroll early' }),
    discount({ id: 'camps3', code: 'CAMPS3', type: 'percent-off-with-minimum', percent: 15, classTypes: ['Camp'], minimumCount: 3, description: '15% off with three or more camps' }),
    discount({ id: 'art15', code: 'ART15', type: 'percent-off-classes', percent: 15, classIds: ['wild-art', 'art-in-the-wild'], description: '15% off art classes' }),
    discount({ id: 'forest-scholarship', code: 'FORESTFREE', type: 'free-classes', classIds: ['forest-explorers'], description: 'Forest Explorers scholarship' }),
    discount({ id: 'old-code', code: 'SUMMER2024', type: 'fixed-basket', amount: dollars(30), expiresOn: addDays(today, -200), description: 'Last year’s code (expired)' }),
  ];

  // The demo family: two children, one past (paid) enrollment.
  const familyGuardian = { name: DEMO_FAMILY.name, email: DEMO_FAMILY.email, phone: '(555) 123-4567' };
  const students: Student[] = [
    { ...profile('Ava', 'Rivera', 2, today, 1, familyGuardian), id: 'demo-ava', ownerUid: DEMO_FAMILY.uid, infoReviewedAt: `${addDays(today, -60)}T17:00:00.000Z` },
    { ...profile('Leo', 'Rivera', 5, today, 5, familyGuardian), id: 'demo-leo', ownerUid: DEMO_FAMILY.uid, infoReviewedAt: `${addDays(today, -420)}T17:00:00.000Z` },
  ];
  const enrollments: Enrollment[] = [];
  const enroll = (student: Student, klass: ClassRecord, at: string, paid: boolean) => {
    const price = klass.price;
    enrollments.push({
      id: `demo-${student.id}-${klass.id}`,
      ownerUid: student.ownerUid,
      studentId: student.id,
      studentName: `${student.firstName} ${student.lastName}`,
      semesterIds: [klass.semesterId],
      classIds: [klass.id],
      lineItems: [{ kind: 'class', id: klass.id, semesterId: klass.semesterId, title: klass.title, classIds: [klass.id], listPrice: klass.price, price, addOns: [] }],
      discounts: [],
      subtotal: price,
      total: price,
      payments: paid ? [{ id: 'demo-payment-1', amount: price, method: 'check', note: 'Check #1042', at, by: DEMO_ADMIN.email }] : [],
      balance: paid ? 0 : price,
      status: 'confirmed',
      releases: [
        { releaseId: 'medical', version: '1', typedName: student.guardians[0].name, signedAt: at },
        { releaseId: 'liability', version: '1', typedName: student.guardians[0].name, signedAt: at },
      ],
      createdAt: at,
      idempotencyKey: `demo-${student.id}-${klass.id}`,
    });
  };
  enroll(students[0], pastClasses[0], `${addDays(past.startDate, -20)}T18:00:00.000Z`, true);
  pastClasses[0].enrolledCount = 1;

  // Other families fill the rosters, so enrolled counts always match the rosters.
  let n = 10;
  for (const klass of [...termClasses, ...campClasses]) {
    for (let i = 0; i < klass.enrolledCount; i++, n++) {
      const first = FIRST[n % FIRST.length];
      const last = LAST[(n * 7) % LAST.length];
      const owner = `demo-family-${n % 17}`;
      const guardian = { name: `Alex ${last}`, email: `${last.toLowerCase()}.family${n % 17}@example.com`, phone: `(555) 200-${String(3000 + n).slice(-4)}` };
      const student: Student = { ...profile(first, last, klass.gradeMin + (i % (klass.gradeMax - klass.gradeMin + 1)), today, n, guardian), id: `demo-student-${n}`, ownerUid: owner, infoReviewedAt: `${addDays(today, -(n % 40))}T17:00:00.000Z` };
      students.push(student);
      enroll(student, klass, `${addDays(today, -(n % 25) - 1)}T16:00:00.000Z`, n % 3 !== 0);
    }
  }

  return {
    semesters: [spring, camps, past],
    classes: [...termClasses, ...campClasses, ...pastClasses],
    groups,
    discounts,
    students,
    enrollments,
    currentSemesterId: spring.id,
  };
}
