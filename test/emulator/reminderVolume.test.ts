// The daily reminders on a busy day: 2 000 families with a balance due in a week get one reminder
// each in one run, inside the scheduled function's time; a run the next days sends none again; a
// day the job did not run is caught up the day after, each reminder still sent once.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Enrollment, Student } from '../../contract/domain';
import { addDaysIso, schoolToday } from '../../contract/schedule';
import { adminAuth, adminDb, seedWriter } from '../../scripts/demo/adminApp';
import { seededEmulators } from '../support/fixtures';
import { AVA } from '../support/samples';

const FAMILIES = 2000;
/** What the scheduled function may take (its timeoutSeconds), with room to spare on a loaded machine. */
const JOB_SECONDS = 540;
const DAY_MS = 86_400_000;
const reminders = async (now: Date) => (await import('../../functions/src/usecases/reminders')).runFamilyReminders(now);
const balanceMails = async () => (await adminDb().collection('mail').where('kind', '==', 'balance-reminder').get()).docs.map((d) => d.data());

describe(`the daily reminders for ${FAMILIES} families`, () => {
  const now = new Date();
  const dueOn = addDaysIso(schoolToday(now), 7);
  beforeAll(async () => {
    await seededEmulators();
    // The demo's own balances are not due on the days these runs look at: only these families' reminders count.
    const looked = [-3, -2, -1, 0, 1, 4, 5, 6, 7, 8].map((d) => addDaysIso(schoolToday(now), d));
    expect((await adminDb().collection('enrollments').where('balanceDueDate', 'in', looked).get()).size).toBe(0);
    const uids = Array.from({ length: FAMILIES }, (_, i) => `remind-${i}`);
    for (let i = 0; i < FAMILIES; i += 1000) {
      const done = await adminAuth().importUsers(uids.slice(i, i + 1000).map((uid) => ({ uid, email: `${uid}@example.com`, emailVerified: true })));
      expect(done.failureCount).toBe(0);
    }
    const writer = seedWriter(adminDb());
    uids.forEach((uid, i) => {
      const student = { ...AVA, id: `${uid}-kid`, ownerUid: uid, firstName: `Kid${i}`, lastName: 'Reminder', infoReviewedAt: now.toISOString() } as Student;
      const enrollment = {
        id: `${uid}-e`, ownerUid: uid, studentId: student.id, studentName: `Kid${i} Reminder`, semesterIds: ['open-term'], classIds: ['wild-art'],
        lineItems: [], discounts: [], subtotal: 26000, total: 26000, payments: [], balance: 26000, status: 'confirmed', releases: [],
        // Every tenth one was due yesterday, when the job did not run.
        balanceDueDate: i % 10 === 0 ? addDaysIso(schoolToday(now), -1) : dueOn,
        createdAt: now.toISOString(), idempotencyKey: `${uid}-k`,
      } as Enrollment;
      writer.set(adminDb().doc(`students/${student.id}`), student);
      writer.set(adminDb().doc(`enrollments/${enrollment.id}`), enrollment);
    });
    await writer.close();
  }, 300_000);

  it('sends each family its reminder once, within the job’s time, and catches up the day the job did not run', async () => {
    const started = performance.now();
    const first = await reminders(now);
    const seconds = (performance.now() - started) / 1000;
    console.log(`reminders: ${first.balanceReminders} balance reminders in ${seconds.toFixed(1)} s`);
    expect(first.balanceReminders).toBe(FAMILIES);
    expect(seconds).toBeLessThan(JOB_SECONDS);
    const mails = await balanceMails();
    expect(mails).toHaveLength(FAMILIES);
    // Each to its family's account, one each.
    expect(new Set(mails.map((m) => (m.to as string[]).join())).size).toBe(FAMILIES);
    const late = mails.filter((m) => (m.message.subject as string).startsWith('Balance overdue'));
    expect(late).toHaveLength(FAMILIES / 10);
    expect(late[0].message.text).toMatch(/due on \w{3} \d+, \d{4}\./);
    // The runs after it read which reminders were written (in one read a chunk) rather than being refused each.
    const { mailWritten } = await import('../../functions/src/mail/outbox');
    const events = [{ kind: 'balance-reminder', key: `remind-1-e_${dueOn}_soon` }, { kind: 'balance-reminder', key: `remind-1-e_${addDaysIso(dueOn, 1)}_soon` }];
    expect(events.map(await mailWritten(events))).toEqual([true, false]);
    // The same day again, and the next day (its window still covers today's events): nothing twice.
    expect((await reminders(now)).balanceReminders).toBe(0);
    expect((await reminders(new Date(now.getTime() + DAY_MS))).balanceReminders).toBe(0);
    expect(await balanceMails()).toHaveLength(FAMILIES);
  }, 600_000);
});
