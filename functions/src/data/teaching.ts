// The instructor's view: the classes a person teaches and their rosters, read for them alone.
import { HttpsError } from 'firebase-functions/v2/https';
import type { ClassRecord, SheetRoster, TaughtClass } from '../../../contract/domain';
import { ACCESS, allows, type StaffRole } from '../../../contract/roles';
import { byFirstDay, sheetRoster, taughtClass } from '../domain/teaching';
import { getByIds, notFound, recordRef, records, uniq } from './db';
import { loadRosters } from './office';

/** The classes an instructor has now: assigned to them, not drafts, in a semester not archived. */
async function currentClasses(classes: ClassRecord[]): Promise<{ klass: ClassRecord; semesterName: string }[]> {
  const live = classes.filter((c) => c.status !== 'draft');
  const { found: semesters } = await getByIds('semesters', uniq(live.map((c) => c.semesterId)));
  const current = new Map(semesters.filter((s) => s.status !== 'archived').map((s) => [s.id, s.name]));
  return live.flatMap((klass) => (current.has(klass.semesterId) ? [{ klass, semesterName: current.get(klass.semesterId)! }] : []));
}

/** The classes assigned to this person on the class form (drafts and archived semesters left out). */
export async function loadTaughtClasses(uid: string): Promise<TaughtClass[]> {
  const classes = (await records('classes').where('instructorUids', 'array-contains', uid).get()).docs.map((d) => d.data());
  return (await currentClasses(classes)).map((c) => taughtClass(c.klass, c.semesterName)).sort(byFirstDay);
}

/**
 * The class, for one of its instructors; the office (care access) may open any class. An instructor
 * opens the classes they have now (the same classes as My Classes), never a past term's.
 */
export async function taughtClassOf(caller: { uid: string; roles: StaffRole[] }, classId: string): Promise<ClassRecord> {
  const klass = (await recordRef('classes', classId).get()).data();
  if (!klass) throw notFound('This class');
  if (!(await teaches(caller, klass))) throw new HttpsError('permission-denied', 'This class is not one of yours: ask the office to assign you to it.');
  return klass;
}

/** Whether the caller works on this class now: one of its instructors (a class they have now), or the office. */
export async function teaches(caller: { uid: string; roles: StaffRole[] }, klass: ClassRecord): Promise<boolean> {
  return allows(caller.roles, ACCESS.care) || ((klass.instructorUids ?? []).includes(caller.uid) && (await currentClasses([klass])).length > 0);
}

/** A class's roster for one of its instructors; the office (care access) may open any class's. */
export async function loadTaughtRoster(caller: { uid: string; roles: StaffRole[] }, classId: string): Promise<SheetRoster> {
  await taughtClassOf(caller, classId);
  const { rosters } = await loadRosters([classId]);
  return sheetRoster(rosters[0]);
}
