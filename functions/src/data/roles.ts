import { FieldValue } from 'firebase-admin/firestore';
import { COLLECTIONS, db } from './db';

export async function loadRoles(uid: string): Promise<string[]> {
  const snap = await db().collection(COLLECTIONS.roles).doc(uid).get();
  const roles: unknown = snap.get('roles');
  return Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [];
}

export async function grantRole(uid: string, role: string): Promise<void> {
  await db().collection(COLLECTIONS.roles).doc(uid).set({ roles: FieldValue.arrayUnion(role) }, { merge: true });
}
