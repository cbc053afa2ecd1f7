import { describe, expect, it } from 'vitest';
import { axeViolations, newPage, seededBrowser } from './support/browser';

describe('class calendar for anyone (calendar part)', () => {
  const browser = seededBrowser();

  it('month view at 1280 px: weeks start on Sunday, meetings on their weekdays, click for details', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/calendar/classes');
    await page.getByRole('heading', { name: 'Class Calendar' }).waitFor();
    const headers = await page.locator('.calendar-month thead th').allTextContents();
    expect(headers).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    // Forest Explorers meets on Mondays: every chip of it sits in the Monday column.
    const chips = page.locator('.calendar-month td:nth-child(2) .calendar-chip', { hasText: 'Forest Explorers' });
    await chips.first().waitFor();
    expect(await page.locator('.calendar-month td:not(:nth-child(2)) .calendar-chip', { hasText: 'Forest Explorers' }).count()).toBe(0);
    expect(await page.locator('.calendar-chip', { hasText: 'Star Gazing' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    // A class low on the page opens its details in view, with focus on them.
    await chips.last().scrollIntoViewIfNeeded();
    await chips.last().click();
    const details = page.getByRole('region', { name: 'Forest Explorers' });
    const heading = details.getByRole('heading', { name: 'Forest Explorers' });
    await heading.waitFor();
    expect(await heading.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = (await heading.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(900);
    await details.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => chips.last().evaluate((el) => el === document.activeElement)).toBe(true);
    await chips.first().click();
    await details.getByText('Mondays, 3:15 pm – 5:15 pm', { exact: false }).waitFor();
    await details.getByRole('link', { name: 'See in Class Enrollment' }).click();
    await page.getByRole('article', { name: 'Forest Explorers', exact: true }).waitFor();
    await context.close();
  });

  it('week view at 360 px lists each day; next week moves on', async () => {
    const { context, page } = await newPage(browser(), 360, 740);
    await page.goto('/calendar/classes');
    await page.getByRole('button', { name: 'Week', pressed: true }).waitFor();
    const title = await page.locator('.calendar-title').textContent();
    expect(title).toMatch(/^Week of Sunday, /);
    expect(await page.locator('.calendar-week > li').count()).toBe(7);
    await page.locator('.calendar-week .calendar-chip').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect.poll(() => page.locator('.calendar-title').textContent()).not.toBe(title);
    await context.close();
  });
});
