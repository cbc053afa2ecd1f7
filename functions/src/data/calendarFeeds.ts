// Families' calendar subscriptions. The address holds a 256-bit random token; only its
// SHA-256 is stored, so the address is shown once, when made; a new one ends the old.
import { createHash, randomBytes } from 'node:crypto';
import { getAuth } from 'firebase-admin/auth';
import { calendarFile, type FeedEvent } from '../domain/calendarFeed';
import { isBrowsable, isPublicSemester } from '../domain/catalogue';
import { COLLECTIONS, db, getByIds, recordRef } from './db';
import { loadOwnEnrollments } from './enrollments';

const feeds = () => db().collection(COLLECTIONS.calendarFeeds);
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function feedSince(uid: string): Promise<string | null> {
  const snap = await feeds().where('uid', '==', uid).limit(1).get();
  return snap.empty ? null : (snap.docs[0].get('createdAt') as string);
}

export async function newFeed(uid: string, now: Date): Promise<{ token: string; createdAt: string }> {
  const token = randomBytes(32).toString('base64url');
  const createdAt = now.toISOString();
  await db().runTransaction(async (tx) => {
    const old = await tx.get(feeds().where('uid', '==', uid));
    for (const d of old.docs) tx.delete(d.ref);
    tx.create(feeds().doc(hashOf(token)), { uid, createdAt });
  });
  return { token, createdAt };
}

/** The family's calendar: every class each child is enrolled in (first names only), or null for an unknown address. */
export async function familyCalendar(token: string, portal: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const feed = await feeds().doc(hashOf(token)).get();
  if (!feed.exists) return null;
  const uid = feed.get('uid') as string;
  // An account the school disabled (or deleted) keeps no calendar.
  const account = await getAuth().getUser(uid).catch(() => null);
  if (!account || account.disabled) return null;
  const enrollments = (await loadOwnEnrollments(uid)).filter((e) => e.status === 'confirmed');
  const [classes, students] = await Promise.all([
    getByIds('classes', enrollments.flatMap((e) => e.classIds)),
    getByIds('students', enrollments.map((e) => e.studentId)),
  ]);
  const firstName = new Map(students.found.map((s) => [s.id, s.firstName]));
  const byId = new Map(classes.found.map((c) => [c.id, c]));
  const events: FeedEvent[] = enrollments.flatMap((e) =>
    e.classIds.flatMap((classId) => {
      const klass = byId.get(classId);
      if (!klass) return [];
      const who = firstName.get(e.studentId) ?? 'Your child';
      return [{ uid: `${e.id}-${classId}@wildwood-portal`, summary: `${who}: ${klass.title}`, klass, url: `${portal}/account/enrollments` }];
    }),
  );
  return calendarFile('Wildwood classes', events);
}

/** One class's meetings, for anyone (the class is in the public catalogue), or null. */
export async function classCalendar(classId: string, portal: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(classId)) return null;
  const klass = (await recordRef('classes', classId).get()).data();
  if (!klass || !isBrowsable(klass)) return null;
  const semester = (await recordRef('semesters', klass.semesterId).get()).data();
  if (!semester || !isPublicSemester(semester)) return null;
  return calendarFile(klass.title, [{ uid: `class-${klass.id}@wildwood-portal`, summary: klass.title, klass, url: `${portal}/classes/enrollment?semester=${klass.semesterId}` }]);
}
