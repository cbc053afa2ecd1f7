// "Download our data": everything the portal keeps about a family's account, read with the same
// loaders as the family's own pages (only what the family owns, as it sees it), with the emails the
// portal wrote to the account's and the guardians' addresses. Each download is in the audit trail; the
// office gathers the same file for a family at its request (audited as the office's).
import type { FamilyData } from '../../../contract/family';
import { counted } from '../../../contract/format';
import { loadHolder } from '../data/accounts';
import { auditReads, type Actor } from '../data/audit';
import { notFound } from '../data/db';
import { accountEmails } from '../data/familyMail';
import { loadOwnEnrollments } from '../data/enrollments';
import { loadOwnStudents } from '../data/students';
import { familyWaitlist } from '../data/waitlist';
import { familyView } from '../domain/familyView';
import { familyEntry } from '../domain/waitlist';
import { mailTo } from '../mail/outbox';
import { familyAttendance } from './field';

/** The family's own file (`family` is the caller) or the office's copy for a family (`family` is the account asked for). */
export async function familyData(actor: Actor, now: Date, family: Pick<Actor, 'uid' | 'email'> = actor): Promise<FamilyData> {
  const { uid } = family;
  const [holder, students, enrollments, waitlist, attendance] = await Promise.all([
    loadHolder(uid),
    loadOwnStudents(uid),
    loadOwnEnrollments(uid),
    familyWaitlist(uid),
    familyAttendance(uid),
  ]);
  // The office's copy: an account with neither an address nor a child is no family (read once, with the rest).
  if (family !== actor && !family.email && !students.length) throw notFound('This family');
  const addresses = [...new Set([family.email, ...students.flatMap((s) => s.guardians.map((g) => g.email))].filter((a): a is string => !!a).map((a) => a.toLowerCase()))];
  const emails = (await mailTo(addresses)).map((m) => ({ kind: m.kind, to: m.to.filter((a) => addresses.includes(a.toLowerCase())), subject: m.message.subject, text: m.message.text }));
  const forFamily = family === actor ? '' : ' for the family, at its request';
  await auditReads(actor, [{ kind: 'data-exported', record: { type: 'account', id: uid }, summary: `${counted(students.length, 'child', 'children')}, ${counted(enrollments.length, 'enrollment')}, ${counted(emails.length, 'email')}${forFamily}` }], now);
  return {
    exportedAt: now.toISOString(),
    account: { email: family.email, holder },
    students,
    enrollments: enrollments.map(familyView),
    waitlist: waitlist.map(({ entry, place }) => familyEntry(entry, place)),
    attendance,
    emails,
  };
}

/** The office's copy of a family's file: the account must exist. */
export async function familyDataFor(actor: Actor, uid: string, now: Date): Promise<FamilyData> {
  return familyData(actor, now, { uid, email: (await accountEmails([uid])).get(uid) ?? null });
}
