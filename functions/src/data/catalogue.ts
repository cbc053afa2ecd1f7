// Firestore reads of the public catalogue: whole queries or one batched getAll, never a read per class.
import type { Query } from 'firebase-admin/firestore';
import type { ClassGroup, ClassRecord, ClassStatus, Semester, SemesterStatus } from '../../../contract/domain';
import { chunks, COLLECTIONS, db, getByIds, noteReads, type RecordName, records, type Records } from './db';

const IN_LIMIT = 30;

async function queryIn<K extends RecordName>(name: K, field: string, values: string[], refine?: (q: Query<Records[K]>) => Query<Records[K]>) {
  const unique = [...new Set(values)];
  const snaps = await Promise.all(
    chunks(unique, IN_LIMIT).map((part) => {
      const q = records(name).where(field, 'in', part);
      return (refine ? refine(q) : q).get();
    }),
  );
  noteReads(snaps.reduce((n, s) => n + Math.max(1, s.size), 0));
  return snaps.flatMap((s) => s.docs.map((d) => d.data()));
}

/**
 * Every semester, or only those with these statuses: the public catalogue reads the semesters it
 * can show (open, or open and closed), never the archive, which grows every year.
 */
export async function loadSemesters(statuses?: SemesterStatus[]): Promise<Semester[]> {
  const all = records('semesters');
  const snap = await (statuses ? all.where('status', 'in', statuses) : all).get();
  noteReads(Math.max(1, snap.size));
  return snap.docs.map((d) => d.data());
}

export async function loadConfiguredCurrentSemesterId(): Promise<string | null> {
  const snap = await db().collection(COLLECTIONS.config).doc('portal').get();
  noteReads(1);
  const value: unknown = snap.get('currentSemesterId');
  return typeof value === 'string' ? value : null;
}

export async function loadClassesOfSemesters(semesterIds: string[], status?: ClassStatus): Promise<ClassRecord[]> {
  return queryIn('classes', 'semesterId', semesterIds, (q) =>
    status ? q.where('status', '==', status) : q,
  );
}

export async function loadGroupsOfSemesters(semesterIds: string[]): Promise<ClassGroup[]> {
  return queryIn('groups', 'semesterId', semesterIds);
}

export const loadClassesByIds = (ids: string[]) => getByIds('classes', ids);
export const loadGroupsByIds = (ids: string[]) => getByIds('groups', ids);
export const loadSemestersByIds = (ids: string[]) => getByIds('semesters', ids);
