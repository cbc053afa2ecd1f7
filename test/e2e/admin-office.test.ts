import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { Enrollment, Student } from '../../contract/domain';
import { adminDb } from '../../scripts/demo/adminApp';
import { describe, expect, it } from 'vitest';
import { callAs, DEMO, signInDemo } from '../support/fixtures';
import { standIn } from '../support/ledger';
import { addClassesLikeWildArt, AVA, enrollAtQuotedPrice, familyWithStudent, signedReleases } from '../support/samples';
import { axeViolations, downloaded, downloadedBytes, downloadedPdf, newPage, seededBrowser, signInAs, signedIn } from './support/browser';
import { readXlsx } from '../support/xlsx';
import { formatCents } from '../../contract/format';
import { DAY_FORMAT, MONEY_FORMAT } from '../../src/lib/xlsx';
import { searchEnrollments } from './support/office';

const enrolledText = async (page: Page, title: string) =>
  (await page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title }) }).getByRole('cell').nth(1).textContent())!.trim();

describe('the school office: class forms, info sheets, t-shirts, enrollments and payments', () => {
  const browser = seededBrowser();

  it('opens the forms of two classes, copies the email list, downloads the roster and prints one class per page', async () => {
    const { context, page } = await signedIn(browser(), DEMO.admin.email, DEMO.admin.password);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/admin/report');
    await page.getByRole('rowheader', { name: 'Fire & Shelter Skills' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Sorted by enrolled, most first.
    await page.getByRole('button', { name: 'Enrolled' }).click();
    await page.getByRole('button', { name: 'Enrolled' }).click();
    await expect.poll(() => page.getByRole('rowheader').first().textContent()).toBe('Junior Naturalists');
    await page.getByLabel('Choose Fire & Shelter Skills').check();
    await page.getByLabel('Choose Creek Critters').check();
    await page.getByRole('link', { name: 'Open forms for 2 selected' }).click();

    const fire = page.getByRole('region', { name: 'Fire & Shelter Skills' });
    await fire.getByRole('table', { name: 'Roster and contacts' }).waitFor();
    expect(await fire.getByRole('table', { name: 'Roster and contacts' }).getByRole('rowheader').count()).toBe(10);
    expect(await fire.getByText('LIFE-THREATENING:').count()).toBeGreaterThan(0);
    // What the family told the instructors is on the roster and the health sheet.
    expect(await fire.getByRole('table', { name: 'Roster and contacts' }).getByText('Notes: Gets cold easily; bring an extra layer.').count()).toBeGreaterThan(0);
    expect(await fire.getByRole('table', { name: 'Health sheet' }).getByText('Notes: Gets cold easily; bring an extra layer.').count()).toBeGreaterThan(0);
    await fire.getByRole('table', { name: /Sign-in \/ sign-out sheet/ }).waitFor();
    await fire.getByRole('table', { name: 'Health sheet' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const emails = await fire.getByLabel(/Class email list/).inputValue();
    expect(emails.split(', ')).toHaveLength(10);
    await fire.getByRole('button', { name: 'Copy all emails of Fire & Shelter Skills' }).click();
    await page.getByText('10 email addresses copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(emails);

    const csv = await downloaded(page, () => page.getByRole('button', { name: 'Roster CSV' }).click());
    const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toMatch(/^Class,Last name,First name,Age,Grade,Guardians/);
    expect(lines[0]).toMatch(/,Notes for instructors$/);
    expect(lines.some((l) => l.endsWith('Gets cold easily; bring an extra layer.'))).toBe(true);
    expect(lines.filter((l) => l.startsWith('Fire & Shelter Skills,'))).toHaveLength(10);
    expect(lines.filter((l) => l.startsWith('Creek Critters,'))).toHaveLength(3);

    // The email box is for the screen: printing every sheet leaves it out (no wasted page).
    await page.emulateMedia({ media: 'print' });
    expect(await fire.getByLabel(/Class email list/).isVisible()).toBe(false);
    expect(await fire.getByRole('columnheader', { name: 'Fire & Shelter Skills: roster and contacts' }).isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // Only the sign-in sheets, printed: no navigation chrome, each class on its own page.
    // The choice lives in the URL (a router transition), so it is clicked, then awaited.
    await page.getByRole('radio', { name: 'Sign-in / sign-out' }).click();
    await expect.poll(() => page.getByRole('radio', { name: 'Sign-in / sign-out' }).isChecked()).toBe(true);
    expect(page.url()).toContain('sheet=sign-in');
    await expect.poll(() => fire.getByRole('table', { name: 'Roster and contacts' }).count()).toBe(0);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.shell-header').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    // Printed, each page of a sheet starts with the class name; the email box is not printed.
    expect(await fire.getByRole('columnheader', { name: 'Fire & Shelter Skills: sign-in / sign-out' }).isVisible()).toBe(true);
    // Parents sign this sheet at the door: it names who may pick up, never the code word.
    const sheet = (await fire.locator('.sign-in-sheet').textContent())!;
    const onRoster = (await adminDb().collection('classes/fire-and-shelter/roster').get()).docs.map((d) => d.id);
    const students = await Promise.all(onRoster.map(async (id) => (await adminDb().doc(`students/${id}`).get()).data() as Student));
    expect(students.filter((x) => x.pickupCodeWord).length).toBeGreaterThan(0);
    for (const x of students) {
      expect(sheet).toContain(x.guardians[0].name);
      if (x.pickupCodeWord) expect(sheet).not.toContain(x.pickupCodeWord);
    }
    mkdirSync('screenshots', { recursive: true });
    await page.screenshot({ path: 'screenshots/e2e-sign-in-sheets-print.png', fullPage: true });
    const pdf = (await page.pdf({ format: 'Letter' })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(2);
    await context.close();
  });

  it('finds a student and shows the info sheet with the releases signed', async () => {
    const { context, page } = await signedIn(browser(), DEMO.admin.email, DEMO.admin.password, 360, 740);
    await page.goto('/admin/students');
    await page.getByLabel('Search by a child’s or guardian’s name, school or guardian email').fill('family@example.com');
    await page.getByRole('link', { name: 'Rivera, Leo' }).waitFor();
    expect(await page.getByRole('rowheader').count()).toBe(2);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Rivera, Ava' }).click();
    await page.getByRole('heading', { name: 'Ava Rivera' }).waitFor();
    const releases = page.getByRole('table', { name: 'Releases signed for this enrollment' });
    await releases.getByRole('rowheader', { name: 'Medical Release' }).waitFor();
    expect(await releases.getByRole('cell', { name: 'Sam Rivera' }).count()).toBe(2);
    await page.getByText('family@example.com').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('finds a family by a child’s accented name, enrolls a sibling by phone and emails a card link; the family pays from it (office 1280 and 360 px, family 360 px)', async () => {
    await addClassesLikeWildArt([{ id: 'phone-hike', title: 'Phone Hike', capacity: 4, weekday: 5 }]);
    const family = await familyWithStudent('nunez@example.com', 'Zoë', 'Núñez');
    const sibling = await callAs(family.user, 'saveStudent', { profile: { ...AVA, firstName: 'Mateo', lastName: 'Núñez', guardians: [{ ...AVA.guardians[0], email: 'nunez@example.com' }] }, reviewed: true });
    expect(sibling.status, JSON.stringify(sibling.error)).toBe(200);
    const { context, page } = await signedIn(browser(), DEMO.admin.email, DEMO.admin.password, 1280, 900);
    await page.goto('/admin/students');
    await page.getByLabel('Search by a child’s or guardian’s name, school or guardian email').fill('zoe nunez');
    await page.getByRole('link', { name: 'Núñez, Zoë' }).click();
    await page.getByRole('link', { name: 'The family’s page' }).click();
    await page.getByRole('heading', { name: /^The family of (Zoë and Mateo|Mateo and Zoë)$/ }).waitFor();
    const form = page.getByRole('form', { name: 'Enroll by phone' });
    await form.getByLabel('Child').selectOption({ label: 'Mateo Núñez' });
    await form.getByLabel('Class').selectOption({ value: 'phone-hike' });
    await form.getByRole('button', { name: 'See the family’s price' }).click();
    await form.getByRole('table', { name: 'The family’s price for Mateo Núñez' }).getByText('$260').first().waitFor();
    // Not without the guardian's agreement to the releases.
    await form.getByRole('button', { name: 'Enroll Mateo' }).click();
    await form.getByRole('alert').getByText('Choose the guardian on the phone.').waitFor();
    await form.getByLabel('Guardian on the phone').selectOption({ value: 'Sam Rivera' });
    await form.getByLabel(/^I read the releases to the guardian/).check();
    await form.getByLabel('By card: email the family a link to Stripe’s page').check();
    expect(await axeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Enroll Mateo' }).click();
    await page.getByText('Enrolled Mateo Núñez in Phone Hike. $260 owed: a card payment link was emailed to nunez@example.com.').waitFor();
    await page.getByRole('table', { name: 'The family’s enrollments' }).getByText('Phone Hike').waitFor();
    // At the family's request, its data as the family's own download gives it: both children, health included.
    const copy = await downloadedPdf(page, () => page.getByRole('button', { name: 'Readable copy (PDF)' }).click());
    for (const part of ['Zoë Núñez', 'Mateo Núñez', 'Allergies:', 'Phone Hike']) expect(copy, part).toContain(part);
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await axeViolations(page)).toEqual([]);
    await context.close();

    // The family opens the email's link on a phone: signed in, Stripe's page opens for what is owed.
    const mail = (await adminDb().collection('mail').where('kind', '==', 'card-link').where('to', 'array-contains', 'nunez@example.com').get()).docs.map((d) => d.get('message.text') as string);
    expect(mail).toHaveLength(1);
    const link = new URL(mail[0].match(/^Pay by card: (\S+)$/m)![1]);
    const phone = await newPage(browser(), 360, 740);
    await phone.page.goto(link.pathname + link.search);
    await phone.page.waitForURL('**/user/login');
    await phone.page.getByLabel('Email').fill('nunez@example.com');
    await phone.page.getByLabel('Password').fill('secret-pass-1');
    await phone.page.getByRole('button', { name: 'Sign In' }).click();
    await phone.page.getByRole('heading', { name: 'Test checkout' }).waitFor();
    await phone.page.getByRole('button', { name: 'Pay $260.00' }).click();
    await phone.page.getByRole('heading', { name: 'Payment received — Mateo is enrolled' }).waitFor();
    expect(await axeViolations(phone.page)).toEqual([]);
    const paid = (await adminDb().collection('enrollments').where('ownerUid', '==', family.user.uid).get()).docs.map((d) => d.data() as Enrollment).map((e) => [e.studentName, e.balance, e.releases[0].byPhone]);
    expect(paid).toEqual([['Mateo Núñez', 0, expect.stringMatching(new RegExp(`^by phone, ${DEMO.admin.email}, `))]]);
    await phone.context.close();
  });

  it('makes an account for a family that has none and adds its child on the family’s form (office 360 px); the family gets the email to choose its password', async () => {
    const { context, page } = await signedIn(browser(), DEMO.admin.email, DEMO.admin.password, 360, 740);
    await page.goto('/admin/students');
    await page.getByRole('link', { name: 'A new family' }).click();
    await page.getByRole('heading', { name: 'A new family' }).waitFor();
    await page.getByRole('button', { name: 'Make the account' }).click();
    expect(await page.getByLabel('The family’s email').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('The family’s email').fill('wren.walker@example.com');
    await page.getByLabel('Account holder’s name').fill('Wren Walker');
    await page.getByLabel('Account holder’s phone').fill('(555) 010-4545');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Make the account' }).click();
    await page.getByRole('heading', { name: 'The family of Wren Walker' }).waitFor();
    await page.getByText('No child saved on this account.').waitFor();
    await page.getByRole('link', { name: 'Add a child' }).click();
    await page.getByRole('heading', { name: 'Add a child to the family' }).waitFor();
    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill('Walker');
    await page.getByLabel('Birth date').fill('2018-06-01');
    await page.getByLabel('Grade this school year').selectOption({ label: 'Grade 2' });
    const guardian = page.getByRole('group', { name: 'Guardian 1' });
    await guardian.getByLabel('Name').fill('Wren Walker');
    await guardian.getByLabel('Phone').fill('(555) 010-4545');
    await guardian.getByLabel('Email').fill('wren.walker@example.com');
    for (const [i, name] of [[1, 'Ash Walker'], [2, 'Bay Lee']] as const) {
      const contact = page.getByRole('group', { name: `Emergency contact ${i}` });
      await contact.getByLabel('Name').fill(name);
      await contact.getByLabel('Relationship').fill('Aunt');
      await contact.getByLabel('Phone').fill(`(555) 010-700${i}`);
    }
    await page.getByRole('radio', { name: 'No photos' }).check();
    await page.getByRole('group', { name: 'May staff apply sunscreen?' }).getByRole('radio', { name: 'Yes' }).check();
    await page.getByRole('group', { name: 'May staff apply bug spray?' }).getByRole('radio', { name: 'Yes' }).check();
    await page.getByLabel('No health insurance').check();
    // Not without a reason.
    await page.getByRole('button', { name: 'Add the child' }).click();
    await page.getByText('Say why, for the audit trail and the family.').waitFor();
    await page.getByLabel('Why (for the audit trail)').fill('Wren called to enroll Robin');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add the child' }).click();
    await page.getByRole('heading', { name: 'The family of Robin' }).waitFor();
    await page.getByRole('link', { name: 'Robin Walker' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
    const mail = (await adminDb().collection('mail').where('kind', '==', 'account-made').where('to', 'array-contains', 'wren.walker@example.com').get()).docs.map((d) => d.get('message.text') as string);
    expect(mail).toEqual([expect.stringContaining('Choose your password with the link below')]);
  });

  it('marks two balances received at once from the enrollments table (1280 px)', async () => {
    const { context, page } = await signedIn(browser(), DEMO.admin.email, DEMO.admin.password, 1280, 900);
    await page.goto('/admin/enrollments');
    await page.getByLabel('Balance due only').check();
    const boxes = page.getByRole('checkbox', { name: /^Tick .*’s balance of \$/ });
    await boxes.first().waitFor();
    const labels = (await boxes.evaluateAll((els) => els.slice(0, 2).map((el) => el.getAttribute('aria-label')!))).map((l) => l.match(/^Tick (.*)’s balance of \$([\d,.]+)$/)!);
    for (const [label] of labels) await page.getByRole('checkbox', { name: label }).check();
    const total = labels.reduce((sum, l) => sum + Math.round(Number(l[2].replace(/,/g, '')) * 100), 0);
    const bar = page.getByRole('group', { name: 'Mark the balances ticked received' });
    await bar.getByText(`2 balances ticked: ${formatCents(total)}`).waitFor();
    await bar.getByLabel('Received by').selectOption({ label: 'Check' });
    await bar.getByLabel('Note (optional, on each payment)').fill('Checks from the office box');
    expect(await axeViolations(page)).toEqual([]);
    await bar.getByRole('button', { name: 'Mark 2 received in full' }).click();
    await page.getByText(`Recorded 2 balances received (${formatCents(total)}).`).waitFor();
    // Paid in full, they leave the balance-due list.
    for (const [label] of labels) await page.getByRole('checkbox', { name: label }).waitFor({ state: 'detached' });
    // Each row's family opens the family's page.
    const family = page.getByRole('link', { name: /\(the family of .+\)$/ }).first();
    const child = (await family.textContent())!.match(/the family of (\S+)/)![1];
    await family.click();
    await page.getByRole('heading', { name: new RegExp(`^The family of .*${child}`) }).waitFor();
    await context.close();
  });

  it('prints a student\'s info sheet with its values in one column, times on the school\'s clock and sizes in words', async () => {
    const { context, page } = await signedIn(browser(), DEMO.admin.email, DEMO.admin.password, 1280, 900);
    await page.goto('/admin/students/demo-ava');
    await page.getByRole('heading', { name: 'Ava Rivera' }).waitFor();
    await page.emulateMedia({ media: 'print' });
    const lefts = await page.locator('.info-sheet dd').evaluateAll((dds) => [...new Set(dds.map((dd) => Math.round(dd.getBoundingClientRect().left)))]);
    expect(lefts).toHaveLength(1);
    await page.getByText(/^Youth [SML]|^Youth X|^Adult /).first().waitFor();
    expect(await page.locator('.info-sheet').textContent()).toMatch(/Info last confirmed[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M P[SD]T/);
    await context.close();
  });

  it('counts t-shirts for every size and downloads them', async () => {
    const { context, page } = await signedIn(browser(), DEMO.admin.email, DEMO.admin.password);
    await page.goto('/admin/t-shirts');
    await page.getByText(/\d+ students with a confirmed class/).waitFor();
    // Sizes read as on the family form; counts and students are two files of one table each.
    for (const size of ['Youth XS', 'Adult 2XL']) await page.getByText(size, { exact: true }).first().waitFor();
    expect(await page.getByText('YXS', { exact: true }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    const counts = await downloaded(page, () => page.getByRole('button', { name: 'Counts (CSV)' }).click());
    expect(counts.trim().split(/\r?\n/)).toHaveLength(11);
    expect(counts).toContain('Size,Count');
    expect(counts).toContain('Adult 2XL,0');
    const students = await downloaded(page, () => page.getByRole('button', { name: 'Students and sizes (CSV)' }).click());
    expect(students.replace('\uFEFF', '').split(/\r?\n/)[0]).toBe('Last name,First name,Grade,Size,Classes');
    expect(students).not.toContain('Size,Count');
    expect(students).toMatch(/,(Youth|Adult) (XS|S|M|L|XL|2XL),/);
    await context.close();
  });

  it('gives a discount by hand from Payments & changes (360 px): never more than is owed, the balance follows, the family is told', async () => {
    await addClassesLikeWildArt([{ id: 'e2e-discount', title: 'Moss Mapping', capacity: 4, weekday: 4 }]);
    const family = await familyWithStudent('moss.discount@example.com', 'Mo', 'Discount');
    const made = await enrollAtQuotedPrice(family.user.idToken, { studentId: family.studentId, lines: [{ classId: 'e2e-discount', addOnIds: [] }], idempotencyKey: 'e2e-discount-mo', typedName: AVA.guardians[0].name });
    expect(made.status, JSON.stringify(made.error)).toBe(200);
    const { context, page } = await signedIn(browser(), DEMO.admin.email, DEMO.admin.password, 360, 740);
    await page.goto('/admin/enrollments');
    await searchEnrollments(page, 'Mo Discount');
    await page.getByRole('heading', { name: '1 enrollment' }).waitFor();
    await page.getByRole('button', { name: 'Payments & changes for Mo Discount' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Amount off ($)').fill('300');
    await dialog.getByLabel('Why (the family reads it)').fill('A hard month');
    await dialog.getByRole('button', { name: 'Give the discount' }).click();
    await dialog.getByText('That is more than the balance of $260: for money already paid, give account credit.').waitFor();
    await dialog.getByLabel('Amount off ($)').fill('25');
    await dialog.getByRole('button', { name: 'Give the discount' }).click();
    await page.getByText('$25 taken off. Balance: $235.').waitFor();
    await dialog.getByText(/−\$25 · A hard month · by admin@example\.com$/).waitFor();
    await dialog.getByText(/^Office discount · −\$25$/).waitFor();
    await page.locator('.p-toast-message').waitFor({ state: 'detached' });
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
    const mail = (await adminDb().collection('mail').where('enrollmentId', '==', made.result!.enrollment.id).get()).docs.map((d) => d.get('message.text') as string);
    expect(mail.filter((t) => t.includes('The school office took $25 off Mo Discount’s enrollment (Moss Mapping): A hard month'))).toHaveLength(1);
  });

  it('records a payment and cancels one class: the balance, the seat and the family page follow', async () => {
    const family = await signInDemo('family');
    const lines = [
      { classId: 'wild-art', addOnIds: [] },
      { classId: 'creek-critters', addOnIds: [] },
    ];
    const made = await enrollAtQuotedPrice(family.idToken, { studentId: 'demo-ava', lines, idempotencyKey: 'e2e-office' });
    expect(made.status).toBe(200);

    const { context, page } = await signedIn(browser(), DEMO.admin.email, DEMO.admin.password);
    await page.goto('/admin/report');
    const before = await (async () => {
      await page.getByRole('rowheader', { name: 'Creek Critters' }).waitFor();
      return enrolledText(page, 'Creek Critters');
    })();
    expect(before).toBe('4 / 12');

    await page.goto('/admin/enrollments');
    await searchEnrollments(page, 'Ava Rivera');
    await page.getByRole('heading', { name: '1 enrollment' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Payments & changes for Ava Rivera' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Amount ($)').fill('600');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await dialog.getByText('That is more than the balance of $500.').waitFor();
    await dialog.getByLabel('Amount ($)').fill('100');
    await dialog.getByLabel('Method').selectOption('venmo');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await page.getByText('Payment of $100 recorded. Balance: $400.').waitFor();
    // The amount is empty after a save (one more click cannot record the balance again).
    expect(await dialog.getByLabel('Amount ($)').inputValue()).toBe('');
    await dialog.getByText('Balance due: $400').waitFor();
    // The same payment again within a minute is recorded only when the office says so.
    await dialog.getByLabel('Amount ($)').fill('100');
    await dialog.getByLabel('Method').selectOption('venmo');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    const twice = page.getByRole('alertdialog');
    await twice.getByText('A payment of $100 by venmo was recorded less than a minute ago. Record another one?').waitFor();
    await twice.getByRole('button', { name: 'Do not record' }).click();
    await twice.waitFor({ state: 'detached' });
    await dialog.getByText('Balance due: $400').waitFor();
    expect(await dialog.getByRole('alert').count()).toBe(0);
    // Another person records $50 in cash meanwhile; the same payment from this dialog is refused as a
    // duplicate, and the dialog then shows the enrollment as it is now, not the balance it opened with.
    const admin = await signInDemo('admin');
    expect((await callAs(admin, 'adminRecordPayment', { enrollmentId: made.result!.enrollment.id, amount: 5000, method: 'cash', note: 'At the desk' })).status).toBe(200);
    await dialog.getByLabel('Amount ($)').fill('50');
    await dialog.getByLabel('Method').selectOption('cash');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await twice.getByText('A payment of $50 by cash was recorded less than a minute ago. Record another one?').waitFor();
    await twice.getByRole('button', { name: 'Do not record' }).click();
    await dialog.getByText('Balance due: $350').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByLabel('Creek Critters').check();
    await dialog.getByText('Suggested refund').waitFor();
    expect(await dialog.getByLabel('Refund ($)').inputValue()).toBe('0.00');
    // Checked once the payment's toast has gone (axe would catch it half faded out).
    await page.locator('.p-toast-message').waitFor({ state: 'detached' });
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel selected classes' }).click();
    await page.getByRole('alertdialog').getByText('Cancel Creek Critters for Ava Rivera with a refund of $0?').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel the classes' }).click();
    await page.getByText('Cancelled Creek Critters. Refund: $0. Seats are free again.').waitFor();
    await dialog.getByText('Wild Art · $260').waitFor();
    await page.keyboard.press('Escape');
    // $100 by Venmo and $50 in cash paid on Wild Art's $260.
    await page.getByRole('row').filter({ hasText: 'Ava Rivera' }).getByRole('cell', { name: '$110' }).waitFor();
    // Paid, refunded and net paid are separate columns, in the table and the CSV.
    const headers = await page.getByRole('columnheader').allTextContents();
    expect(headers.map((h) => h.trim())).toEqual(expect.arrayContaining(['Paid', 'Refunded', 'Net paid']));
    const csv = await downloaded(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(csv.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe('Enrollment,Enrolled on,Student,Family email,Classes,Status,Discount codes,Total,Paid,Refunded,Net paid,Balance,Monthly payments,Payments');

    await page.goto('/admin/report');
    await page.getByRole('rowheader', { name: 'Creek Critters' }).waitFor();
    expect(await enrolledText(page, 'Creek Critters')).toBe('3 / 12');
    await context.close();

    const fam = await signedIn(browser(), DEMO.family.email, DEMO.family.password, 360, 740);
    await fam.page.goto('/account/enrollments');
    const card = fam.page.getByRole('listitem').filter({ hasText: /Cancelled .*: Creek Critters/ });
    await card.waitFor();
    expect(await card.getByText('$110').count()).toBeGreaterThan(0);
    expect(await axeViolations(fam.page)).toEqual([]);
    await fam.context.close();
  });

  it('cancels a whole class for three families paid in three ways: each gets the right refund and one email (office 1280 px, a family 360 px)', async () => {
    await addClassesLikeWildArt([{ id: 'e2e-cancelled', title: 'Lichen Lab', capacity: 6, weekday: 4 }]);
    const admin = await signInDemo('admin');
    const enroll = async (email: string, first: string, payWith: 'card' | 'office') => {
      const family = await familyWithStudent(email, first, 'Lichen');
      const r = await callAs(family.user, 'enroll', { studentId: family.studentId, lines: [{ classId: 'e2e-cancelled', addOnIds: [] }], codes: [], expectedTotal: 26000, infoConfirmed: false, releases: signedReleases('Sam Rivera'), idempotencyKey: `e2e-cancel-${first}`, payWith });
      expect(r.status, JSON.stringify(r.error)).toBe(200);
      return r.result!.enrollment.id;
    };
    const byCard = await enroll('lichen.card@example.com', 'Cara', 'card');
    const session = (await adminDb().doc(`enrollments/${byCard}`).get()).get('hold.sessionId') as string;
    expect((await standIn<{ webhookStatus: number }>(`/__standin/sessions/${session}/pay`)).webhookStatus).toBe(200);
    const byCash = await enroll('lichen.cash@example.com', 'Cash', 'office');
    expect((await callAs(admin, 'adminRecordPayment', { enrollmentId: byCash, amount: 26000, method: 'cash', note: '' })).status).toBe(200);
    await enroll('lichen.owes@example.com', 'Owen', 'office');

    const { context, page } = await signedIn(browser(), DEMO.admin.email, DEMO.admin.password);
    await page.goto('/admin/enrollments');
    await page.getByLabel('Class', { exact: true }).selectOption({ label: 'Lichen Lab' });
    await page.getByRole('heading', { name: '3 enrollments' }).waitFor();
    const card = page.getByRole('region', { name: 'Cancel Lichen Lab for everyone' });
    await card.getByLabel('From the office (you give it back by check or cash)').check();
    await card.getByRole('button', { name: 'Cancel Lichen Lab for everyone…' }).click();
    await card.getByText('Say why, in words for the families.').waitFor();
    await card.getByLabel(/^Why/).fill('The lichen expert moved away');
    await card.getByRole('button', { name: 'Cancel Lichen Lab for everyone…' }).click();
    await card.getByText('This cancels Lichen Lab for every family now and gives their money back. It cannot be undone.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await card.getByRole('button', { name: 'Yes, cancel Lichen Lab for everyone' }).click();
    const done = card.getByRole('status');
    await done.getByText(/Lichen Lab is cancelled\. 3 enrollments, \$520 given back; 0 card checkouts ended; 0 taken off the waitlist; 3 families emailed\./).waitFor();
    await done.getByText('Cara Lichen: $260 to the card').waitFor();
    await done.getByText('Cash Lichen: $260 from the office').waitFor();
    await done.getByText('Owen Lichen: nothing was paid').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();

    // One email each; the card family reads its refund on My Enrollments.
    for (const email of ['lichen.card@example.com', 'lichen.cash@example.com', 'lichen.owes@example.com']) {
      expect((await adminDb().collection('mail').where('kind', '==', 'classes-cancelled').where('to', 'array-contains', email).get()).size, email).toBe(1);
    }
    const phone = await newPage(browser(), 360, 740);
    await signInAs(phone.page, 'lichen.card@example.com', 'secret-pass-1');
    await phone.page.goto('/account/enrollments');
    await phone.page.getByText(/Cancelled .*: Lichen Lab/).first().waitFor();
    expect(await axeViolations(phone.page)).toEqual([]);
    await phone.context.close();
  });

  it('cancels a child’s whole term from the family’s page at the family’s request (office 360 px): the cash back as account credit, one email', async () => {
    await addClassesLikeWildArt([{ id: 'e2e-term-a', title: 'Bark Rubbing', capacity: 6, weekday: 1 }]);
    const family = await familyWithStudent('term.moving@example.com', 'Ines', 'Moving');
    const enrolled = await enrollAtQuotedPrice(family.user.idToken, { studentId: family.studentId, lines: [{ classId: 'e2e-term-a', addOnIds: [] }], idempotencyKey: 'e2e-term-ines', typedName: AVA.guardians[0].name });
    expect(enrolled.status, JSON.stringify(enrolled.error)).toBe(200);
    expect((await callAs(await signInDemo('admin'), 'adminRecordPayment', { enrollmentId: enrolled.result!.enrollment.id, amount: 5000, method: 'cash', note: '' })).status).toBe(200);
    const { context, page } = await signedIn(browser(), DEMO.admin.email, DEMO.admin.password, 360, 740);
    await page.goto(`/admin/families/${family.user.uid}`);
    const card = page.getByRole('region', { name: 'Cancel a child’s term' });
    const form = card.getByRole('form');
    await form.getByLabel('Child').selectOption({ label: 'Ines Moving' });
    const term = await form.getByLabel('Term').inputValue();
    expect(term).not.toBe('');
    await form.getByRole('button', { name: /^Cancel Ines’s .*…$/ }).click();
    await form.getByText('Say why, in words for the families.').waitFor();
    await form.getByLabel(/^Why/).fill('The family is moving away');
    await form.getByRole('button', { name: /^Cancel Ines’s .*…$/ }).click();
    await form.getByText(/^This cancels every class Ines holds in .* now and gives the family’s money back\. It cannot be undone\.$/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: /^Yes, cancel Ines’s / }).click();
    const done = card.getByRole('status');
    await done.getByText(/^Ines Moving’s .* is cancelled\. 1 enrollment, \$50 given back; 0 card checkouts ended; 0 taken off the waitlist; 1 family emailed\.$/).waitFor();
    await done.getByText('Ines Moving: $50 as account credit').waitFor();
    // The family's page follows: the credit on the account, no term left to cancel.
    await page.getByText(/account credit \$50/).waitFor();
    await card.getByText('No child holds a class, a checkout or a waitlist place in any term.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
    const mail = (await adminDb().collection('mail').where('kind', '==', 'classes-cancelled').where('to', 'array-contains', 'term.moving@example.com').get()).docs.map((d) => d.get('message.text') as string);
    expect(mail).toEqual([expect.stringContaining('We are refunding $50 as account credit for your next enrollment.')]);
  });

  it('downloads the money reports as .xlsx: the figures on the page, as currency, count and date cells; revenue per class adds up to the term', async () => {
    // A family owing for a class of the term, for the table by family.
    await addClassesLikeWildArt([{ id: 'e2e-owed', title: 'Owl Pellets', capacity: 4, weekday: 2 }]);
    const owing = await familyWithStudent('owl.owes@example.com', 'Olive', 'Owing');
    expect((await enrollAtQuotedPrice(owing.user.idToken, { studentId: owing.studentId, lines: [{ classId: 'e2e-owed', addOnIds: [] }], idempotencyKey: 'e2e-owed-olive', typedName: AVA.guardians[0].name })).status).toBe(200);
    const { context, page } = await signedIn(browser(), 'admin@example.com', 'admin-demo-1');
    await page.goto('/admin/reports?semester=open-term');
    const payments = page.getByRole('region', { name: 'Payments received, by way' });
    const total = payments.getByRole('row', { name: /^Total/ });
    await total.waitFor();
    const shown = (await total.locator('td').last().textContent())!;
    const bytes = await downloadedBytes(page, () => payments.getByRole('button', { name: '.xlsx of Payments received, by way' }).click());
    const { cells } = readXlsx(new Uint8Array(bytes));
    // The title, the term, the days as dates; then the table with its total as a currency cell.
    expect(cells.get('A1')).toMatchObject({ type: 's', value: 'Payments received, by way' });
    expect(cells.get('B3')).toMatchObject({ type: 'n', format: DAY_FORMAT });
    const rows = [...cells.values()].filter((c) => c.ref.startsWith('A') && c.value === 'Total');
    const totalRow = rows[0].ref.slice(1);
    expect(cells.get(`C${totalRow}`)).toMatchObject({ type: 'n', format: MONEY_FORMAT });
    expect(formatCents(Math.round(Number(cells.get(`C${totalRow}`)!.value) * 100))).toBe(shown);
    expect(cells.get('B6')).toMatchObject({ type: 's', value: 'Payments' });
    expect(cells.get('B7')).toMatchObject({ type: 'n' });
    // Revenue per class adds up to the term's billing, to the cent.
    const perClass = page.getByRole('region', { name: 'Revenue per class' }).getByRole('row', { name: /^Total/ });
    const billedColumn = 4; // Class, Children, Before discounts, Discounts and aid, Billed
    const termBilled = page.getByRole('region', { name: 'The term’s billing' }).getByRole('row', { name: /^Billed/ }).locator('td').last();
    expect(await perClass.locator('th, td').nth(billedColumn).textContent()).toBe(await termBilled.textContent());
    // Stripe's payouts: the card payments of this run (Mateo's, above) reach the bank in two days.
    await page.getByLabel('To', { exact: true }).fill(new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10));
    const payouts = page.getByRole('region', { name: 'Stripe payouts to the bank' });
    await payouts.getByRole('cell', { name: 'On its way' }).first().waitFor();
    expect(await payouts.getByRole('row', { name: /^Total/ }).locator('td').last().textContent()).toMatch(/^\$[\d,]+(\.\d\d)?$/);
    // Owed by family adds up to owed by age; a family's name opens its page.
    const owedTotal = async (name: string) => page.getByRole('region', { name }).getByRole('row', { name: /^Total owed/ }).locator('td').last().textContent();
    expect(await owedTotal('Owed today, by family')).toBe(await owedTotal('Owed today, by age'));
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('region', { name: 'Owed today, by family' }).getByRole('link', { name: 'Olive Owing' }).click();
    await page.getByRole('heading', { name: 'The family of Olive' }).waitFor();
    // And from a class's roster.
    await page.goto('/admin/report?semester=open-term&classes=e2e-owed');
    await page.getByRole('table', { name: 'Roster and contacts' }).getByRole('link', { name: 'Owing, Olive' }).click();
    await page.getByRole('heading', { name: 'The family of Olive' }).waitFor();
    await context.close();
  });
});
