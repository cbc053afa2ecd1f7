// "Today" is the school's date on every page, whatever the browser's clock says: here the browser is
// at 01:30 UTC, already tomorrow in UTC but still this afternoon in California.
import { describe, expect, it } from 'vitest';
import type { Payload } from '../../contract/callables';
import { addDaysIso, schoolToday } from '../../contract/schedule';
import { DEMO_ADMIN } from '../../scripts/demo/demoData';
import { signIn } from '../support/emulators';
import { callAs } from '../support/fixtures';
import { newPage, seededBrowser, signInAs } from './support/browser';

describe("today is the school's date (browser clock past midnight UTC)", () => {
  const browser = seededBrowser();
  const today = schoolToday();
  const utcTomorrow = new Date(`${addDaysIso(today, 1)}T01:30:00Z`);

  it('the calendar marks and goes to the school day, not the UTC one', async () => {
    expect(schoolToday(utcTomorrow)).toBe(today);
    expect(utcTomorrow.toISOString().slice(0, 10)).not.toBe(today);
    const { context, page } = await newPage(browser());
    await page.clock.setFixedTime(utcTomorrow);
    await page.goto(`/calendar/classes?view=week&date=${addDaysIso(today, 14)}`);
    await page.getByRole('button', { name: 'Today' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('date')).toBe(today);
    // The address changes before the week it names is drawn: the marked day is waited for.
    await expect.poll(() => page.locator('.calendar-week .is-today').count()).toBe(1);
    const [, m, d] = today.split('-').map(Number);
    expect(await page.locator('.calendar-week .is-today h3').textContent()).toContain(`${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1]} ${d}`);
    await context.close();
  });

  it('a code that expires today is not marked expired in the office', async () => {
    const admin = await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const draft: Payload<'adminSaveDiscount'> = { code: 'LASTDAY', description: 'Good through today', type: 'percent-basket', amount: 0, percent: 5, classIds: [], groupIds: [], classTypes: [], minimumCount: 0, expiresOn: today, active: true, combinable: false };
    const saved = await callAs(admin, 'adminSaveDiscount', draft);
    expect(saved.status).toBe(200);
    const yesterday = await callAs(admin, 'adminSaveDiscount', { ...draft, code: 'WENTBY', expiresOn: addDaysIso(today, -1) });
    expect(yesterday.status).toBe(200);
    const { context, page } = await newPage(browser());
    await page.clock.setFixedTime(utcTomorrow);
    await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto('/admin/classes/management/discounts');
    const card = (code: string) => page.locator('.enrollment-card', { has: page.getByRole('heading', { name: code }) });
    await card('WENTBY').getByText('Expired').waitFor();
    expect(await card('LASTDAY').getByText('Expired').count()).toBe(0);
    await context.close();
  });
});
