// The daily reminders to families, a plain function the schedule and the tests call:
// a class's first meeting in two days, a balance due in seven days and on its day, and a child's
// information to review before a semester opens. Each is written once (its document is named by the
// event), never to a family that unsubscribed, never when the office switched the kind off.
import type { ClassRecord, Enrollment } from '../../../contract/domain';
import { formatTimeRange, formatWeekdays } from '../../../contract/format';
import { addDaysIso, meetingDates, schoolToday } from '../../../contract/schedule';
import { balanceReminderMail, classReminderMail, infoReviewMail } from '../domain/familyMail';
import { portalOrigin } from '../payments/stripe';
import { loadClassesOfSemesters, loadSemesters } from './catalogue';
import { getByIds, records } from './db';
import { mailRef, recipients, reminderPrefs, type FamilyMail } from './familyMail';
import { familyMailOff } from './settings';

const ALREADY_EXISTS = 6;
const INFO_REVIEW_DAYS = 365;

/** Writes the reminder unless its document exists (the same event, sent before). True when written. */
async function sendOnce(key: string, mail: FamilyMail): Promise<boolean> {
  if (!mail.to.length) return false;
  try {
    await mailRef(mail, key).create(mail);
    return true;
  } catch (error) {
    if ((error as { code?: number }).code === ALREADY_EXISTS) return false;
    throw error;
  }
}

export interface ReminderCounts {
  classReminders: number;
  balanceReminders: number;
  infoReviews: number;
}

export async function runFamilyReminders(now: Date): Promise<ReminderCounts> {
  const today = schoolToday(now);
  const off = await familyMailOff();
  const portal = portalOrigin(null);
  const counts: ReminderCounts = { classReminders: 0, balanceReminders: 0, infoReviews: 0 };
  // Each family's unsubscribe address, read once (and made on first use).
  const prefs = new Map<string, Promise<{ token: string; off: boolean }>>();
  const prefsOf = (uid: string) => prefs.get(uid) ?? prefs.set(uid, reminderPrefs(uid)).get(uid)!;
  const unsubscribe = (token: string) => `${portal}/unsubscribe?token=${token}`;

  const semesters = await loadSemesters(['open', 'closed']);
  if (!off.has('class-reminder')) {
    const soon = addDaysIso(today, 2);
    const starting = (await loadClassesOfSemesters(semesters.map((s) => s.id))).filter((c) => c.status !== 'draft' && meetingDates(c)[0] === soon);
    for (const klass of starting) counts.classReminders += await remindClass(klass, soon);
  }
  if (!off.has('balance-reminder')) {
    const due = await records('enrollments').where('balanceDueDate', 'in', [today, addDaysIso(today, 7)]).get();
    for (const e of due.docs.map((d) => d.data()).filter((x) => x.status === 'confirmed' && x.balance > 0)) {
      const prefs = await prefsOf(e.ownerUid);
      if (prefs.off) continue;
      const dueToday = e.balanceDueDate === today;
      const student = (await getByIds('students', [e.studentId])).found[0];
      const mail = { kind: 'balance-reminder' as const, to: await recipients(e, student), enrollmentId: e.id, message: balanceReminderMail(e, dueToday, portal, unsubscribe(prefs.token)) };
      if (await sendOnce(`${e.id}_${e.balanceDueDate}_${dueToday ? 'due' : 'soon'}`, mail)) counts.balanceReminders++;
    }
  }
  if (!off.has('info-review')) {
    const opening = semesters.filter((s) => s.registrationOpens === addDaysIso(today, 7));
    if (opening.length) {
      const cutoff = new Date(now.getTime() - INFO_REVIEW_DAYS * 86_400_000).toISOString();
      const students = (await records('students').get()).docs.map((d) => d.data()).filter((s) => !s.infoReviewedAt || s.infoReviewedAt < cutoff);
      for (const semester of opening) {
        for (const s of students) {
          const prefs = await prefsOf(s.ownerUid);
          if (prefs.off) continue;
          const mail = { kind: 'info-review' as const, to: await recipients({ ownerUid: s.ownerUid }, undefined), message: infoReviewMail(s.firstName, semester.name, portal, unsubscribe(prefs.token)) };
          if (await sendOnce(`${s.id}_${semester.id}`, mail)) counts.infoReviews++;
        }
      }
    }
  }
  return counts;

  async function remindClass(klass: ClassRecord, first: string): Promise<number> {
    const holding = (await records('enrollments').where('classIds', 'array-contains', klass.id).get()).docs.map((d) => d.data()).filter((e: Enrollment) => e.status === 'confirmed');
    const students = new Map((await getByIds('students', holding.map((e) => e.studentId))).found.map((s) => [s.id, s]));
    let sent = 0;
    for (const e of holding) {
      const prefs = await prefsOf(e.ownerUid);
      if (prefs.off) continue;
      const student = students.get(e.studentId);
      const when = `${formatWeekdays(klass.weekdays)} ${formatTimeRange(klass.startTime, klass.endTime)}`;
      const message = classReminderMail(student?.firstName ?? 'Your child', { title: klass.title, location: klass.location, when, bring: klass.bring ?? '' }, first, portal, unsubscribe(prefs.token));
      if (await sendOnce(`${e.id}_${klass.id}_${first}`, { kind: 'class-reminder', to: await recipients(e, student), enrollmentId: e.id, message })) sent++;
    }
    return sent;
  }
}
