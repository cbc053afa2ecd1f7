// End to end: the office adds a holiday; the catalogue, the calendar and the family's feed
// drop that day; a family subscribes to its calendar, gets a new address, and the old one answers 404;
// the office emails the families of a class.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../scripts/demo/demoData';
import { todayInSchool } from '../../scripts/demo/seedDemo';
import { adminDb } from '../../scripts/demo/adminApp';
import type { ClassRecord, Semester } from '../../contract/domain';
import { meetingDates } from '../../contract/schedule';
import { DEMO, callAs, signInDemo } from '../support/fixtures';
import { AVA, enrollAtQuotedPrice, familyWithStudent, SAMPLES } from '../support/samples';
import type { FamilyData } from '../../contract/family';
import { axeViolations, downloaded, downloadedPdf, newPage, seededBrowser, signInAs, signedIn } from './support/browser';

/** The days (school calendar) of the meetings of the feed's event with this summary. */
function meetingDays(ics: string, summary: string): string[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const tz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(tz));
  const vevent = calendar.getAllSubcomponents('vevent').find((v) => v.getFirstPropertyValue('summary') === summary)!;
  const it = new ICAL.Event(vevent).iterator();
  const days: string[] = [];
  for (let next = it.next(); next; next = it.next()) days.push(next.toString().slice(0, 10));
  return days;
}

/** A link as offices paste them: one unbroken word far wider than a phone. */
const LONG_LINK = `https://www.example.org/school/calendar/2026/training-day?utm_source=${'newsletter'.repeat(8)}`;

describe('no-meeting dates and the family calendar', () => {
  const browser = seededBrowser();
  // Wednesday of the term's fifth week (the term starts on a Monday): Wild Art's day.
  let holiday = '';

  it('the office adds a holiday on the semester form; the catalogue and the calendar leave that day out', async () => {
    const term = (await adminDb().doc('semesters/open-term').get()).data() as Semester;
    holiday = addDays(term.startDate, 30);
    const { context, page } = await signedIn(browser(), DEMO.admin.email, DEMO.admin.password);
    await page.goto('/admin/classes/management/semester/open-term');
    const holidays = page.getByRole('group', { name: 'Holidays' });
    await holidays.getByText('Winter break').first().waitFor();
    expect(await holidays.getByRole('listitem').count()).toBe(7);
    await holidays.getByLabel('First day off').fill(holiday);
    await holidays.getByRole('button', { name: 'Add days off' }).click();
    await holidays.getByText('Say why there is no class (families read it).').waitFor();
    await holidays.getByLabel('Reason').fill('Teacher training');
    await holidays.getByRole('button', { name: 'Add days off' }).click();
    await holidays.getByText('Teacher training').waitFor();
    expect(await holidays.getByRole('listitem').count()).toBe(8);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save semester' }).click();
    await page.getByText(`${term.name} is saved.`).waitFor();

    // The class card counts the meetings and names the days without class.
    await page.goto('/classes/enrollment');
    const card = page.getByRole('article', { name: 'Wild Art', exact: true });
    await card.getByText(/Winter break\), .* \(Teacher training\)$/).waitFor();
    await card.getByText(/· 8 meetings$/).waitFor();

    // The calendar's week of the holiday: the day says why, and Wild Art is not on it.
    await page.goto(`/calendar/classes?view=week&date=${holiday}`);
    const day = page.locator('.calendar-week > li', { hasText: 'No classes: Teacher training' });
    await day.waitFor();
    expect(await day.locator('.calendar-chip').count()).toBe(0);
    await page.locator('.calendar-week .calendar-chip', { hasText: 'Forest Explorers' }).waitFor();
    await context.close();
  });

  it('the office posts an announcement; the class list shows it while it is active', async () => {
    const { context, page } = await signedIn(browser(), DEMO.admin.email, DEMO.admin.password);
    // One that ended yesterday is not shown.
    const admin = await signInDemo('admin');
    await callAs(admin, 'adminSaveAnnouncement', { markdown: 'Old news', severity: 'info', startsOn: null, endsOn: addDays(todayInSchool(), -1) });
    await page.goto('/admin/messages');
    await page.getByRole('link', { name: 'New announcement' }).click();
    // With a long link, as offices paste them: the banner wraps it, a phone's page never scrolls sideways.
    await page.getByLabel('Text (markdown)').fill(`**No classes on** the training day: see the calendar. ${LONG_LINK}`);
    await page.getByLabel('Severity').selectOption('urgent');
    await page.getByLabel('Announcement preview').getByText('No classes on').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save announcement' }).click();
    await page.getByText('The announcement is saved.').waitFor();
    await page.getByText(/Urgent \(red\) · Showing now · changed/).waitFor();

    await page.goto('/classes/enrollment');
    await page.getByRole('region', { name: 'Important' }).getByText('the training day: see the calendar.', { exact: false }).waitFor();
    expect(await page.getByText('Old news').count()).toBe(0);
    await context.close();
    const phone = await newPage(browser(), 360, 740);
    await phone.page.goto('/classes/enrollment');
    await phone.page.getByRole('region', { name: 'Important' }).getByText('the training day', { exact: false }).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await phone.context.close();
  });

  it('a family gets its calendar address on a phone; the feed leaves the holiday out; a new address ends the old one', async () => {
    expect(holiday).not.toBe('');
    const family = await signInDemo('family');
    expect((await callAs(family, 'enroll', SAMPLES.enroll!)).status).toBe(200); // Ava in Wild Art
    const { context, page } = await signedIn(browser(), DEMO.family.email, DEMO.family.password, 360, 740);
    await page.goto('/account/enrollments');
    await page.getByRole('link', { name: 'Add the classes to my calendar' }).click();
    await page.getByRole('heading', { name: 'Class calendar' }).waitFor();
    await page.getByRole('button', { name: 'Get my calendar address' }).click();
    const field = page.getByLabel('Your private calendar address');
    await field.waitFor();
    const address = await field.inputValue();
    expect(address).toMatch(/\/cal\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await page.getByRole('link', { name: 'Open in my calendar app' }).getAttribute('href')).toBe(address.replace(/^http:/, 'webcal:'));
    expect(await axeViolations(page)).toEqual([]);

    const feed = await page.request.get(address);
    expect(feed.status()).toBe(200);
    const days = meetingDays(await feed.text(), 'Ava: Wild Art');
    expect(days).toHaveLength(8);
    expect(days).not.toContain(holiday);

    // Back later: the address is not shown again; a new one ends the old.
    await page.reload();
    await page.getByText(/You made a calendar address on/).waitFor();
    await page.getByRole('button', { name: 'Get a new calendar address' }).click();
    await expect.poll(async () => (await page.getByLabel('Your private calendar address').inputValue()) !== address).toBe(true);
    expect((await page.request.get(address)).status()).toBe(404);
    expect((await page.request.get(await page.getByLabel('Your private calendar address').inputValue())).status()).toBe(200);
    await context.close();
  });

  it('a family downloads its data on a phone: its children, enrollments and the emails sent, in one file', async () => {
    const { context, page } = await signedIn(browser(), DEMO.family.email, DEMO.family.password, 360, 740);
    await page.goto('/account/manage');
    await page.getByRole('heading', { name: 'Your data' }).waitFor();
    const data = JSON.parse(await downloaded(page, () => page.getByRole('button', { name: 'Download our data' }).click())) as FamilyData;
    const own = (await callAs(await signInDemo('family'), 'myStudents')).result!.students.map((s) => s.id);
    expect(data.students.map((s) => s.id).sort()).toEqual(own.sort());
    expect(data.account.email).toBe(DEMO.family.email);
    // Ava's Wild Art from the test before, with its receipt.
    expect(data.enrollments.some((e) => e.studentId === 'demo-ava' && e.classIds.includes('wild-art'))).toBe(true);
    expect(data.emails.some((m) => m.kind === 'receipt')).toBe(true);
    await page.getByText(new RegExp(`^Saved: ${data.students.length} children, ${data.enrollments.length} enrollments?, ${data.emails.length} emails?\\.$`)).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // The same contents as a readable copy: each child with their allergies, and the receipt's words.
    const pdf = await downloadedPdf(page, () => page.getByRole('button', { name: 'Readable copy (PDF)' }).click());
    for (const s of data.students) expect(pdf).toContain(`${s.firstName} ${s.lastName}`);
    expect(pdf).toContain('Allergies:');
    expect(pdf).toContain(data.emails.find((m) => m.kind === 'receipt')!.subject);
    await context.close();
  });

  it('a family deletes a child’s profile on a phone: asked first, refused while the child is enrolled, then gone', async () => {
    const family = await familyWithStudent('delete.phone@example.com', 'Pia', 'Phone');
    const enrolled = await enrollAtQuotedPrice(family.user.idToken, { studentId: family.studentId, lines: [{ classId: 'wild-art', addOnIds: [] }], idempotencyKey: 'e2e-delete-pia', typedName: AVA.guardians[0].name });
    expect(enrolled.status, JSON.stringify(enrolled.error)).toBe(200);
    const { context, page } = await newPage(browser(), 360, 740);
    await signInAs(page, 'delete.phone@example.com', 'secret-pass-1');
    await page.goto('/account/students');
    await page.getByRole('button', { name: 'Delete Pia’s profile' }).click();
    const asked = page.getByRole('group', { name: 'Delete Pia’s profile' });
    await asked.getByText(/This erases Pia’s profile: health and safety information/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await asked.getByRole('button', { name: 'Delete Pia’s profile for good' }).click();
    await asked.getByText('Pia is still enrolled in Wild Art: cancel it first (or ask the office), then delete the profile.').waitFor();
    expect((await adminDb().doc(`students/${family.studentId}`).get()).exists).toBe(true);
    // The office cancels the class; then the family deletes the profile.
    const cancelled = await callAs(await signInDemo('admin'), 'adminCancelEnrollment', { enrollmentId: enrolled.result!.enrollment.id, classIds: ['wild-art'], refund: 0, note: 'Moving away' });
    expect(cancelled.status, JSON.stringify(cancelled.error)).toBe(200);
    await asked.getByRole('button', { name: 'Delete Pia’s profile for good' }).click();
    await page.getByText('No students yet. You add a student when you enroll.').waitFor();
    expect((await adminDb().doc(`students/${family.studentId}`).get()).exists).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('the office emails the families of a class from its forms: preview with the count, send, listed', async () => {
    const { context, page } = await signedIn(browser(), DEMO.admin.email, DEMO.admin.password, 360, 740);
    // From the class list (which also lists what was sent, nothing yet) to the class's forms.
    await page.goto('/admin/report?semester=open-term');
    await page.getByText('None yet. Choose classes, open their forms, and use "Email the families".').waitFor();
    await page.getByRole('link', { name: 'Wild Art', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Email the families' });
    await panel.getByLabel('Subject').fill('Indoors on Wednesday');
    await panel.getByLabel('Message').fill('Rain is forecast: we meet in the barn.');
    await panel.getByRole('button', { name: 'Preview' }).click();
    await panel.getByText('1 family', { exact: true }).waitFor();
    await panel.getByLabel('Email preview').getByText('Rain is forecast: we meet in the barn.', { exact: false }).waitFor();
    // The demo's two other Wild Art families have no account email: the preview says so, and how to reach them.
    await panel.getByText(/^2 families have no email address the portal can write to \(no account email\)\. Tick/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await panel.getByLabel("Send to the guardians' addresses too (on the children's profiles)").check();
    await panel.getByRole('button', { name: 'Preview' }).click();
    await panel.getByText('3 families', { exact: true }).waitFor();
    await panel.getByLabel("Send to the guardians' addresses too (on the children's profiles)").uncheck();
    await panel.getByRole('button', { name: 'Preview' }).click();
    await panel.getByText('1 family', { exact: true }).waitFor();
    await panel.getByRole('button', { name: 'Send to 1 family' }).click();
    await page.getByText('Your message is on its way to 1 family.').waitFor();
    const sent = (await adminDb().collection('mail').where('kind', '==', 'class-message').get()).docs.map((d) => d.data());
    expect(sent.map((m) => m.to)).toEqual([['family@example.com']]);
    await page.goto('/admin/report?semester=open-term');
    await page.getByText(/Indoors on Wednesday · Wild Art · 1 family/).waitFor();

    // A storm: a day off for Wild Art alone, told to its families as the class is saved.
    const wild = (await adminDb().doc('classes/wild-art').get()).data() as ClassRecord;
    const storm = meetingDates(wild).at(-1)!;
    await page.goto('/admin/classes/management/class/wild-art?semester=open-term');
    const daysOff = page.getByRole('group', { name: 'Days this class does not meet' });
    await daysOff.getByText(/The semester's holidays are left out already: .*\(Winter break\)/).waitFor();
    await daysOff.getByLabel('First day off').fill(storm);
    await daysOff.getByLabel('Reason').fill('Storm');
    await daysOff.getByRole('button', { name: 'Add days off' }).click();
    await page.getByLabel(/Email the families of the \d+ students about the new days off/).check();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save class' }).click();
    await page.getByText('The days off are emailed to 1 family.').waitFor();
    const notices = (await adminDb().collection('mail').where('kind', '==', 'class-message').get()).docs.map((d) => d.data());
    expect(notices.map((m) => m.message.subject).sort()).toEqual([expect.stringMatching(/^Indoors on Wednesday/), expect.stringMatching(/^No Wild Art on \w+ \d+ — /)]);
    expect((await adminDb().doc('classes/wild-art').get()).get('noMeetingDates')).toEqual([{ date: storm, reason: 'Storm' }]);
    await context.close();
  });
});
