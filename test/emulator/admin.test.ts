import { describe, expect, it } from 'vitest';
import { paymentKey, type AdminClass, type ClassRecord, type ClassGroup, type Discount, type Enrollment, type Semester } from '../../contract/domain';
import { adminDb } from '../../scripts/demo/adminApp';
import { addDays } from '../../scripts/demo/demoData';
import { weekdayOf } from '../../contract/schedule';
import { todayInSchool } from '../../scripts/demo/seedDemo';
import { callAs, useSeededDemo } from '../support/fixtures';
import { classFormOf, classInput, enrollAtQuotedPrice, SAMPLES, semesterInput, signedReleases } from '../support/samples';

const today = todayInSchool();

describe('admin callables, role checked on the server', () => {
  const demo = useSeededDemo();

  it('creates and opens a semester; the open set is derived on the server', async () => {
    const bad = await callAs(demo.admin, 'adminSaveSemester', semesterInput({ endDate: addDays(today, 1) }));
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe('endDate: must not be before the start date');
    const r = await callAs(demo.admin, 'adminSaveSemester', semesterInput());
    const open = await callAs(null, 'openSemesters');
    expect(open.result!.semesters.map((s) => s.id)).toContain(r.result!.semester.id);
    await callAs(demo.admin, 'adminSaveSemester', { ...semesterInput(), id: r.result!.semester.id, version: r.result!.semester.version, status: 'closed' });
    const after = await callAs(null, 'openSemesters');
    expect(after.result!.semesters.map((s) => s.id)).not.toContain(r.result!.semester.id);
  });

  it('saves drafts with blanks, publishes only complete classes, and the public sees published ones', async () => {
    const draft = await callAs(demo.admin, 'adminSaveClass', classInput('open-term', { status: 'draft', title: '', location: '', instructors: [], startDate: '' }));
    expect(draft.status).toBe(200);
    const publish = await callAs(demo.admin, 'adminSaveClass', { ...classInput('open-term', { title: '', location: '', instructors: [], startDate: '' }), id: draft.result!.class.id });
    expect(publish.status).toBe(400);
    expect(publish.error?.message).toBe('To publish this class, fill in: title, location, start date, instructors.');
    const live = await callAs(demo.admin, 'adminSaveClass', { ...classInput('open-term'), id: draft.result!.class.id, version: draft.result!.class.version });
    expect(live.result!.class).toMatchObject({ title: 'Pond Life', status: 'live', enrolledCount: 0 });
    const pub = await callAs(null, 'availableEnrollmentClasses');
    expect(pub.result!['open-term'].classes.map((c) => c.id)).toContain(draft.result!.class.id);
  });

  it('refuses a capacity below the enrolled count and values that do not fit together', async () => {
    const fields = classFormOf((await adminDb().doc('classes/fire-and-shelter').get()).data() as ClassRecord);
    const r = await callAs(demo.admin, 'adminSaveClass', { ...fields, capacity: 9 });
    expect(r.error?.message).toBe('Capacity cannot be below the 10 students already enrolled.');
    const grades = await callAs(demo.admin, 'adminSaveClass', classInput('open-term', { gradeMin: 5, gradeMax: 2 }));
    expect(grades.error?.message).toBe('The lowest grade must not be above the highest grade.');
    const scale = await callAs(demo.admin, 'adminSaveClass', classInput('open-term', { slidingScale: { min: 30000, max: 40000 } }));
    expect(scale.error?.message).toBe('The sliding scale must include the full price.');
    const upside = await callAs(demo.admin, 'adminSaveClass', classInput('open-term', { slidingScale: { min: 30000, max: 20000 } }));
    expect(upside.error?.message).toBe('The lowest sliding-scale price must not be above the highest.');
    expect((await adminDb().doc('classes/fire-and-shelter').get()).get('capacity')).toBe(10);
  });

  it('two people editing: a save that started from an older version is refused and writes nothing', async () => {
    const opened = (await adminDb().doc('classes/star-gazing').get()).data() as AdminClass;
    const fields = classFormOf(opened);
    const first = await callAs(demo.admin, 'adminSaveClass', { ...fields, location: 'North Meadow' });
    expect(first.status, JSON.stringify(first.error)).toBe(200);
    expect(first.result!.class.version).toBe((opened.version ?? 0) + 1);
    const stale = await callAs(demo.admin, 'adminSaveClass', { ...fields, version: opened.version ?? 0, location: 'South Meadow' });
    expect(stale.status).toBe(409);
    expect(stale.error?.message).toBe('Star Gazing Nights was changed by someone else since you opened it. Reload to see their changes, then make yours again.');
    expect((await adminDb().doc('classes/star-gazing').get()).get('location')).toBe('North Meadow');
    // Another admin had the class open as it was seeded (no version yet) and changed another field:
    // refused too, never merged over the first change.
    const { version: _seeded, ...asOpened } = fields;
    const other = await callAs(demo.admin, 'adminSaveClass', { ...asOpened, description: 'Changed on another screen' });
    expect([other.status, other.error?.message]).toEqual([409, 'Star Gazing Nights was changed by someone else since you opened it. Reload to see their changes, then make yours again.']);
    expect((await adminDb().doc('classes/star-gazing').get()).data()).toMatchObject({ location: 'North Meadow', description: opened.description });

    const semester = (await adminDb().doc('semesters/camps').get()).data() as Semester;
    const { id: semesterId, ...semesterFields } = semester;
    const saved = await callAs(demo.admin, 'adminSaveSemester', { ...semesterFields, id: semesterId, version: semester.version ?? 0 });
    expect(saved.status, JSON.stringify(saved.error)).toBe(200);
    const again = await callAs(demo.admin, 'adminSaveSemester', { ...semesterFields, id: semesterId, version: semester.version ?? 0, name: 'Overwritten' });
    expect(again.status).toBe(409);
    expect((await adminDb().doc('semesters/camps').get()).get('name')).toBe(semester.name);

    const code = (await adminDb().doc('discounts/welcome20').get()).data() as Discount;
    const { id: codeId, ...codeFields } = code;
    expect((await callAs(demo.admin, 'adminSaveDiscount', { ...codeFields, id: codeId, version: 0 })).status).toBe(200);
    expect((await callAs(demo.admin, 'adminSaveDiscount', { ...codeFields, id: codeId, version: 0, description: 'x' })).status).toBe(409);

    const bundle = (await adminDb().doc('groups/two-week-wilderness').get()).data() as ClassGroup;
    const { id: bundleId, ...bundleFields } = bundle;
    expect((await callAs(demo.admin, 'adminSaveGroup', { ...bundleFields, id: bundleId, version: 0 })).status).toBe(200);
    const staleBundle = await callAs(demo.admin, 'adminSaveGroup', { ...bundleFields, id: bundleId, version: 0, price: 1 });
    expect(staleBundle.status).toBe(409);
    expect((await adminDb().doc('groups/two-week-wilderness').get()).get('price')).toBe(bundle.price);
  });

  it('pausing a class really stops enrollment', async () => {
    const fields = classFormOf((await adminDb().doc('classes/tide-pools').get()).data() as ClassRecord);
    expect((await callAs(demo.admin, 'adminSaveClass', { ...fields, status: 'paused' })).status).toBe(200);
    const r = await callAs(demo.family, 'enroll', {
        studentId: 'demo-ava', lines: [{ classId: 'tide-pools', addOnIds: [] }], codes: [], expectedTotal: 22000, infoConfirmed: true,
        releases: signedReleases('Sam Rivera'),
        idempotencyKey: 'paused-class-test-1',
      });
    expect(r.error?.message).toBe('Tide Pool Discovery is not open for registration.');
  });

  it('publishing checks the class against its semester: dates inside it, deadline before the end, a weekday that comes', async () => {
    const semester = (await adminDb().doc('semesters/open-term').get()).data() as Semester;
    const early = await callAs(demo.admin, 'adminSaveClass', classInput('open-term', { startDate: addDays(semester.startDate, -7) }));
    expect(early.error?.message).toMatch(/^To publish this class: The class dates must be within .+\.$/);
    const late = await callAs(demo.admin, 'adminSaveClass', classInput('open-term', { registrationDeadline: addDays(semester.endDate, 30), endDate: semester.endDate }));
    expect(late.error?.message).toBe('To publish this class: The registration deadline must not be after the class ends.');
    const never = await callAs(demo.admin, 'adminSaveClass', classInput('open-term', { startDate: semester.startDate, endDate: addDays(semester.startDate, 2), registrationDeadline: semester.startDate, weekdays: [weekdayOf(addDays(semester.startDate, 4))] }));
    expect(never.error?.message).toMatch(/^To publish this class: The class never meets: no \w+ between its start and end dates\.$/);
    // A draft may be anything while it is worked on.
    expect((await callAs(demo.admin, 'adminSaveClass', classInput('open-term', { status: 'draft', startDate: addDays(semester.startDate, -7) }))).status).toBe(200);
  });

  it('copies a class to another semester with its dates moved by whole weeks, and a whole semester with its bundles', async () => {
    const [open, camps] = await Promise.all(['open-term', 'camps'].map(async (id) => (await adminDb().doc(`semesters/${id}`).get()).data() as Semester));
    const source = (await adminDb().doc('classes/bird-language').get()).data() as AdminClass;
    const moved = await callAs(demo.admin, 'adminCopyClass', { classId: 'bird-language', toSemesterId: 'camps' });
    const copy = moved.result!.class;
    const days = Math.round((Date.parse(camps.startDate) - Date.parse(open.startDate)) / 86_400_000 / 7) * 7;
    expect(copy).toMatchObject({
      title: 'Bird Language',
      status: 'draft',
      semesterId: 'camps',
      startDate: addDays(source.startDate, days),
      endDate: addDays(source.endDate, days),
      registrationDeadline: addDays(source.registrationDeadline, days),
      weekdays: source.weekdays,
    });
    expect(weekdayOf(copy.startDate)).toBe(weekdayOf(source.startDate));

    // Archived semesters are read-only: nothing is copied into one.
    const intoArchived = await callAs(demo.admin, 'adminCopySemester', { fromSemesterId: 'open-term', toSemesterId: 'past-term' });
    expect(intoArchived.error?.message).toMatch(/is archived: its classes and bundles cannot change/);
    expect((await callAs(demo.admin, 'adminCopyClass', { classId: 'wild-art', toSemesterId: 'past-term' })).status).toBe(400);
    expect((await callAs(demo.admin, 'adminSaveClass', classInput('past-term', { status: 'draft' }))).error?.message).toMatch(/is archived/);
    expect((await callAs(demo.admin, 'adminDeleteClass', { id: 'past-harvest-trails' })).error?.message).toMatch(/is archived/);
    // … but readable: its classes and its dashboard.
    const pastClasses = await callAs(demo.admin, 'adminClasses', { semesterId: 'past-term' });
    expect(pastClasses.result!.classes.map((c) => c.id)).toContain('past-harvest-trails');
    expect((await callAs(demo.admin, 'adminDashboard', { semesterId: 'past-term' })).result!.enrollments).toBeGreaterThan(0);

    const before = (await adminDb().collection('classes').where('semesterId', '==', 'camps').get()).size;
    const roll = await callAs(demo.admin, 'adminCopySemester', { fromSemesterId: 'open-term', toSemesterId: 'camps' });
    expect(roll.status, JSON.stringify(roll.error)).toBe(200);
    const originals = (await adminDb().collection('classes').where('semesterId', '==', 'open-term').get()).docs.map((d) => d.data() as AdminClass);
    // Bird Language was copied there already (above): it is not copied twice.
    expect(roll.result!.alreadyThere).toEqual({ classes: ['Bird Language'], groups: [] });
    expect(roll.result!.classes).toHaveLength(originals.length - 1);
    expect(roll.result!.groups).toEqual(['Little Naturalists Bundle (Forest Explorers + Creek Critters)']);
    const copies = (await adminDb().collection('classes').where('semesterId', '==', 'camps').get()).docs.map((d) => d.data() as AdminClass);
    expect(copies).toHaveLength(before + originals.length - 1);
    const forest = copies.find((c) => c.title === 'Forest Explorers' && c.status === 'draft')!;
    expect(forest).toMatchObject({ enrolledCount: 0, startDate: addDays(originals.find((c) => c.id === 'forest-explorers')!.startDate, roll.result!.shiftDays) });
    const bundle = (await adminDb().collection('groups').where('semesterId', '==', 'camps').get()).docs
      .map((d) => d.data() as ClassGroup)
      .find((g) => g.name === 'Little Naturalists Bundle (Forest Explorers + Creek Critters)')!;
    expect(bundle.classIds).toContain(forest.id);
    expect(bundle.classIds.every((id) => copies.some((c) => c.id === id))).toBe(true);
    // Pressed again (after the office edited a copy): nothing is copied twice; it says what is there.
    // As the office's forms send them back, from what the class list loaded.
    const listed = (await callAs(demo.admin, 'adminClasses', { semesterId: 'camps' })).result!;
    expect(listed.classes.every((c) => !('copiedFrom' in c)) && listed.groups.every((g) => !('copiedFrom' in g))).toBe(true);
    const edited = await callAs(demo.admin, 'adminSaveClass', { ...classFormOf(listed.classes.find((c) => c.id === forest.id)! as ClassRecord), title: 'Forest Explorers (winter)' });
    expect(edited.status, JSON.stringify(edited.error)).toBe(200);
    const copiedBundle = listed.groups.find((g) => g.name === bundle.name)!;
    const repriced = await callAs(demo.admin, 'adminSaveGroup', { ...copiedBundle, price: copiedBundle.price - 100 });
    expect(repriced.status, JSON.stringify(repriced.error)).toBe(200);
    const again = await callAs(demo.admin, 'adminCopySemester', { fromSemesterId: 'open-term', toSemesterId: 'camps' });
    expect(again.status, JSON.stringify(again.error)).toBe(200);
    expect([again.result!.classes, again.result!.groups]).toEqual([[], []]);
    expect(again.result!.alreadyThere.classes).toHaveLength(originals.length);
    expect(again.result!.alreadyThere.groups).toEqual(['Little Naturalists Bundle (Forest Explorers + Creek Critters)']);
    expect((await adminDb().collection('classes').where('semesterId', '==', 'camps').get()).size).toBe(before + originals.length - 1);
    expect((await adminDb().collection('groups').where('semesterId', '==', 'camps').get()).docs.filter((d) => d.get('name') === bundle.name)).toHaveLength(1);
    const same = await callAs(demo.admin, 'adminCopySemester', { fromSemesterId: 'open-term', toSemesterId: 'open-term' });
    expect([same.status, same.error?.message]).toEqual([400, 'toSemesterId: Choose another semester to copy to.']);
  });

  it('copies a class as a draft without its roster, and deletes only classes nobody is in', async () => {
    const copy = await callAs(demo.admin, 'adminCopyClass', { classId: 'fire-and-shelter', toSemesterId: 'open-term' });
    expect(copy.result!.class).toMatchObject({ title: 'Fire & Shelter Skills (copy)', status: 'draft', enrolledCount: 0, semesterId: 'open-term' });
    expect((await adminDb().collection(`classes/${copy.result!.class.id}/roster`).count().get()).data().count).toBe(0);
    const refused = await callAs(demo.admin, 'adminDeleteClass', { id: 'fire-and-shelter' });
    expect(refused.error?.message).toBe('Fire & Shelter Skills cannot be deleted: 10 students are enrolled.');
    const grouped = await callAs(demo.admin, 'adminDeleteClass', { id: 'creek-critters-never' });
    expect(grouped.status).toBe(404);
    expect((await callAs(demo.admin, 'adminDeleteClass', { id: copy.result!.class.id })).status).toBe(200);
    expect((await adminDb().doc(`classes/${copy.result!.class.id}`).get()).exists).toBe(false);
  });

  it('groups need two classes of their semester, each in one group only', async () => {
    const one = await callAs(demo.admin, 'adminSaveGroup', { semesterId: 'open-term', name: 'Solo', price: 100, classIds: ['wild-art'] });
    expect(one.error?.message).toBe('classIds: needs at least two classes');
    const taken = await callAs(demo.admin, 'adminSaveGroup', { semesterId: 'open-term', name: 'Twice', price: 100, classIds: ['forest-explorers', 'wild-art'] });
    expect(taken.error?.message).toBe('A class is already in the bundle "Little Naturalists Bundle (Forest Explorers + Creek Critters)".');
    const cross = await callAs(demo.admin, 'adminSaveGroup', { semesterId: 'open-term', name: 'Cross', price: 100, classIds: ['wild-art', 'river-adventure'] });
    expect(cross.error?.message).toBe('Every class of a bundle must be in its semester.');
    const ok = await callAs(demo.admin, 'adminSaveGroup', { semesterId: 'open-term', name: 'Art & Orienteering', price: 45000, classIds: ['wild-art', 'orienteering'] });
    expect(ok.status).toBe(200);
    const inGroup = await callAs(demo.admin, 'adminDeleteClass', { id: 'orienteering' });
    expect(inGroup.error?.message).toBe('Remove Orienteering from the bundle "Art & Orienteering" first.');

    // Two people bundling the same class at the same moment: one bundle wins, the other is told.
    const [a, b] = await Promise.all(
      [['Rocks & Mushrooms', 'mushroom-foraging'], ['Rocks & Tides', 'tide-pools']].map(([name, other]) =>
        callAs(demo.admin, 'adminSaveGroup', { semesterId: 'open-term', name, price: 50000, classIds: ['rock-climbing', other] }),
      ),
    );
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    expect((a.status === 400 ? a : b).error?.message).toMatch(/^A class is already in the bundle "Rocks & (Mushrooms|Tides)"\.$/);
    const holding = (await adminDb().collection('groups').where('classIds', 'array-contains', 'rock-climbing').get()).size;
    expect(holding).toBe(1);
  });

  it('keeps discount codes unique regardless of case, and a new code prices baskets', async () => {
    const dup = await callAs(demo.admin, 'adminSaveDiscount', { ...SAMPLES.adminSaveDiscount!, code: 'sibling10' });
    expect(dup.status).toBe(409);
    expect(dup.error?.message).toBe('The code SIBLING10 is already used.');
    // A new code is long enough not to be guessed; an existing short one can still be edited.
    const short = await callAs(demo.admin, 'adminSaveDiscount', { ...SAMPLES.adminSaveDiscount!, code: 'pond5' });
    expect([short.status, short.error?.message]).toEqual([400, 'A new code needs at least 6 letters or digits, so that it cannot be guessed.']);
    const art15 = (await adminDb().doc('discounts/art15').get()).data() as Discount;
    const { id: art15Id, ...art15Fields } = art15;
    expect((await callAs(demo.admin, 'adminSaveDiscount', { ...art15Fields, id: art15Id, description: 'Art classes, 15% off' })).status).toBe(200);
    const made = await callAs(demo.admin, 'adminSaveDiscount', { ...SAMPLES.adminSaveDiscount!, code: 'pond25', type: 'percent-off-classes', percent: 25, classIds: ['mushroom-foraging'], description: '25% off foraging' });
    expect(made.result!.discount.code).toBe('POND25');
    const q = await callAs(null, 'priceBasket', { lines: [{ classId: 'mushroom-foraging', addOnIds: [] }], codes: ['Pond25'] });
    expect(q.result!.total).toBe(13500);
    const usedOnce = await enrollAtQuotedPrice(demo.family.idToken, { studentId: 'demo-ava', lines: [{ classId: 'creek-critters', addOnIds: [] }], codes: ['WELCOME20'], idempotencyKey: 'uses-welcome20' });
    expect(usedOnce.status, JSON.stringify(usedOnce.error)).toBe(200);
    const list = await callAs(demo.admin, 'adminDiscounts');
    expect(list.result!.discounts.map((d) => d.code)).toContain('POND25');
    // Names instead of ids, and how often each code was used.
    const art = list.result!.discounts.find((d) => d.code === 'ART15')!;
    expect(art.classIds.map((id) => list.result!.names[id])).toEqual(['Wild Art', 'Art in the Wild Camp']);
    expect(list.result!.names['open-term']).toMatch(/After-school & Weekend$/);
    const used = (await adminDb().collection('enrollments').get()).docs.filter((e) => e.get('status') === 'confirmed' && (e.get('discounts') as { code: string }[]).some((x) => x.code === 'WELCOME20')).length;
    expect(used).toBeGreaterThanOrEqual(1);
    expect(list.result!.uses.WELCOME20).toBe(used);
  });

  it('gives the dashboard figures of a semester from its enrollments and classes', async () => {
    // A paid enrollment cancelled with part of the money back: a fee kept, a refund given.
    const paid = (await adminDb().collection('enrollments').where('semesterIds', 'array-contains', 'open-term').get()).docs
      .map((x) => x.data() as Enrollment)
      .find((e) => e.status === 'confirmed' && e.balance === 0 && e.total > 0 && !e.classIds.includes('fire-and-shelter'))!;
    const cancel = await callAs(demo.admin, 'adminCancelEnrollment', { enrollmentId: paid.id, classIds: paid.classIds, refund: paid.total - 5000, refundMethod: 'check', note: 'Dashboard test' });
    expect(cancel.result!.enrollment).toMatchObject({ status: 'cancelled', total: 5000, balance: 0 });
    // A payment the cancellation counted is no longer voidable: voided, the cancelled class would become a debt.
    const counted = paid.payments.findIndex((p) => !p.card && !p.voided);
    expect(counted).toBeGreaterThanOrEqual(0);
    const voided = await callAs(demo.admin, 'adminVoidPayment', { enrollmentId: paid.id, paymentId: paymentKey(paid.payments[counted], counted), reason: 'Bounced' });
    expect([voided.status, voided.error?.message]).toEqual([400, 'A cancellation has counted this payment (its refund and fee were worked out with it), so it cannot be voided now.']);
    const r = await callAs(demo.admin, 'adminDashboard', { semesterId: 'open-term' });
    const d = r.result!;
    const all = (await adminDb().collection('enrollments').where('semesterIds', 'array-contains', 'open-term').get()).docs.map((x) => x.data() as Enrollment);
    const enrollments = all.filter((e) => e.status === 'confirmed');
    expect(d.enrollments).toBe(enrollments.length);
    // One definition of the money words: billed counts the fee kept; paid, refunded and net paid apart.
    expect(d.billed).toBe(all.filter((e) => e.status === 'confirmed' || e.status === 'cancelled').reduce((s, e) => s + e.total, 0));
    expect(d.paid).toBe(all.reduce((s, e) => s + e.payments.reduce((p, x) => p + (x.voided ? 0 : x.amount), 0), 0));
    expect(d.paidByCard + d.paidAtOffice + d.paidFromCredit).toBe(d.paid);
    expect(d.refunded).toBeGreaterThanOrEqual(paid.total - 5000);
    expect(d.netPaid).toBe(d.paid - d.refunded);
    expect(d.netPaid + d.outstanding).toBe(d.billed);
    // Seats: live classes only (paused and info-only ones are not enrollable).
    const live = d.classes.filter((c) => c.status === 'live');
    expect(d.seatsFilled).toBe(live.reduce((s, c) => s + c.enrolled, 0));
    expect(d.capacity).toBe(live.reduce((s, c) => s + c.capacity, 0));
    expect(d.classes.some((c) => c.status !== 'live')).toBe(true);
    expect(d.classes.find((c) => c.id === 'fire-and-shelter')).toMatchObject({ enrolled: 10, capacity: 10 });
    expect(d.recent.length).toBeGreaterThan(0);
  });
});
