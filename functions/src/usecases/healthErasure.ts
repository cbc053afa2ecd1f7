// The daily erasure of health information no longer needed (domain/healthErasure.ts): each child's
// last class and the family's last review are read, the families told a month before, and the
// information erased in a transaction that checks nothing changed since (a family that enrolled or
// confirmed the information meanwhile keeps it). Each erasure is in the audit trail.
import type { IsoDate, Student } from '../../../contract/domain';
import { formatDate } from '../../../contract/format';
import { schoolToday } from '../../../contract/schedule';
import { auditInTx, type Actor } from '../data/audit';
import { db, recordRef, records } from '../data/db';
import { accountEmails } from '../data/familyMail';
import { ERASED_HEALTH, erasureStep } from '../domain/healthErasure';
import { healthNoticeMail } from '../mail/family';
import { createMailOnce } from '../mail/outbox';
import { portalOrigin } from '../payments/stripe';

/** Each child's last active day: the last day of its last class (confirmed enrollments), or the family's last review, whichever is later. */
async function lastActiveDays(): Promise<Map<string, IsoDate>> {
  const [enrollments, classes] = await Promise.all([
    records('enrollments').where('status', '==', 'confirmed').select('studentId', 'classIds').get(),
    records('classes').select('endDate').get(),
  ]);
  const endOf = new Map(classes.docs.map((c) => [c.id, c.get('endDate') as IsoDate]));
  const last = new Map<string, IsoDate>();
  for (const e of enrollments.docs) {
    for (const c of (e.get('classIds') as string[]) ?? []) {
      const end = endOf.get(c);
      const id = e.get('studentId') as string;
      if (end && end > (last.get(id) ?? '')) last.set(id, end);
    }
  }
  return last;
}

export async function runHealthErasure(now0: Date): Promise<{ notices: number; erased: number }> {
  const today = schoolToday(now0);
  const job: Actor = { uid: 'portal', email: null, roles: ['job'], requestId: `health-erasure-${today}` };
  const [students, lastClass] = await Promise.all([records('students').get(), lastActiveDays()]);
  const lastActive = (s: Student): IsoDate | null => {
    const reviewed = s.infoReviewedAt?.slice(0, 10) ?? '';
    const day = [lastClass.get(s.id) ?? '', reviewed].sort().at(-1)!;
    return day || null;
  };
  const due = students.docs.map((d) => ({ student: d.data(), step: erasureStep({ lastActive: lastActive(d.data()), noticeOn: d.data().healthNoticeOn, erasedOn: d.data().healthErasedOn, today }) }));
  const notices = due.filter((d) => d.step?.step === 'notice');
  const emails = await accountEmails(notices.map((n) => n.student.ownerUid));
  let told = 0;
  for (const { student: s, step } of notices) {
    if (step?.step !== 'notice') continue;
    const to = emails.get(s.ownerUid);
    if (to) {
      await createMailOnce({ kind: 'health-erasure-notice', to: [to], message: healthNoticeMail(s.firstName, formatDate(step.eraseOn, true), portalOrigin(null)) }, `${s.id}_${step.eraseOn}`);
    }
    await recordRef('students', s.id).update({ healthNoticeOn: today });
    told++;
  }
  let erased = 0;
  for (const { student: s } of due.filter((d) => d.step?.step === 'erase')) {
    const done = await db().runTransaction(async (tx) => {
      const current = (await tx.get(recordRef('students', s.id))).data();
      // Reviewed or changed since it was read: looked at again tomorrow.
      if (!current || current.infoReviewedAt !== s.infoReviewedAt || current.healthErasedOn) return false;
      tx.update(recordRef('students', s.id), { health: ERASED_HEALTH, healthErasedOn: today, infoReviewedAt: null });
      const name = `${s.firstName} ${s.lastName}`;
      auditInTx(tx, job, { kind: 'health-erased', record: { type: 'student', id: s.id }, studentId: s.id, studentName: name, fields: ['health'], summary: `Erased ${name}’s health information: no class for two school years (the family was told on ${formatDate(s.healthNoticeOn!, true)})` }, now0);
      return true;
    });
    if (done) erased++;
  }
  return { notices: told, erased };
}
