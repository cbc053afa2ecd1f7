// The families' students as stored: their reads, and the answer for another family's student.
import { HttpsError } from 'firebase-functions/v2/https';
import type { Student } from '../../../contract/domain';
import { getByIds, records } from './db';
import { NOT_YOUR_STUDENT } from '../domain/enrollment';

export const students = () => records('students');

export async function loadOwnStudents(uid: string): Promise<Student[]> {
  const snap = await students().where('ownerUid', '==', uid).get();
  return snap.docs
    .map((d) => d.data())
    .sort((a, b) => a.firstName.localeCompare(b.firstName));
}

/** Another family's student is answered exactly like a missing one: nothing leaks. */
export function notYourStudent(): HttpsError {
  return new HttpsError('not-found', NOT_YOUR_STUDENT);
}

/** Refuses, as for a missing student, any of these ids that is not this family's. */
export async function assertOwnStudents(uid: string, ids: string[]): Promise<void> {
  const { found, notFound } = await getByIds('students', ids);
  if (notFound.length || found.some((s) => s.ownerUid !== uid)) throw notYourStudent();
}
