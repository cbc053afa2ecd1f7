// A family saves a child's profile: a bounded number per account, only its own, every change audited;
// the office corrects a family's child's record with its reason, and the family is told what changed.
// A grade changed so that the child no longer fits a class they are enrolled in is said to the family
// and flagged on the enrollment for the office.
import { throwIfRefused } from '../lib/refused';
import type { ClassRecord, Enrollment, Student, StudentProfile } from '../../../contract/domain';
import { formatGrades, gradeName } from '../../../contract/format';
import { forGrade, schoolToday } from '../../../contract/schedule';
import { COLLECTIONS, db, getByIds, notFound, recordRef, records } from '../data/db';
import { changedFields } from '../domain/audit';
import { accountThen, touchAccount } from '../data/accounts';
import { auditInTx, type Actor } from '../data/audit';
import { nextVersion, runSeatTransaction } from '../data/db';
import { loadStudentLimit } from '../data/settings';
import { notYourStudent, students } from '../data/students';
import { accountEmails } from '../data/familyMail';
import { pickupCodesRef } from '../data/pickupCodes';
import { ROUNDS, roundRef } from '../data/rounds';
import { rosterRef } from '../data/seats';
import { deletionRefusal, REMOVED_NAME } from '../domain/profileDeletion';
import { studentLimitRefusal } from '../domain/enrollment';
import type { RoundEntry } from '../../../contract/rounds';
import { recordCorrectedMail } from '../mail/family';
import { queueMail } from '../mail/outbox';
import { portalOrigin } from '../payments/stripe';

/** A class the child is enrolled in (confirmed, not over) whose grades the new grade is outside of. */
interface Misfit {
  enrollment: Pick<Enrollment, 'id' | 'flag'>;
  klass: Pick<ClassRecord, 'title' | 'gradeMin' | 'gradeMax'>;
}

/** The child's current classes whose grades `grade` is outside of, each with its enrollment. */
async function classesOutsideGrade(studentId: string, grade: number, today: string): Promise<Misfit[]> {
  const enrollments = (await records('enrollments').where('studentId', '==', studentId).where('status', '==', 'confirmed').get()).docs.map((d) => d.data());
  const { found } = await getByIds('classes', [...new Set(enrollments.flatMap((e) => e.classIds))]);
  const classes = new Map(found.map((c) => [c.id, c]));
  return enrollments.flatMap((enrollment) =>
    enrollment.classIds.flatMap((cid) => {
      const klass = classes.get(cid);
      return klass && klass.endDate >= today && !forGrade(klass, grade) ? [{ enrollment, klass }] : [];
    }),
  );
}

/** "Fire & Shelter Skills (grades 4–6)". */
const misfitText = (m: Misfit) => `${m.klass.title} (${formatGrades(m.klass.gradeMin, m.klass.gradeMax).toLowerCase()})`;

/**
 * Who saves a child's profile: the family (its own child; saving counts as reviewing it when it says
 * so), or the office correcting the record of a family's child, with its reason (the family is told
 * which fields changed, never their values).
 */
export type Saver = { by: 'family'; reviewed: boolean } | { by: 'office'; reason: string };

export const saveOwnStudent = (actor: Actor, id: string | undefined, profile: StudentProfile, reviewed: boolean, version?: number) =>
  saveStudentAs(actor, id, profile, { by: 'family', reviewed }, version);

/** The office corrects a child's record (contacts, pickups, health, consents) with its reason. */
export const correctStudent = (actor: Actor, id: string, profile: StudentProfile, reason: string, version?: number) =>
  saveStudentAs(actor, id, profile, { by: 'office', reason: reason.trim() }, version);

/** The office adds a child to a family's account (the account's limit holds), with its reason. */
export async function addStudentForFamily(actor: Actor, ownerUid: string, profile: StudentProfile, reason: string) {
  if (!(await accountEmails([ownerUid])).has(ownerUid)) throw notFound('This family');
  return saveStudentAs(actor, undefined, profile, { by: 'office', reason: reason.trim() }, undefined, ownerUid);
}

/** Saves a child's profile; a new child is the saver's own (the family's), or `owner`'s when the office adds it. */
async function saveStudentAs(actor: Actor, id: string | undefined, profile: StudentProfile, saver: Saver, version?: number, owner?: string): Promise<{ student: Student; outsideGrades: string[] }> {
  const uid = owner ?? actor.uid;
  const office = saver.by === 'office';
  const now = new Date().toISOString();
  const limit = id ? 0 : await loadStudentLimit();
  // Read before the transaction: enrollments of this child only, and only when the grade may have changed.
  const before = id ? (await recordRef('students', id).get()).data() : undefined;
  const owns = (s: Student | undefined) => !!s && (office || s.ownerUid === uid);
  const misfits = before && owns(before) && before.grade !== profile.grade ? await classesOutsideGrade(id!, profile.grade, schoolToday()) : [];
  // The family's address for the office's note, read before the transaction.
  const familyEmail = office && before ? ((await accountEmails([before.ownerUid]).catch(() => new Map<string, string>())).get(before.ownerUid) ?? null) : null;
  const newRef = students().doc();
  return runSeatTransaction(async (tx) => {
    // A new student: an account keeps a bounded number. Counted afresh in each attempt (a query inside
    // the transaction would lock every family's students), after the account is read, and the account
    // document is written only if unchanged since: two saves at the same moment cannot both pass the limit.
    if (!id) {
      const [account, kept] = await accountThen(uid, () => students().where('ownerUid', '==', uid).count().get());
      throwIfRefused(studentLimitRefusal(kept.data().count, limit));
      touchAccount(tx, uid, account, { lastStudentAddedAt: now });
    }
    const ref = id ? students().doc(id) : newRef;
    const existing = id ? await tx.get(ref) : null;
    if (existing && !owns(existing.exists ? existing.data() : undefined)) throw notYourStudent();
    const stored = existing?.data();
    const student: Student = {
      ...profile,
      // No medications, no authorisation: a stale answer never stands for a later list.
      health: { ...profile.health, medicationAuthorized: profile.health.medications.length ? profile.health.medicationAuthorized : null },
      id: ref.id,
      ownerUid: stored?.ownerUid ?? uid,
      // Only the family's own save confirms its information is still accurate.
      infoReviewedAt: saver.by === 'family' && saver.reviewed ? now : (stored?.infoReviewedAt ?? null),
      version: nextVersion(existing, version, `${profile.firstName}'s info`),
    };
    tx.set(ref, student);
    // A change to the child's health, pickup or contact data is audited (field names only).
    const fields = changedFields(stored, student);
    const name = `${student.firstName} ${student.lastName}`;
    if (fields.length) {
      const summary = saver.by === 'office' ? `${existing ? 'Corrected' : 'Added by the office'} ${fields.join(', ')}: ${saver.reason}` : `${existing ? 'Changed' : 'Added'} ${fields.join(', ')}`;
      auditInTx(tx, actor, { kind: 'student-changed', record: { type: 'student', id: ref.id }, studentId: ref.id, studentName: name, fields, summary });
    }
    if (saver.by === 'office' && fields.length && familyEmail) {
      queueMail(tx, { kind: 'record-corrected', to: [familyEmail], message: recordCorrectedMail(student.firstName, fields, saver.reason, portalOrigin(null)) }, `${ref.id}_${now}`);
    }
    // The office sees it on the enrollment, in words, beside any flag it had.
    for (const m of misfits) {
      const said = `Grade changed to ${gradeName(student.grade)} by the ${saver.by} on ${schoolToday()}: outside ${misfitText(m)}`;
      tx.update(recordRef('enrollments', m.enrollment.id), { flag: m.enrollment.flag ? `${m.enrollment.flag} · ${said}` : said });
    }
    return { student, outsideGrades: misfits.map(misfitText) };
  });
}

/**
 * Deletes a child's profile — the family's own (or, `office`, any family's): its health, contacts and
 * pickup codes are erased; its money records, past rosters and waitlist history stay with the name
 * replaced. Refused while the child still has a class to go to, a card payment under way, a waitlist
 * place or an open round's entry. One transaction: a checkout for the child at the same moment either
 * comes first (and the deletion is refused) or finds no child.
 */
export async function deleteStudentProfile(actor: Actor, studentId: string, now: Date, office = false): Promise<{ kept: number }> {
  const ref = recordRef('students', studentId);
  const first = (await ref.get()).data();
  if (!first || (!office && first.ownerUid !== actor.uid)) throw notYourStudent();
  const name = `${first.firstName} ${first.lastName}`;
  // Rounds not drawn yet whose entry (the family's) names the child: read first, they change only while entries are open.
  const entries = (await db().collection(ROUNDS.entries).where('ownerUid', '==', first.ownerUid).get()).docs.map((d) => d.data() as RoundEntry);
  const naming = entries.filter((e) => e.children.some((c) => c.studentId === studentId));
  const rounds = naming.length ? await db().getAll(...naming.map((e) => roundRef(e.semesterId))) : [];
  const openRounds = rounds.filter((r) => r.exists && !(r.get('drawn') as unknown)).map((r) => (r.get('semesterName') as string | undefined) ?? r.id);
  return db().runTransaction(async (tx) => {
    const [student, enrollments, waitlist, held] = await Promise.all([
      tx.get(ref),
      tx.get(records('enrollments').where('studentId', '==', studentId)),
      tx.get(records('waitlist').where('studentId', '==', studentId)),
      tx.get(db().collection(COLLECTIONS.fieldHeld).where('studentId', '==', studentId)),
    ]);
    if (!student.exists) throw notYourStudent();
    const all = enrollments.docs.map((d) => d.data());
    const { found: classes } = await getByIds('classes', [...new Set(all.flatMap((e) => e.classIds))]);
    throwIfRefused(deletionRefusal({ firstName: first.firstName, enrollments: all, classes: new Map(classes.map((c) => [c.id, c])), waitlist: waitlist.docs.map((d) => d.data()), openRounds, today: schoolToday(now) }));
    const rosters = all.flatMap((e) => e.classIds.map((c) => rosterRef(c, studentId)));
    const onRosters = rosters.length ? (await tx.getAll(...rosters)).filter((s) => s.exists) : [];
    // What stays keeps no name; what describes the child goes.
    for (const e of enrollments.docs) tx.update(e.ref, { studentName: REMOVED_NAME });
    for (const r of onRosters) tx.update(r.ref, { studentName: REMOVED_NAME });
    for (const w of waitlist.docs) tx.update(w.ref, { studentName: REMOVED_NAME });
    for (const h of held.docs) tx.update(h.ref, { studentName: REMOVED_NAME });
    tx.delete(pickupCodesRef(studentId));
    tx.delete(ref);
    auditInTx(tx, actor, { kind: 'student-deleted', record: { type: 'student', id: studentId }, studentId, studentName: name, summary: `Deleted ${name}’s profile${office ? ' for the family' : ''} (health, contacts and pickup codes erased; ${all.length} enrollments kept without the name)` }, now);
    return { kept: all.length };
  });
}
