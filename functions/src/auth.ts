import { getAuth } from 'firebase-admin/auth';
import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import { allows, staffRolesOf, type StaffRole } from '../../contract/roles';
import { loadRoles } from './data/roles';

export function requireUser(request: Pick<CallableRequest, 'auth'>): { uid: string; email: string | null; emailVerified: boolean } {
  if (!request.auth) throw new HttpsError('unauthenticated', 'Please sign in first.');
  return { uid: request.auth.uid, email: (request.auth.token.email as string | undefined) ?? null, emailVerified: request.auth.token.email_verified === true };
}

/**
 * Staff calls: one of the roles allowed, a verified email, and an ID token not revoked (signing a person
 * out everywhere, or disabling the account, ends their staff access at once rather than when the token
 * expires). The roles are read from Firestore on every call, so a change takes effect on the next one.
 * Returns the caller's staff roles.
 */
export async function requireStaff(user: { uid: string; emailVerified: boolean }, authorization: unknown, allowed: readonly StaffRole[]): Promise<StaffRole[]> {
  const roles = staffRolesOf(await loadRoles(user.uid));
  if (!roles.length) throw new HttpsError('permission-denied', 'This page is for school staff only.');
  if (!allows(roles, allowed)) throw new HttpsError('permission-denied', 'Your staff role does not include this. Ask an admin if you need it.');
  if (!user.emailVerified) throw new HttpsError('permission-denied', 'Staff accounts need a verified email address.');
  const token = typeof authorization === 'string' ? authorization.replace(/^Bearer\s+/i, '') : '';
  await getAuth()
    .verifyIdToken(token, true)
    .catch(() => {
      throw new HttpsError('unauthenticated', 'Your session has ended. Please sign in again.');
    });
  return roles;
}
