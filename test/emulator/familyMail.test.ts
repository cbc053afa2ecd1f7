// Families hear what matters — a payment the office records, classes it cancels (with the
// refund), and the daily reminders (first meeting, balance due, information to review): each sent
// once per event, not when the office switched the kind off, reminders not after an unsubscribe.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClassRecord, Enrollment, Semester } from '../../contract/domain';
import { formatCents } from '../../contract/format';
import { addDaysIso, meetingDates, schoolToday } from '../../contract/schedule';
import { adminDb } from '../../scripts/demo/adminApp';
import { callAs, useSeededDemo } from '../support/fixtures';
import { classInput, SAMPLES, semesterInput } from '../support/samples';

type MailDoc = { kind: string; to: string[]; enrollmentId?: string; message: { subject: string; text: string; html: string } };
const mails = async (kind: string) => (await adminDb().collection('mail').where('kind', '==', kind).get()).docs.map((d) => ({ id: d.id, ...(d.data() as MailDoc) }));
const reminders = async (now: Date) => (await import('../../functions/src/usecases/reminders')).runFamilyReminders(now);
const switchOff = (kinds: string[]) => adminDb().doc('config/portal').set({ familyEmailsOff: kinds }, { merge: true });

describe('emails to families', () => {
  const demo = useSeededDemo();
  beforeAll(() => {
    process.env.FUNCTIONS_EMULATOR = 'true';
  });

  // Ava's enrollment in Wild Art, paid later at the office (the demo family's own, so its emails have an address).
  let ava: Enrollment;

  it('a payment the office records is emailed once with the new balance; not when switched off', async () => {
    const enrolled = await callAs(demo.family, 'enroll', SAMPLES.enroll!);
    expect(enrolled.status, JSON.stringify(enrolled.error)).toBe(200);
    ava = enrolled.result!.enrollment as Enrollment;
    const r = await callAs(demo.admin, 'adminRecordPayment', { enrollmentId: ava.id, amount: 5000, method: 'check', note: 'Check 101' });
    expect(r.status, JSON.stringify(r.error)).toBe(200);
    const paymentId = r.result!.enrollment.payments.at(-1)!.id;
    const sent = await mails('payment-received');
    expect(sent.map((m) => m.id)).toEqual([`payment-received_${paymentId}`]);
    expect(sent[0].enrollmentId).toBe(ava.id);
    expect(sent[0].to).toEqual(['family@example.com']);
    expect(sent[0].message.subject).toBe('Payment received — Wildwood Outdoor School');
    expect(sent[0].message.text).toContain('We received $50 by check for Ava Rivera.');
    expect(sent[0].message.text).toContain(`Balance due now: ${formatCents(r.result!.enrollment.balance)}.`);

    await switchOff(['payment-received']);
    expect((await callAs(demo.admin, 'adminRecordPayment', { enrollmentId: ava.id, amount: 1000, method: 'cash', note: '' })).status).toBe(200);
    expect(await mails('payment-received')).toHaveLength(1);
    await switchOff([]);
  });

  it('classes the office cancels are emailed with the refund and how it is given back', async () => {
    const r = await callAs(demo.admin, 'adminCancelEnrollment', { enrollmentId: ava.id, classIds: ['wild-art'], refund: 6000, refundMethod: 'check', note: 'Class closed' });
    expect(r.status, JSON.stringify(r.error)).toBe(200);
    const [mail] = (await mails('classes-cancelled')).filter((m) => m.enrollmentId === ava.id);
    expect(mail.to).toEqual(['family@example.com']);
    expect(mail.message.text).toContain('The school cancelled Wild Art for Ava Rivera.');
    expect(mail.message.text).toContain('We are refunding $60 by check.');
    expect(mail.message.text).toContain('Nothing more is owed.');
    // Receipts-type emails carry no unsubscribe link.
    expect(mail.message.text).not.toContain('unsubscribe');
  });

  it('the daily reminders: first meeting in two days (with what to bring), balance due in a week and on the day, information to review; once each, honouring the switch and the unsubscribe', async () => {
    // A class starting in two days, with Ava (paid later at the office) and a balance due in a week.
    const today = schoolToday();
    const term = (await adminDb().doc('semesters/open-term').get()).data() as Semester;
    const soon = addDaysIso(today, 2);
    const semester = await callAs(demo.admin, 'adminSaveSemester', semesterInput({ name: 'Reminder Term', startDate: today, endDate: addDaysIso(today, 60), registrationOpens: addDaysIso(today, -1), registrationCloses: addDaysIso(today, 30) }));
    expect(semester.status, JSON.stringify(semester.error)).toBe(200);
    const saved = await callAs(
      demo.admin,
      'adminSaveClass',
      classInput(semester.result!.semester.id, { title: 'Early Birds', startDate: soon, endDate: addDaysIso(soon, 21), weekdays: [new Date(`${soon}T12:00:00Z`).getUTCDay() as 0], registrationDeadline: soon, gradeMin: 0, gradeMax: 12, price: 10000, bring: 'Binoculars <and> boots' }),
    );
    expect(saved.status, JSON.stringify(saved.error)).toBe(200);
    const klass = saved.result!.class as ClassRecord;
    expect(meetingDates(klass)[0]).toBe(soon);
    const e = await callAs(demo.family, 'enroll', { ...SAMPLES.enroll!, lines: [{ classId: klass.id, addOnIds: [] }], expectedTotal: 10000, idempotencyKey: 'early-birds-1' });
    expect(e.status, JSON.stringify(e.error)).toBe(200);
    const enrollment = e.result!.enrollment as Enrollment;
    await adminDb().doc(`enrollments/${enrollment.id}`).update({ balanceDueDate: addDaysIso(today, 7) });
    // A semester opening for registration in a week: Leo's information was last confirmed over a year ago.
    await adminDb().doc('semesters/open-term').update({ registrationOpens: addDaysIso(today, 7) });

    const now = new Date();
    const first = await reminders(now);
    expect(first.classReminders).toBe(1);
    expect(first.balanceReminders).toBeGreaterThanOrEqual(1);
    expect(first.infoReviews).toBeGreaterThanOrEqual(1);
    const [classMail] = await mails('class-reminder');
    expect(classMail.enrollmentId).toBe(enrollment.id);
    expect(classMail.message.subject).toMatch(/^Early Birds starts /);
    expect(classMail.message.text).toContain("Ava's first Early Birds meeting is on");
    expect(classMail.message.text).toContain('What to bring: Binoculars <and> boots');
    expect(classMail.message.html).toContain('Binoculars &lt;and&gt; boots');
    expect(classMail.message.text).toMatch(/No more reminders\? http:\/\/localhost:\d+\/unsubscribe\?token=[A-Za-z0-9_-]{32}/);
    const balance = (await mails('balance-reminder')).find((m) => m.enrollmentId === enrollment.id)!;
    expect(balance.message.subject).toBe('Balance due soon — Wildwood Outdoor School');
    expect(balance.message.text).toContain('$100 is still owed for Ava Rivera');
    // The child is named in the body, never in the subject (it shows on lock screens).
    const review = (await mails('info-review')).find((m) => m.message.text.includes("Leo's contacts, pickups and health information"))!;
    expect(review.message.subject).toBe('Please review your child’s information — Wildwood Outdoor School');
    expect(review.to).toEqual(['family@example.com']);
    expect(review.message.text).toContain(term.name);
    expect((await mails('info-review')).some((m) => m.message.text.includes("Ava's contacts"))).toBe(false); // reviewed 60 days ago

    // The same day again: nothing twice.
    expect(await reminders(now)).toEqual({ classReminders: 0, balanceReminders: 0, infoReviews: 0 });

    // On the due day, the second balance reminder; switched off by the office, none.
    const dueDay = new Date(now.getTime() + 7 * 86_400_000);
    await switchOff(['class-reminder', 'info-review']);
    expect((await reminders(dueDay)).balanceReminders).toBeGreaterThanOrEqual(1);
    expect((await mails('balance-reminder')).filter((m) => m.enrollmentId === enrollment.id).map((m) => m.message.subject)).toEqual(
      expect.arrayContaining(['Balance due soon — Wildwood Outdoor School', 'Balance due today — Wildwood Outdoor School']),
    );
    await switchOff(['balance-reminder']);
    await adminDb().doc(`enrollments/${enrollment.id}`).update({ balanceDueDate: addDaysIso(today, 14) });
    expect((await reminders(new Date(now.getTime() + 7 * 86_400_000))).balanceReminders).toBe(0);
    await switchOff([]);

    // The family follows its unsubscribe link: no more reminders; the link turns them back on too.
    const token = /unsubscribe\?token=([A-Za-z0-9_-]{32})/.exec(classMail.message.text)![1];
    expect((await callAs(null, 'setReminders', { token, off: true })).result).toEqual({ off: true });
    expect((await reminders(new Date(now.getTime() + 7 * 86_400_000))).balanceReminders).toBe(0);
    expect((await callAs(null, 'setReminders', { token: 'x'.repeat(32), off: true })).status).toBe(404);
    expect((await callAs(null, 'setReminders', { token, off: false })).result).toEqual({ off: false });
    expect((await reminders(new Date(now.getTime() + 7 * 86_400_000))).balanceReminders).toBeGreaterThanOrEqual(1);
  });

  it('the office emails the families of a class: a preview with the number of families first, then one email each, kept with who sent it', async () => {
    // Ava is in Early Birds (above); a class that does not exist (deleted meanwhile) is left out.
    const early = (await adminDb().collection('classes').where('title', '==', 'Early Birds').get()).docs[0].id;
    const draft = { classIds: [early, 'no-such-class'], subject: 'Indoors on Wednesday', body: 'Wednesday’s class moves <indoors>.\n\nBring slippers.', send: false, idempotencyKey: 'class-msg-key-1' };
    const preview = await callAs(demo.admin, 'adminEmailClasses', draft);
    expect(preview.status, JSON.stringify(preview.error)).toBe(200);
    expect(preview.result!.families).toBe(1);
    expect(preview.result!.preview.subject).toBe('Indoors on Wednesday — Wildwood Outdoor School');
    expect(preview.result!.preview.text).toContain('Wednesday’s class moves <indoors>.\n\nBring slippers.');
    expect(preview.result!.message).toBeNull();
    expect(await mails('class-message')).toHaveLength(0);

    const sent = await callAs(demo.admin, 'adminEmailClasses', { ...draft, send: true });
    expect(sent.result!.message).toMatchObject({ classTitles: ['Early Birds'], families: 1, sentBy: 'admin@example.com', subject: 'Indoors on Wednesday' });
    const [mail] = await mails('class-message');
    expect(mail.to).toEqual(['family@example.com']);
    expect(mail.message.html).toContain('moves &lt;indoors&gt;.');
    expect(mail.message.text).toContain('because your child is enrolled in Early Birds');
    const list = await callAs(demo.admin, 'adminClassMessages');
    expect(list.result!.messages.map((m) => m.id)).toEqual([sent.result!.message!.id]);
    // Sent again with its key (a retry, a double click): the same message, nobody mailed twice.
    const again = await callAs(demo.admin, 'adminEmailClasses', { ...draft, send: true });
    expect(again.result!.message).toEqual(sent.result!.message);
    expect(await mails('class-message')).toHaveLength(1);
    expect((await callAs(demo.admin, 'adminClassMessages')).result!.messages).toHaveLength(1);
    // Another message (another key) goes out as its own.
    const next = await callAs(demo.admin, 'adminEmailClasses', { ...draft, send: true, idempotencyKey: 'class-msg-key-2' });
    expect(next.result!.message!.id).not.toBe(sent.result!.message!.id);
    expect(await mails('class-message')).toHaveLength(2);
    // The demo's Junior Naturalists families were enrolled without accounts of their own: the preview
    // says how many it cannot reach, and the guardians' addresses reach them.
    const junior = { classIds: ['junior-naturalists'], subject: 'Rain plan', body: 'We meet in the barn.', send: false };
    const unreached = (await callAs(demo.admin, 'adminEmailClasses', junior)).result!;
    expect([unreached.families, unreached.unreachable]).toEqual([0, 11]);
    const guardians = (await callAs(demo.admin, 'adminEmailClasses', { ...junior, toGuardians: true })).result!;
    expect([guardians.families, guardians.unreachable]).toEqual([11, 0]);
    // Only the office: a family cannot write to a class.
    expect((await callAs(demo.family, 'adminEmailClasses', draft)).status).toBe(403);
  });
});
