// The daily reminders to families, a plain function the schedule and the tests call:
// a class's first meeting in two days, a balance due in seven days and on its day, and a child's
// information to review before a semester opens. Each is written once (its document is named by the
// event), never to a family that unsubscribed, never when the office switched the kind off; a run
// missed catches up (CATCH_UP_DAYS). What is due is gathered first, then the families' addresses and
// unsubscribe links are read in batches, then the reminders are written a few dozen at a time.
import type { Enrollment, Student } from '../../../contract/domain';
import { formatTimeRange, formatWeekdays } from '../../../contract/format';
import { addDaysIso, DAY_MS, meetingDates, schoolToday } from '../../../contract/schedule';
import { balanceReminderMail, classReminderMail, infoReviewMail, type BalanceDue } from '../mail/family';
import type { MailMessage } from '../mail/layout';
import { portalOrigin } from '../payments/stripe';
import { loadClassesOfSemesters, loadSemesters } from '../data/catalogue';
import { chunks, getByIds, records } from '../data/db';
import { accountEmails, recipientsOf, reminderPrefs, type FamilyMail } from '../data/familyMail';
import { createMailOnce, mailWritten } from '../mail/outbox';
import { familyMailOff } from '../data/settings';

const INFO_REVIEW_DAYS = 365;

/** Writes the reminder unless its document exists (the same event, sent before, maybe by a run at the same moment). True when written. */
async function sendOnce(key: string, mail: FamilyMail): Promise<boolean> {
  if (!mail.to.length) return false;
  return createMailOnce(mail, key);
}

export interface ReminderCounts {
  classReminders: number;
  balanceReminders: number;
  infoReviews: number;
}

/**
 * How many days late a reminder is still sent: a run that did not happen (a deploy, an outage) is
 * caught up by the next ones, each reminder still written once (its document is named by its event).
 */
export const CATCH_UP_DAYS = 2;
/** Reminders written at once: one round trip each, a few dozen in flight. */
const AT_ONCE = 50;

/** A reminder due today: its event's key, the family, whom it is about, and its text once the family's unsubscribe link is known. */
interface Reminder {
  key: string;
  count: keyof ReminderCounts;
  kind: FamilyMail['kind'];
  uid: string;
  enrollment?: Pick<Enrollment, 'id' | 'ownerUid' | 'copyGuardians' | 'studentId'>;
  message: (unsubscribe: string, student: Student | undefined) => MailMessage;
}

/** The days `from` … `from` + CATCH_UP_DAYS back: the event's own day, and the days a missed run left. */
const daysBack = (day: string) => Array.from({ length: CATCH_UP_DAYS + 1 }, (_, i) => addDaysIso(day, -i));

export async function runFamilyReminders(now: Date): Promise<ReminderCounts> {
  const today = schoolToday(now);
  const off = await familyMailOff();
  const portal = portalOrigin(null);
  const semesters = await loadSemesters(['open', 'closed']);
  const due: Reminder[] = [];

  if (!off.has('class-reminder')) {
    // A class's first meeting two days from now (or sooner, when a run was missed): a reminder per enrollment.
    const firsts = new Set(daysBack(addDaysIso(today, 2)).filter((d) => d >= today));
    const starting = (await loadClassesOfSemesters(semesters.map((s) => s.id))).filter((c) => c.status !== 'draft' && firsts.has(meetingDates(c)[0]));
    for (const klass of starting) {
      const first = meetingDates(klass)[0];
      const holding = (await records('enrollments').where('classIds', 'array-contains', klass.id).get()).docs.map((d) => d.data()).filter((e) => e.status === 'confirmed');
      const when = `${formatWeekdays(klass.weekdays)} ${formatTimeRange(klass.startTime, klass.endTime)}`;
      for (const e of holding) {
        due.push({
          key: `${e.id}_${klass.id}_${first}`,
          count: 'classReminders',
          kind: 'class-reminder',
          uid: e.ownerUid,
          enrollment: e,
          message: (unsubscribe, student) => classReminderMail(student?.firstName ?? 'Your child', { title: klass.title, location: klass.location, when, bring: klass.bring ?? '' }, first, portal, unsubscribe),
        });
      }
    }
  }
  if (!off.has('balance-reminder')) {
    // A week before the balance is due, and on the day (each a day or two late when a run was missed).
    const soon = daysBack(addDaysIso(today, 7));
    const onTheDay = daysBack(today);
    const owing = await records('enrollments').where('balanceDueDate', 'in', [...soon, ...onTheDay]).get();
    // A monthly plan is charged by itself: its family hears of a charge that failed instead (usecases/instalments.ts).
    for (const e of owing.docs.map((d) => d.data()).filter((x) => x.status === 'confirmed' && x.balance > 0 && !x.instalments)) {
      const when: BalanceDue = e.balanceDueDate === today ? 'today' : onTheDay.includes(e.balanceDueDate!) ? 'overdue' : 'soon';
      due.push({
        key: `${e.id}_${e.balanceDueDate}_${when === 'soon' ? 'soon' : 'due'}`,
        count: 'balanceReminders',
        kind: 'balance-reminder',
        uid: e.ownerUid,
        enrollment: e,
        message: (unsubscribe) => balanceReminderMail(e, when, portal, unsubscribe),
      });
    }
  }
  if (!off.has('info-review')) {
    // A week before a semester opens (or a day or two less), the children whose information is over a year old.
    const opens = daysBack(addDaysIso(today, 7));
    const opening = semesters.filter((s) => opens.includes(s.registrationOpens));
    if (opening.length) {
      const cutoff = new Date(now.getTime() - INFO_REVIEW_DAYS * DAY_MS).toISOString();
      const students = (await records('students').get()).docs.map((d) => d.data()).filter((s) => !s.infoReviewedAt || s.infoReviewedAt < cutoff);
      for (const semester of opening) {
        for (const s of students) {
          due.push({ key: `${s.id}_${semester.id}`, count: 'infoReviews', kind: 'info-review', uid: s.ownerUid, message: (unsubscribe) => infoReviewMail(s.firstName, semester.name, portal, unsubscribe) });
        }
      }
    }
  }
  return send(due, portal);
}

/** Looks up the families' addresses and unsubscribe links in batches, then writes each reminder once. */
async function send(due: Reminder[], portal: string): Promise<ReminderCounts> {
  const counts: ReminderCounts = { classReminders: 0, balanceReminders: 0, infoReviews: 0 };
  if (!due.length) return counts;
  const uids = [...new Set(due.map((r) => r.uid))];
  const studentIds = [...new Set(due.flatMap((r) => (r.enrollment ? [r.enrollment.studentId] : [])))];
  const [accounts, students] = await Promise.all([
    accountEmails(uids),
    getByIds('students', studentIds).then(({ found }) => new Map(found.map((s) => [s.id, s]))),
  ]);
  const prefs = new Map<string, { token: string; off: boolean }>();
  for (const part of chunks(uids, AT_ONCE)) {
    const read = await Promise.all(part.map(reminderPrefs));
    part.forEach((uid, i) => prefs.set(uid, read[i]));
  }
  for (const part of chunks(due, AT_ONCE)) {
    const sentBefore = await mailWritten(part);
    const written = await Promise.all(
      part.map((r) => {
        const pref = prefs.get(r.uid)!;
        if (pref.off || sentBefore(r)) return false;
        const student = r.enrollment ? students.get(r.enrollment.studentId) : undefined;
        const to = recipientsOf(r.enrollment ?? { ownerUid: r.uid }, student, accounts);
        return sendOnce(r.key, { kind: r.kind, to, ...(r.enrollment ? { enrollmentId: r.enrollment.id } : {}), message: r.message(`${portal}/unsubscribe?token=${pref.token}`, student) });
      }),
    );
    part.forEach((r, i) => written[i] && counts[r.count]++);
  }
  return counts;
}
