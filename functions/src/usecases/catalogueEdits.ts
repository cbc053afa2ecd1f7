// The school office's changes to the catalogue: semesters, classes, bundles and discount codes. The rules are pure
// (domain/admin.ts); here they are applied to what is stored, in transactions.
import { orRefused, throwIfRefused } from '../lib/refused';
import type { z } from 'zod/mini';
import type { ClassGroup, ClassRecord, Discount, NoMeetingDate, Semester } from '../../../contract/domain';
import type { classInputSchema, discountInputSchema, groupInputSchema, semesterInputSchema } from '../../../contract/api/admin';
import { archivedRefusal, classChangeRefusal, classDeleteRefusal, classSaveRefusal, codeProblem, copiedClass, copyShiftDays, copyTargetRefusal, groupRefusal, planSemesterCopy } from '../domain/admin';
import { loadClassesOfSemesters, loadGroupsOfSemesters } from '../data/catalogue';
import { COLLECTIONS, db, nextVersion, notFound, present, recordRef, records, runSeatTransaction, uniq } from '../data/db';
import { notInstructors } from '../data/staff';
import { serveWaitlists } from './waitlist';
import { normalizeCode } from '../domain/pricing';
import { afterCapacity, freeSeatIds, namedBy, planAidSeats, planCapacity, seatCounts, type Seat } from '../domain/seats';
import { rosterRef, seatRef, seatsIn } from '../data/seats';

type SemesterInput = z.output<typeof semesterInputSchema>;
type ClassInput = z.output<typeof classInputSchema>;
type GroupInput = z.output<typeof groupInputSchema>;

const sortedDays = (days: NoMeetingDate[]) => [...days].sort((a, b) => a.date.localeCompare(b.date));
const sameDays = (a: NoMeetingDate[], b: NoMeetingDate[]) => JSON.stringify(a) === JSON.stringify(b);
const semesterOf = async (id: string) => (await recordRef('semesters', id).get()).data();

export async function saveSemester({ id, version, ...fields }: SemesterInput): Promise<Semester> {
  const ref = id ? recordRef('semesters', id) : records('semesters').doc();
  return db().runTransaction(async (tx) => {
    const existing = id ? await tx.get(ref) : null;
    if (existing && !existing.exists) throw notFound('This semester');
    const semester: Semester = { ...fields, ...(fields.noMeetingDates ? { noMeetingDates: sortedDays(fields.noMeetingDates) } : {}), id: ref.id, version: nextVersion(existing, version, fields.name) };
    // Every class of the semester keeps a copy of its holidays (ClassRecord.holidays), changed here with them.
    const holidays = semester.noMeetingDates ?? [];
    const classes = id ? await tx.get(records('classes').where('semesterId', '==', ref.id)) : null;
    tx.set(ref, semester);
    for (const c of classes?.docs ?? []) {
      if (!sameDays(c.data().holidays ?? [], holidays)) tx.update(c.ref, { holidays });
    }
    return semester;
  });
}

export async function saveClass({ id, version, ...fields }: ClassInput): Promise<ClassRecord> {
  const semester = await semesterOf(fields.semesterId);
  if (!semester) throw notFound('This semester');
  const input = { ...fields, weekdays: [...new Set(fields.weekdays)].sort() } as Omit<ClassRecord, 'id' | 'enrolledCount'>;
  throwIfRefused(classSaveRefusal(input, semester, (await notInstructors(input.instructorUids ?? [])).length));
  // It moves, closes and opens seats: tried again with fresh reads while families race for them, as
  // every transaction on seats is (the emulator closes a transaction that waited too long instead of aborting it).
  const saved = await runSeatTransaction(async (tx) => {
    const ref = id ? recordRef('classes', id) : records('classes').doc();
    const [existing, inSemester, seats] = await Promise.all([id ? tx.get(ref) : null, tx.get(recordRef('semesters', input.semesterId)), id ? seatsIn(tx, id) : new Map<string, Seat>()]);
    if (existing && !existing.exists) throw notFound('This class');
    const stored = existing?.data();
    throwIfRefused(classChangeRefusal(stored, input));
    const enrolled = stored?.enrolledCount ?? 0;
    // The families waiting for it stay counted, and the seats kept for moves.
    const waiting = stored?.waiting ?? 0;
    const keptSeats = seatCounts(seats.values()).requested;
    // Seat numbers follow the capacity: used seats above it move below it, and the numbers above it
    // are closed (a family who read the old capacity cannot take one); a raised capacity's new seats
    // are kept for the waitlist while anyone waits.
    const seatNumbers = Math.max(stored?.seatNumbers ?? stored?.capacity ?? 0, input.capacity);
    const seatPlan = orRefused(planCapacity(input.capacity, seatNumbers, seats));
    const at = new Date().toISOString();
    // The seats kept for aid follow the office's number and date, on the seats as the capacity leaves them.
    const afterSeats = afterCapacity(seats, seatPlan, ref.id, at);
    const aidPlan = planAidSeats(input, afterSeats, new Date(at));
    for (const id of aidPlan.drop) afterSeats.delete(id);
    for (const id of aidPlan.create) afterSeats.set(id, { state: 'aid', classId: ref.id, until: aidPlan.until!, at });
    const aidKept = seatCounts(afterSeats.values()).aid;
    const reads = await Promise.all(
      seatPlan.moves.map(async ({ from }) => {
        const seat = seats.get(from)!;
        return namedBy(seat).roster ? await tx.get(rosterRef(ref.id, seat.studentId!)) : null;
      }),
    );
    // A save that does not name the instructors' accounts keeps those assigned.
    const instructorUids = input.instructorUids ?? stored?.instructorUids;
    const saved: ClassRecord = {
      ...input,
      id: ref.id,
      enrolledCount: enrolled,
      ...(waiting ? { waiting } : {}),
      ...(keptSeats ? { keptSeats } : {}),
      ...(aidKept ? { aidKept } : {}),
      ...(instructorUids?.length ? { instructorUids: uniq(instructorUids) } : {}),
      noMeetingDates: sortedDays(input.noMeetingDates ?? []),
      holidays: inSemester.data()?.noMeetingDates ?? [],
      seatNumbers,
      ...(stored?.copiedFrom ? { copiedFrom: stored.copiedFrom } : {}),
      version: nextVersion(existing, version, input.title || 'This class'),
    };
    tx.set(ref, saved);
    seatPlan.moves.forEach(({ from, to }, i) => {
      const seat = seats.get(from)!;
      tx.delete(seatRef(ref.id, from));
      tx.set(seatRef(ref.id, to), seat);
      if (reads[i]?.exists) tx.update(reads[i]!.ref, { seat: to });
      // An offer being paid (its seat held) names the seat too: the claim and the books look it up there.
      if (namedBy(seat).offer) tx.update(recordRef('waitlist', seat.entryId!), { [`offer.seats.${ref.id}`]: to });
    });
    for (const n of seatPlan.close) tx.set(seatRef(ref.id, n), { state: 'closed', classId: ref.id, at });
    for (const n of [...seatPlan.open, ...seatPlan.drop, ...aidPlan.drop]) tx.delete(seatRef(ref.id, n));
    for (const n of aidPlan.create) tx.set(seatRef(ref.id, n), afterSeats.get(n)!);
    for (const n of aidPlan.retime) tx.update(seatRef(ref.id, n), { until: aidPlan.until });
    if (waiting > 0) {
      for (const n of freeSeatIds(input.capacity, afterSeats.keys())) tx.set(seatRef(ref.id, n), { state: 'reserved', classId: ref.id, at });
    }
    return saved;
  });
  // A capacity raised (or a class opened again) offers its new seats to those waiting, in order.
  await serveWaitlists([saved.id], new Date());
  return saved;
}

export async function copyClass(classId: string, toSemesterId: string): Promise<ClassRecord> {
  const [original, target] = await Promise.all([recordRef('classes', classId).get().then((s) => s.data()), semesterOf(toSemesterId)]);
  if (!original) throw notFound('This class');
  if (!target) throw notFound('The target semester');
  throwIfRefused(archivedRefusal(target));
  const from = await semesterOf(original.semesterId);
  const ref = records('classes').doc();
  const days = from ? copyShiftDays(from, target) : 0;
  const copy = copiedClass(original, { id: ref.id, semesterId: toSemesterId, days, sameSemester: toSemesterId === original.semesterId, holidays: target.noMeetingDates });
  await ref.set(copy);
  return copy;
}

/** The roll-over: every class of a semester copied as a draft (dates moved), and its bundles with them. */
export async function copySemester(fromSemesterId: string, toSemesterId: string) {
  const [from, to] = await Promise.all([semesterOf(fromSemesterId), semesterOf(toSemesterId)]);
  if (!from) throw notFound('The semester to copy from');
  if (!to) throw notFound('The target semester');
  throwIfRefused(copyTargetRefusal(fromSemesterId, to));
  const [classes, groups, there, thereGroups] = await Promise.all([
    loadClassesOfSemesters([fromSemesterId]),
    loadGroupsOfSemesters([fromSemesterId]),
    loadClassesOfSemesters([toSemesterId]),
    loadGroupsOfSemesters([toSemesterId]),
  ]);
  const days = copyShiftDays(from, to);
  const plan = orRefused(planSemesterCopy(classes, groups, there, thereGroups, days));
  const batch = db().batch();
  const newId = new Map(plan.alreadyThere.classes.map(({ from: original, copy }) => [original.id, copy.id]));
  const copies = plan.classes.map((c) => {
    const ref = records('classes').doc();
    newId.set(c.id, ref.id);
    const copy = copiedClass(c, { id: ref.id, semesterId: toSemesterId, days, sameSemester: false, holidays: to.noMeetingDates });
    batch.set(ref, copy);
    return copy;
  });
  const groupCopies = plan.groups.map((g) => {
    const ref = records('groups').doc();
    const { version: _version, ...fields } = g;
    const copy: ClassGroup = { ...fields, id: ref.id, semesterId: toSemesterId, classIds: g.classIds.map((id) => newId.get(id) ?? id), copiedFrom: g.id };
    batch.set(ref, copy);
    return copy;
  });
  await batch.commit();
  return {
    classes: copies.map((c) => ({ id: c.id, title: c.title, startDate: c.startDate, endDate: c.endDate })),
    groups: groupCopies.map((g) => g.name),
    shiftDays: days,
    alreadyThere: { classes: plan.alreadyThere.classes.map((x) => x.from.title), groups: plan.alreadyThere.groups },
  };
}

/** Deletes a class no student holds and no bundle names. */
export async function deleteClass(id: string): Promise<void> {
  const ref = recordRef('classes', id);
  await db().runTransaction(async (tx) => {
    const klass = (await tx.get(ref)).data();
    if (!klass) throw notFound('This class');
    throwIfRefused(archivedRefusal(await semesterOf(klass.semesterId)));
    const [roster, seats, inGroup] = await Promise.all([
      tx.get(ref.collection(COLLECTIONS.roster).limit(1)),
      seatsIn(tx, id),
      tx.get(records('groups').where('classIds', 'array-contains', id).limit(1)),
    ]);
    throwIfRefused(classDeleteRefusal(klass, !roster.empty, seats.values(), inGroup.docs[0]?.data().name));
    for (const n of seats.keys()) tx.delete(seatRef(id, n));
    tx.delete(ref);
  });
}

export async function saveGroup({ id, version, ...fields }: GroupInput): Promise<ClassGroup> {
  const ref = id ? recordRef('groups', id) : records('groups').doc();
  const existing = id ? await ref.get() : null;
  if (existing && !existing.exists) throw notFound('This bundle');
  throwIfRefused(archivedRefusal(await semesterOf(fields.semesterId)));
  const copiedFrom = existing?.get('copiedFrom') as string | undefined;
  const group: ClassGroup = { ...fields, classIds: [...new Set(fields.classIds)], id: ref.id, ...(copiedFrom ? { copiedFrom } : {}), version: nextVersion(existing, version, fields.name) };
  // The semester's other bundles and the version are read in the transaction that writes: two saves
  // at once cannot both put one class in two bundles, and of two edits of one bundle one wins.
  await db().runTransaction(async (tx) => {
    if (existing) nextVersion(await tx.get(ref), version, fields.name);
    const [classSnaps, others] = await Promise.all([
      tx.getAll(...group.classIds.map((cid) => recordRef('classes', cid))),
      tx.get(records('groups').where('semesterId', '==', fields.semesterId)),
    ]);
    throwIfRefused(groupRefusal({ ...fields, id: ref.id }, present(classSnaps), others.docs.map((d) => d.data())));
    tx.set(ref, group);
  });
  return group;
}

export async function saveDiscount({ id, version, ...fields }: z.output<typeof discountInputSchema>): Promise<Discount> {
  const code = normalizeCode(fields.code);
  return db().runTransaction(async (tx) => {
    const ref = id ? recordRef('discounts', id) : records('discounts').doc();
    const existing = id ? await tx.get(ref) : null;
    if (existing && !existing.exists) throw notFound('This code');
    const next = nextVersion(existing, version, `The code ${code}`);
    const same = await tx.get(records('discounts').where('code', '==', code));
    throwIfRefused(codeProblem(code, existing?.data()?.code, same.docs.some((d) => d.id !== ref.id)));
    const discount: Discount = { ...fields, code, id: ref.id, version: next };
    tx.set(ref, discount);
    return discount;
  });
}
