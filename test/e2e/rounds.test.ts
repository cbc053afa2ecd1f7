// In Chromium: the office sets a registration round for the camps; a family on a phone finds it from
// the class list and enters two linked children with ranked choices; entries close, the office runs the
// draw; the family sees where each child was placed and why, and accepts the places (by card, and at the
// office); the public page's Verify draws the round again and says it matches, and says it does not
// once one published entry is changed.
import { afterAll, describe, expect, it } from 'vitest';
import type { ClassRecord } from '../../contract/domain';
import { formatDateRange } from '../../contract/format';
import { schoolStamp } from '../../contract/schedule';
import { adminDb } from '../../scripts/demo/adminApp';
import { standIn } from '../support/ledger';
import { DEMO } from '../support/fixtures';
import { axeViolations, downloaded, seededBrowser, signedIn } from './support/browser';

const TERM = 'camps';
const at = (minutesFromNow: number) => schoolStamp(new Date(Date.now() + minutesFromNow * 60_000).toISOString()).split(' ');

describe('a registration round in Chromium', () => {
  const browser = seededBrowser();
  afterAll(async () => {
    await standIn('/__standin/beacon', { aheadSeconds: 0, down: false });
  });

  it('the office sets a round on the semester’s page: its commitment is published at once', async () => {
    const { context, page } = await signedIn(browser(), DEMO.admin.email, DEMO.admin.password);
    await page.goto(`/admin/classes/management/semester/${TERM}`);
    await page.getByRole('heading', { name: 'Registration round' }).waitFor();
    const fill = async (label: string, [date, time]: string[]) => {
      await page.getByLabel(`${label}: date`).fill(date);
      await page.getByLabel(`${label}: time`).fill(time);
    };
    await fill('Entries open', at(-2));
    await fill('Entries close', at(60 * 24));
    // A draw before entries close is refused, in words.
    await fill('The draw', at(60 * 23));
    await page.getByLabel('Group 1').selectOption({ label: 'Families with a child enrolled in the last two terms' });
    await page.getByRole('button', { name: 'Set up a round' }).click();
    await page.getByText('The draw must come after entries close.').waitFor();
    await fill('The draw', at(60 * 25));
    await page.getByRole('button', { name: 'Set up a round' }).click();
    // Its entries opened two minutes ago: the round now shows what it published, and can no longer change.
    await page.getByText('The round is saved: its seed’s hash and beacon round are published.').waitFor();
    expect(await page.getByRole('button', { name: 'Save the round' }).count()).toBe(0);
    const round = (await adminDb().doc(`rounds/${TERM}`).get()).data()!;
    expect(round.groups).toEqual([{ rule: 'returning', label: 'Families with a child enrolled in the last two terms' }]);
    await page.getByText(`The seed’s hash, published: ${(round.seedHash as string).slice(0, 16)}…`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('a family on a phone finds the round from the class list and enters two linked children', async () => {
    const { context, page } = await signedIn(browser(), DEMO.family.email, DEMO.family.password, 360, 740);
    await page.goto(`/classes/enrollment?semester=${TERM}`);
    await page.getByText(/^Places in Summer Camps .* are given by a draw, not first come/).waitFor();
    // Nothing is taken first come meanwhile: the cards show the seats and no Select, the bundle no Select all.
    await page.getByRole('article', { name: 'Art in the Wild Camp' }).getByText(/seats left · by the draw$/).waitFor();
    expect(await page.getByRole('button', { name: /^Select / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Select all/ }).count()).toBe(0);
    await page.getByRole('link', { name: 'How to enter, and how the draw works' }).click();
    await page.getByRole('heading', { name: /: places by a draw$/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Enter the round' }).click();
    await page.getByRole('heading', { name: /^Your entry: / }).waitFor();
    await page.getByLabel('Enter Ava Rivera').check();
    await page.getByLabel('Enter Leo Rivera').check();
    const choose = async (child: number, rank: string, title: RegExp) => {
      const select = page.locator('fieldset').nth(child).getByLabel(`${rank} choice`);
      const option = (await select.locator('option').allTextContents()).find((t) => title.test(t))!;
      await select.selectOption({ label: option });
    };
    await choose(0, '1st', /^Art in the Wild Camp/);
    await choose(0, '2nd', /^Wilderness Week \(grades 1–3\)/);
    await choose(1, '1st', /^River Adventure Camp/);
    await choose(1, '2nd', /^Art in the Wild Camp/);
    // Linked by default; each option names its dates and price.
    expect(await page.getByLabel('Keep my children together').isChecked()).toBe(true);
    expect(await page.locator('fieldset').nth(1).getByLabel('1st choice').inputValue()).toBe('river-adventure');
    // The camp's week moves with the demo's dates (some days it ends in the next month).
    const camp = (await adminDb().doc('classes/art-in-the-wild').get()).data() as ClassRecord;
    expect(await page.locator('fieldset').nth(0).getByLabel('1st choice').locator('option:checked').textContent()).toBe(
      `Art in the Wild Camp · ${formatDateRange(camp.startDate, camp.endDate)}, Monday – Friday 9:00 am – 3:00 pm · $430`,
    );
    // As at a checkout: the releases signed (refused until they are), Leo's information confirmed (due
    // for its yearly review), how the family will pay.
    await page.getByRole('button', { name: 'Enter the round' }).click();
    await page.getByText('Please confirm that Leo\'s information is still accurate.').waitFor();
    await page.locator('fieldset').nth(1).getByLabel(/Leo’s information \(contacts, health and safety\) is still accurate/).check();
    await page.getByRole('button', { name: 'Enter the round' }).click();
    await page.getByText('Please sign the Medical Release by typing your full name.').waitFor();
    for (const release of ['Medical Release', 'Liability Release']) await page.getByLabel(`Type your full name to sign the ${release}`).fill('Sam Rivera');
    await page.getByRole('radio', { name: 'By card, when I accept the place' }).check();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: 'Enter the round' }).click();
    await page.getByText(/^Your entry is saved\. You may change it until /).waitFor();
    const entries = await adminDb().collection('roundEntries').where('semesterId', '==', TERM).get();
    expect(entries.docs.map((d) => ({ linked: d.get('linked'), children: d.get('children'), signed: (d.get('releases') as { typedName: string }[]).map((r) => r.typedName), payWith: d.get('payWith') }))).toEqual([
      {
        linked: true,
        children: [{ studentId: 'demo-ava', choices: ['art-in-the-wild', 'wilderness-week-1-3'] }, { studentId: 'demo-leo', choices: ['river-adventure', 'art-in-the-wild'] }],
        signed: ['Sam Rivera', 'Sam Rivera'],
        payWith: 'card',
      },
    ]);
    await context.close();
  });

  it('entries close, the office runs the draw, the family sees its places and why, and Verify checks the draw', async () => {
    await adminDb().doc(`rounds/${TERM}`).update({ entriesClose: new Date(Date.now() - 1000).toISOString() });
    // The beacon's round is out (its clock moved rather than waited for).
    await standIn('/__standin/beacon', { aheadSeconds: 3 * 86_400 });
    const office = await signedIn(browser(), DEMO.admin.email, DEMO.admin.password);
    await office.page.goto(`/admin/classes/management/semester/${TERM}`);
    // Demand against seats, and a dry run before the real draw (nothing kept or published).
    const demand = office.page.getByRole('table', { name: /^Demand against seats/ });
    await demand.getByRole('row', { name: /^Art in the Wild Camp \d+ 1 2$/ }).waitFor();
    await office.page.getByRole('button', { name: 'Dry run on today’s entries' }).click();
    await office.page.getByRole('heading', { name: 'The dry run’s fairness (not the draw)' }).waitFor();
    await office.page.getByText('Linked brothers and sisters kept together (placed in one class, or none placed): 1 of 1 entry.').waitFor();
    expect(await axeViolations(office.page)).toEqual([]);
    await office.page.getByRole('button', { name: 'Run the draw now' }).click();
    await office.page.getByText(/^Drawn .*: 2 of 2 children placed$/).waitFor();
    expect(await office.page.getByRole('button', { name: 'Run the draw now' }).count()).toBe(0);
    // The draw's fairness by group, and each child's line as a spreadsheet.
    await office.page.getByRole('heading', { name: 'The draw’s fairness' }).waitFor();
    await office.page.getByRole('table', { name: /^Children placed in their first choice/ }).getByRole('row', { name: /^1\. Families with a child enrolled in the last two terms 2 50 % \(1\) 100 % \(2\) 0 % \(0\)$/ }).waitFor();
    const csv = await downloaded(office.page, () => office.page.getByRole('button', { name: 'Download the results (CSV)' }).click());
    expect(csv.split('\r\n').slice(0, 3)).toEqual([
      '\uFEFFTurn,Student,Entry,Group,Number,Placed in,Choice,Linked',
      expect.stringMatching(/^1,Ava Rivera,e[0-9a-f]{16},1,0\.\d{6},Art in the Wild Camp,1st,yes$/),
      expect.stringMatching(/^1,Leo Rivera,e[0-9a-f]{16},1,0\.\d{6},Art in the Wild Camp,2nd,yes$/),
    ]);
    expect(await axeViolations(office.page)).toEqual([]);
    await office.context.close();

    for (const [width, height] of [[360, 740], [1280, 900]]) {
      const { context, page } = await signedIn(browser(), DEMO.family.email, DEMO.family.password, width, height);
      await page.goto(`/rounds/${TERM}/entry`);
      await page.getByRole('heading', { name: 'Where your children were placed' }).waitFor();
      // Together in the class both ranked: Ava's first choice, Leo's second.
      // Each place is offered on the seat ledger until the claim window ends; Leo waits for his first choice.
      await page.getByText(/^Ava: placed in Art in the Wild Camp \(group 1, number 0\.\d{4}: placed in your first choice, with your linked children\)\. Accept the place on My Enrollments by .*; after that it passes to the next child in draw order\.$/).waitFor();
      await page.getByText(/^Leo: placed in Art in the Wild Camp \(group 1, number 0\.\d{4}: placed with your linked children in your second choice, the best-ranked class you all ranked that had a seat for each of you\)\. Accept the place .* On the waitlist: River Adventure Camp \(1st in line then\)\.$/).waitFor();
      expect(await axeViolations(page)).toEqual([]);

      await page.goto(`/rounds/${TERM}`);
      await page.getByText(/^Drawn .*: 2 of 2 children placed in a class they ranked\.$/).waitFor();
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByText(/It matches: the seed matches the hash published when the round opened/).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    }

    // The family accepts on My Enrollments, on a phone, in one step each (the entry signed the releases
    // and confirmed Leo's information): Ava's place by card, as the entry said, Leo's at the office.
    {
      const { context, page } = await signedIn(browser(), DEMO.family.email, DEMO.family.password, 360, 740);
      await page.goto('/account/enrollments');
      const ava = page.getByRole('listitem').filter({ hasText: 'Ava Rivera · Art in the Wild Camp' });
      await ava.getByText('The draw gave Ava Rivera a place').waitFor();
      await ava.getByText(/^From the registration round’s draw /).waitFor();
      expect(await ava.getByRole('radio', { name: 'Pay by card now' }).isChecked()).toBe(true);
      expect(await ava.getByText('Sign the releases').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await ava.getByRole('button', { name: 'Claim the seat in Art in the Wild Camp' }).click();
      await page.getByRole('heading', { name: 'Test checkout' }).waitFor();
      await page.getByRole('button', { name: /^Pay \$/ }).click();
      await page.getByRole('heading', { name: 'Payment received — Ava is enrolled' }).waitFor();

      await page.goto('/account/enrollments');
      const leo = page.getByRole('listitem').filter({ hasText: 'Leo Rivera · Art in the Wild Camp' });
      await leo.getByRole('radio', { name: 'Pay the office later (check, cash or Venmo)' }).check();
      expect(await axeViolations(page)).toEqual([]);
      await leo.getByRole('button', { name: 'Claim the seat in Art in the Wild Camp' }).click();
      await page.getByText('Leo Rivera is enrolled in Art in the Wild Camp!').waitFor();
      const enrolled = (await adminDb().collection('enrollments').where('classIds', 'array-contains', 'art-in-the-wild').where('status', '==', 'confirmed').get()).docs.map((d) => d.get('studentId') as string);
      expect(enrolled).toEqual(expect.arrayContaining(['demo-ava', 'demo-leo']));
      await context.close();
    }

    // One published entry changed on its way (its group raised): Verify says the record does not match.
    const { context, page } = await signedIn(browser(), DEMO.family.email, DEMO.family.password);
    await page.route('**/api/roundRecord', async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as { result: { record: { entries: { group: number }[] } } };
      body.result.record.entries[0].group += 1;
      await route.fulfill({ response: answer, json: body });
    });
    await page.goto(`/rounds/${TERM}`);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('It does not match: The entries do not match the hash published when entries closed.').waitFor();
    await context.close();
  });
});
