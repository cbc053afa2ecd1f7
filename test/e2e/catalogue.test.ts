import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDateRange } from '../../contract/format';
import { meetingDates } from '../../contract/schedule';
import { buildDemoData } from '../../scripts/demo/demoData';
import { todayInSchool } from '../../scripts/demo/seedDemo';
import { FUNCTIONS, HOSTING } from '../support/emulators';
import { axeViolations, newPage, seededBrowser } from './support/browser';

const DEMO_DATA = buildDemoData(todayInSchool());
const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

describe('browsing, filtering and selecting classes without an account', () => {
  const browser = seededBrowser();

  for (const width of [1280, 360]) {
    it(`at ${width} px: tabs, info panel, search, grade filter, cards, bundles, selection kept over a reload`, async () => {
      const { context, page } = await newPage(browser(), width, width === 360 ? 740 : 900);
      await page.goto('/classes/enrollment');
      const tabs = page.getByRole('tab');
      await tabs.first().waitFor();
      expect(await tabs.allTextContents()).toEqual([expect.stringContaining('After-school & Weekend'), expect.stringMatching(/^Summer Camps/)]);
      await page.getByText('Classes meet once a week', { exact: false }).waitFor();
      expect(await page.locator('.info-panel strong').first().textContent()).toBe('once a week');
      // "Questions? Email the office." is a link.
      expect(await page.locator('.info-panel').getByRole('link', { name: 'Email the office' }).getAttribute('href')).toBe('mailto:office@wildwood-outdoor.example');

      // Every card is there (the grid renders a screenful at a time, then says it is no longer busy).
      await page.locator('.class-grid[aria-busy="true"]').waitFor({ state: 'detached' });
      // A card's dates are the class's first and last meeting; the school's name is in the footer.
      const forest = DEMO_DATA.classes.find((c) => c.id === 'forest-explorers')!;
      const meets = meetingDates(forest);
      await card(page, 'Forest Explorers').getByText(`${formatDateRange(meets[0], meets.at(-1)!)} · ${meets.length} meetings`).waitFor();
      await page.locator('.shell-footer').getByText('Wildwood Outdoor School', { exact: true }).waitFor();
      // Cards say seats left and Full in words; paused and info-only classes are shown as such.
      expect(await card(page, 'Junior Naturalists').getByText('1 seat left').count()).toBe(1);
      const full = card(page, 'Fire & Shelter Skills');
      expect(await full.getByText('Full').count()).toBeGreaterThan(0);
      // A full class offers its waitlist instead.
      expect(await full.getByRole('button', { name: 'Join the waitlist Fire & Shelter Skills' }).isDisabled()).toBe(false);
      await card(page, 'Kayak Skills').getByText('Registration paused').waitFor();
      await card(page, 'Parent & Tot Nature Walk').getByText('Information only: no registration needed').waitFor();
      expect(await page.getByRole('article', { name: 'Star Gazing Nights' }).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);

      // Search and grade filter.
      await page.getByLabel('Search classes').fill('okafor');
      await page.getByRole('status').filter({ hasText: '3 classes open for registration match your search' }).waitFor();
      await page.getByLabel('Grade').selectOption({ label: 'Grade 5' });
      await page.getByRole('status').filter({ hasText: '2 classes open for registration match your search' }).waitFor();
      await page.getByLabel('Search classes').fill('no such thing');
      await page.getByText('No class matches your search').waitFor();
      await page.getByRole('button', { name: 'Clear the search' }).click();
      await page.getByRole('status').filter({ hasText: '15 classes open for registration' }).waitFor();

      // Sliding scale: the price is asked for and checked.
      await card(page, 'Forest Explorers').getByRole('button', { name: 'Select Forest Explorers' }).click();
      const price = page.getByLabel('Your price, between $180 and $300');
      expect(await price.inputValue()).toBe('240');
      await price.fill('120');
      await card(page, 'Forest Explorers').getByText('Choose an amount within the sliding scale.').waitFor();
      // Continue stops here, with the message and the field to fix.
      await page.getByRole('link', { name: 'Continue' }).click();
      await page.getByRole('complementary', { name: 'Selected classes' }).getByRole('alert').filter({ hasText: 'It runs from $180 to $300. (Forest Explorers)' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/classes/enrollment');
      expect(await price.evaluate((el) => el === document.activeElement)).toBe(true);
      await price.fill('200');
      expect(await card(page, 'Forest Explorers').getByRole('alert').count()).toBe(0);

      // Bundle: select all adds the other class; add-ons are offered.
      await page.getByRole('button', { name: 'Select all in Little Naturalists Bundle (Forest Explorers + Creek Critters)' }).click();
      await page.getByRole('button', { name: 'All selected in Little Naturalists Bundle (Forest Explorers + Creek Critters)' }).waitFor();
      // The card names its add-ons and their prices before any is chosen.
      await card(page, 'Creek Critters').getByText('· optional: Creek boots rental $15').waitFor();
      await card(page, 'Creek Critters').getByLabel('Creek boots rental (+$15)').check();
      await page.getByRole('button', { name: 'Selected (2)' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      // Scrolled to the end, the footer is above the fixed bar, not under it.
      // (Cards render as they come into view and may grow past their estimated height: scroll until the end stays put.)
      await page.evaluate(async () => {
        for (let last = -1; last !== document.documentElement.scrollHeight; ) {
          last = document.documentElement.scrollHeight;
          window.scrollTo(0, last);
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        }
      });
      const bar = (await page.getByRole('complementary', { name: 'Selected classes' }).boundingBox())!;
      for (const link of ['Privacy policy', 'Help', 'Donate']) {
        const box = (await page.locator('.shell-footer').getByRole('link', { name: link }).boundingBox())!;
        expect(box.y + box.height, `${link} above the bar`).toBeLessThanOrEqual(bar.y);
      }

      // Keyboard: arrow to the camps tab, select a camp there.
      await page.getByRole('tab', { selected: true }).focus();
      await page.keyboard.press('ArrowRight');
      await page.getByRole('tab', { name: /Summer Camps/, selected: true }).waitFor();
      await card(page, 'River Adventure Camp').getByRole('button', { name: 'Select River Adventure Camp' }).click();
      await page.getByRole('button', { name: 'Selected (3)' }).waitFor();

      // A reload keeps the selection, prices and add-ons.
      await page.reload();
      await page.getByRole('button', { name: 'Selected (3)' }).click();
      const summary = page.getByRole('complementary', { name: 'Selected classes' });
      await summary.getByText('Forest Explorers $200').waitFor();
      // Each add-on with its price, and the running sum of it all: $200 + $240 + $15 + $520 (before bundles and discounts).
      await summary.getByText('+ Creek boots rental $15').waitFor();
      await page.getByRole('button', { name: 'Selected (3) $975 before bundles and discounts' }).waitFor();
      await summary.getByRole('button', { name: 'Remove River Adventure Camp' }).click();
      await page.getByRole('button', { name: 'Selected (2) $455 before bundles and discounts' }).waitFor();
      await page.getByRole('tab', { name: /After-school/ }).click();
      expect(await page.getByLabel('Your price, between $180 and $300').inputValue()).toBe('200');
      await summary.getByRole('button', { name: 'Clear all' }).click();
      expect(await summary.count()).toBe(0);
      await context.close();
    });
  }

  it('starts the class list calls with the page, on its own origin, each once; the other classes come after', async () => {
    const { context, page } = await newPage(browser(), 360, 740);
    const requests: string[] = [];
    const events: string[] = [];
    page.on('request', (r) => {
      requests.push(`${r.method()} ${r.url()}`);
      events.push(`asked ${new URL(r.url()).pathname}`);
    });
    page.on('response', (r) => events.push(`answered ${new URL(r.url()).pathname}`));
    await page.goto('/classes/enrollment');
    await card(page, 'Kayak Skills').getByText('Registration paused').waitFor();
    const calls = requests.filter((r) => r.includes('/api/') || r.includes(`:${new URL(FUNCTIONS).port}/`));
    expect(calls.filter((r) => !r.startsWith(`POST ${HOSTING}/api/`))).toEqual([]); // no preflight, no other origin
    const count = (name: string) => calls.filter((r) => r.endsWith(`/api/${name}`)).length;
    expect([count('openSemesters'), count('availableEnrollmentClasses'), count('classesBySemester')]).toEqual([1, 1, 1]);
    // index.html's calls were taken by the app, not asked again.
    expect(await page.evaluate(() => Object.keys(window.__portalPreload ?? { missing: 1 }))).toEqual([]);
    expect(events.indexOf('answered /api/availableEnrollmentClasses')).toBeLessThan(events.indexOf('asked /api/classesBySemester'));
    await context.close();
  });
});
