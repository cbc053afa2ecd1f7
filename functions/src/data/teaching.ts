// The instructor's view (issue 22): the classes a person teaches and their rosters, read for them alone.
import { HttpsError } from 'firebase-functions/v2/https';
import type { SheetRoster, TaughtClass } from '../../../contract/domain';
import { ACCESS, allows, type StaffRole } from '../../../contract/roles';
import { byFirstDay, sheetRoster, taughtClass } from '../domain/teaching';
import { getByIds, notFound, recordRef, records, uniq } from './db';
import { loadRosters } from './office';

/** The classes assigned to this person on the class form (drafts and archived semesters left out). */
export async function loadTaughtClasses(uid: string): Promise<TaughtClass[]> {
  const classes = (await records('classes').where('instructorUids', 'array-contains', uid).get()).docs.map((d) => d.data()).filter((c) => c.status !== 'draft');
  const { found: semesters } = await getByIds('semesters', uniq(classes.map((c) => c.semesterId)));
  const current = new Map(semesters.filter((s) => s.status !== 'archived').map((s) => [s.id, s.name]));
  return classes.flatMap((c) => (current.has(c.semesterId) ? [taughtClass(c, current.get(c.semesterId)!)] : [])).sort(byFirstDay);
}

/** A class's roster for one of its instructors; the office (care access) may open any class's. */
export async function loadTaughtRoster(caller: { uid: string; roles: StaffRole[] }, classId: string): Promise<SheetRoster> {
  const klass = (await recordRef('classes', classId).get()).data();
  if (!klass) throw notFound('This class');
  if (!allows(caller.roles, ACCESS.care) && !(klass.instructorUids ?? []).includes(caller.uid)) {
    throw new HttpsError('permission-denied', 'This class is not one of yours: ask the office to assign you to it.');
  }
  const { rosters } = await loadRosters([classId]);
  return sheetRoster(rosters[0]);
}
