// The school's staff and their roles: roles/{uid} documents, read on every staff call.
import { getAuth, type UserRecord } from 'firebase-admin/auth';
import type { DocumentData } from 'firebase-admin/firestore';
import type { StaffMember } from '../../../contract/domain';
import { staffRolesOf } from '../../../contract/roles';
import { chunks, COLLECTIONS, db } from './db';
import { staffRolesIn } from './roles';

export const rolesDocs = () => db().collection(COLLECTIONS.roles);

/** Invited and not yet in: the account has no way to sign in yet (no password chosen, no provider). */
export const notYetIn = (user: UserRecord) => user.providerData.length === 0;

export const memberOf = (user: UserRecord, stored: DocumentData | undefined): StaffMember => ({
  uid: user.uid,
  email: user.email ?? '',
  roles: staffRolesOf((stored?.roles as string[] | undefined) ?? []),
  invited: notYetIn(user),
  lastSignInAt: !notYetIn(user) && user.metadata.lastSignInTime ? new Date(user.metadata.lastSignInTime).toISOString() : null,
  changedBy: (stored?.changedBy as string | undefined) ?? null,
  changedAt: (stored?.changedAt as string | undefined) ?? null,
});

/** Everyone holding a staff role, by email. */
export async function listStaff(): Promise<StaffMember[]> {
  const snap = await rolesDocs().get();
  const stored = new Map(snap.docs.filter((d) => staffRolesIn(d).length).map((d) => [d.id, d.data()]));
  const users = (await Promise.all(chunks([...stored.keys()], 100).map((part) => getAuth().getUsers(part.map((uid) => ({ uid })))))).flatMap((r) => r.users);
  return users.map((u) => memberOf(u, stored.get(u.uid))).sort((a, b) => a.email.localeCompare(b.email));
}

/** The people holding the instructor role, for the class form's picker. */
export async function listInstructors(): Promise<{ uid: string; email: string }[]> {
  return (await listStaff()).filter((m) => m.roles.includes('instructor')).map((m) => ({ uid: m.uid, email: m.email }));
}

/** The ids among these that do not hold the instructor role. */
export async function notInstructors(uids: string[]): Promise<string[]> {
  if (!uids.length) return [];
  const snaps = await db().getAll(...uids.map((uid) => rolesDocs().doc(uid)));
  return snaps.filter((s) => !staffRolesIn(s).includes('instructor')).map((s) => s.id);
}
