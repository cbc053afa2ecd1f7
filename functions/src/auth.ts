import { getAuth } from 'firebase-admin/auth';
import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import { ROLE_ADMIN } from '../../contract/domain';
import { loadRoles } from './data/roles';

export function requireUser(request: Pick<CallableRequest, 'auth'>): { uid: string; email: string | null; emailVerified: boolean } {
  if (!request.auth) throw new HttpsError('unauthenticated', 'Please sign in first.');
  return { uid: request.auth.uid, email: (request.auth.token.email as string | undefined) ?? null, emailVerified: request.auth.token.email_verified === true };
}

/** The role is read from Firestore on every call, so revoking it takes effect at once. */
export async function requireAdmin(uid: string): Promise<void> {
  const roles = await loadRoles(uid);
  if (!roles.includes(ROLE_ADMIN)) throw new HttpsError('permission-denied', 'This page is for school staff only.');
}

/**
 * Staff calls: the role, a verified email, and an ID token not revoked (signing a person out everywhere,
 * or disabling the account, ends their staff access at once rather than when the token expires).
 */
export async function requireStaff(user: { uid: string; emailVerified: boolean }, authorization: unknown): Promise<void> {
  await requireAdmin(user.uid);
  if (!user.emailVerified) throw new HttpsError('permission-denied', 'Staff accounts need a verified email address.');
  const token = typeof authorization === 'string' ? authorization.replace(/^Bearer\s+/i, '') : '';
  await getAuth()
    .verifyIdToken(token, true)
    .catch(() => {
      throw new HttpsError('unauthenticated', 'Your session has ended. Please sign in again.');
    });
}
