// In Chromium: the office assigns an instructor on the class form; the instructor signs in on
// a phone and sees that class's roster and packet, and nothing of the office's; takes attendance (with
// and without a signal), checks pickups, records doses and incidents, which the office and the
// child's family then read; a family makes its pickup codes. With axe.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { ClassRecord, Student } from '../../contract/domain';
import { adultsWhoMayCollect, codeMatches, newSalt, phoneTag, pickupCheckValue, schoolYearOf, tagOf } from '../../contract/field';
import { andList, formatDate } from '../../contract/format';
import { meetingDates, schoolToday } from '../../contract/schedule';
import { adminAuth, adminDb } from '../../scripts/demo/adminApp';
import { createUser } from '../support/emulators';
import { callAs, DEMO, signInDemo } from '../support/fixtures';
import { AVAS, underway } from '../support/samples';
import type { Page, Route } from 'playwright-core';
import { axeViolations, downloaded, newPage, seededBrowser, signInAs, signedIn, withoutSignal, withSignal } from './support/browser';

/** The field store of the person signed in on the page (one store per person: portal-field-<uid>). */
const fieldStoreName = (page: Page) =>
  page.evaluate(async () => {
    const uid = JSON.parse(Object.entries(localStorage).find(([k]) => k.startsWith('portal.roles'))?.[1] ?? '{}').uid as string | undefined;
    return uid ? `portal-field-${uid}` : (await indexedDB.databases()).map((d) => d.name!).find((n) => n.startsWith('portal-field-'))!;
  });

/** What the phone's field store holds, read as a thief with a copy of the storage would: each record with its bytes as text. */
const storedOnThePhone = async (page: Page, stores: string[], store?: string) =>
  page.evaluate(async ([names, name]) => {
    const db = await new Promise<IDBDatabase>((ok, ko) => Object.assign(indexedDB.open(name), { onsuccess(this: IDBRequest<IDBDatabase>) { ok(this.result); }, onerror: ko }));
    const read = (store: string) =>
      new Promise<{ data: ArrayBuffer; iv: Uint8Array }[]>((ok) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => ok(request.result as never);
      });
    const all = (await Promise.all(names.map(read))).flat();
    db.close();
    return all.map(({ data, iv: _iv, ...rest }) => ({ ...rest, bytes: Array.from(new Uint8Array(data)).map((b) => String.fromCharCode(b)).join('') }));
  }, [stores, store ?? (await fieldStoreName(page))] as const);

/**
 * The secrets a thief would read in clear in the stored records: anywhere in their plain fields, and
 * in their sealed bytes when at least six characters long (a three-letter name turns up in a few
 * kilobytes of ciphertext by chance about once in fifty runs; six letters, never): a copy not sealed
 * shows the longer secrets — full names, phones, allergens — as well.
 */
const readInClear = (stored: { bytes: string }[], secrets: string[]) =>
  secrets.filter((secret) => stored.some(({ bytes, ...plain }) => JSON.stringify(plain).includes(secret) || (secret.length >= 6 && bytes.includes(secret))));

/** The phone's waiting entries as stored (sealed), to put back later: a phone that sends the same entries again. */
const waitingOnThePhone = async (page: Page, putBack: { id: string; classId: string; iv: number[]; data: number[] }[] | null = null) =>
  page.evaluate(async ([records, name]) => {
    const db = await new Promise<IDBDatabase>((ok, ko) => Object.assign(indexedDB.open(name), { onsuccess(this: IDBRequest<IDBDatabase>) { ok(this.result); }, onerror: ko }));
    const tx = db.transaction('waiting', records ? 'readwrite' : 'readonly');
    const store = tx.objectStore('waiting');
    let found: { id: string; classId: string; iv: number[]; data: number[] }[] = [];
    if (records) for (const r of records) store.put({ ...r, iv: new Uint8Array(r.iv), data: new Uint8Array(r.data).buffer });
    else {
      const request = store.getAll();
      request.onsuccess = () => {
        found = (request.result as { id: string; classId: string; iv: Uint8Array; data: ArrayBuffer }[]).map((r) => ({ ...r, iv: Array.from(r.iv), data: Array.from(new Uint8Array(r.data)) }));
      };
    }
    await new Promise((ok) => (tx.oncomplete = ok));
    db.close();
    return found;
  }, [putBack, await fieldStoreName(page)] as const);

describe('the instructor’s view in Chromium', () => {
  const browser = seededBrowser();
  /** The coach signed in on a phone (360 px). */
  const coachOnAPhone = async () => {
    const phone = await newPage(browser(), 360, 740, { offline: true });
    await signInAs(phone.page, 'coach@example.com', 'coach-pass-1');
    return phone;
  };
  /** The admin at 360 px, on the audit trail filtered to the coach. */
  const coachInTheAuditTrail = async () => {
    const audit = await signedIn(browser(), DEMO.admin.email, DEMO.admin.password, 360, 740);
    await audit.page.goto('/admin/audit');
    await audit.page.getByLabel('Person (email)').fill('coach@');
    await audit.page.getByRole('button', { name: 'Show' }).click();
    return audit;
  };

  it('a phone without signal sends nothing, even from a page as it closes (what the tests below rely on)', async () => {
    // A page of its own (no portal code), which sends as soon as it hears the signal is back and as
    // it closes: closing a page lifts the browser's offline emulation while it closes, and a request
    // then went out on a page the tests believed had no signal.
    const heard: string[] = [];
    const site = createServer((req, res) => {
      heard.push(req.url ?? '');
      res.setHeader('Content-Type', 'text/html');
      res.end('<script>for (const e of ["online", "pagehide", "visibilitychange"]) addEventListener(e, () => fetch("/sent-on-" + e, { method: "POST" }), true);</script>');
    });
    await new Promise<void>((ok) => site.listen(0, '127.0.0.1', ok));
    const address = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
    const { context, page } = await newPage(browser(), 360, 740, { offline: true });
    let open = page;
    for (let i = 0; i < 6; i++) {
      await open.goto(address);
      // The browser says it is offline, or (every other time) the signal goes unnoticed.
      await withoutSignal(context, { unnoticed: i % 2 === 1 });
      await open.close();
      open = await context.newPage();
      await withSignal(context);
    }
    await context.close();
    site.close();
    expect(heard.filter((url) => url.startsWith('/sent-on-'))).toEqual([]);
    expect(heard.filter((url) => url === '/')).toHaveLength(6);
  });

  it('a page reloaded without signal, answered by its service worker, says it is offline and hears when the signal returns (what the tests below rely on)', async () => {
    // Chromium's emulation alone forgets it in each new document: a reloaded page said it was online
    // and never heard the signal come back.
    const site = createServer((req, res) => {
      if (req.url === '/worker.js') {
        res.setHeader('Content-Type', 'text/javascript');
        res.end(`addEventListener('install', (e) => { skipWaiting(); e.waitUntil(caches.open('page').then((c) => c.add('/'))); });
          addEventListener('activate', (e) => e.waitUntil(clients.claim()));
          addEventListener('fetch', (e) => e.respondWith(fetch(e.request).catch(() => caches.match('/'))));`);
        return;
      }
      res.setHeader('Content-Type', 'text/html');
      res.end('<script>navigator.serviceWorker.register("/worker.js"); window.heard = []; addEventListener("online", () => heard.push("online"));</script>');
    });
    await new Promise<void>((ok) => site.listen(0, '127.0.0.1', ok));
    onTestFinished(() => void site.close());
    const { context, page } = await newPage(browser(), 360, 740, { offline: true });
    await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    for (let i = 0; i < 2; i++) {
      await withoutSignal(context);
      await page.reload();
      expect(await page.evaluate(() => navigator.onLine)).toBe(false);
      await withSignal(context);
      await page.waitForFunction(() => (window as unknown as { heard: string[] }).heard.includes('online'));
      expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    }
    await context.close();
  });

  it('the admin assigns a class; the instructor sees its roster on a phone, with phones to tap and a printable packet', async () => {
    // The coach already has an account (they registered as a parent would).
    await createUser('coach@example.com', 'coach-pass-1');

    const office = await signedIn(browser(), DEMO.admin.email, DEMO.admin.password);
    await office.page.goto('/admin/staff/new');
    await office.page.getByLabel('Email').fill('coach@example.com');
    await office.page.getByRole('checkbox', { name: /^Instructor/ }).check();
    await office.page.getByRole('button', { name: 'Add to the staff' }).click();
    await office.page.getByText('coach@example.com’s roles are saved.').waitFor();
    await office.page.goto('/admin/classes/management/class/fire-and-shelter?semester=open-term');
    const accounts = office.page.getByRole('group', { name: /Instructor accounts/ });
    await accounts.getByRole('checkbox', { name: 'coach@example.com' }).check();
    expect(await axeViolations(office.page)).toEqual([]);
    await office.page.getByRole('button', { name: 'Save class' }).click();
    await office.page.getByText('Fire & Shelter Skills is saved.').waitFor();
    await office.context.close();

    const { page, context } = await coachOnAPhone();
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Student Units' }).waitFor();
    expect((await menu.getByRole('link').allTextContents()).map((t) => t.trim())).toEqual(['Class Registration', 'My Classes', 'Class Calendar', 'Student Units']);
    await menu.getByRole('link', { name: 'My Classes' }).click();
    await page.getByRole('heading', { name: 'My Classes', exact: true }).waitFor();
    const all = page.getByRole('region', { name: 'All my classes' });
    expect((await all.getByRole('link').allTextContents()).map((t) => t.trim())).toEqual(['Fire & Shelter Skills']);
    expect(await axeViolations(page)).toEqual([]);

    await all.getByRole('link', { name: 'Fire & Shelter Skills' }).click();
    await page.getByRole('heading', { name: 'Fire & Shelter Skills', level: 1 }).waitFor();
    const cards = page.getByRole('article');
    expect(await cards.count()).toBe(10);
    const first = cards.first();
    await first.getByRole('heading', { name: 'Guardians' }).waitFor();
    expect(await first.getByRole('link', { name: /call / }).first().getAttribute('href')).toMatch(/^tel:\+?\d{7,}$/);
    await first.getByText(/^Code word:/).waitFor();
    expect(await page.getByText(/\$\d/).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // Printed: the packet (roster, sign-in/out, health), not the cards.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('table', { name: 'Sign-in / sign-out sheet · Date: ____________' }).isVisible()).toBe(true);
    expect(await page.getByRole('table', { name: 'Health sheet' }).isVisible()).toBe(true);
    expect(await cards.first().isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });

    // Nothing of the office's.
    await page.goto('/admin/report');
    await page.waitForURL('**/classes/enrollment');
    await page.goto('/staff/classes/wild-art');
    await page.locator('#main').getByText('This class is not one of yours: ask the office to assign you to it.').waitFor();
    await context.close();

    // The admin sees in the audit trail that the instructor opened that roster (at 360 px too).
    const audit = await coachInTheAuditTrail();
    await audit.page.getByRole('cell', { name: 'Opened the roster and health sheet of Fire & Shelter Skills (10 students)' }).first().waitFor();
    expect(await audit.page.getByRole('cell', { name: 'coach@example.com (instructor)' }).count()).toBeGreaterThan(0);
    expect(await axeViolations(audit.page)).toEqual([]);
    await audit.context.close();
  });

  it('takes attendance on a phone, one tap per child, with and without a signal; the office sees it per class, per child and in the audit trail', async () => {
    // The class has met for three weeks (from here on): field records are for meetings that have begun.
    await underway('fire-and-shelter');
    const { page, context } = await coachOnAPhone();
    await page.goto('/staff/classes/fire-and-shelter');
    const cards = page.getByRole('article');
    await cards.first().waitFor();
    // Attendance, one tap per child; a changed mark corrects the one before; kept after a reload.
    const attendance = page.getByRole('region', { name: 'Attendance' });
    const names = (await cards.getByRole('heading', { level: 2 }).allTextContents()).slice(0, 3);
    const marks = (name: string) => attendance.getByRole('group', { name: `Attendance of ${name}` });
    const row = (name: string) => attendance.getByRole('listitem').filter({ hasText: name });
    await marks(names[0]).getByRole('button', { name: 'Present' }).click();
    await marks(names[1]).getByRole('button', { name: 'Late' }).click();
    await marks(names[0]).getByRole('button', { name: 'Absent' }).click();
    await attendance.getByText('Everything is sent.').waitFor();
    expect(await marks(names[0]).getByRole('button', { name: 'Absent' }).getAttribute('aria-pressed')).toBe('true');
    expect(await marks(names[0]).getByRole('button', { name: 'Present' }).getAttribute('aria-pressed')).toBe('false');
    expect(await axeViolations(page)).toEqual([]);
    // No signal: the tap waits on the phone, says so, survives the page being closed, and goes when
    // the signal returns.
    await withoutSignal(context);
    await marks(names[2]).getByRole('button', { name: 'Left early' }).click();
    await attendance.getByText('1 waiting to be sent').waitFor();
    await row(names[2]).getByText(/^Left early at \d{1,2}:\d\d [AP]M P[SD]T · not sent yet$/).waitFor();
    // A copy of the phone's storage holds nothing of the child in clear: read as a thief would.
    const nora = (await adminDb().collection('classes/fire-and-shelter/roster').where('studentName', '==', names[2]).get()).docs[0].id;
    const stored = await storedOnThePhone(page, ['waiting']);
    expect(stored).toHaveLength(1);
    expect(readInClear(stored, [names[2], names[2].split(' ')[0], nora, 'left_early', 'attendance', 'meeting'])).toEqual([]);
    await page.close();
    await withSignal(context);
    const later = await context.newPage();
    await later.goto('/staff/classes/fire-and-shelter');
    const again = later.getByRole('region', { name: 'Attendance' });
    await again.getByRole('listitem').filter({ hasText: names[2] }).getByText(/^Left early at /).waitFor();
    await again.getByText('Everything is sent.').waitFor();
    await later.reload();
    const kept = (name: string) => again.getByRole('listitem').filter({ hasText: name });
    await kept(names[0]).getByText(/^Absent at \d{1,2}:\d\d [AP]M P[SD]T$/).waitFor();
    await kept(names[1]).getByText(/^Late at /).waitFor();
    await kept(names[2]).getByText(/^Left early at /).waitFor();
    expect(await kept(names[2]).getByText('not sent yet').count()).toBe(0);
    expect((await adminDb().collection('fieldEntries').where('studentId', '==', nora).get()).size).toBe(1);
    const meeting = await again.getByLabel('Meeting').inputValue();
    // The file of the class's records is the office's, not the phone's.
    expect(await again.getByRole('button', { name: /Download the attendance/ }).count()).toBe(0);
    await context.close();

    const audit = await coachInTheAuditTrail();
    // Every entry is in the trail, by the child's name: the correction says so.
    await audit.page.getByRole('cell', { name: /^Corrected attendance: Absent at Fire & Shelter Skills on / }).first().waitFor();
    // The office sees the class's attendance on the same page, from Class Forms and Contacts.
    await audit.page.goto('/admin/report');
    await audit.page.getByRole('link', { name: 'Attendance of Fire & Shelter Skills' }).click();
    const seen = audit.page.getByRole('region', { name: 'Attendance' });
    await seen.getByLabel('Meeting').selectOption(meeting);
    await seen.getByRole('listitem').filter({ hasText: names[1] }).getByText(/^Late at /).waitFor();
    // Its file: every entry as kept, the correction beside what it corrects.
    const csv = await downloaded(audit.page, () => seen.getByRole('button', { name: 'Download the attendance (CSV)' }).click());
    const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Meeting,Child,Attendance,Recorded (America/Los_Angeles),Recorded by,Received (America/Los_Angeles),Entry,Corrects,Corrected by,Look at this');
    expect(lines.filter((l) => l.includes(names[0])).map((l) => l.split(',')[2])).toEqual(['Present', 'Absent']);
    // The correction names the entry it corrects, and that entry names its correction.
    expect(lines.find((l) => l.includes(names[0]) && l.includes(',Absent,'))).toMatch(/,coach@example\.com,[^,]+,[^,]+,"[^"]+: Present, recorded \d{4}-\d\d-\d\d \d\d:\d\d",,$/);
    expect(lines.find((l) => l.includes(names[0]) && l.includes(',Present,'))).toMatch(/,coach@example\.com,[^,]+,[^,]+,,"[^"]+: Absent, recorded \d{4}-\d\d-\d\d \d\d:\d\d",$/);
    expect(lines.filter((l) => l.includes(names[2])).map((l) => l.split(',')[2])).toEqual(['Left early']);
    // And per child, on the child's info sheet, with who recorded it.
    const mia = (await adminDb().collection('classes/fire-and-shelter/roster').where('studentName', '==', names[1]).get()).docs[0].id;
    await audit.page.goto(`/admin/students/${mia}`);
    const line = audit.page.getByRole('region', { name: `Attendance of ${names[1]}` }).getByRole('row').filter({ hasText: 'Fire & Shelter Skills' });
    await line.getByRole('cell', { name: 'Late', exact: true }).waitFor();
    await line.getByText(/by coach@example\.com/).waitFor();
    expect(await line.textContent()).toMatch(/by coach@example\.com · received \w{3} \d{1,2}/);
    expect(await axeViolations(audit.page)).toEqual([]);
    await audit.context.close();
  });

  it('takes a class offline: without signal the app reloads, opens the class from the phone’s encrypted copy, records attendance, pickups checked by code, an EpiPen dose and incidents, and sends them once the signal returns; sent again, nothing doubles', async () => {
    // Each family of the class has made its pickup codes (as the server makes them: check values only).
    const rosterIds = (await adminDb().collection('classes/fire-and-shelter/roster').get()).docs.map((d) => d.id);
    const CODE = '482913';
    const firstAdult = new Map<string, string>();
    /** A code the phone refuses for each adult (a wrong code passes a tag one time in 1 024: the test picks one that does not). */
    const wrongFor = new Map<string, string>();
    /** A child whose family listed an EpiPen (as needed) and allows staff to give it. */
    let epi: string | undefined;
    for (const id of rosterIds) {
      const student = (await adminDb().doc(`students/${id}`).get()).data() as Student;
      const adults = adultsWhoMayCollect(student);
      firstAdult.set(`${student.firstName} ${student.lastName}`, adults[0]);
      if (student.health.medicationAuthorized && student.health.medications.some((m) => m.name === 'EpiPen Jr')) epi ??= `${student.firstName} ${student.lastName}`;
      const checked = await Promise.all(adults.map(async (name) => { const salt = newSalt(); return { name, salt, check: await pickupCheckValue(CODE, salt) }; }));
      const first = phoneTag(checked[0]);
      for (let n = 0; !wrongFor.has(`${student.firstName} ${student.lastName}`); n++) {
        const wrong = String(n).padStart(6, '0');
        if (tagOf(await pickupCheckValue(wrong, first.salt)) !== first.tag) wrongFor.set(`${student.firstName} ${student.lastName}`, wrong);
      }
      await adminDb().doc(`pickupCodes/${id}`).set({ studentId: id, ownerUid: student.ownerUid, year: schoolYearOf(schoolToday()), issuedAt: new Date().toISOString(), adults: checked });
    }
    const { page, context } = await coachOnAPhone();
    await page.goto('/staff/classes');
    await page.getByRole('button', { name: 'Take this class offline (Fire & Shelter Skills)' }).click();
    const ready = page.getByRole('region', { name: 'All my classes' }).getByRole('status');
    await ready.getByText(/^Ready without signal until \w{3} \d{1,2}(, \d{4})? \(the next meeting\); downloaded again whenever there is a signal\.$/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // The app is kept for the instructor's pages only: a family's page is not the worker's.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/classes/enrollment'))?.scope ?? 'none')).toBe('none');
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/staff/classes'))?.scope)).toMatch(/\/staff\/$/);
    // It keeps what the instructor's pages load, not the families' or the office's pages.
    const kept = await page.evaluate(async () => (await Promise.all((await caches.keys()).map(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)))).flat());
    expect(kept.filter((path) => /^\/assets\/(MyClasses|TaughtClass|TeachingFrame)-[\w-]+\.js$/.test(path))).toHaveLength(3);
    expect(kept.filter((path) => /^\/assets\/(MyEnrollments|ReviewStep|Enrollments|ClassManagement)-/.test(path))).toEqual([]);

    // No signal at all: a reload still opens the app, and the class from the phone's copy.
    await withoutSignal(context);
    await page.reload();
    await page.getByText('No signal: the classes taken offline on this phone.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Fire & Shelter Skills' }).click();
    await page.getByText(/No signal: this is the copy on this phone from /).waitFor();
    const cards = page.getByRole('article');
    expect(await cards.count()).toBe(10);
    await cards.first().getByRole('heading', { name: 'Allergies' }).waitFor();
    const attendance = page.getByRole('region', { name: 'Attendance' });
    const names = (await cards.getByRole('heading', { level: 2 }).allTextContents()).slice(0, 3);
    const row = (name: string) => attendance.getByRole('listitem').filter({ hasText: name });
    // What was recorded before the download is in the copy; a new tap waits on the phone.
    await row(names[0]).getByText(/^Absent at /).waitFor();
    await attendance.getByRole('group', { name: `Attendance of ${names[1]}` }).getByRole('button', { name: 'Present' }).click();
    await attendance.getByText('1 waiting to be sent').waitFor();
    // An incident report, the same way: checked before it is kept, then waiting on the phone.
    const incidents = page.getByRole('region', { name: 'Incidents' });
    await incidents.getByRole('button', { name: 'Report an incident' }).click();
    const report = incidents.getByRole('form', { name: 'Incident report' });
    await report.getByRole('button', { name: 'Save the report' }).click();
    await report.getByText('Child is required').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await report.getByLabel('Child').selectOption({ label: names[2] });
    await report.getByLabel('When it happened').fill('16:05');
    await report.getByLabel('Where').fill('Creek crossing');
    await report.getByLabel('What happened').fill('Slipped on a wet rock and scraped a knee.');
    await report.getByLabel('First aid given').fill('Cleaned and bandaged; ice pack.');
    await report.getByLabel('Who was told, and when').fill('Called the parent at 4:15 pm.');
    await report.getByRole('button', { name: 'Save the report' }).click();
    await incidents.getByText(`The report on ${names[2]} is saved on this phone; the family and the office are emailed once it is sent.`).waitFor();
    await incidents.getByRole('listitem').filter({ hasText: names[2] }).getByText('· not sent yet').waitFor();
    await attendance.getByText('2 waiting to be sent').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Pickup, checked without signal: a wrong code stops; the right one releases; someone not on the list stops.
    const pickup = page.getByRole('region', { name: 'Pickup', exact: true });
    const adult = firstAdult.get(names[0])!;
    const release = async (name: string) => {
      await pickup.getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: `Release ${name}` }).click();
      await pickup.getByRole('heading', { name: `Release ${name}` }).waitFor();
    };
    await release(names[0]);
    await pickup.getByRole('radio', { name: adult }).check();
    await pickup.getByLabel(`${adult}’s pickup code`).fill(wrongFor.get(names[0])!);
    await pickup.getByRole('button', { name: 'Check the code' }).click();
    const stop = pickup.getByRole('alert');
    await stop.getByRole('heading', { name: `Stop: do not release ${names[0].split(' ')[0]}.` }).waitFor();
    await stop.getByText(`Stopped: the code given for ${adult} did not match. The attempt is recorded.`).waitFor();
    await stop.getByRole('link', { name: /call The office/ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await stop.getByRole('button', { name: 'Back to pickup' }).click();
    await release(names[0]);
    expect(await axeViolations(page)).toEqual([]);
    await pickup.getByRole('radio', { name: adult }).check();
    await pickup.getByLabel(`${adult}’s pickup code`).fill(CODE);
    await pickup.getByRole('button', { name: 'Check the code' }).click();
    await pickup.getByRole('status').getByText(new RegExp(`${names[0].split(' ')[0]} released to ${adult} at \\d{1,2}:\\d{2}`)).waitFor();
    await pickup.getByRole('listitem').filter({ hasText: names[0] }).getByText(`Released to ${adult} (pickup code) at`, { exact: false }).waitFor();
    await release(names[1]);
    await pickup.getByRole('radio', { name: 'Someone not on the list' }).check();
    await pickup.getByLabel('Their name').fill('Pat Stranger');
    await pickup.getByRole('button', { name: /^(They do not know it|Continue)$/ }).click();
    await stop.getByText('Stopped: Pat Stranger is not on the pickup list. The attempt is recorded.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await stop.getByRole('button', { name: 'Back to pickup' }).click();
    await attendance.getByText('5 waiting to be sent').waitFor();
    // A dose: an EpiPen given (as needed: why) opens an incident report for that child, filled in and saved.
    expect(epi).toBeDefined();
    const doses = page.getByRole('region', { name: 'Medications' });
    await doses.getByRole('button', { name: `Record a dose of EpiPen Jr for ${epi}` }).click();
    const doseForm = doses.getByRole('form', { name: `Dose of EpiPen Jr for ${epi}` });
    await doseForm.getByLabel('Your initials').fill('cj');
    await doseForm.getByLabel('Why it was needed').fill('Stung by a bee; lips swelling.');
    expect(await axeViolations(page)).toEqual([]);
    await doseForm.getByRole('button', { name: 'Save the dose' }).click();
    await doses.getByText(/An epinephrine auto-injector was given: an incident report is open below/).waitFor();
    const epiReport = incidents.getByRole('form', { name: 'Incident report' });
    expect(await epiReport.getByLabel('What happened').inputValue()).toBe('EpiPen Jr (epinephrine auto-injector) given.');
    await epiReport.getByLabel('Where').fill('Meadow');
    await epiReport.getByLabel('First aid given').fill('EpiPen in the thigh; 911 called.');
    await epiReport.getByLabel('Who was told, and when').fill('911, the parent and the office at once.');
    await epiReport.getByRole('button', { name: 'Save the report' }).click();
    await incidents.getByText(`The report on ${epi} is saved on this phone; the family and the office are emailed once it is sent.`).waitFor();
    await attendance.getByText('7 waiting to be sent').waitFor();
    await page.reload();
    await page.getByText(/No signal: this is the copy on this phone from /).waitFor();
    await row(names[1]).getByText(/^Present at .* · not sent yet$/).waitFor();
    await attendance.getByText('7 waiting to be sent').waitFor();
    await incidents.getByText('4:05 pm · Creek crossing: Slipped on a wet rock and scraped a knee.').waitFor();

    // A copy of the phone's storage holds no child's name, allergy or family phone in clear.
    const ids = (await adminDb().collection('classes/fire-and-shelter/roster').get()).docs.map((d) => d.id);
    const students = await Promise.all(ids.map(async (id) => (await adminDb().doc(`students/${id}`).get()).data()!));
    const secrets = students.flatMap((st) => [st.firstName, st.lastName, `${st.firstName} ${st.lastName}`, ...st.health.allergies.map((a: { allergen: string }) => a.allergen), ...st.guardians.map((g: { phone: string }) => g.phone)]);
    expect(secrets.length).toBeGreaterThan(20);
    const stored = await storedOnThePhone(page, ['copies', 'waiting']);
    expect(stored).toHaveLength(8);
    expect(stored[0].bytes.length).toBeGreaterThan(2000);
    expect(readInClear(stored, [...secrets.filter((x) => x && x.length > 2), 'Slipped', 'Creek crossing', 'incident', 'Pat Stranger', CODE, 'EpiPen', 'Stung by a bee'])).toEqual([]);

    // The signal returns: the tap is sent, once, and the page reads the class live again.
    const mia = (await adminDb().collection('classes/fire-and-shelter/roster').where('studentName', '==', names[1]).get()).docs[0].id;
    const sentOnce = await waitingOnThePhone(page);
    expect(sentOnce.length).toBeGreaterThan(5);
    await withSignal(context);
    await attendance.getByText('Everything is sent.').waitFor();
    await page.getByRole('button', { name: 'Refresh the offline copy' }).waitFor();
    await page.reload();
    await row(names[1]).getByText(/^Present at /).waitFor();
    const entries = (await adminDb().collection('fieldEntries').where('studentId', '==', mia).get()).docs.map((d) => d.data().mark);
    expect(entries.filter((m) => m === 'present')).toHaveLength(1);
    // The incident reached the server once, and the office was emailed.
    const nora = (await adminDb().collection('classes/fire-and-shelter/roster').where('studentName', '==', names[2]).get()).docs[0].id;
    const reported = (await adminDb().collection('fieldEntries').where('studentId', '==', nora).where('kind', '==', 'incident').get()).docs;
    expect(reported).toHaveLength(1);
    const officeMails = (await adminDb().collection('mail').where('kind', '==', 'field-office').get()).docs.map((d) => d.data());
    const officeMail = officeMails.find((m) => (m.message.text as string).includes(`An incident of ${names[2]} on `))!;
    expect(officeMail.to).toContain(DEMO.admin.email);
    expect(officeMail.message.text).toContain('Sent by coach@example.com from the field.');
    expect(officeMail.message.subject).toBe('Field records to look at: Fire & Shelter Skills — Wildwood Outdoor School');
    // Each pickup attempt reached the server once.
    const pickups = (await adminDb().collection('fieldEntries').where('classId', '==', 'fire-and-shelter').where('kind', '==', 'pickup').get()).docs.map((d) => [d.data().adult, d.data().check]);
    expect(pickups.sort()).toEqual([[adult, 'code'], [adult, 'wrong-code'], ['Pat Stranger', 'not-listed']].sort());
    // The dose and its incident, once each.
    const epiId = (await adminDb().collection('classes/fire-and-shelter/roster').where('studentName', '==', epi).get()).docs[0].id;
    const epiEntries = (await adminDb().collection('fieldEntries').where('studentId', '==', epiId).get()).docs.map((d) => d.data());
    expect(epiEntries.filter((e) => e.kind === 'dose').map((e) => [e.medication, e.outcome, e.initials, e.note])).toEqual([['EpiPen Jr', 'given', 'CJ', 'Stung by a bee; lips swelling.']]);
    expect(epiEntries.filter((e) => e.kind === 'incident').map((e) => e.incident.what)).toEqual(['EpiPen Jr (epinephrine auto-injector) given.']);
    await incidents.getByRole('listitem').filter({ hasText: names[2] }).waitFor();
    expect(await incidents.getByText('· not sent yet').count()).toBe(0);
    // The same entries sent again (a phone that lost the server's answer): nothing doubles, nothing is refused.
    const keptOnce = (await adminDb().collection('fieldEntries').where('classId', '==', 'fire-and-shelter').get()).docs.map((d) => d.data());
    expect(await waitingOnThePhone(page)).toEqual([]);
    await waitingOnThePhone(page, sentOnce);
    // Signing out now would wipe records not sent yet: it asks first, and staying keeps them (and the session).
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    const asking = page.getByRole('alertdialog', { name: 'Records not sent yet' });
    await asking.getByText(`${sentOnce.length} records from your classes (attendance, pickups, doses, incidents) are not sent yet. Signing out deletes them from this phone.`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await asking.getByRole('button', { name: 'Stay signed in' }).click();
    await asking.waitFor({ state: 'hidden' });
    expect((await waitingOnThePhone(page)).length).toBe(sentOnce.length);
    await page.reload();
    await expect.poll(async () => (await waitingOnThePhone(page)).length).toBe(0);
    await attendance.getByText('Everything is sent.').waitFor();
    expect(await page.locator('.form-failure').count()).toBe(0);
    const keptAfter = (await adminDb().collection('fieldEntries').where('classId', '==', 'fire-and-shelter').get()).docs.map((d) => d.data());
    expect(keptAfter).toEqual(keptOnce);
    // Installable from here: the instructor's pages name their manifest, which keeps to /staff/.
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      return link && ((await (await fetch(link.href)).json()) as { scope: string; start_url: string; display: string; icons: { sizes: string }[] });
    });
    expect(manifest).toMatchObject({ scope: '/staff/', start_url: '/staff/classes', display: 'standalone' });
    expect(manifest!.icons.map((i) => i.sizes)).toEqual(['192x192', '512x512']);
    // Taken off the class, the instructor reads nothing more of it, and the phone's copy is wiped.
    await adminDb().doc('classes/fire-and-shelter').update({ instructorUids: [] });
    await page.reload();
    await page.locator('#main').getByText('This class is not one of yours: ask the office to assign you to it.').waitFor();
    await expect.poll(async () => (await storedOnThePhone(page, ['copies'])).length).toBe(0);
    await context.close();

    // The office reads it on the class's page, with its file, and on the child's sheet.
    const office = await signedIn(browser(), DEMO.admin.email, DEMO.admin.password, 360, 740);
    await office.page.goto('/staff/classes/fire-and-shelter');
    const seen = office.page.getByRole('region', { name: 'Incidents' });
    await seen.getByRole('listitem').filter({ hasText: names[2] }).waitFor();
    const csv = await downloaded(office.page, () => seen.getByRole('button', { name: 'Download the incident reports (CSV)' }).click());
    expect(csv).toContain(`,${names[2]},16:05,Creek crossing,Slipped on a wet rock and scraped a knee.,Cleaned and bandaged; ice pack.,Called the parent at 4:15 pm.,coach@example.com,`);
    const pickupCsv = await downloaded(office.page, () => office.page.getByRole('region', { name: 'Pickup', exact: true }).getByRole('button', { name: 'Download the pickups (CSV)' }).click());
    expect(pickupCsv).toContain(`,${names[0]},Released to ${adult} (pickup code),${adult},`);
    expect(pickupCsv).toContain(`,${names[1]},Stopped: Pat Stranger is not on the pickup list,Pat Stranger,`);
    // The office's day in the field: the class's doses, pickups and incidents of that meeting.
    const doseDay = epiEntries.find((e) => e.kind === 'dose')!.meeting as string;
    await office.page.goto(`/admin/field?day=${doseDay}`);
    const fireDay = office.page.getByRole('region', { name: 'Fire & Shelter Skills' });
    // Epinephrine given is highlighted; each line says when it reached the server.
    const epiLine = fireDay.locator('li.dose-epinephrine');
    await epiLine.getByText(new RegExp(`^Epinephrine given: ${epi}: EpiPen Jr given at .* \\(CJ\\) — Stung by a bee; lips swelling\\. · received \\d{1,2}:\\d\\d [AP]M`)).waitFor();
    await fireDay.getByText(new RegExp(`^${names[0]}: Released to ${adult} \\(pickup code\\) at `)).waitFor();
    await fireDay.getByText(new RegExp(`^${names[2]}: 4:05 pm, Creek crossing — Slipped on a wet rock and scraped a knee\\. · received `)).waitFor();
    expect(await axeViolations(office.page)).toEqual([]);
    // The day's records, every class, in one file.
    const dayCsv = await downloaded(office.page, () => office.page.getByRole('button', { name: 'Download the day’s records (CSV)' }).click());
    expect(dayCsv).toContain(`Fire & Shelter Skills,${doseDay},${epi},Dose,EpiPen Jr: Given (CJ) — Stung by a bee; lips swelling.,`);
    expect(dayCsv).toContain(`Fire & Shelter Skills,${doseDay},${names[0]},Pickup,Released to ${adult} (pickup code),`);
    const first = (await adminDb().collection('classes/fire-and-shelter/roster').where('studentName', '==', names[0]).get()).docs[0].id;
    await office.page.goto(`/admin/students/${first}`);
    const sheetPickups = office.page.getByRole('region', { name: `Pickups of ${names[0]}` });
    await sheetPickups.getByRole('cell', { name: `Released to ${adult} (pickup code)` }).waitFor();
    await sheetPickups.getByRole('cell', { name: `Stopped: the code given for ${adult} did not match` }).waitFor();
    await office.page.goto(`/admin/students/${nora}`);
    await office.page.getByRole('region', { name: `Incidents of ${names[2]}` }).getByRole('cell', { name: 'Slipped on a wet rock and scraped a knee.' }).waitFor();
    expect(await axeViolations(office.page)).toEqual([]);
    await office.context.close();
  });

  it('a family reads its own child’s attendance on My Enrollments', async () => {
    // The office recorded it for last term's class (its instructors no longer reach it).
    const admin = await signInDemo('admin');
    const past = AVAS.classIds[0];
    const meetingOfPast = meetingDates((await adminDb().doc(`classes/${past}`).get()).data() as ClassRecord)[0];
    const at = new Date().toISOString();
    const sent = await callAs(admin, 'syncFieldEntries', { classId: past, sentAt: at, entries: [{ id: 'e2e-ava-attendance-1', kind: 'attendance', studentId: 'demo-ava', meeting: meetingOfPast, at, mark: 'present' }] });
    expect(sent.result?.saved).toEqual(['e2e-ava-attendance-1']);
    const family = await signedIn(browser(), DEMO.family.email, DEMO.family.password, 360, 740);
    await family.page.goto('/account/enrollments');
    await family.page.getByRole('listitem').filter({ hasText: 'Ava Rivera' }).getByText(`Attendance: ${formatDate(meetingOfPast)} present`).waitFor();
    expect(await axeViolations(family.page)).toEqual([]);
    await family.context.close();
  });

  it('a family makes its child’s pickup codes on My Students: shown once, kept only as check values', async () => {
    const family = await signedIn(browser(), DEMO.family.email, DEMO.family.password, 360, 740);
    await family.page.goto('/account/students');
    const ava = family.page.getByRole('listitem').filter({ has: family.page.getByRole('heading', { name: 'Ava Rivera' }) });
    const codes = ava.getByRole('region', { name: 'Pickup codes for Ava' });
    await codes.getByText('None for this school year: the instructor asks each adult for their code before letting your child go.').waitFor();
    await codes.getByRole('button', { name: 'Make pickup codes for Ava' }).click();
    const shown = codes.getByRole('status');
    await shown.getByText(`Ava’s pickup codes for ${schoolYearOf(schoolToday())}.`).waitFor();
    expect(await axeViolations(family.page)).toEqual([]);
    const lines = await shown.getByRole('listitem').allTextContents();
    const student = (await adminDb().doc('students/demo-ava').get()).data() as Student;
    expect(lines.map((l) => l.split(':')[0])).toEqual(adultsWhoMayCollect(student));
    await shown.getByText(`We emailed ${andList(student.guardians.map((g) => g.name))} their own code.`).waitFor();
    const stored = (await adminDb().doc('pickupCodes/demo-ava').get()).data()!;
    for (const [i, line] of lines.entries()) {
      const code = line.split(': ')[1];
      expect(code).toMatch(/^\d{6}$/);
      expect(await pickupCheckValue(code, stored.adults[i].salt)).toBe(stored.adults[i].check);
      expect(await codeMatches(code, phoneTag(stored.adults[i]))).toBe(true);
      expect(JSON.stringify(stored)).not.toContain(code);
    }
    await shown.getByRole('button', { name: 'I have noted them' }).click();
    await codes.getByText(new RegExp(`^For ${schoolYearOf(schoolToday())}, made .*: ${adultsWhoMayCollect(student).join(', ')}\\.$`)).waitFor();
    // Never shown again: a reload says who has one, not the codes.
    await family.page.reload();
    await codes.getByRole('button', { name: 'Make new codes for Ava' }).waitFor();
    for (const line of lines) expect(await family.page.getByText(line.split(': ')[1]).count()).toBe(0);
    expect(await axeViolations(family.page)).toEqual([]);
    await family.context.close();
  });

  it('an old pickup code: a phone without signal still takes it, and the release is flagged and told to the family and the office at once; refreshed, the phone refuses it', async () => {
    // The coach's, by email: the demo has its own instructor too.
    await adminDb().doc('classes/fire-and-shelter').update({ instructorUids: [(await adminAuth().getUserByEmail('coach@example.com')).uid] });
    // One child of the class is the demo family's (one not released at a meeting yet).
    const picked = new Set((await adminDb().collection('fieldEntries').where('kind', '==', 'pickup').get()).docs.map((d) => d.get('studentId') as string));
    const kid = (await adminDb().collection('classes/fire-and-shelter/roster').get()).docs.find((d) => !picked.has(d.id))!;
    await Promise.all([adminDb().doc(`students/${kid.id}`).update({ ownerUid: DEMO.family.uid }), kid.ref.update({ ownerUid: DEMO.family.uid })]);
    const student = (await adminDb().doc(`students/${kid.id}`).get()).data() as Student;
    const [adult] = adultsWhoMayCollect(student);
    const family = await signedIn(browser(), DEMO.family.email, DEMO.family.password, 360, 740);
    await family.page.goto('/account/students');
    const codes = family.page.getByRole('region', { name: `Pickup codes for ${student.firstName}` });
    const makeCodes = async () => {
      await codes.getByRole('button', { name: new RegExp(`^Make (pickup|new) codes for ${student.firstName}$`) }).click();
      const line = await codes.getByRole('status').getByRole('listitem').filter({ hasText: adult }).textContent();
      await codes.getByRole('button', { name: 'I have noted them' }).click();
      return line!.split(': ')[1];
    };
    const oldCode = await makeCodes();

    // The coach takes the class offline with these codes; then the family makes new ones.
    const { page, context } = await coachOnAPhone();
    await page.goto('/staff/classes');
    await page.getByRole('button', { name: 'Take this class offline (Fire & Shelter Skills)' }).click();
    await page.getByRole('region', { name: 'All my classes' }).getByText(/^Ready without signal until /).first().waitFor();
    const newCode = await makeCodes();
    // The family's page says until when a phone without signal may still take the old code.
    await codes.getByText(new RegExp(`^An instructor’s phone that took ${student.firstName}’s class offline before these codes were made may still accept an older code until \\w{3} \\d{1,2}`)).waitFor();
    expect(await axeViolations(family.page)).toEqual([]);

    // No signal at pickup: the phone has only the old codes, and takes the old one.
    await withoutSignal(context);
    await page.goto('/staff/classes/fire-and-shelter').catch(() => page.reload());
    await page.getByText(/No signal: this is the copy on this phone from /).waitFor();
    const pickup = page.getByRole('region', { name: 'Pickup', exact: true });
    const release = async (code: string) => {
      await pickup.getByRole('button', { name: `Release ${kid.get('studentName')}` }).click();
      await pickup.getByRole('radio', { name: adult }).check();
      await pickup.getByLabel(`${adult}’s pickup code`).fill(code);
      await pickup.getByRole('button', { name: 'Check the code' }).click();
    };
    // Its send hangs, as a request does at the edge of coverage (until the call's time-out, 70 s).
    let hung: Route | undefined;
    await page.route('**/api/syncFieldEntries', (route) => (hung ? route.continue() : void (hung = route)));
    await release(oldCode);
    await pickup.getByRole('status').getByText(new RegExp(`${student.firstName} released to ${adult} at`)).waitFor();
    await expect.poll(() => !!hung).toBe(true);
    // The signal returns: the release reaches the server at once, beside the hung send, flagged; the
    // family and the office are told at once.
    await withSignal(context);
    await page.getByRole('region', { name: 'Attendance' }).getByText('Everything is sent.').waitFor();
    await hung!.abort('internetdisconnected');
    await page.unroute('**/api/syncFieldEntries');
    const released = (await adminDb().collection('fieldEntries').where('studentId', '==', kid.id).where('kind', '==', 'pickup').get()).docs.map((d) => d.data());
    expect(released.map((e) => [e.check, e.flags])).toEqual([['code', ['old-code']]]);
    const alert = (await adminDb().doc(`mail/pickup-alert-family_${released[0].id}`).get()).data()!;
    expect(alert.to).toEqual([DEMO.family.email]);
    expect(alert.message.subject).toBe('Your child was released on an old pickup code — Wildwood Outdoor School');
    const office = await signedIn(browser(), DEMO.admin.email, DEMO.admin.password, 360, 740);
    await office.page.goto(`/admin/field?day=${released[0].meeting}`);
    await office.page
      .getByRole('region', { name: 'Fire & Shelter Skills' })
      .getByRole('listitem')
      .filter({ hasText: `Released to ${adult} (pickup code)` })
      .getByText('· Look at this: released on a pickup code the family has since replaced')
      .waitFor();
    expect(await axeViolations(office.page)).toEqual([]);
    await office.context.close();

    // With a signal the phone downloads the class again: the old code no longer passes, the new one does.
    // The phone has the new copy once its sealed copy changes: every download since the signal came back
    // was made after the new codes (the server's record of the download says when it was served).
    const sealedCopy = async () => (await storedOnThePhone(page, ['copies'])).map((r) => r.bytes).join();
    const before = await sealedCopy();
    await page.reload();
    await expect.poll(async () => ((await adminDb().collection('offlineCopies').where('classId', '==', 'fire-and-shelter').get()).docs.map((d) => d.get('savedAt') as string).sort().at(-1) ?? '') > (await adminDb().doc(`pickupCodes/${kid.id}`).get()).get('issuedAt')).toBe(true);
    await expect.poll(sealedCopy).not.toBe(before);
    await page.getByRole('button', { name: 'Refresh the offline copy' }).waitFor();
    await withoutSignal(context);
    await page.reload();
    await page.getByText(/No signal: this is the copy on this phone from /).waitFor();
    // Another meeting, so that the child can be released again.
    const attendance = page.getByRole('region', { name: 'Attendance' });
    const other = (await attendance.getByLabel('Meeting').locator('option').allTextContents()).length > 1;
    expect(other).toBe(true);
    await attendance.getByLabel('Meeting').selectOption({ index: 0 });
    const stored = (await adminDb().doc(`pickupCodes/${kid.id}`).get()).data()!.adults.find((a: { name: string }) => a.name === adult);
    const oldStillPasses = tagOf(await pickupCheckValue(oldCode, stored.salt)) === tagOf(stored.check);
    await release(oldCode);
    if (!oldStillPasses) {
      await pickup.getByRole('alert').getByText(`Stopped: the code given for ${adult} did not match. The attempt is recorded.`).waitFor();
      await pickup.getByRole('button', { name: 'Back to pickup' }).click();
      await release(newCode);
    }
    await pickup.getByRole('status').getByText(new RegExp(`${student.firstName} released to ${adult} at`)).waitFor();
    await context.close();
    await family.context.close();
  });

  it('a record the server cannot put on the class’s record reaches the office and stays on the phone, the child named, until the instructor has seen it', async () => {
    const { page, context } = await coachOnAPhone();
    await page.goto('/staff/classes');
    await page.getByRole('button', { name: /^(Take this class offline|Refresh the offline copy) \(Fire & Shelter Skills\)$/ }).click();
    await page.getByRole('region', { name: 'All my classes' }).getByText(/^Ready without signal until /).first().waitFor();
    await withoutSignal(context);
    await page.getByRole('link', { name: 'Fire & Shelter Skills' }).first().click();
    await page.getByText(/No signal: this is the copy on this phone from /).waitFor();
    const child = (await page.getByRole('article').nth(3).getByRole('heading', { level: 2 }).textContent())!;
    const incidents = page.getByRole('region', { name: 'Incidents' });
    await incidents.getByRole('button', { name: 'Report an incident' }).click();
    const report = incidents.getByRole('form', { name: 'Incident report' });
    await report.getByLabel('Child').selectOption({ label: child });
    await report.getByLabel('Where').fill('Cedar grove');
    await report.getByLabel('What happened').fill('Bee sting on the wrist.');
    await report.getByLabel('First aid given').fill('Sting scraped out; ice.');
    await report.getByLabel('Who was told, and when').fill('Parent at pickup.');
    await report.getByRole('button', { name: 'Save the report' }).click();
    await page.getByRole('region', { name: 'Attendance' }).getByText('1 waiting to be sent').waitFor();
    // Meanwhile the office takes the coach off the class (given back however the test ends: the next tests teach it).
    const { instructorUids } = (await adminDb().doc('classes/fire-and-shelter').get()).data()!;
    onTestFinished(async () => void (await adminDb().doc('classes/fire-and-shelter').update({ instructorUids })));
    await adminDb().doc('classes/fire-and-shelter').update({ instructorUids: [] });
    await withSignal(context);
    await page.reload();
    await page.locator('#main').getByText('This class is not one of yours: ask the office to assign you to it.').waitFor();
    // What waited goes to the office, and the phone says so, naming the child and the record.
    const notices = page.getByRole('alert').filter({ hasText: 'Handed to the office, not on the class’s record' });
    await notices.getByText(child, { exact: true }).waitFor();
    await notices.getByText(/Incident on \w{3} \d{1,2}: Bee sting on the wrist\./).waitFor();
    await notices.getByText(/You no longer teach this class\. It was handed to the office to review\./).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const held = (await adminDb().collection('fieldHeld').where('kind', '==', 'incident').get()).docs.map((d) => d.data());
    expect(held.map((h) => [h.studentName, h.incident.what])).toEqual([[child, 'Bee sting on the wrist.']]);
    // A reload keeps the notice until the instructor says they saw it.
    await page.reload();
    await notices.getByText(child, { exact: true }).waitFor();
    await notices.getByRole('button', { name: new RegExp(`^I have seen it \\(${child}`) }).click();
    await notices.waitFor({ state: 'detached' });
    await page.reload();
    await page.locator('#main').getByText('This class is not one of yours: ask the office to assign you to it.').waitFor();
    expect(await page.getByText('Handed to the office, not on the class’s record').count()).toBe(0);
    await context.close();
    // The office has it on the day's view and in its email.
    const office = await signedIn(browser(), DEMO.admin.email, DEMO.admin.password);
    await office.page.goto(`/admin/field?day=${held[0].meeting}`);
    await office.page.getByRole('region', { name: 'Held for you to review' }).getByText(`${child}`, { exact: false }).first().waitFor();
    await office.page.getByRole('region', { name: 'Held for you to review' }).getByText(/Bee sting on the wrist/).waitFor();
    expect(await axeViolations(office.page)).toEqual([]);
    await office.context.close();
    const mail = (await adminDb().collection('mail').where('kind', '==', 'field-office').get()).docs.map((d) => d.get('message.text') as string);
    expect(mail.some((t) => t.includes(`${child} on `) && t.includes('Bee sting on the wrist.'))).toBe(true);
  });

  it('a second instructor signed in on the same browser, without signal, sees nothing of the first one’s classes, and never sends their records', async () => {
    const { page, context } = await coachOnAPhone();
    await page.goto('/staff/classes');
    await page.getByRole('button', { name: /^(Take this class offline|Refresh the offline copy) \(Fire & Shelter Skills\)$/ }).click();
    await page.getByRole('region', { name: 'All my classes' }).getByText(/^Ready without signal until /).first().waitFor();
    const firstStore = await fieldStoreName(page);
    // Without signal (the phone shows its bars, nothing gets through), the first coach records a mark
    // that waits on the phone.
    await withoutSignal(context, { unnoticed: true });
    await page.getByRole('link', { name: 'Fire & Shelter Skills' }).first().click();
    const attendance = page.getByRole('region', { name: 'Attendance' });
    const name = (await page.getByRole('article').first().getByRole('heading', { level: 2 }).textContent())!;
    await attendance.getByRole('group', { name: `Attendance of ${name}` }).getByRole('button', { name: 'Late' }).click();
    await attendance.getByText('1 waiting to be sent').waitFor();
    // The phone has tried to send it and says it could not: no request of it is still on its way.
    await attendance.getByRole('alert').filter({ hasText: /^Not sent yet: .* It is kept on this phone and goes when the signal returns\./ }).waitFor();
    const waiting = await waitingOnThePhone(page);
    expect(waiting).toHaveLength(1);
    // The first coach's account is disabled and nobody signs out: their session just ends (the app is
    // closed while it has no signal, and the browser forgets the session). A second instructor signs in here.
    await page.close();
    const blank = await context.newPage();
    await withSignal(context);
    await blank.goto('/robots.txt');
    await blank.evaluate(() => new Promise((ok, ko) => Object.assign(indexedDB.deleteDatabase('firebaseLocalStorageDb'), { onsuccess: ok, onerror: ko })));
    const second = await createUser('coach.two@example.com', 'coach-two-pass-1');
    await adminDb().doc(`roles/${second.uid}`).set({ roles: ['instructor'] });
    await adminDb().doc('classes/wild-art').update({ instructorUids: [second.uid] });
    const page2 = blank;
    await signInAs(page2, 'coach.two@example.com', 'coach-two-pass-1');
    await page2.goto('/staff/classes');
    await page2.getByRole('region', { name: 'All my classes' }).getByRole('link', { name: 'Wild Art' }).waitFor();
    // The first coach's copies are wiped from the phone; their waiting mark stays theirs, sealed, unsent.
    await expect.poll(async () => (await storedOnThePhone(page2, ['copies'], firstStore)).length).toBe(0);
    expect((await storedOnThePhone(page2, ['waiting'], firstStore)).map((r) => (r as unknown as { id: string }).id)).toEqual(waiting.map((w) => w.id));
    // Without signal, nothing of the first coach's class opens.
    await withoutSignal(context);
    await page2.reload();
    await page2.getByText('No class is kept on this phone. With a signal, open My Classes and take a class offline before you go.').waitFor();
    expect(await page2.getByText('Fire & Shelter Skills').count()).toBe(0);
    await page2.goto('/staff/classes/fire-and-shelter').catch(() => undefined);
    await page2.getByText(/No signal, and this class is not kept on this phone/).waitFor();
    expect(await page2.getByRole('article').count()).toBe(0);
    expect(await page2.getByText(name).count()).toBe(0);
    expect(await axeViolations(page2)).toEqual([]);
    await withSignal(context);
    const sentAnyway = (await adminDb().collection('fieldEntries').where('id', '==', waiting[0].id).get()).docs.map((d) => d.data());
    expect(sentAnyway.map((e) => [e.by.email, e.receivedAt, new Date().toISOString()])).toEqual([]);
    await context.close();
  });
});
