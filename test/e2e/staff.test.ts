// In Chromium: the admin adds a finance person from the Staff page; the invitation's link sets
// their password; on a phone they see only the money pages and record a payment; the admin removes them
// again and finds both in the audit trail. With axe.
import { describe, expect, it } from 'vitest';
import { adminDb } from '../../scripts/demo/adminApp';
import { useResetLink } from '../support/emulators';
import { DEMO } from '../support/fixtures';
import { axeViolations, downloaded, newPage, seededBrowser, signInAs, signedIn } from './support/browser';

describe('the Staff page in Chromium', () => {
  const browser = seededBrowser();

  it('invites a finance person, who sees only the money pages on a phone; then removes them', async () => {
    const office = await signedIn(browser(), DEMO.admin.email, DEMO.admin.password);
    await office.page.goto('/admin');
    await office.page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: 'Staff' }).click();
    await office.page.getByRole('heading', { name: 'Staff', exact: true }).waitFor();
    await office.page.getByRole('rowheader', { name: /admin@example\.com \(you\)/ }).waitFor();
    expect(await axeViolations(office.page)).toEqual([]);

    await office.page.getByRole('link', { name: 'Add a staff member' }).click();
    await office.page.getByRole('button', { name: 'Add to the staff' }).click();
    await office.page.getByText('Choose at least one role.').waitFor();
    await office.page.getByLabel('Email').fill('pat.finance@example.com');
    await office.page.getByRole('checkbox', { name: /^Finance/ }).check();
    expect(await axeViolations(office.page)).toEqual([]);
    await office.page.getByRole('button', { name: 'Add to the staff' }).click();
    await office.page.getByText('An invitation to choose a password is on its way to pat.finance@example.com.').waitFor();
    const row = office.page.getByRole('row', { name: /pat\.finance@example\.com/ });
    await row.getByText('Invited').waitFor();
    expect(await row.getByRole('cell').first().textContent()).toBe('Finance');

    // The invitation's link, as the person opens it from their inbox.
    const mail = (await adminDb().collection('mail').where('to', 'array-contains', 'pat.finance@example.com').get()).docs[0].data();
    await useResetLink(/Choose your password: (\S+)/.exec(mail.message.text as string)![1], 'pat-finance-1');

    const phone = await newPage(browser(), 360, 740);
    await signInAs(phone.page, 'pat.finance@example.com', 'pat-finance-1');
    await phone.page.getByRole('button', { name: 'Menu', exact: true }).click();
    const menu = phone.page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Student Units' }).waitFor();
    expect((await menu.getByRole('link').allTextContents()).map((t) => t.trim())).toEqual(['Class Registration', 'Dashboard', 'Enrollments', 'Class Calendar', 'Student Units']);
    await menu.getByRole('link', { name: 'Enrollments' }).click();
    await phone.page.getByRole('heading', { name: 'Enrollments', exact: true }).waitFor();
    expect(await axeViolations(phone.page)).toEqual([]);
    // Finance records a family's payment (the first enrollment with a balance due).
    await phone.page.getByLabel('Balance due only').check();
    const owing = phone.page.getByRole('row').filter({ has: phone.page.getByRole('button', { name: /^Payments & changes for / }) }).first();
    const student = (await owing.getByRole('rowheader').textContent())!.trim();
    // On a phone each enrollment is a card: nothing scrolls sideways, and its balance is on screen.
    expect(await phone.page.getByRole('region', { name: 'Enrollments', exact: true }).evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    const balance = (await owing.locator('[data-label="Balance"]').boundingBox())!;
    expect(balance.x + balance.width).toBeLessThanOrEqual(360);
    expect(await owing.locator('[data-label="Balance"]').textContent()).toMatch(/^\$[\d,]+(\.\d\d)?$/);
    await owing.getByRole('button', { name: `Payments & changes for ${student}` }).click();
    const dialog = phone.page.getByRole('dialog');
    await dialog.getByLabel('Amount ($)').fill('1');
    await dialog.getByLabel('Method').selectOption('check');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await phone.page.getByText(/^Payment of \$1 recorded\./).waitFor();
    // A health sheet is not theirs: the page sends them away, saying it is not for their role.
    await phone.page.goto('/admin/report');
    await phone.page.waitForURL('**/classes/enrollment');
    await phone.page.getByText('This page is not for your role (finance): ask an admin if you need it.').waitFor();

    // Back on the Staff page, the admin removes them.
    await office.page.reload();
    await row.getByText('Invited').waitFor({ state: 'detached' });
    await row.getByRole('button', { name: 'Remove pat.finance@example.com' }).click();
    await office.page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await office.page.getByText('pat.finance@example.com is no longer on the staff.').waitFor();
    await row.waitFor({ state: 'detached' });
    await phone.page.goto('/admin/enrollments');
    await phone.page.waitForURL('**/classes/enrollment');

    // Both changes are in the audit trail, with who made them; as CSV too.
    await office.page.goto('/admin');
    await office.page.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: 'Audit trail' }).click();
    await office.page.getByLabel('What').selectOption({ label: 'Staff roles changed' });
    await office.page.getByRole('button', { name: 'Show' }).click();
    await office.page.getByRole('cell', { name: 'pat.finance@example.com: no staff role → finance (invited)' }).waitFor();
    await office.page.getByRole('cell', { name: 'pat.finance@example.com: finance → no staff role' }).waitFor();
    expect(await office.page.getByRole('rowheader', { name: 'Staff roles changed' }).count()).toBe(2);
    await office.page.getByLabel('What').selectOption({ label: 'Payment recorded' });
    await office.page.getByRole('button', { name: 'Show' }).click();
    const payment = office.page.getByRole('row', { name: /Recorded \$1 \(check\)/ });
    await payment.getByRole('cell', { name: 'pat.finance@example.com (finance)' }).waitFor();
    await payment.getByRole('cell', { name: student }).waitFor();
    await office.page.getByLabel('What').selectOption({ label: 'Staff roles changed' });
    await office.page.getByRole('button', { name: 'Show' }).click();
    await office.page.getByRole('cell', { name: 'pat.finance@example.com: finance → no staff role' }).waitFor();
    expect(await axeViolations(office.page)).toEqual([]);
    const csv = await downloaded(office.page, () => office.page.getByRole('button', { name: 'Download CSV' }).click());
    // The file opens in Excel: a byte-order mark first.
    const [header, first] = csv.replace(/^\ufeff/, '').split(/\r?\n/);
    // Times on the school's clock, the zone named; each staff entry named by the person's email.
    expect(header).toBe('When (America/Los_Angeles),Who,Roles,Kind,Record,Name,Child,Fields,Details,Request');
    expect(first).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2},admin@example\.com,admin,roles-changed,staff\/[^,]+,pat\.finance@example\.com,/);
    expect(csv).toContain('admin@example.com,admin,roles-changed');
    await phone.page.goto('/admin/audit');
    await phone.page.waitForURL('**/classes/enrollment');
    await office.context.close();
    await phone.context.close();
  });
});
