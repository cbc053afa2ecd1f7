import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Semester } from '../../contract/domain';
import { adminDb } from '../../scripts/demo/adminApp';
import { DEMO, callAs, signInDemo } from '../support/fixtures';
import { AVA, enrollAtQuotedPrice } from '../support/samples';
import { downloaded, newPage, seededBrowser, signInAs, signedIn } from './support/browser';
import { searchEnrollments } from './support/office';

// Hostile text typed by a family or pasted by the office shows as text everywhere; nothing
// runs, no javascript: link is made, spreadsheet formulas are neutralised.
const FIRST = '<img src=x onerror="window.__xss=1">';
const LAST = '=HYPERLINK("http://evil.example","x")';
const NOTE = '<script>window.__xss=2</script>';
const ALLERGEN = '<b onmouseover="window.__xss=3">Bees</b>';
const INFO = 'Read [this](javascript:window.__xss=4) and <script>window.__xss=5</script> **carefully**';

const noScriptRan = (page: Page) => page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null);

describe('hostile text renders as text on every page', () => {
  const browser = seededBrowser();
  let studentId = '';
  let enrollmentId = '';
  beforeAll(async () => {
    const family = await signInDemo('family');
    const admin = await signInDemo('admin');
    const profile = {
      ...AVA,
      firstName: FIRST,
      lastName: LAST,
      notes: NOTE,
      guardians: [{ ...AVA.guardians[0], name: FIRST }],
      health: { ...AVA.health, allergies: [{ allergen: ALLERGEN, reaction: '<i>swelling</i>', lifeThreatening: true }] },
    };
    const saved = await callAs(family, 'saveStudent', { profile, reviewed: true });
    expect(saved.status).toBe(200);
    studentId = saved.result!.student.id;
    const lines = [{ classId: 'wild-art', addOnIds: [] }];
    const made = await enrollAtQuotedPrice(family.idToken, { studentId, lines, idempotencyKey: 'escaping-1', typedName: FIRST });
    expect(made.status).toBe(200);
    enrollmentId = made.result!.enrollment.id;
    const semester = (await adminDb().doc('semesters/open-term').get()).data() as Semester;
    const { id, ...rest } = semester;
    expect((await callAs(admin, 'adminSaveSemester', { ...rest, id, infoMarkdown: INFO })).status).toBe(200);
  });

  it('in the receipt email: escaped HTML, no javascript: link', async () => {
    const mail = await adminDb().collection('mail').where('enrollmentId', '==', enrollmentId).get();
    const html = (mail.docs[0].get('message') as { html: string }).html;
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=');
  });

  it('for families: the catalogue info panel, My Students and My Enrollments', async () => {
    const { context, page } = await newPage(browser(), 360, 740);
    await page.goto('/classes/enrollment');
    await page.getByText('carefully').first().waitFor();
    expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
    expect(await page.locator('main script').count()).toBe(0);
    expect(await noScriptRan(page)).toBeNull();
    await signInAs(page, DEMO.family.email, DEMO.family.password);
    for (const path of ['/account/students', '/account/enrollments']) {
      await page.goto(path);
      await page.getByText(FIRST, { exact: false }).first().waitFor();
      expect(await page.locator('main img[src="x"]').count()).toBe(0);
      expect(await noScriptRan(page)).toBeNull();
    }
    await context.close();
  });

  it('for the office: forms, info sheet, enrollments, t-shirts, and the roster CSV', async () => {
    const { context, page } = await signedIn(browser(), DEMO.admin.email, DEMO.admin.password);
    await page.goto('/admin/report?semester=open-term&classes=wild-art');
    await page.getByText(ALLERGEN).first().waitFor();
    expect(await page.locator('main img[src="x"], main b[onmouseover]').count()).toBe(0);
    expect(await noScriptRan(page)).toBeNull();
    const csv = await downloaded(page, () => page.getByRole('button', { name: 'Roster CSV' }).click());
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);

    await page.goto(`/admin/students/${studentId}`);
    await page.getByText(NOTE).waitFor();
    await page.getByRole('cell', { name: FIRST }).first().waitFor();
    expect(await noScriptRan(page)).toBeNull();
    await page.goto('/admin/enrollments');
    await searchEnrollments(page, 'onerror');
    await page.getByRole('heading', { name: '1 enrollment' }).waitFor();
    await page.getByRole('rowheader', { name: `${FIRST} ${LAST}` }).waitFor();
    await page.getByRole('button', { name: /Payments & changes for/ }).click();
    await page.getByRole('dialog').getByText(FIRST, { exact: false }).first().waitFor();
    expect(await noScriptRan(page)).toBeNull();
    await page.keyboard.press('Escape');
    await page.goto('/admin/t-shirts');
    await page.getByText(`${LAST}, ${FIRST}`).waitFor();
    expect(await page.locator('main img[src="x"]').count()).toBe(0);
    expect(await noScriptRan(page)).toBeNull();
    await context.close();
  });
});
