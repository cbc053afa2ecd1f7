// Giving and taking staff roles, with the invitation an account that cannot sign in yet receives.
import { getAuth } from 'firebase-admin/auth';
import { ROLE_ADMIN, type StaffRole } from '../../../contract/roles';
import type { StaffMember } from '../../../contract/domain';
import { staffInvitation } from '../mail/staff';
import { queueMail } from '../mail/outbox';
import { accountByEmail } from '../data/accounts';
import { actorName, auditInTx, type Actor } from '../data/audit';
import { db, notFound } from '../data/db';
import { lastAdminRefusal } from '../domain/admin';
import { throwIfRefused } from '../lib/refused';
import { staffRolesIn } from '../data/roles';
import { memberOf, notYetIn, rolesDocs } from '../data/staff';

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
  const existing = await accountByEmail(address);
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
    throwIfRefused(lastAdminRefusal(uid, roles, admins.docs.map((d) => d.id)));
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
