// School-office callables: semesters, classes, groups, discount codes, dashboard. Each checks the
// admin role on the server on every call (access 'admin' in the contract).
import { HttpsError } from 'firebase-functions/v2/https';
import { callables } from '../../../contract/callables';
import type { ClassGroup, ClassRecord, DashboardFigures, Discount, Enrollment, Semester } from '../../../contract/domain';
import { loadClassesOfSemesters, loadGroupsOfSemesters, loadSemesters } from '../data/catalogue';
import { col, COLLECTIONS, db, getByIds, nextVersion, notFound, precondition, uniq } from '../data/db';
import { serveWaitlists } from '../data/waitlist';
import { semesterEnrollments } from '../data/office';
import { classValueProblem, copiedClass, copyShiftDays, groupProblem, missingForPublish, scheduleProblems } from '../domain/admin';
import { normalizeCode } from '../domain/pricing';
import { callable } from '../lib/callable';
import { balanceOf, netPaidOf, paidOf, refundedOf } from '../../../contract/money';


/** Archived semesters are kept as they were: readable, never changed. */
function refuseArchived(semester: Pick<Semester, 'name' | 'status'> | undefined): void {
  if (semester?.status === 'archived') throw precondition(`${semester.name} is archived: its classes and bundles cannot change. Set its status back to Closed first.`);
}
const semesterOf = async (id: string) => (await col(COLLECTIONS.semesters).doc(id).get()).data() as Semester | undefined;

export const adminSemesters = callable(callables.adminSemesters, async () => ({
  semesters: (await loadSemesters()).sort((a, b) => b.startDate.localeCompare(a.startDate)),
}));

export const adminSaveSemester = callable(callables.adminSaveSemester, async ({ id, version, ...fields }) => {
  const ref = id ? col(COLLECTIONS.semesters).doc(id) : col(COLLECTIONS.semesters).doc();
  return db().runTransaction(async (tx) => {
    const existing = id ? await tx.get(ref) : null;
    if (existing && !existing.exists) throw notFound('This semester');
    const semester: Semester = { ...fields, id: ref.id, version: nextVersion(existing, version, fields.name) };
    tx.set(ref, semester);
    return { semester };
  });
}, { changesCatalogue: true });

export const adminClasses = callable(callables.adminClasses, async ({ semesterId }) => {
  const [classes, groups] = await Promise.all([loadClassesOfSemesters([semesterId]), loadGroupsOfSemesters([semesterId])]);
  return { classes: classes.sort((a, b) => a.title.localeCompare(b.title)), groups };
});

export const adminSaveClass = callable(callables.adminSaveClass, async ({ id, version, ...fields }) => {
  const semesterSnap = await col(COLLECTIONS.semesters).doc(fields.semesterId).get();
  if (!semesterSnap.exists) throw notFound('This semester');
  refuseArchived(semesterSnap.data() as Semester);
  const input = { ...fields, weekdays: [...new Set(fields.weekdays)].sort() } as Omit<ClassRecord, 'id' | 'enrolledCount'>;
  if (input.status !== 'draft') {
    const missing = missingForPublish(input);
    if (missing.length) throw precondition(`To publish this class, fill in: ${missing.join(', ')}.`);
    const wrong = scheduleProblems(input, semesterSnap.data() as Semester);
    if (wrong.length) throw precondition(`To publish this class: ${wrong.join(' ')}`);
  }
  if (input.deposit && !semesterSnap.get('balanceDueDate')) throw precondition('A class deposit needs a balance due date: set it on the semester first.');
  const saved = await db().runTransaction(async (tx) => {
    const ref = id ? col(COLLECTIONS.classes).doc(id) : col(COLLECTIONS.classes).doc();
    const existing = id ? await tx.get(ref) : null;
    if (existing && !existing.exists) throw notFound('This class');
    const enrolled = (existing?.get('enrolledCount') as number | undefined) ?? 0;
    if (existing && existing.get('semesterId') !== input.semesterId && enrolled > 0) {
      throw precondition('A class with enrolled students cannot move to another semester.');
    }
    const problem = classValueProblem(input, enrolled);
    if (problem) throw precondition(problem);
    // The families waiting for it stay counted (issue 20).
    const waiting = (existing?.get('waiting') as number | undefined) ?? 0;
    const saved: ClassRecord = { ...input, id: ref.id, enrolledCount: enrolled, ...(waiting ? { waiting } : {}), version: nextVersion(existing, version, input.title || 'This class') };
    tx.set(ref, saved);
    return { class: saved };
  });
  // A capacity raised (or a class opened again) offers its new seats to those waiting, in order.
  await serveWaitlists([saved.class.id], new Date());
  return saved;
}, { changesCatalogue: true });

export const adminCopyClass = callable(callables.adminCopyClass, async ({ classId, toSemesterId }) => {
  const [source, target] = await Promise.all([col(COLLECTIONS.classes).doc(classId).get(), col(COLLECTIONS.semesters).doc(toSemesterId).get()]);
  if (!source.exists) throw notFound('This class');
  if (!target.exists) throw notFound('The target semester');
  const original = source.data() as ClassRecord;
  refuseArchived(target.data() as Semester);
  const from = await semesterOf(original.semesterId);
  const ref = col(COLLECTIONS.classes).doc();
  const days = from ? copyShiftDays(from, target.data() as Semester) : 0;
  const copy = copiedClass(original, { id: ref.id, semesterId: toSemesterId, days, sameSemester: toSemesterId === original.semesterId });
  await ref.set(copy);
  return { class: copy };
}, { changesCatalogue: true });

/** The roll-over: every class of a semester copied as a draft (dates moved), and its bundles with them. */
export const adminCopySemester = callable(callables.adminCopySemester, async ({ fromSemesterId, toSemesterId }) => {
  if (fromSemesterId === toSemesterId) throw new HttpsError('invalid-argument', 'toSemesterId: Choose another semester to copy to.');
  const [fromSnap, toSnap] = await Promise.all([col(COLLECTIONS.semesters).doc(fromSemesterId).get(), col(COLLECTIONS.semesters).doc(toSemesterId).get()]);
  if (!fromSnap.exists) throw notFound('The semester to copy from');
  if (!toSnap.exists) throw notFound('The target semester');
  refuseArchived(toSnap.data() as Semester);
  const [classes, groups] = await Promise.all([loadClassesOfSemesters([fromSemesterId]), loadGroupsOfSemesters([fromSemesterId])]);
  if (classes.length > 400) throw precondition('A semester of more than 400 classes cannot be copied at once.');
  const days = copyShiftDays(fromSnap.data() as Semester, toSnap.data() as Semester);
  const batch = db().batch();
  const newId = new Map<string, string>();
  const copies = classes
    .sort((a, b) => a.title.localeCompare(b.title))
    .map((c) => {
      const ref = col(COLLECTIONS.classes).doc();
      newId.set(c.id, ref.id);
      const copy = copiedClass(c, { id: ref.id, semesterId: toSemesterId, days, sameSemester: false });
      batch.set(ref, copy);
      return copy;
    });
  const bundles = groups.map((g) => {
    const ref = col(COLLECTIONS.groups).doc();
    const copy: ClassGroup = { ...g, id: ref.id, semesterId: toSemesterId, classIds: g.classIds.map((id) => newId.get(id) ?? id) };
    batch.set(ref, copy);
    return copy;
  });
  await batch.commit();
  return {
    classes: copies.map((c) => ({ id: c.id, title: c.title, startDate: c.startDate, endDate: c.endDate })),
    bundles: bundles.map((b) => b.name),
    shiftDays: days,
  };
}, { changesCatalogue: true });

export const adminDeleteClass = callable(callables.adminDeleteClass, async ({ id }) => {
  const ref = col(COLLECTIONS.classes).doc(id);
  return db().runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound('This class');
    refuseArchived(await semesterOf(snap.get('semesterId') as string));
    const roster = await tx.get(ref.collection(COLLECTIONS.roster).limit(1));
    const enrolled = snap.get('enrolledCount') as number;
    if (enrolled > 0 || !roster.empty) throw precondition(`${snap.get('title')} cannot be deleted: ${enrolled} students are enrolled.`);
    const inGroup = await tx.get(col(COLLECTIONS.groups).where('classIds', 'array-contains', id).limit(1));
    if (!inGroup.empty) throw precondition(`Remove ${snap.get('title')} from the bundle "${inGroup.docs[0].get('name')}" first.`);
    tx.delete(ref);
    return { deleted: true };
  });
}, { changesCatalogue: true });

export const adminSaveGroup = callable(callables.adminSaveGroup, async ({ id, version, ...fields }) => {
  const ref = id ? col(COLLECTIONS.groups).doc(id) : col(COLLECTIONS.groups).doc();
  const existing = id ? await ref.get() : null;
  if (existing && !existing.exists) throw notFound('This bundle');
  refuseArchived(await semesterOf(fields.semesterId));
  const group: ClassGroup = { ...fields, classIds: [...new Set(fields.classIds)], id: ref.id, version: nextVersion(existing, version, fields.name) };
  // The semester's other bundles and the version are read in the transaction that writes: two saves
  // at once cannot both put one class in two bundles, and of two edits of one bundle one wins.
  await db().runTransaction(async (tx) => {
    if (existing) nextVersion(await tx.get(ref), version, fields.name);
    const [classSnaps, others] = await Promise.all([
      tx.getAll(...group.classIds.map((cid) => col(COLLECTIONS.classes).doc(cid))),
      tx.get(col(COLLECTIONS.groups).where('semesterId', '==', fields.semesterId)),
    ]);
    const classes = classSnaps.filter((s) => s.exists).map((s) => ({ ...s.data(), id: s.id }) as ClassRecord);
    const problem = groupProblem({ ...fields, id: ref.id }, classes, others.docs.map((d) => ({ ...d.data(), id: d.id }) as ClassGroup));
    if (problem) throw precondition(problem);
    tx.set(ref, group);
  });
  return { group };
}, { changesCatalogue: true });

/** Deletes a document that must exist ("This bundle does not exist." otherwise). */
async function deleteExisting(collection: string, id: string, what: string) {
  const ref = col(collection).doc(id);
  if (!(await ref.get()).exists) throw notFound(what);
  await ref.delete();
  return { deleted: true };
}

export const adminDeleteGroup = callable(callables.adminDeleteGroup, ({ id }) => deleteExisting(COLLECTIONS.groups, id, 'This bundle'), { changesCatalogue: true });

export const adminDiscounts = callable(callables.adminDiscounts, async () => {
  const [snap, semesters, used, countedSnap] = await Promise.all([
    col(COLLECTIONS.discounts).get(),
    loadSemesters(),
    col(COLLECTIONS.enrollments).select('discounts', 'status').get(),
    col(COLLECTIONS.discountUses).get(),
  ]);
  const discounts = snap.docs.map((d) => ({ ...d.data(), id: d.id }) as Discount).sort((a, b) => a.code.localeCompare(b.code));
  const [classes, groups] = await Promise.all([
    getByIds<ClassRecord>(COLLECTIONS.classes, uniq(discounts.flatMap((d) => d.classIds)), ['title']),
    getByIds<ClassGroup>(COLLECTIONS.groups, uniq(discounts.flatMap((d) => d.groupIds)), ['name']),
  ]);
  const names: Record<string, string> = {};
  for (const s of semesters) names[s.id] = s.name;
  for (const c of classes.found) names[c.id] = c.title;
  for (const g of groups.found) names[g.id] = g.name;
  const uses: Record<string, number> = {};
  for (const e of used.docs) {
    if (e.get('status') !== 'confirmed') continue;
    for (const a of (e.get('discounts') as Enrollment['discounts'] | undefined) ?? []) uses[a.code] = (uses[a.code] ?? 0) + 1;
  }
  const countedById = new Map(countedSnap.docs.map((d) => [d.id, (d.get('uses') as number | undefined) ?? 0]));
  const counted: Record<string, number> = {};
  for (const d of discounts) if (d.maxUses != null) counted[d.code] = countedById.get(d.id) ?? 0;
  return { discounts, names, uses, counted };
});

/** The shortest new discount code. */
const MIN_NEW_CODE = 6;

export const adminSaveDiscount = callable(callables.adminSaveDiscount, async ({ id, version, ...fields }) => {
  const code = normalizeCode(fields.code);
  return db().runTransaction(async (tx) => {
    const ref = id ? col(COLLECTIONS.discounts).doc(id) : col(COLLECTIONS.discounts).doc();
    const existing = id ? await tx.get(ref) : null;
    if (existing && !existing.exists) throw notFound('This code');
    const next = nextVersion(existing, version, `The code ${code}`);
    // Short codes can be guessed: a new code (or a code renamed) needs MIN_NEW_CODE characters.
    if (code.length < MIN_NEW_CODE && existing?.get('code') !== code) {
      throw precondition(`A new code needs at least ${MIN_NEW_CODE} letters or digits, so that it cannot be guessed.`);
    }
    const same = await tx.get(col(COLLECTIONS.discounts).where('code', '==', code));
    if (same.docs.some((d) => d.id !== ref.id)) throw new HttpsError('already-exists', `The code ${code} is already used.`);
    const discount: Discount = { ...fields, code, id: ref.id, version: next };
    tx.set(ref, discount);
    return { discount };
  });
});

export const adminDeleteDiscount = callable(callables.adminDeleteDiscount, ({ id }) => deleteExisting(COLLECTIONS.discounts, id, 'This code'));

export const adminDashboard = callable(callables.adminDashboard, async ({ semesterId }) => {
  const [classes, all] = await Promise.all([loadClassesOfSemesters([semesterId]), semesterEnrollments(semesterId)]);
  const enrollments = all.filter((e) => e.status === 'confirmed');
  const titles = new Map(classes.map((c) => [c.id, c.title]));
  const offered = classes.filter((c) => c.status !== 'draft');
  // Seats a family can take: live classes only (paused and info-only ones are not enrollable).
  const enrollable = classes.filter((c) => c.status === 'live');
  // Money counts cancelled enrollments too (a fee kept or a refund given is money all the same), and
  // a checkout that never completed for the money it took and gave back; a hold in progress apart.
  const settled = all.filter((e) => e.status !== 'pending_payment');
  const held = all.filter((e) => e.status === 'pending_payment');
  const sum = (f: (e: Enrollment) => number) => settled.reduce((s, e) => s + f(e), 0);
  const paidBy = (card: boolean) => sum((e) => paidOf({ payments: e.payments.filter((p) => (p.method === 'card') === card) }));
  const figures: DashboardFigures = {
    semesterId,
    enrollments: enrollments.length,
    students: new Set(enrollments.map((e) => e.studentId)).size,
    seatsFilled: enrollable.reduce((s, c) => s + c.enrolledCount, 0),
    capacity: enrollable.reduce((s, c) => s + c.capacity, 0),
    billed: sum((e) => (e.status === 'expired' ? 0 : e.total)),
    paid: sum(paidOf),
    paidByCard: paidBy(true),
    paidAtOffice: paidBy(false),
    heldCheckouts: held.length,
    heldAmount: held.reduce((s, e) => s + (e.hold?.amount ?? e.total), 0),
    refunded: sum(refundedOf),
    netPaid: sum(netPaidOf),
    outstanding: sum(balanceOf),
    waiting: offered.reduce((s, c) => s + (c.waiting ?? 0), 0),
    classes: offered
      .map((c) => ({ id: c.id, title: c.title, enrolled: c.enrolledCount, capacity: c.capacity, status: c.status, waiting: c.waiting ?? 0 }))
      .sort((a, b) => a.title.localeCompare(b.title)),
    recent: [...enrollments]
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .slice(0, 10)
      .map((e) => ({
        id: e.id,
        studentName: e.studentName,
        total: e.total,
        balance: e.balance,
        createdAt: e.createdAt,
        classTitles: e.classIds.map((cid) => titles.get(cid) ?? cid),
      })),
  };
  return figures;
});
