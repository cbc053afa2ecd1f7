import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminClass, ClassGroup, DashboardFigures, Discount, Enrollment, PriceQuote, Semester, SemesterCatalogue } from '../../contract/domain';
import { adminDb } from '../../scripts/demo/adminApp';
import { addDays } from '../../scripts/demo/demoData';
import { seedDemo, todayInSchool } from '../../scripts/demo/seedDemo';
import { callFunction, resetEmulators, signIn, type TestUser } from '../support/emulators';
import { classInput, SAMPLES, semesterInput, signedReleases } from '../support/samples';

const today = todayInSchool();

describe('admin callables (PRODUCT §7), role checked on the server', () => {
  let admin: TestUser;
  let family: TestUser;
  beforeAll(async () => {
    await resetEmulators();
    await seedDemo();
    admin = await signIn('admin@example.com', 'admin-demo-1');
    family = await signIn('family@example.com', 'family-demo-1');
  });

  it('creates and opens a semester; the open set is derived on the server', async () => {
    const bad = await callFunction('adminSaveSemester', semesterInput({ endDate: addDays(today, 1) }), admin.idToken);
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe('endDate: must not be before the start date');
    const r = await callFunction<{ semester: Semester }>('adminSaveSemester', semesterInput(), admin.idToken);
    const open = await callFunction<{ semesters: { id: string }[] }>('openSemesters');
    expect(open.result!.semesters.map((s) => s.id)).toContain(r.result!.semester.id);
    await callFunction('adminSaveSemester', { ...semesterInput(), id: r.result!.semester.id, status: 'closed' }, admin.idToken);
    const after = await callFunction<{ semesters: { id: string }[] }>('openSemesters');
    expect(after.result!.semesters.map((s) => s.id)).not.toContain(r.result!.semester.id);
  });

  it('saves drafts with blanks, publishes only complete classes, and the public sees published ones', async () => {
    const draft = await callFunction<{ class: AdminClass }>('adminSaveClass', classInput('open-term', { status: 'draft', title: '', location: '', instructors: [], startDate: '' }), admin.idToken);
    expect(draft.status).toBe(200);
    const publish = await callFunction('adminSaveClass', { ...classInput('open-term', { title: '', location: '', instructors: [], startDate: '' }), id: draft.result!.class.id }, admin.idToken);
    expect(publish.status).toBe(400);
    expect(publish.error?.message).toBe('To publish this class, fill in: title, location, start date, instructors.');
    const live = await callFunction<{ class: AdminClass }>('adminSaveClass', { ...classInput('open-term'), id: draft.result!.class.id }, admin.idToken);
    expect(live.result!.class).toMatchObject({ title: 'Pond Life', status: 'live', enrolledCount: 0 });
    const pub = await callFunction<Record<string, SemesterCatalogue>>('availableEnrollmentClasses');
    expect(pub.result!['open-term'].classes.map((c) => c.id)).toContain(draft.result!.class.id);
  });

  it('refuses a capacity below the enrolled count and values that do not fit together', async () => {
    const full = (await adminDb().doc('classes/fire-and-shelter').get()).data()!;
    const { enrolledCount: _e, ...fields } = full;
    const r = await callFunction('adminSaveClass', { ...fields, capacity: 9 }, admin.idToken);
    expect(r.error?.message).toBe('Capacity cannot be below the 10 students already enrolled.');
    const grades = await callFunction('adminSaveClass', classInput('open-term', { gradeMin: 5, gradeMax: 2 }), admin.idToken);
    expect(grades.error?.message).toBe('The lowest grade must not be above the highest grade.');
    const scale = await callFunction('adminSaveClass', classInput('open-term', { slidingScale: { min: 30000, max: 40000 } }), admin.idToken);
    expect(scale.error?.message).toBe('The sliding scale must include the full price.');
    expect((await adminDb().doc('classes/fire-and-shelter').get()).get('capacity')).toBe(10);
  });

  it('pausing a class really stops enrollment', async () => {
    const c = (await adminDb().doc('classes/tide-pools').get()).data()!;
    const { enrolledCount: _e, ...fields } = c;
    expect((await callFunction('adminSaveClass', { ...fields, status: 'paused' }, admin.idToken)).status).toBe(200);
    const r = await callFunction(
      'enroll',
      {
        studentId: 'demo-ava', lines: [{ classId: 'tide-pools', addOnIds: [] }], codes: [], expectedTotal: 22000, infoConfirmed: true,
        releases: signedReleases('Sam Rivera'),
        idempotencyKey: 'paused-class-test-1',
      },
      family.idToken,
    );
    expect(r.error?.message).toBe('Tide Pool Discovery is not open for registration.');
  });

  it('copies a class as a draft without its roster, and deletes only classes nobody is in', async () => {
    const copy = await callFunction<{ class: AdminClass }>('adminCopyClass', { classId: 'fire-and-shelter', toSemesterId: 'open-term' }, admin.idToken);
    expect(copy.result!.class).toMatchObject({ title: 'Fire & Shelter Skills (copy)', status: 'draft', enrolledCount: 0, semesterId: 'open-term' });
    expect((await adminDb().collection(`classes/${copy.result!.class.id}/roster`).count().get()).data().count).toBe(0);
    const refused = await callFunction('adminDeleteClass', { id: 'fire-and-shelter' }, admin.idToken);
    expect(refused.error?.message).toBe('Fire & Shelter Skills cannot be deleted: 10 students are enrolled.');
    const grouped = await callFunction('adminDeleteClass', { id: 'creek-critters-never' }, admin.idToken);
    expect(grouped.status).toBe(404);
    expect((await callFunction('adminDeleteClass', { id: copy.result!.class.id }, admin.idToken)).status).toBe(200);
    expect((await adminDb().doc(`classes/${copy.result!.class.id}`).get()).exists).toBe(false);
  });

  it('groups need two classes of their semester, each in one group only', async () => {
    const one = await callFunction('adminSaveGroup', { semesterId: 'open-term', name: 'Solo', price: 100, classIds: ['wild-art'] }, admin.idToken);
    expect(one.error?.message).toBe('classIds: needs at least two classes');
    const taken = await callFunction('adminSaveGroup', { semesterId: 'open-term', name: 'Twice', price: 100, classIds: ['forest-explorers', 'wild-art'] }, admin.idToken);
    expect(taken.error?.message).toBe('A class is already in the group "Little Naturalists Bundle (Forest Explorers + Creek Critters)".');
    const cross = await callFunction('adminSaveGroup', { semesterId: 'open-term', name: 'Cross', price: 100, classIds: ['wild-art', 'river-adventure'] }, admin.idToken);
    expect(cross.error?.message).toBe('Every class of a group must be in its semester.');
    const ok = await callFunction<{ group: ClassGroup }>('adminSaveGroup', { semesterId: 'open-term', name: 'Art & Orienteering', price: 45000, classIds: ['wild-art', 'orienteering'] }, admin.idToken);
    expect(ok.status).toBe(200);
    const inGroup = await callFunction('adminDeleteClass', { id: 'orienteering' }, admin.idToken);
    expect(inGroup.error?.message).toBe('Remove Orienteering from the group "Art & Orienteering" first.');
  });

  it('keeps discount codes unique regardless of case, and a new code prices baskets', async () => {
    const dup = await callFunction('adminSaveDiscount', { ...(SAMPLES.adminSaveDiscount as object), code: 'sibling10' }, admin.idToken);
    expect(dup.status).toBe(409);
    expect(dup.error?.message).toBe('The code SIBLING10 is already used.');
    const made = await callFunction<{ discount: Discount }>('adminSaveDiscount', { ...(SAMPLES.adminSaveDiscount as object), code: 'pond25', type: 'percent-off-classes', percent: 25, classIds: ['mushroom-foraging'], description: '25% off foraging' }, admin.idToken);
    expect(made.result!.discount.code).toBe('POND25');
    const q = await callFunction<PriceQuote>('priceBasket', { lines: [{ classId: 'mushroom-foraging', addOnIds: [] }], codes: ['Pond25'] });
    expect(q.result!.total).toBe(13500);
    const list = await callFunction<{ discounts: Discount[] }>('adminDiscounts', null, admin.idToken);
    expect(list.result!.discounts.map((d) => d.code)).toContain('POND25');
  });

  it('gives the dashboard figures of a semester from its enrollments and classes', async () => {
    // A paid enrollment cancelled with part of the money back: a fee kept, a refund given (defect 5).
    const paid = (await adminDb().collection('enrollments').where('semesterIds', 'array-contains', 'open-term').get()).docs
      .map((x) => x.data() as Enrollment)
      .find((e) => e.status === 'confirmed' && e.balance === 0 && e.total > 0 && !e.classIds.includes('fire-and-shelter'))!;
    const cancel = await callFunction<{ enrollment: Enrollment }>(
      'adminCancelEnrollment',
      { enrollmentId: paid.id, classIds: paid.classIds, refund: paid.total - 5000, refundMethod: 'check', note: 'Dashboard test' },
      admin.idToken,
    );
    expect(cancel.result!.enrollment).toMatchObject({ status: 'cancelled', total: 5000, balance: 0 });
    const r = await callFunction<DashboardFigures>('adminDashboard', { semesterId: 'open-term' }, admin.idToken);
    const d = r.result!;
    const all = (await adminDb().collection('enrollments').where('semesterIds', 'array-contains', 'open-term').get()).docs.map((x) => x.data() as Enrollment);
    const enrollments = all.filter((e) => e.status === 'confirmed');
    expect(d.enrollments).toBe(enrollments.length);
    // One definition of the money words: billed counts the fee kept; paid, refunded and net paid apart.
    expect(d.billed).toBe(all.reduce((s, e) => s + e.total, 0));
    expect(d.paid).toBe(all.reduce((s, e) => s + e.payments.reduce((p, x) => p + (x.voided ? 0 : x.amount), 0), 0));
    expect(d.refunded).toBeGreaterThanOrEqual(paid.total - 5000);
    expect(d.netPaid).toBe(d.paid - d.refunded);
    expect(d.netPaid + d.outstanding).toBe(d.billed);
    // Seats: live classes only (paused and info-only ones are not enrollable, defect 25).
    const live = d.classes.filter((c) => c.status === 'live');
    expect(d.seatsFilled).toBe(live.reduce((s, c) => s + c.enrolled, 0));
    expect(d.capacity).toBe(live.reduce((s, c) => s + c.capacity, 0));
    expect(d.classes.some((c) => c.status !== 'live')).toBe(true);
    expect(d.classes.find((c) => c.id === 'fire-and-shelter')).toMatchObject({ enrolled: 10, capacity: 10 });
    expect(d.recent.length).toBeGreaterThan(0);
  });
});
