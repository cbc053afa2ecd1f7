// Steps of the enrollment flow that several browser tests take the same way.
import type { Page } from 'playwright-core';

/** On the review step: pay the office later, press "Enroll <names>", and wait for the confirmation's heading. */
export async function enrollPayingLater(page: Page, names: string, heading: string) {
  await page.getByRole('radio', { name: 'Pay the office later (check, cash or Venmo)' }).check();
  await page.getByRole('button', { name: `Enroll ${names}` }).click();
  await page.getByRole('heading', { name: heading }).waitFor();
}
