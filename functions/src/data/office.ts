// Firestore reads of the school office's sheets and lists (the money actions are use-cases). Batched reads only:
// one query per collection or one getAll per 500 documents.
import type { ClassRecord, ClassRoster, Enrollment, EnrollmentRow, Student, StudentRow, StudentSheet, TshirtTally } from '../../../contract/domain';
import { netPaidOf, paidOf, refundedOf } from '../../../contract/money';
import { FILTER_FIELDS, filterEnrollments, pageOf, sortRoster, studentRow, tallyTshirts, type EnrollmentFilter, type StudentFields } from '../domain/office';
import { loadClassesByIds, loadClassesOfSemesters } from './catalogue';
import { COLLECTIONS, getByIds, notFound, recordRef, records, uniq } from './db';
import { HOLD_END } from './holds';
import { loadReleases } from './enrollments';
import { waitingFor } from './waitlist';
import { placeOf } from '../domain/waitlist';
import { accountEmails } from './familyMail';
import { loadHolder } from './accounts';
import { loadStudentsFieldEntries } from './field';
import { attendanceLines, doseLines, incidentLines, pickupLines } from '../domain/field';
import { missedDoses } from '../../../contract/doses';
import { uncorrected } from '../../../contract/field';
import { meetingDates, schoolStamp } from '../../../contract/schedule';

/** Rosters of classes in the order asked, each with the full profile of every student on it. */
export async function loadRosters(classIds: string[]): Promise<{ rosters: ClassRoster[]; notFound: string[] }> {
  const { found, notFound: missing } = await loadClassesByIds(classIds);
  const byId = new Map(found.map((c) => [c.id, c]));
  const classes = uniq(classIds).flatMap((id) => byId.get(id) ?? []);
  const rosterSnaps = await Promise.all(classes.map((c) => recordRef('classes', c.id).collection(COLLECTIONS.roster).get()));
  const [{ found: students }, { found: semesters }, waiting] = await Promise.all([
    getByIds('students', rosterSnaps.flatMap((s) => s.docs.map((d) => d.id))),
    getByIds('semesters', classes.map((c) => c.semesterId)),
    waitingFor(classes.filter((c) => (c.waiting ?? 0) > 0).map((c) => c.id)),
  ]);
  const studentById = new Map(students.map((s) => [s.id, s]));
  const semesterName = new Map(semesters.map((s) => [s.id, s.name]));
  return {
    rosters: classes.map((klass, i) => ({
      class: klass,
      semesterName: semesterName.get(klass.semesterId) ?? '',
      waitlist: waiting
        .filter((e) => e.classIds.includes(klass.id))
        .map((e) => ({ studentName: e.studentName, status: e.status as 'waiting' | 'offered', place: placeOf(e, waiting), ...(e.offer ? { offerExpiresAt: e.offer.expiresAt } : {}) })),
      entries: sortRoster(
        // A seat held for a card payment is not on the roster until it is paid.
        rosterSnaps[i].docs.flatMap((d) => {
          if (d.get(HOLD_END)) return [];
          const student = studentById.get(d.id);
          return student ? [{ student, enrollmentId: d.get('enrollmentId') as string, addOns: (d.get('addOns') as ClassRecord['addOns']) ?? [] }] : [];
        }),
      ),
    })),
    notFound: missing,
  };
}

/** Every student as a table row; only the fields the table needs are read. */
export async function loadStudentRows(): Promise<StudentRow[]> {
  const snap = await records('students').select('firstName', 'lastName', 'grade', 'school', 'birthDate', 'guardians', 'health.allergies').get();
  // A selection reads only those fields: each document holds StudentFields (and its id), not a whole Student.
  return snap.docs.map((d) => studentRow({ ...(d.data() as StudentFields), id: d.id }));
}

export async function classTitles(ids: string[]): Promise<Map<string, string>> {
  const { found } = await getByIds('classes', ids, ['title']);
  return new Map(found.map((c) => [c.id, c.title]));
}

const cancelledIds = (e: Pick<Enrollment, 'cancellations'>) => (e.cancellations ?? []).flatMap((c) => c.classIds);

export async function loadStudentSheet(id: string): Promise<StudentSheet> {
  const student = (await recordRef('students', id).get()).data();
  if (!student) throw notFound('This student');
  const [enrollments, field] = await Promise.all([
    records('enrollments').where('studentId', '==', id).get().then((snap) => snap.docs.map((d) => d.data())),
    loadStudentsFieldEntries([id]),
  ]);
  const attending = uniq(enrollments.filter((e) => e.status === 'confirmed').flatMap((e) => e.classIds.filter((c) => !cancelledIds(e).includes(c))));
  const [titles, releases, emails, holder, classes] = await Promise.all([
    classTitles(uniq([...enrollments.flatMap((e) => [...e.classIds, ...cancelledIds(e)]), ...field.map((f) => f.classId)])),
    loadReleases(),
    accountEmails([student.ownerUid]),
    loadHolder(student.ownerUid),
    student.health.medications.length ? getByIds('classes', attending).then((r) => r.found) : Promise.resolve([]),
  ]);
  const now = schoolStamp(new Date().toISOString());
  const doses = field.flatMap((f) => (f.kind === 'dose' ? [{ ...f, stamp: schoolStamp(f.at) }] : []));
  const missed = classes.flatMap((c) => missedDoses([student], c, meetingDates(c), uncorrected(doses).filter((d) => d.classId === c.id), now).map((m) => ({ ...m, classTitle: c.title })));
  const releaseTitle = new Map(releases.map((r) => [r.id, r.title]));
  return {
    student,
    familyEmail: emails.get(student.ownerUid) ?? null,
    familyHolder: holder,
    enrollments: enrollments
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map((e) => ({
        id: e.id,
        status: e.status,
        createdAt: e.createdAt,
        classTitles: e.classIds.map((cid) => titles.get(cid) ?? cid),
        releases: e.releases.map((r) => ({ ...r, title: releaseTitle.get(r.releaseId) ?? r.releaseId })),
      })),
    attendance: attendanceLines(field, titles, true),
    incidents: incidentLines(field, titles),
    pickups: pickupLines(field, titles),
    doses: doseLines(field, titles),
    missedDoses: missed.sort((a, b) => `${b.meeting} ${b.time}`.localeCompare(`${a.meeting} ${a.time}`)),
  };
}

/** Every enrollment (confirmed or cancelled) with a class in the semester, whole or with only the fields named. */
export async function semesterEnrollments(semesterId: string): Promise<Enrollment[]>;
export async function semesterEnrollments<K extends keyof Enrollment>(semesterId: string, fields: K[]): Promise<Pick<Enrollment, K>[]>;
export async function semesterEnrollments(semesterId: string, fields?: (keyof Enrollment)[]) {
  const query = records('enrollments').where('semesterIds', 'array-contains', semesterId);
  return (await (fields ? query.select(...fields) : query).get()).docs.map((d) => d.data());
}

/**
 * The t-shirt size of every student with a confirmed class in the semester. The students are read in
 * the same moment as the enrollments (the four fields the tally needs, for every student of the
 * school) rather than after them by id: one round trip instead of two, which halves the page's wait.
 */
export async function loadTshirts(semesterId: string): Promise<TshirtTally> {
  const [enrollments, classes, everyone] = await Promise.all([
    semesterEnrollments(semesterId, ['studentId', 'classIds', 'status']),
    loadClassesOfSemesters([semesterId]),
    records('students').select('firstName', 'lastName', 'grade', 'tshirtSize').get(),
  ]);
  const title = new Map(classes.map((c) => [c.id, c.title]));
  const classesOf = new Map<string, string[]>();
  for (const e of enrollments) {
    const here = e.classIds.filter((id) => title.has(id));
    if (e.status !== 'confirmed' || !here.length) continue;
    classesOf.set(e.studentId, [...(classesOf.get(e.studentId) ?? []), ...here.map((id) => title.get(id)!)]);
  }
  const found = everyone.docs.filter((d) => classesOf.has(d.id)).map((d) => ({ ...(d.data() as Pick<Student, 'firstName' | 'lastName' | 'grade' | 'tshirtSize'>), id: d.id }));
  return tallyTshirts(
    semesterId,
    found.map((s) => ({ id: s.id, firstName: s.firstName, lastName: s.lastName, grade: s.grade, size: s.tshirtSize, classTitles: classesOf.get(s.id)! })),
  );
}

/**
 * One page of the semester's enrollments as rows, filtered and sorted, and how many match (family
 * emails are added by the caller). The whole semester is read only in the fields the filter needs;
 * the page's enrollments are then read whole.
 */
export async function enrollmentRowsPage(semesterId: string, filter: EnrollmentFilter, page?: number, pageSize?: number): Promise<{ rows: EnrollmentRow[]; total: number }> {
  const light = await semesterEnrollments(semesterId, [...FILTER_FIELDS]);
  const titles = await classTitles(light.flatMap((e) => [...e.classIds, ...cancelledIds(e)]));
  const titled = light.map((e) => ({ ...e, classTitles: e.classIds.map((id) => titles.get(id) ?? id) }));
  const found = pageOf(filterEnrollments(titled, filter), page, pageSize);
  const { found: whole } = await getByIds('enrollments', found.rows.map((r) => r.id));
  const byId = new Map(whole.map((e) => [e.id, e]));
  const rows = found.rows.flatMap((r) => {
    const e = byId.get(r.id);
    return e ? [{ ...e, familyEmail: null, classTitles: r.classTitles, paid: paidOf(e), refunded: refundedOf(e), netPaid: netPaidOf(e) }] : [];
  });
  return { rows, total: found.total };
}

export async function withFamilyEmails(rows: EnrollmentRow[]): Promise<EnrollmentRow[]> {
  const emails = await accountEmails(rows.map((r) => r.ownerUid));
  return rows.map((r) => ({ ...r, familyEmail: emails.get(r.ownerUid) ?? null }));
}
