// Writes the demo school into Firestore and Auth. Idempotent: fixed ids, documents overwritten,
// every roster entry with its seat and the enrolled counts following the rosters.
import type { UserRecord } from 'firebase-admin/auth';
import { SCHOOL_TIME_ZONE } from '../../contract/domain';
import { ROLE_ADMIN } from '../../contract/roles';
import { adminAuth, adminDb, seedWriter } from './adminApp';
import { buildDemoData, DEMO_ADMIN, DEMO_FAMILY, DEMO_FUND, DEMO_INSTRUCTOR } from './demoData';
import { seatRosters } from './seats';
import { demoRound } from './round';
import { recordParts, ROUNDS } from '../../functions/src/data/rounds';

export function todayInSchool(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SCHOOL_TIME_ZONE }).format(now);
}

async function upsertUser(u: { uid: string; email: string; password: string; name: string }): Promise<UserRecord> {
  const auth = adminAuth();
  const existing = await auth.getUserByEmail(u.email).catch(() => null);
  if (existing) return auth.updateUser(existing.uid, { password: u.password, displayName: u.name, emailVerified: true });
  return auth.createUser({ uid: u.uid, email: u.email, password: u.password, displayName: u.name, emailVerified: true });
}

export async function seedDemo(today = todayInSchool()) {
  const db = adminDb();
  const data = buildDemoData(today);
  const [admin, family, instructor] = await Promise.all([upsertUser(DEMO_ADMIN), upsertUser(DEMO_FAMILY), upsertUser(DEMO_INSTRUCTOR)]);
  const familyUid = family.uid;
  const owner = (uid: string) => (uid === DEMO_FAMILY.uid ? familyUid : uid);

  const writer = seedWriter(db);
  writer.set(db.doc(`roles/${admin.uid}`), { roles: [ROLE_ADMIN] });
  writer.set(db.doc(`roles/${instructor.uid}`), { roles: ['instructor'] });
  writer.set(db.doc('config/portal'), { currentSemesterId: data.currentSemesterId });
  // The demo family has checked out before: its holder is known (a new account is asked at its first checkout).
  writer.set(db.doc(`accounts/${familyUid}`), { holder: { name: DEMO_FAMILY.name, phone: DEMO_FAMILY.phone } }, { merge: true });
  for (const s of data.semesters) writer.set(db.doc(`semesters/${s.id}`), s);
  for (const g of data.groups) writer.set(db.doc(`groups/${g.id}`), g);
  for (const d of data.discounts) writer.set(db.doc(`discounts/${d.id}`), d);
  writer.set(db.doc(`aidFunds/${DEMO_FUND.id}`), DEMO_FUND);
  for (const s of data.students) writer.set(db.doc(`students/${s.id}`), { ...s, ownerUid: owner(s.ownerUid) });
  for (const e of data.enrollments) {
    writer.set(db.doc(`enrollments/${e.id}`), { ...e, ownerUid: owner(e.ownerUid) });
    for (const classId of e.classIds) {
      writer.set(db.doc(`classes/${classId}/roster/${e.studentId}`), {
        studentId: e.studentId,
        studentName: e.studentName,
        enrollmentId: e.id,
        ownerUid: owner(e.ownerUid),
        addOns: [],
      });
    }
  }
  await writer.close();

  // Each roster entry (also of enrollments made on the emulators since the last seed) gets its seat,
  // and the count follows the roster.
  const classWriter = seedWriter(db);
  for (const c of data.classes) classWriter.set(db.doc(`classes/${c.id}`), c);
  await classWriter.close();
  await seatRosters(db, data.classes.map((c) => c.id));

  // Last year's term was placed by a drawn round: its public page and record, ready to check.
  const past = data.semesters.find((s) => s.status === 'archived')!;
  const drawn = await demoRound(past, data.classes.filter((c) => c.semesterId === past.id));
  const roundWriter = seedWriter(db);
  roundWriter.set(db.doc(`${ROUNDS.rounds}/${past.id}`), drawn.round);
  roundWriter.set(db.doc(`${ROUNDS.records}/${past.id}`), { capacity: drawn.capacity });
  for (const [id, part] of [...recordParts({ entries: drawn.entries }), ...recordParts({ placements: drawn.placements })]) roundWriter.set(db.doc(`${ROUNDS.records}/${past.id}/parts/${id}`), part);
  await roundWriter.close();

  return {
    semesters: data.semesters.length,
    classes: data.classes.length,
    liveClasses: data.classes.filter((c) => c.status === 'live').length,
    groups: data.groups.length,
    discounts: data.discounts.length,
    students: data.students.length,
    enrollments: data.enrollments.length,
  };
}
