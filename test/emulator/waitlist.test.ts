// A waitlist that fills freed seats by itself, in order — with real ID tokens against the
// functions, and the offer job called directly (it runs every 15 minutes in production).
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClassRecord, Enrollment, FamilyWaitlistEntry, WaitlistEntry } from '../../contract/domain';
import { DEFAULT_RELEASES } from '../../functions/src/domain/releases';
import { adminDb } from '../../scripts/demo/adminApp';
import { STANDIN } from '../../scripts/stripe/config';
import { type CallResult, type TestUser } from '../support/emulators';
import { callAs, seededEmulators, signInDemo } from '../support/fixtures';
import { addClassesLikeWildArt, AVA, classFormOf, enrollAtQuotedPrice, familyWithStudent, lettered, newRateWindow, signedReleases } from '../support/samples';

type Family = { user: TestUser; studentId: string };
const db = () => adminDb();
const lines = (ids: string[]) => ids.map((classId) => ({ classId, addOnIds: [] }));
let keys = 0;
const key = () => `waitlist-${Date.now()}-${keys++}`;
const seats = async (id: string) => (await db().doc(`classes/${id}`).get()).data() as { enrolledCount: number; capacity: number; waiting?: number };
const entry = async (id: string) => (await db().doc(`waitlist/${id}`).get()).data() as WaitlistEntry;
const mailsFor = async (entryId: string) => (await db().collection('mail').where('waitlistEntryId', '==', entryId).get()).docs.map((d) => d.data() as { kind: string; to: string[]; message: { subject: string; text: string; html: string } });

async function join(family: Family, classIds: string[]): Promise<CallResult<{ entry: FamilyWaitlistEntry; replayed: boolean }>> {
  const quote = await callAs(family.user, 'priceBasket', { lines: lines(classIds), codes: [], studentId: family.studentId });
  return callAs(family.user, 'joinWaitlist', {
    studentId: family.studentId, lines: lines(classIds), codes: [], expectedTotal: quote.result!.total, infoConfirmed: false,
    releases: signedReleases(AVA.guardians[0].name), idempotencyKey: key(),
  });
}
const enrollIn = (family: Family, classIds: string[]) =>
  enrollAtQuotedPrice(family.user.idToken, { studentId: family.studentId, lines: lines(classIds), idempotencyKey: key(), typedName: AVA.guardians[0].name });
const claim = (family: Family, entryId: string, expectedTotal: number, payWith?: 'card') =>
  callAs(family.user, 'claimOffer', { entryId, expectedTotal, idempotencyKey: key(), ...(payWith ? { payWith } : {}) });
const job = async (now = new Date()) => (await import('../../functions/src/usecases/waitlist')).runWaitlistJob(now);

describe('the waitlist', () => {
  let admin: TestUser;
  let families: Family[];
  const cancel = (enrollment: Enrollment, classIds: string[]) =>
    callAs(admin, 'adminCancelEnrollment', { enrollmentId: enrollment.id, classIds, refund: 0, note: 'Waitlist test' });
  beforeAll(async () => {
    process.env.FUNCTIONS_EMULATOR = 'true';
    process.env.STRIPE_SECRET_KEY = STANDIN.secretKey;
    await seededEmulators();
    admin = await signInDemo('admin');
    await addClassesLikeWildArt(lettered('wl', 'Wait', { a: 2, b: 1, c: 1, e: 1, f: 2 }));
    await db().doc('groups/wl-bundle').set({ id: 'wl-bundle', semesterId: 'open-term', name: 'Wait B + C Bundle', price: 40000, classIds: ['wl-b', 'wl-c'] });
    families = await Promise.all(Array.from({ length: 18 }, (_, i) => familyWithStudent(`wait${i}@example.com`, `Wait${i}`, 'Family')));
  }, 180_000);

  let holders: Enrollment[];
  let listed: FamilyWaitlistEntry[];

  it('a join that names no class, or a class no longer offered, is refused in words', async () => {
    const asking = (classIds: string[]) =>
      callAs(families[0].user, 'joinWaitlist', { studentId: families[0].studentId, lines: lines(classIds), codes: [], expectedTotal: 0, infoConfirmed: false, releases: signedReleases(AVA.guardians[0].name), idempotencyKey: key() });
    const [none, gone] = await Promise.all([asking([]), asking(['no-such-class'])]);
    expect([none.status, none.error?.message]).toEqual([400, 'Please choose at least one class.']);
    expect([gone.status, gone.error?.message]).toEqual([400, 'A selected class is no longer offered. Please review your classes.']);
  });

  it('a family joins a full class with its complete request and the price of the day; its place shows; no seat is public while anyone waits', async () => {
    holders = [];
    for (const f of families.slice(0, 2)) holders.push((await enrollIn(f, ['wl-a'])).result!.enrollment);
    // A class with seats: enroll instead.
    const early = await join(families[2], ['wl-e']);
    expect(early.status).toBe(400);
    expect(early.error?.message).toBe('Wait E has seats: enroll instead of joining the waitlist.');
    listed = [];
    for (const f of families.slice(2, 5)) {
      const r = await join(f, ['wl-a']);
      expect(r.status, JSON.stringify(r.error)).toBe(200);
      listed.push(r.result!.entry);
    }
    expect(listed.map((e) => e.place)).toEqual([1, 2, 3]);
    expect(listed[0]).toMatchObject({ status: 'waiting', title: 'Wait A', quote: { total: 26000 } });
    expect(listed[0]).not.toHaveProperty('history');
    expect(listed[0]).not.toHaveProperty('ownerUid');
    expect((await seats('wl-a')).waiting).toBe(3);
    const joined = await mailsFor(listed[1].id);
    expect(joined.map((m) => m.kind)).toEqual(['joined']);
    expect(joined[0].to).toEqual(['wait3@example.com']);
    expect(joined[0].message.subject).toBe('On the waitlist — Wildwood Outdoor School');
    expect(joined[0].message.text).toContain('Wait3 Family is on the waitlist for Wait A, 2nd in line.');
    expect(joined[0].message.text).toContain('/account/enrollments');
    // The same student cannot wait twice for a class, nor be enrolled and waiting.
    expect((await join(families[2], ['wl-a'])).error?.message).toBe('Wait2 is already on the waitlist for Wait A.');
    expect((await join(families[0], ['wl-a'])).error?.message).toBe('Wait0 is already enrolled in Wait A.');
    // The family sees its place on My Enrollments' list.
    const mine = await callAs(families[3].user, 'myWaitlist');
    expect(mine.result!.entries.map((e) => [e.title, e.place, e.status])).toEqual([['Wait A', 2, 'waiting']]);
    // The public sees the class as full, and how many wait.
    const term = (await callAs(null, 'availableEnrollmentClasses')).result!['open-term'];
    expect(term.classes.find((c) => c.id === 'wl-a')).toMatchObject({ seatsLeft: 0, waiting: 3 });
  });

  it('a seat freed by a cancellation goes to the first waiting family while 10 other families race to enroll publicly; oversold 0', async () => {
    const racers = families.slice(8, 18);
    await newRateWindow();
    const [cancelled, ...tries] = await Promise.all([cancel(holders[0], ['wl-a']), ...racers.map((f) => enrollIn(f, ['wl-a']))]);
    expect(cancelled.status, JSON.stringify(cancelled.error)).toBe(200);
    for (const t of tries) expect(t.error?.message).toBe('Wait A is full.');
    const first = await entry(listed[0].id);
    expect(first.status).toBe('offered');
    expect((await entry(listed[1].id)).status).toBe('waiting');
    const offer = (await mailsFor(listed[0].id)).find((m) => m.kind === 'offer')!;
    expect(offer.message.subject).toBe('A seat is yours to claim — Wildwood Outdoor School');
    expect(offer.message.text).toContain('A seat in Wait A is held for Wait2 Family until');
    const a = await seats('wl-a');
    expect(a.enrolledCount).toBe(1);
    expect(a.enrolledCount).toBeLessThanOrEqual(a.capacity);
    // The job run twice makes no second offer.
    await job();
    await job();
    expect((await Promise.all(listed.map((e) => entry(e.id)))).map((e) => e.status)).toEqual(['offered', 'waiting', 'waiting']);
  });

  it('claims at the lower of the price when it joined and the price now; enrolled, and off the list', async () => {
    // The price went up since the family joined: it pays what it was quoted.
    await db().doc('classes/wl-a').update({ price: 30000 });
    const wrong = await claim(families[2], listed[0].id, 30000);
    expect(wrong.status).toBe(409);
    const claimed = await claim(families[2], listed[0].id, 26000);
    expect(claimed.status, JSON.stringify(claimed.error)).toBe(200);
    expect(claimed.result!.enrollment).toMatchObject({ status: 'confirmed', total: 26000, classIds: ['wl-a'], waitlistEntryId: listed[0].id });
    expect((await entry(listed[0].id)).status).toBe('enrolled');
    expect(await seats('wl-a')).toMatchObject({ enrolledCount: 2, waiting: 2 });
    // Another family cannot claim it; the same claim again is refused in words.
    expect((await claim(families[3], listed[0].id, 26000)).status).toBe(404);
    expect((await claim(families[2], listed[0].id, 26000)).error?.message).toBe('Wait2 Family is already enrolled in Wait A: see My Enrollments.');
  });

  it('a lapsed offer passes to the next family; a claim after the deadline is refused; a decline passes the seat at once', async () => {
    expect((await cancel(holders[1], ['wl-a'])).status).toBe(200);
    const second = await entry(listed[1].id);
    expect(second.status).toBe('offered');
    // The reminder goes once, 2 hours before the end.
    const soon = new Date(Date.parse(second.offer!.expiresAt) - 90 * 60_000);
    expect((await job(soon)).reminded).toBe(1);
    expect((await job(soon)).reminded).toBe(0);
    expect((await mailsFor(second.id)).filter((m) => m.kind === 'reminder')).toHaveLength(1);
    // Past its end: the claim is refused, and the job passes the seat on.
    const late = new Date(Date.parse(second.offer!.expiresAt) + 60_000);
    await db().doc(`waitlist/${second.id}`).update({ 'offer.expiresAt': new Date(Date.now() - 1000).toISOString() });
    const refused = await claim(families[3], second.id, 26000);
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toMatch(/^This offer for Wait A ended .* and is no longer open: the seat went to the next family on the waitlist\. You may join the waitlist again\.$/);
    expect((await job(late)).lapsed).toBe(1);
    expect((await entry(second.id)).status).toBe('lapsed');
    expect((await mailsFor(second.id)).map((m) => m.kind)).toContain('lapsed');
    const third = await entry(listed[2].id);
    expect(third.status).toBe('offered');
    // The third declines: nobody else waits, so the seat is public again.
    const declined = await callAs(families[4].user, 'declineOffer', { entryId: third.id });
    expect(declined.result!.entry.status).toBe('declined');
    expect(await seats('wl-a')).toMatchObject({ enrolledCount: 1, waiting: 0 });
    const term = (await callAs(null, 'availableEnrollmentClasses')).result!['open-term'];
    expect(term.classes.find((c) => c.id === 'wl-a')!.seatsLeft).toBe(1);
  });

  it('a capacity raise of 3 makes 3 offers at once, in order; the job then makes no more', async () => {
    expect((await enrollIn(families[5], ['wl-e'])).status).toBe(200);
    const waiting: FamilyWaitlistEntry[] = [];
    for (const f of families.slice(6, 10)) waiting.push((await join(f, ['wl-e'])).result!.entry);
    // The office raises the capacity on the class form (the class as stored, in the form's fields).
    const input = classFormOf((await db().doc('classes/wl-e').get()).data() as ClassRecord);
    const raised = await callAs(admin, 'adminSaveClass', { ...input, capacity: 4 });
    expect(raised.status, JSON.stringify(raised.error)).toBe(200);
    const statuses = async () => (await Promise.all(waiting.map((e) => entry(e.id)))).map((e) => e.status);
    expect(await statuses()).toEqual(['offered', 'offered', 'offered', 'waiting']);
    await job();
    expect(await statuses()).toEqual(['offered', 'offered', 'offered', 'waiting']);
    expect((await seats('wl-e')).waiting).toBe(4);
  });

  it('a bundle waits as a unit: offered when every class has a seat, claimed into both classes', async () => {
    const [holder, waiter] = [families[10], families[11]];
    const held = (await enrollIn(holder, ['wl-b'])).result!.enrollment;
    const joined = await join(waiter, ['wl-b', 'wl-c']);
    expect(joined.status, JSON.stringify(joined.error)).toBe(200);
    expect(joined.result!.entry).toMatchObject({ title: 'Wait B + C Bundle', classIds: ['wl-b', 'wl-c'], quote: { total: 40000 } });
    // Wait C had a seat, but nobody may take it from the bundle's family now.
    expect((await enrollIn(families[12], ['wl-c'])).error?.message).toBe('Wait C is full.');
    expect((await cancel(held, ['wl-b'])).status).toBe(200);
    expect((await entry(joined.result!.entry.id)).status).toBe('offered');
    const claimed = await claim(waiter, joined.result!.entry.id, 40000);
    expect(claimed.status, JSON.stringify(claimed.error)).toBe(200);
    expect(claimed.result!.enrollment.classIds.sort()).toEqual(['wl-b', 'wl-c']);
    expect(await seats('wl-b')).toMatchObject({ enrolledCount: 1, waiting: 0 });
    expect(await seats('wl-c')).toMatchObject({ enrolledCount: 1, waiting: 0 });
  });

  it('the office sees the list in order, moves someone with a reason, removes someone (emailed), and cannot offer without a free seat', async () => {
    const list = await callAs(admin, 'adminWaitlist', { classId: 'wl-e' });
    expect([list.result!.title, list.result!.seatsToOffer]).toEqual(['Wait E', 0]);
    const none = await callAs(admin, 'adminWaitlist', { classId: 'no-such-class' });
    expect([none.status, none.error?.message]).toEqual([404, 'This class does not exist.']);
    expect(list.result!.entries.map((e) => [e.studentName, e.status, e.place])).toEqual([
      ['Wait6 Family', 'offered', null],
      ['Wait7 Family', 'offered', null],
      ['Wait8 Family', 'offered', null],
      ['Wait9 Family', 'waiting', 1],
    ]);
    const last = list.result!.entries[3];
    const handOffer = await callAs(admin, 'adminWaitlistOffer', { entryId: last.id });
    expect(handOffer.error?.message).toBe('No seat is free in Wait E: raise its capacity, or wait for a seat to free up.');
    // Two more join; the office moves the last before the first waiting, with a reason.
    const more = [];
    for (const f of families.slice(12, 14)) more.push((await join(f, ['wl-e'])).result!.entry);
    const moved = await callAs(admin, 'adminWaitlistMove', { entryId: more[1].id, beforeEntryId: last.id, reason: 'Sibling already in the class' });
    expect(moved.status, JSON.stringify(moved.error)).toBe(200);
    expect(moved.result!.entry.place).toBe(1);
    expect(moved.result!.entry.history.at(-1)).toMatchObject({ action: 'moved', by: 'admin@example.com', reason: 'Sibling already in the class' });
    const removed = await callAs(admin, 'adminWaitlistRemove', { entryId: more[0].id, reason: 'Moved away' });
    expect(removed.result!.entry.status).toBe('removed');
    const mail = (await mailsFor(more[0].id)).find((m) => m.kind === 'removed')!;
    expect(mail.message.text).toContain('Reason: Moved away');
    const after = await callAs(admin, 'adminWaitlist', { classId: 'wl-e' });
    expect(after.result!.entries.filter((e) => e.status === 'waiting').map((e) => [e.studentName, e.place])).toEqual([
      ['Wait13 Family', 1],
      ['Wait9 Family', 2],
    ]);
    // Class forms list the waitlist apart from the roster; the dashboard counts those waiting.
    const forms = await callAs(admin, 'adminRosters', { classIds: ['wl-e'] });
    const sheet = forms.result!.rosters[0];
    expect(sheet.entries.map((e) => e.student.firstName)).toEqual(['Wait5']);
    expect(sheet.waitlist.map((w) => [w.studentName, w.status, w.place])).toEqual([
      ['Wait6 Family', 'offered', null],
      ['Wait7 Family', 'offered', null],
      ['Wait8 Family', 'offered', null],
      ['Wait13 Family', 'waiting', 1],
      ['Wait9 Family', 'waiting', 2],
    ]);
    const dashboard = await callAs(admin, 'adminDashboard', { semesterId: 'open-term' });
    expect(dashboard.result!.waiting).toBe(5);
    expect(dashboard.result!.classes.find((c) => c.id === 'wl-e')!.waiting).toBe(5);
    // Families cannot use the office's calls, nor leave another family's entry.
    expect((await callAs(families[6].user, 'adminWaitlist', { classId: 'wl-e' })).status).toBe(403);
    expect((await callAs(families[6].user, 'leaveWaitlist', { entryId: last.id })).status).toBe(404);
    // Leaving: off the list, the count follows.
    expect((await callAs(families[9].user, 'leaveWaitlist', { entryId: last.id })).result!.entry.status).toBe('left');
    expect((await seats('wl-e')).waiting).toBe(4);
  });

  it('a seat freed while every family on the list already holds an offer is anyone’s: joining is refused, enrolling works', async () => {
    const [first, second, waiter, late] = families.slice(14, 18);
    const taken = [];
    for (const f of [first, second]) taken.push((await enrollIn(f, ['wl-f'])).result!.enrollment);
    const joined = await join(waiter, ['wl-f']);
    expect(joined.status, JSON.stringify(joined.error)).toBe(200);
    expect((await cancel(taken[0], ['wl-f'])).status).toBe(200);
    expect((await entry(joined.result!.entry.id)).status).toBe('offered');
    // The next seat freed finds nobody waiting (the only family on the list holds an offer): it is free.
    expect((await cancel(taken[1], ['wl-f'])).status).toBe(200);
    const refused = await join(late, ['wl-f']);
    expect([refused.status, refused.error?.message]).toEqual([400, 'Wait F has seats: enroll instead of joining the waitlist.']);
    const enrolled = await enrollIn(late, ['wl-f']);
    expect(enrolled.status, JSON.stringify(enrolled.error)).toBe(200);
    expect(await seats('wl-f')).toMatchObject({ enrolledCount: 1, waiting: 1 });
  });

  it('a release changed while the family waited: the claim asks for the new signature, then enrolls', async () => {
    const family = families[6];
    const offered = (await db().collection('waitlist').where('ownerUid', '==', family.user.uid).get()).docs[0].data() as WaitlistEntry;
    expect(offered.status).toBe('offered');
    const changed = DEFAULT_RELEASES.map((r) => (r.id === 'liability' ? { ...r, version: `${r.version}-b` } : r));
    await db().doc('config/releases').set({ releases: changed });
    try {
      const refused = await claim(family, offered.id, 26000);
      expect(refused.status).toBe(409);
      expect(refused.error?.message).toBe('The Liability Release has changed. Please read it again and sign.');
      expect((await entry(offered.id)).status).toBe('offered');
      const resigned = await callAs(family.user, 'claimOffer', {
        entryId: offered.id, expectedTotal: 26000, idempotencyKey: key(),
        releases: changed.map((r) => ({ releaseId: r.id, version: r.version, typedName: AVA.guardians[0].name })),
      });
      expect(resigned.status, JSON.stringify(resigned.error)).toBe(200);
      expect(resigned.result!.enrollment.releases.find((r) => r.releaseId === 'liability')!.version).toBe(changed[1].version);
      expect((await entry(offered.id)).status).toBe('enrolled');
    } finally {
      await db().doc('config/releases').delete();
    }
  });
});
