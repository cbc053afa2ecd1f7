// Emails to families: who gets them, and a family's unsubscribe from reminders (mail/outbox.ts
// writes them).
import { randomBytes } from 'node:crypto';
import { getAuth } from 'firebase-admin/auth';
import type { Enrollment, FamilyMailKind, Student } from '../../../contract/domain';
import type { MailMessage } from '../mail/layout';
import { receiptRecipients } from '../mail/receipt';
import { chunks, COLLECTIONS, db, recordRef, uniq } from './db';

/**
 * The accounts' emails, looked up 100 at a time (Auth's limit for one call); accounts without one are
 * left out, and with `verifiedOnly` those whose owner never proved the address theirs.
 */
export async function accountEmails(uids: string[], { verifiedOnly = false } = {}): Promise<Map<string, string>> {
  const emails = new Map<string, string>();
  for (const part of chunks(uniq(uids), 100)) {
    const { users } = await getAuth().getUsers(part.map((uid) => ({ uid })));
    for (const u of users) if (u.email && (u.emailVerified || !verifiedOnly)) emails.set(u.uid, u.email);
  }
  return emails;
}

/** Who gets the enrollment's emails: the account's email, and the guardians' if the account asked. */
export const recipientsOf = (e: Pick<Enrollment, 'ownerUid' | 'copyGuardians'>, student: Student | undefined, accounts: Map<string, string>): string[] =>
  receiptRecipients(accounts.get(e.ownerUid) ?? null, (student?.guardians ?? []).map((g) => g.email), !!e.copyGuardians);

/** The same for one enrollment, its account looked up on its own. */
export async function recipients(e: Pick<Enrollment, 'ownerUid' | 'copyGuardians'>, student: Student | undefined): Promise<string[]> {
  return recipientsOf(e, student, await accountEmails([e.ownerUid]).catch(() => new Map<string, string>()));
}

/** The recipients of an enrollment's emails, read before the transaction that sends one. */
export async function enrollmentRecipients(enrollmentId: string): Promise<string[]> {
  const e = (await recordRef('enrollments', enrollmentId).get()).data();
  if (!e) return [];
  return recipients(e, (await recordRef('students', e.studentId).get()).data());
}

export interface FamilyMail {
  kind: FamilyMailKind;
  to: string[];
  message: MailMessage;
  enrollmentId?: string;
}

const prefs = () => db().collection(COLLECTIONS.mailPrefs);

/** The family's unsubscribe address token (made on first use) and whether it turned the reminders off. */
export async function reminderPrefs(uid: string): Promise<{ token: string; off: boolean }> {
  const ref = prefs().doc(uid);
  return db().runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (snap.exists) return { token: snap.get('token') as string, off: snap.get('remindersOff') === true };
    const token = randomBytes(24).toString('base64url');
    tx.set(ref, { token, remindersOff: false });
    return { token, off: false };
  });
}

/** Turns a family's reminders off, or on again, from the link in a reminder. False: unknown token. */
export async function setRemindersOff(token: string, off: boolean): Promise<boolean> {
  const ref = (await prefs().where('token', '==', token).limit(1).get()).docs[0]?.ref;
  if (!ref) return false;
  await ref.update({ remindersOff: off });
  return true;
}
