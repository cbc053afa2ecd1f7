// A family saves a child's profile: a bounded number per account, only its own, every change audited.
import { HttpsError } from 'firebase-functions/v2/https';
import type { Student, StudentProfile } from '../../../contract/domain';
import { changedFields } from '../domain/audit';
import { accountRef, touchAccount } from '../data/accounts';
import { auditInTx, type Actor } from '../data/audit';
import { nextVersion, runSeatTransaction } from '../data/db';
import { loadStudentLimit } from '../data/settings';
import { notYourStudent, students } from '../data/students';

export async function saveOwnStudent(actor: Actor, id: string | undefined, profile: StudentProfile, reviewed: boolean, version?: number): Promise<Student> {
  const uid = actor.uid;
  const now = new Date().toISOString();
  const limit = id ? 0 : await loadStudentLimit();
  const newRef = students().doc();
  return runSeatTransaction(async (tx) => {
    // A new student: an account keeps a bounded number. Counted afresh in each attempt (a query inside
    // the transaction would lock every family's students), and the account document is written only if
    // unchanged since: two saves at the same moment cannot both pass the limit.
    if (!id) {
      const [account, kept] = await Promise.all([accountRef(uid).get(), students().where('ownerUid', '==', uid).count().get()]);
      if (kept.data().count >= limit) throw new HttpsError('failed-precondition', `An account can keep up to ${limit} students. To add another, please contact the office.`);
      touchAccount(tx, uid, account, { lastStudentAddedAt: now });
    }
    const ref = id ? students().doc(id) : newRef;
    const existing = id ? await tx.get(ref) : null;
    if (existing && (!existing.exists || existing.get('ownerUid') !== uid)) throw notYourStudent();
    const student: Student = {
      ...profile,
      // No medications, no authorisation: a stale answer never stands for a later list.
      health: { ...profile.health, medicationAuthorized: profile.health.medications.length ? profile.health.medicationAuthorized : null },
      id: ref.id,
      ownerUid: uid,
      infoReviewedAt: reviewed ? now : ((existing?.get('infoReviewedAt') as string | null | undefined) ?? null),
      version: nextVersion(existing, version, `${profile.firstName}'s info`),
    };
    tx.set(ref, student);
    // A change to the child's health, pickup or contact data is audited (field names only).
    const fields = changedFields(existing?.data(), student);
    if (fields.length) {
      const name = `${student.firstName} ${student.lastName}`;
      auditInTx(tx, actor, { kind: 'student-changed', record: { type: 'student', id: ref.id }, studentId: ref.id, studentName: name, fields, summary: `${existing ? 'Changed' : 'Added'} ${fields.join(', ')}` });
    }
    return student;
  });
}
