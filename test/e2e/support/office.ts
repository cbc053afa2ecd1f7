// Steps in the office's pages that several browser tests take the same way.
import type { Page } from 'playwright-core';

/**
 * Types into the enrollments list's search and waits for the list it asks for. The list asks once
 * typing pauses and replaces its rows then: a row clicked before that may be gone under the pointer.
 */
export async function searchEnrollments(page: Page, text: string) {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/adminEnrollments' && (r.request().postData() ?? '').includes(`"search":${JSON.stringify(text)}`));
  await page.getByLabel('Student or class').fill(text);
  await answered;
}
