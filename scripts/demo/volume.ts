// A large school for load tests and the benchmark: one open semester with `classes` live classes and
// `students` students, each enrolled in one class (rosters and enrolled counts kept equal). Written
// beside the demo data, under ids starting with `volume-`.
import type { ClassRecord, Enrollment, Semester, Student } from '../../contract/domain';
import { adminDb, seedWriter } from './adminApp';
import { seatRosters } from './seats';
import { addDays, profile } from './demoData';

export const VOLUME_SEMESTER = 'volume-term';
const FIRST = ['Ada', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ian', 'Jude', 'Kira', 'Lev', 'Mae', 'Nico', 'Opal', 'Pia'];
const LAST = ['Abbott', 'Baker', 'Castro', 'Diaz', 'Ellis', 'Fox', 'Gray', 'Hayes', 'Ito', 'Jensen', 'Khan', 'Lund', 'Moreno', 'Novak', 'Ortiz'];

export async function seedVolume(opts: { classes: number; students: number; today: string }) {
  const db = adminDb();
  const { today } = opts;
  const semester: Semester = {
    id: VOLUME_SEMESTER,
    name: 'Volume Term',
    startDate: addDays(today, 20),
    endDate: addDays(today, 100),
    registrationOpens: addDays(today, -10),
    registrationCloses: addDays(today, 60),
    status: 'open',
    infoMarkdown: 'A large generated semester.',
    confirmationMarkdown: '',
  };
  const classes: ClassRecord[] = Array.from({ length: opts.classes }, (_, i) => ({
    id: `volume-class-${i}`,
    semesterId: semester.id,
    title: `Generated Class ${String(i + 1).padStart(3, '0')}`,
    description: 'A generated class for load tests.',
    classType: i % 5 === 0 ? 'Camp' : 'After-school',
    instructors: ['Load Tester'],
    location: `Field ${i % 12}`,
    startDate: semester.startDate,
    endDate: semester.endDate,
    weekdays: [((i % 5) + 1) as 1 | 2 | 3 | 4 | 5],
    startTime: '15:00',
    endTime: '17:00',
    gradeMin: 0,
    gradeMax: 12,
    capacity: Math.ceil(opts.students / opts.classes) + 5,
    enrolledCount: 0,
    price: 20000 + (i % 10) * 1000,
    slidingScale: null,
    addOns: [],
    registrationDeadline: addDays(today, 50),
    status: 'live',
    imageUrl: null,
  }));
  const writer = seedWriter(db);
  writer.set(db.doc(`semesters/${semester.id}`), semester);
  for (let n = 0; n < opts.students; n++) {
    const klass = classes[n % classes.length];
    const last = LAST[n % LAST.length];
    const guardian = { name: `Robin ${last}`, email: `volume${n}@example.com`, phone: `(555) 300-${String(n % 10000).padStart(4, '0')}` };
    const student: Student = { ...profile(FIRST[n % FIRST.length], `${last}${n}`, n % 13, today, n, guardian), id: `volume-student-${n}`, ownerUid: `volume-family-${n}`, infoReviewedAt: `${today}T12:00:00.000Z` };
    const enrollment: Enrollment = {
      id: `volume-enrollment-${n}`,
      ownerUid: student.ownerUid,
      studentId: student.id,
      studentName: `${student.firstName} ${student.lastName}`,
      semesterIds: [semester.id],
      classIds: [klass.id],
      lineItems: [{ kind: 'class', id: klass.id, semesterId: semester.id, title: klass.title, classIds: [klass.id], listPrice: klass.price, price: klass.price, addOns: [] }],
      discounts: [],
      subtotal: klass.price,
      total: klass.price,
      payments: n % 2 ? [{ amount: klass.price, method: 'check', note: '', at: `${today}T12:00:00.000Z`, by: 'office' }] : [],
      balance: n % 2 ? 0 : klass.price,
      status: 'confirmed',
      releases: [],
      createdAt: `${addDays(today, -(n % 30))}T12:00:00.000Z`,
      idempotencyKey: `volume-${n}`,
    };
    klass.enrolledCount++;
    writer.set(db.doc(`students/${student.id}`), student);
    writer.set(db.doc(`enrollments/${enrollment.id}`), enrollment);
    writer.set(db.doc(`classes/${klass.id}/roster/${student.id}`), { studentId: student.id, studentName: enrollment.studentName, enrollmentId: enrollment.id, ownerUid: student.ownerUid, addOns: [] });
  }
  for (const c of classes) writer.set(db.doc(`classes/${c.id}`), c);
  await writer.close();
  await seatRosters(db, classes.map((c) => c.id));
  return { semesterId: semester.id, classIds: classes.map((c) => c.id) };
}
