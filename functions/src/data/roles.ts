import { FieldValue, type DocumentSnapshot } from 'firebase-admin/firestore';
import { staffRolesOf, type StaffRole } from '../../../contract/roles';
import { COLLECTIONS, db } from './db';

/** The role names stored in a roles/{uid} document (none when it is missing or malformed). */
export function rolesIn(snap: DocumentSnapshot): string[] {
  const roles: unknown = snap.get('roles');
  return Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [];
}

/** The staff roles among them. */
export const staffRolesIn = (snap: DocumentSnapshot): StaffRole[] => staffRolesOf(rolesIn(snap));

export async function loadRoles(uid: string): Promise<string[]> {
  return rolesIn(await db().collection(COLLECTIONS.roles).doc(uid).get());
}

export async function grantRole(uid: string, role: string): Promise<void> {
  await db().collection(COLLECTIONS.roles).doc(uid).set({ roles: FieldValue.arrayUnion(role) }, { merge: true });
}
