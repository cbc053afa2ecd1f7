// Writes the demo school into Firestore and Auth. Idempotent: fixed ids, documents overwritten,
// every roster entry with its seat and the enrolled counts following the rosters.
import type { UserRecord } from 'firebase-admin/auth';
import type { QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { SCHOOL_TIME_ZONE } from '../../contract/domain';
import { ROLE_ADMIN } from '../../contract/roles';
import { adminAuth, adminDb, seedWriter } from './adminApp';
import { buildDemoData, DEMO_ADMIN, DEMO_FAMILY, DEMO_FUND, DEMO_INSTRUCTOR } from './demoData';
import { planRosterSeats, writeSeatPlan, type SeededEntry } from './seats';
import type { Seat } from '../../functions/src/domain/seats';
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

  // What the classes already hold (nothing on fresh emulators; a run's own enrollments when seeded
  // again): two reads for every class at once, so that the seed writes in one pass.
  const [seatsRead, rostersRead] = await Promise.all([db.collectionGroup('seats').get(), db.collectionGroup('roster').get()]);
  const underClass = (d: QueryDocumentSnapshot) => (d.ref.parent.parent?.parent.id === 'classes' ? d.ref.parent.parent.id : null);
  const held = new Map(data.classes.map((c) => [c.id, { seats: new Map<string, Seat>(), roster: new Map<string, SeededEntry>() }]));
  for (const d of seatsRead.docs) held.get(underClass(d) ?? '')?.seats.set(d.id, d.data() as Seat);
  for (const d of rostersRead.docs) held.get(underClass(d) ?? '')?.roster.set(d.id, { ...(d.data() as SeededEntry), studentId: d.id });

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
  // The demo's roster entries (written whole, in place of what they replace) beside those the classes already hold.
  for (const e of data.enrollments) {
    writer.set(db.doc(`enrollments/${e.id}`), { ...e, ownerUid: owner(e.ownerUid) });
    for (const classId of e.classIds) {
      held.get(classId)!.roster.set(e.studentId, { studentId: e.studentId, enrollmentId: e.id, ownerUid: owner(e.ownerUid) });
    }
  }
  // Each roster entry gets its seat, and each class's count follows its roster.
  const at = new Date().toISOString();
  const names = new Map(data.enrollments.map((e) => [e.id, e.studentName]));
  for (const c of data.classes) {
    const { seats, roster } = held.get(c.id)!;
    const plan = planRosterSeats(c, [...roster.values()], seats, at);
    writeSeatPlan(writer, db, c.id, plan);
    for (const entry of roster.values()) {
      const seat = plan.seatOf.get(entry.studentId)!;
      const ref = db.doc(`classes/${c.id}/roster/${entry.studentId}`);
      // The demo's own entries (their enrollment is the demo's) are written whole.
      const studentName = names.get(entry.enrollmentId);
      if (studentName !== undefined) writer.set(ref, { studentId: entry.studentId, studentName, enrollmentId: entry.enrollmentId, ownerUid: entry.ownerUid, addOns: [], seat });
      else if (entry.seat !== seat) writer.update(ref, { seat });
    }
    writer.set(db.doc(`classes/${c.id}`), { ...c, enrolledCount: plan.enrolledCount });
  }
  await writer.close();

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
