// The school's staff and their roles: roles/{uid} documents, read on every staff call.
import { getAuth, type UserRecord } from 'firebase-admin/auth';
import type { DocumentData } from 'firebase-admin/firestore';
import type { StaffMember } from '../../../contract/domain';
import { ROLE_ADMIN, staffRolesOf, type StaffRole } from '../../../contract/roles';
import { staffInvitation } from '../mail/staff';
import { chunks, COLLECTIONS, db, notFound, precondition } from './db';
import { actorName, auditInTx, type Actor } from './audit';
import { staffRolesIn } from './roles';
import { queueMail } from '../mail/outbox';

const rolesDocs = () => db().collection(COLLECTIONS.roles);

/** Invited and not yet in: the account has no way to sign in yet (no password chosen, no provider). */
const notYetIn = (user: UserRecord) => user.providerData.length === 0;

const memberOf = (user: UserRecord, stored: DocumentData | undefined): StaffMember => ({
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

const isMissing = (error: unknown) => (error as { code?: string }).code === 'auth/user-not-found';

/**
 * Sets a person's staff roles by email; no roles takes them off the staff. An address without an account
 * gets one (its email counts as verified: only the person reading that inbox can set its password) and
 * an invitation with the link to set a password; so does an account that never signed in or never
 * proved its address (saving again re-sends it). The link is made before anything is saved: a portal
 * address the project does not authorise fails here, with nothing changed. The portal always keeps at
 * least one admin.
 */
export async function saveStaff(email: string, roles: StaffRole[], actor: Actor, portal: string): Promise<{ member: StaffMember; invited: boolean }> {
  const by = actorName(actor);
  const address = email.trim().toLowerCase();
  const existing = await getAuth()
    .getUserByEmail(address)
    .catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
  if (!existing && !roles.length) throw notFound(`A staff account for ${address}`);
  const invited = roles.length > 0 && (!existing || notYetIn(existing) || !existing.emailVerified);
  let user = existing ?? (await getAuth().createUser({ email: address, emailVerified: true }));
  let link: string | null = null;
  if (invited) {
    try {
      link = await getAuth().generatePasswordResetLink(address, { url: `${portal}/user/login` });
    } catch (error) {
      // Nothing is kept of a failed invitation: the account made for it goes again.
      if (!existing) await getAuth().deleteUser(user.uid);
      throw error;
    }
  }
  const uid = user.uid;
  const changedAt = new Date().toISOString();
  const stored = await db().runTransaction(async (tx) => {
    const [admins, before] = await Promise.all([tx.get(rolesDocs().where('roles', 'array-contains', ROLE_ADMIN)), tx.get(rolesDocs().doc(uid))]);
    if (!roles.includes(ROLE_ADMIN) && !admins.docs.some((d) => d.id !== uid)) {
      throw precondition('The portal needs at least one admin: make someone else an admin first.');
    }
    const next = { roles, email: address, changedBy: by, changedAt };
    tx.set(rolesDocs().doc(uid), next);
    const was = staffRolesIn(before);
    const named = (list: string[]) => (list.length ? list.join(', ') : 'no staff role');
    auditInTx(tx, actor, { kind: 'roles-changed', record: { type: 'staff', id: uid }, fields: ['roles'], summary: `${address}: ${named(was)} → ${named(roles)}${invited ? ' (invited)' : ''}` });
    if (link) queueMail(tx, { kind: 'staff-invitation', to: [address], message: staffInvitation(roles, link, by) });
    return next;
  });
  user = await getAuth().getUser(uid);
  return { member: memberOf(user, stored), invited };
}
