// "Who is this for": a signed-in family picks a child (or all of them) on the class list and
// each card says, per child, whether they can take the class: eligible, not for their grade, already
// enrolled, a clash (with a class they are in, or one chosen for them), or full; continuing with one
// child picked starts the Student step with that child. At 360 and 1280 px, with axe.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminDb } from '../../scripts/demo/adminApp';
import { addDays } from '../../scripts/demo/demoData';
import { todayInSchool } from '../../scripts/demo/seedDemo';
import { callFunction } from '../support/emulators';
import { addClassesLikeWildArt, AVA, enrollAtQuotedPrice, familyWithStudent } from '../support/samples';
import { axeViolations, newPage, seededBrowser, signInAs, signedIn } from './support/browser';
import { enrollPayingLater } from './support/enrollment';

const EMAIL = 'fitz.family@example.com';
let fitzUid = '';
/** The lines "For your children" of one class's card (text content: cards below the fold are not laid out). */
const fitsOn = async (page: Page, title: string) =>
  (await page.getByRole('article', { name: title, exact: true }).getByRole('list', { name: 'For your children' }).getByRole('listitem').allTextContents()).map((t) => t.trim());
/** Waits until the card of `title` says `lines` (the family's children and enrollments load after the page). */
const expectFits = (page: Page, title: string, lines: string[]) => expect.poll(() => fitsOn(page, title)).toEqual(lines);
const pick = (page: Page, label: string) => page.getByLabel('Who is this for?').selectOption({ label });

describe('who is this for: each card speaks of the family’s children', () => {
  const browser = seededBrowser();
  beforeAll(async () => {
    // Fern (grade 2) is enrolled in Wild Art and Full Moon Walk, whose one seat she holds; Rowan is in grade 5.
    await addClassesLikeWildArt([{ id: 'full-moon-walk', title: 'Full Moon Walk', capacity: 1, weekday: 0 }]);
    const fern = await familyWithStudent(EMAIL, 'Fern', 'Fitz');
    fitzUid = fern.user.uid;
    const rowan = await callFunction('saveStudent', { profile: { ...AVA, firstName: 'Rowan', lastName: 'Fitz', grade: 5, birthDate: addDays(todayInSchool(), -11 * 365), guardians: [{ ...AVA.guardians[0], email: EMAIL }] }, reviewed: true }, fern.user.idToken);
    expect(rowan.status).toBe(200);
    const lines = [{ classId: 'wild-art', addOnIds: [] }, { classId: 'full-moon-walk', addOnIds: [] }];
    const enrolled = await enrollAtQuotedPrice(fern.user.idToken, { studentId: fern.studentId, lines, idempotencyKey: 'fitz-fern-1', typedName: AVA.guardians[0].name });
    expect(enrolled.status).toBe(200);
    // Its first checkout, through the review step, asked who holds the account.
    expect((await callFunction('saveAccount', { name: 'Sam Fitz', phone: '(555) 010-5000' }, fern.user.idToken)).status).toBe(200);
  });

  it('on a phone: one child, then the other with a class chosen, then both', async () => {
    const { context, page } = await newPage(browser(), 360, 740);
    await page.goto('/classes/enrollment');
    await page.getByRole('article', { name: 'Wild Art', exact: true }).waitFor();
    expect(await page.getByLabel('Who is this for?').count()).toBe(0); // anonymous: no picker, no lines

    await signInAs(page, EMAIL, 'secret-pass-1');
    await page.goto('/classes/enrollment');
    await pick(page, 'Fern');
    await page.getByRole('list', { name: 'For your children' }).first().waitFor();
    await expectFits(page, 'Wild Art', ['Fern: already enrolled']);
    await expectFits(page, 'Nature Journaling', ['Fern: clashes with Wild Art (Wednesdays 3:15 pm – 5:00 pm)']);
    await expectFits(page, 'Creek Critters', ['Fern: eligible']);
    await expectFits(page, 'Fire & Shelter Skills', ['Fern: not for grade 2 (grades 4–6)']);
    expect(page.url()).toContain('for=');
    expect(await axeViolations(page)).toEqual([]);

    // Rowan, with Orienteering chosen: Nature Journaling now clashes with it.
    await pick(page, 'Rowan');
    await page.getByRole('button', { name: 'Select Orienteering', exact: true }).click();
    await page.getByRole('button', { name: 'Selected Orienteering' }).waitFor();
    await expectFits(page, 'Nature Journaling', ['Rowan: clashes with Orienteering (Wednesdays 3:45 pm – 5:45 pm)']);
    await expectFits(page, 'Full Moon Walk', ['Rowan: full — join the waitlist']);
    await expectFits(page, 'Orienteering', ['Rowan: eligible']);

    // Both children: a line for each, in the order the family's children are listed.
    await pick(page, 'All my children');
    await expectFits(page, 'Full Moon Walk', ['Fern: already enrolled', 'Rowan: full — join the waitlist']);
    await expectFits(page, 'Creek Critters', ['Fern: eligible', 'Rowan: not for grade 5 (grades K–2)']);
    expect(await axeViolations(page)).toEqual([]);

    // The choice is kept in the address: a reload shows the same lines.
    await page.reload();
    await expectFits(page, 'Wild Art', ['Fern: already enrolled', 'Rowan: not for grade 5 (grades 1–3)']);

    // Continuing with one child picked: the Student step starts with that child chosen.
    await pick(page, 'Rowan');
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Who is enrolling?' }).waitFor();
    await expect.poll(() => page.getByRole('radio', { name: /Rowan Fitz/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /Fern Fitz/ }).isChecked()).toBe(false);
    await context.close();
  });

  it('on a wide screen, "Anyone" removes the lines', async () => {
    const { context, page } = await signedIn(browser(), EMAIL, 'secret-pass-1', 1280, 900);
    await page.goto('/classes/enrollment?for=all');
    await expectFits(page, 'Creek Critters', ['Fern: eligible', 'Rowan: not for grade 5 (grades K–2)']);
    expect(await axeViolations(page)).toEqual([]);
    await pick(page, 'Anyone');
    await page.getByRole('list', { name: 'For your children' }).first().waitFor({ state: 'detached' });
    expect(await page.getByRole('list', { name: 'For your children' }).count()).toBe(0);
    await context.close();
  });

  it('adds a class to Fern’s enrollment from My Enrollments on a phone: the class taken is locked, the releases kept, only the new class paid', async () => {
    // A family starting afresh: the first test left a draft with Rowan's class.
    await adminDb().doc(`enrollmentDrafts/${fitzUid}`).delete();
    const { context, page } = await signedIn(browser(), EMAIL, 'secret-pass-1', 360, 740);
    await page.goto('/account/enrollments');
    await page.getByRole('link', { name: 'Add classes for Fern Fitz' }).click();
    await page.waitForURL(/for=/);
    expect(await page.getByLabel('Who is this for?').inputValue()).not.toBe('');
    const wildArt = page.getByRole('article', { name: 'Wild Art', exact: true });
    await wildArt.getByText('Fern is enrolled in this class').waitFor();
    expect(await wildArt.getByRole('button').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Select Creek Critters', exact: true }).click();
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Who is enrolling?' }).waitFor();
    await expect.poll(() => page.getByRole('radio', { name: /Fern Fitz/ }).isChecked()).toBe(true);
    for (const step of ['Student info', 'Health and safety', 'Releases']) {
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { name: step }).waitFor();
    }
    // Signed with the first enrollment this semester, at the version in force: nothing to sign again.
    for (const title of ['Liability Release', 'Medical Release']) {
      const release = page.getByRole('region', { name: title, exact: true });
      await release.getByText(/Signed by Sam Rivera on .+ for this semester: nothing to sign again\./).waitFor();
      expect(await release.getByRole('textbox').count()).toBe(0);
    }
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Review and submit' }).waitFor();
    // Only the new class is priced and paid.
    const items = page.getByRole('table').first().getByRole('row');
    await items.filter({ hasText: 'Creek Critters' }).first().waitFor();
    expect(await items.filter({ hasText: 'Wild Art' }).count()).toBe(0);
    await page.getByRole('row', { name: /^Total \$240/ }).waitFor();
    await enrollPayingLater(page, 'Fern', 'Fern Fitz is enrolled');
    await page.getByRole('row', { name: /Balance due now \$240/ }).waitFor();
    await page.goto('/account/enrollments');
    await expect.poll(() => page.getByRole('heading', { name: 'Fern Fitz' }).count()).toBe(2);
    // The added class stands with her first enrollment, which no longer offers to add classes.
    const headings = await page.getByRole('heading', { name: 'Fern Fitz' }).allTextContents();
    expect(headings).toEqual(['Fern Fitz', 'Fern Fitz: classes added']);
    // (The open semesters load on their own: the link comes with them.)
    await expect.poll(() => page.getByRole('link', { name: 'Add classes for Fern Fitz' }).count()).toBe(1);
    await context.close();
  });
});
