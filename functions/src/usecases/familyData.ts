// "Download our data": everything the portal keeps about a family's account, read with the same
// loaders as the family's own pages (only what the family owns, as it sees it), with the emails the
// portal wrote to the account's and the guardians' addresses. Each download is in the audit trail.
import type { FamilyData } from '../../../contract/family';
import { loadHolder } from '../data/accounts';
import { auditReads, type Actor } from '../data/audit';
import { loadOwnEnrollments } from '../data/enrollments';
import { loadOwnStudents } from '../data/students';
import { familyWaitlist } from '../data/waitlist';
import { familyView } from '../domain/familyView';
import { familyEntry } from '../domain/waitlist';
import { mailTo } from '../mail/outbox';
import { familyAttendance } from './field';

export async function familyData(actor: Actor, now: Date): Promise<FamilyData> {
  const [holder, students, enrollments, waitlist, attendance] = await Promise.all([
    loadHolder(actor.uid),
    loadOwnStudents(actor.uid),
    loadOwnEnrollments(actor.uid),
    familyWaitlist(actor.uid),
    familyAttendance(actor.uid),
  ]);
  const addresses = [...new Set([actor.email, ...students.flatMap((s) => s.guardians.map((g) => g.email))].filter((a): a is string => !!a).map((a) => a.toLowerCase()))];
  const emails = (await mailTo(addresses)).map((m) => ({ kind: m.kind, to: m.to.filter((a) => addresses.includes(a.toLowerCase())), subject: m.message.subject, text: m.message.text }));
  await auditReads(actor, [{ kind: 'data-exported', record: { type: 'account', id: actor.uid }, summary: `${students.length} children, ${enrollments.length} enrollments, ${emails.length} emails` }], now);
  return {
    exportedAt: now.toISOString(),
    account: { email: actor.email, holder },
    students,
    enrollments: enrollments.map(familyView),
    waitlist: waitlist.map(({ entry, place }) => familyEntry(entry, place)),
    attendance,
    emails,
  };
}
