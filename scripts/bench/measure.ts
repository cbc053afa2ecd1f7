// The measurements of `npm run bench` (run by scripts/bench.mjs with the emulators up and seeded):
// landing JS in the browser, Lighthouse, callable latencies and reads, an enrollment race, opening day.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import type { ClassRecord, PriceQuote, SemesterCatalogue } from '../../contract/domain';
import { callFunction, signIn } from '../../test/support/emulators';
import { AVA, familyWithStudent, signedReleases } from '../../test/support/samples';
import { adminDb } from '../demo/adminApp';
import { DEMO_ADMIN } from '../demo/demoData';
import { todayInSchool } from '../demo/seedDemo';
import { seedVolume, VOLUME_SEMESTER } from '../demo/volume';
import { STANDIN } from '../stripe/config';
import { openingDay, openingDayBudgets } from './burst';
import { drawAtScale, drawBudgets } from './draw';
import { fieldKitBudgets, fieldKitDownload } from './fieldKit';
import { measurePages, pageBudgets, printBudgets } from './pages';
import { median, percentile } from './stats';

/** Where scripts/emulators/run.mjs writes the emulators' output (the functions' read logs). */
const LOG_FILE = '.cache/emulators.log';
// familyWithStudent's children have Ava's guardian, who signs.
const RELEASES = signedReleases('Sam Rivera');

async function timed(n: number, call: (i: number) => Promise<unknown>): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await call(i);
    ms.push(performance.now() - start);
  }
  return ms;
}

/** 50 warm calls of availableEnrollmentClasses: latency, and the reads each logged (median). */
async function catalogueCalls() {
  for (let i = 0; i < 3; i++) await callFunction('availableEnrollmentClasses');
  const logBefore = readFileSync(LOG_FILE, 'utf8').length;
  let classesReturned = 0;
  const ms = await timed(50, async () => {
    const r = await callFunction<Record<string, SemesterCatalogue>>('availableEnrollmentClasses');
    classesReturned = Object.values(r.result!).reduce((s, c) => s + c.classes.length, 0);
  });
  // The functions emulator writes its log lines a little later: wait for all 50.
  let reads: number[] = [];
  for (let i = 0; i < 30 && reads.length < ms.length; i++) {
    await new Promise((r) => setTimeout(r, 500));
    reads = [...readFileSync(LOG_FILE, 'utf8').slice(logBefore).matchAll(/"callable":"availableEnrollmentClasses","firestoreReads":(\d+)/g)].map((m) => Number(m[1]));
  }
  return { calls: ms.length, p50Ms: Math.round(median(ms)), p95Ms: Math.round(percentile(ms, 95)), firestoreReads: reads.length ? median(reads) : null, classesReturned };
}

/**
 * The class list's call as loaded (never changed by the office: every call reads what it shows), then
 * after an office change stamps the catalogue (each instance keeps it: a call reads the stamp).
 */
async function catalogue() {
  const unstamped = await catalogueCalls();
  const admin = await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const classIds = (await adminDb().collection('classes').where('semesterId', '==', VOLUME_SEMESTER).limit(2).get()).docs.map((d) => d.id);
  const saved = await callFunction<{ group: { id: string } }>('adminSaveGroup', { semesterId: VOLUME_SEMESTER, name: 'Bench bundle', price: 100, classIds }, admin.idToken);
  await callFunction('adminDeleteGroup', { id: saved.result!.group.id }, admin.idToken);
  return { ...unstamped, afterOfficeChange: await catalogueCalls() };
}

const lines = (classId: string) => [{ classId, addOnIds: [] }];
const totalOf = async (classId: string) => (await callFunction<PriceQuote>('priceBasket', { lines: lines(classId), codes: [] })).result!.total;

async function enrollLatency() {
  // One child per class: a child cannot take two classes at the same time.
  const classIds = Array.from({ length: 30 }, (_, i) => `volume-class-${i}`);
  const families = await Promise.all(classIds.map((_, i) => familyWithStudent(`bench-latency${i}@example.com`, 'Bench', `Latency${i}`)));
  const totals = await Promise.all(classIds.map(totalOf));
  const ms = await timed(classIds.length, async (i) => {
    const r = await callFunction('enroll', { studentId: families[i].studentId, lines: lines(classIds[i]), codes: [], expectedTotal: totals[i], infoConfirmed: false, releases: RELEASES, idempotencyKey: `bench-latency-${i}` }, families[i].user.idToken);
    if (r.status !== 200) throw new Error(`enroll failed: ${JSON.stringify(r.error)}`);
  });
  return { calls: ms.length, p50Ms: Math.round(median(ms)), p95Ms: Math.round(percentile(ms, 95)) };
}

/**
 * Paying by card: Pay → Stripe's page URL (`enroll` with payWith card: the hold, then the Checkout
 * Session on the stand-in), and the webhook (the stand-in's Pay → the signed event applied by the
 * one function through Hosting's /api/stripe/webhook → its answer).
 */
async function cardCheckout(n = 20) {
  const classIds = Array.from({ length: n }, (_, i) => `volume-class-${30 + i}`);
  const families = await Promise.all(classIds.map((_, i) => familyWithStudent(`bench-card${i}@example.com`, 'Bench', `Card${i}`)));
  const totals = await Promise.all(classIds.map(totalOf));
  const sessions: string[] = [];
  const checkout = await timed(n, async (i) => {
    const r = await callFunction<{ checkoutUrl?: string }>('enroll', { studentId: families[i].studentId, lines: lines(classIds[i]), codes: [], expectedTotal: totals[i], infoConfirmed: false, releases: RELEASES, idempotencyKey: `bench-card-${i}`, payWith: 'card' }, families[i].user.idToken);
    if (r.status !== 200 || !r.result?.checkoutUrl) throw new Error(`card checkout failed: ${JSON.stringify(r.error)}`);
    sessions.push(r.result.checkoutUrl.split('/pay/')[1]);
  });
  const webhook = await timed(n, async (i) => {
    const r = (await (await fetch(`${STANDIN.api}/__standin/sessions/${sessions[i]}/pay`, { method: 'POST', body: '{}' })).json()) as { webhookStatus: number };
    if (r.webhookStatus !== 200) throw new Error(`webhook answered ${r.webhookStatus}`);
  });
  const stat = (ms: number[]) => ({ calls: ms.length, p50Ms: Math.round(median(ms)), p95Ms: Math.round(percentile(ms, 95)) });
  return { checkout: stat(checkout), webhook: stat(webhook) };
}

/** A family of three children (the first made with the account), shopping for two classes each. */
async function threeChildFamily(email: string, classIds: string[]) {
  const first = await familyWithStudent(email, 'Bench', 'One');
  const kids = [first.studentId];
  for (const name of ['Two', 'Three']) {
    const profile = { ...AVA, firstName: 'Bench', lastName: name, guardians: [{ ...AVA.guardians[0], email }] };
    const saved = await callFunction<{ student: { id: string } }>('saveStudent', { profile, reviewed: true }, first.user.idToken);
    kids.push(saved.result!.student.id);
  }
  // Two classes a child: consecutive volume classes meet on different weekdays, so they never clash.
  const cart = { children: kids.map((studentId, k) => ({ studentId, lines: classIds.slice(2 * k, 2 * k + 2).flatMap(lines) })), codes: [] };
  return { user: first.user, cart };
}

/**
 * The review step of a family checkout: three children, six classes (two each, the sibling
 * rule on the 2nd and 3rd child), priced warm by priceCart; then the checkout itself, enrollFamily,
 * once to warm it and then for ten more such families, one after another.
 */
async function familyReview(n = 30, checkouts = 10) {
  const families = await Promise.all(
    Array.from({ length: checkouts + 1 }, (_, f) => threeChildFamily(`bench-family${f}@example.com`, Array.from({ length: 6 }, (_, i) => `volume-class-${60 + 6 * f + i}`))),
  );
  const { user, cart } = families[0];
  for (let i = 0; i < 3; i++) await callFunction('priceCart', cart, user.idToken);
  const ms = await timed(n, async () => {
    const r = await callFunction<{ total: number }>('priceCart', cart, user.idToken);
    if (r.status !== 200) throw new Error(`priceCart failed: ${JSON.stringify(r.error)}`);
  });
  const checkout = async (f: number) => {
    const family = families[f];
    const total = (await callFunction<{ total: number }>('priceCart', family.cart, family.user.idToken)).result!.total;
    const start = performance.now();
    const children = family.cart.children.map((c) => ({ ...c, infoConfirmed: false, releases: RELEASES }));
    const enrolled = await callFunction('enrollFamily', { children, codes: [], expectedTotal: total, idempotencyKey: `bench-family-${f}` }, family.user.idToken);
    if (enrolled.status !== 200) throw new Error(`enrollFamily failed: ${JSON.stringify(enrolled.error)}`);
    return performance.now() - start;
  };
  const firstCallMs = Math.round(await checkout(0));
  const enrollMs: number[] = [];
  for (let f = 1; f <= checkouts; f++) enrollMs.push(await checkout(f));
  return {
    calls: ms.length,
    p50Ms: Math.round(median(ms)),
    p95Ms: Math.round(percentile(ms, 95)),
    enrollFamily: { firstCallMs, calls: enrollMs.length, p50Ms: Math.round(median(enrollMs)), p95Ms: Math.round(percentile(enrollMs, 95)) },
  };
}

async function enrollRace(attempts = 25, seats = 5) {
  const db = adminDb();
  const template = (await db.doc('classes/volume-class-199').get()).data() as ClassRecord;
  await db.doc('classes/bench-race').set({ ...template, id: 'bench-race', title: 'Bench Race', capacity: seats, enrolledCount: 0 });
  const families = await Promise.all(Array.from({ length: attempts }, (_, i) => familyWithStudent(`bench-racer${i}@example.com`, 'Bench', `Racer${i}`)));
  const total = await totalOf('bench-race');
  const results = await Promise.all(
    families.map((f, i) => callFunction('enroll', { studentId: f.studentId, lines: lines('bench-race'), codes: [], expectedTotal: total, infoConfirmed: false, releases: RELEASES, idempotencyKey: `bench-race-${i}` }, f.user.idToken)),
  );
  const enrolled = (await db.doc('classes/bench-race').get()).get('enrolledCount') as number;
  const roster = (await db.collection('classes/bench-race/roster').count().get()).data().count;
  return { attempts, seats, enrolled: results.filter((r) => r.status === 200).length, rosterSize: roster, enrolledCount: enrolled, oversold: Math.max(0, enrolled - seats, roster - seats) };
}

await seedVolume({ classes: 200, students: 2000, today: todayInSchool() });
const liveVolume = (await adminDb().collection('classes').where('semesterId', '==', VOLUME_SEMESTER).where('status', '==', 'live').count().get()).data().count;
const students = (await adminDb().collection('students').count().get()).data().count;
console.log(`Measuring with ${liveVolume} generated live classes and ${students} students…`);
const results = {
  measuredAt: new Date().toISOString(),
  machine: `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, emulators`,
  data: { generatedLiveClasses: liveVolume, students },
  ...(await measurePages()),
  callables: { availableEnrollmentClasses: await catalogue(), enroll: await enrollLatency(), familyReview: await familyReview() },
  cardPayments: await cardCheckout(),
  enrollRace: await enrollRace(),
  openingDay: await openingDay(),
  fieldKit: await fieldKitDownload(),
  draw: await drawAtScale(),
};
mkdirSync('bench', { recursive: true });
writeFileSync('bench/results.json', JSON.stringify(results, null, 2) + '\n');

const budgets: [string, string | number, string, boolean][] = pageBudgets(results);
const cat = results.callables.availableEnrollmentClasses;
budgets.push([`availableEnrollmentClasses (${cat.classesReturned} classes)`, `p50 ${cat.p50Ms} ms · p95 ${cat.p95Ms} ms · ${cat.firestoreReads} reads`, 'p95 ≤ 300 ms', cat.p95Ms <= 300]);
const kept = cat.afterOfficeChange;
budgets.push(['availableEnrollmentClasses after an office change (kept by the instance)', `p50 ${kept.p50Ms} ms · p95 ${kept.p95Ms} ms · ${kept.firestoreReads} reads`, '≤ 3 reads', (kept.firestoreReads ?? 99) <= 3]);
budgets.push(['enroll', `p50 ${results.callables.enroll.p50Ms} ms · p95 ${results.callables.enroll.p95Ms} ms`, '', true]);
const family = results.callables.familyReview;
budgets.push(['Family review: priceCart, 3 children × 2 classes (warm)', `p50 ${family.p50Ms} ms · p95 ${family.p95Ms} ms`, 'p95 < 300 ms', family.p95Ms < 300]);
budgets.push(['enrollFamily, such a checkout (3 children, 6 seats), warm', `p50 ${family.enrollFamily.p50Ms} ms · p95 ${family.enrollFamily.p95Ms} ms (first call ${family.enrollFamily.firstCallMs} ms)`, '', true]);
const card = results.cardPayments;
budgets.push(['Pay by card → Stripe page (enroll + Checkout Session)', `p50 ${card.checkout.p50Ms} ms · p95 ${card.checkout.p95Ms} ms`, '', true]);
budgets.push(['Stripe webhook (signed event → applied)', `p50 ${card.webhook.p50Ms} ms · p95 ${card.webhook.p95Ms} ms`, '', true]);
const race = results.enrollRace;
budgets.push(['enrollRace', `${race.attempts} attempts · ${race.seats} seats · ${race.enrolled} enrolled · oversold ${race.oversold}`, 'oversold 0', race.oversold === 0]);
budgets.push(...openingDayBudgets(results.openingDay));
budgets.push(...fieldKitBudgets(results.fieldKit));
budgets.push(...drawBudgets(results.draw));
printBudgets(budgets);
console.log(`\n${results.machine}; written to bench/results.json`);
process.exit(budgets.every((b) => b[3]) ? 0 : 1);
