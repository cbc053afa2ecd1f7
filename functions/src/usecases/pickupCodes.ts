// Pickup codes: a family makes a code for each adult who may collect its child, for the school year;
// the codes are shown to the family once and kept only as check values. An instructor's roster
// carries the check values of the adults still listed, so that a phone checks a code without signal.
import { randomInt } from 'node:crypto';
import { adultsWhoMayCollect, newSalt, PICKUP_CODE_DIGITS, pickupCheckValue, schoolYearOf, type PickupCodesStatus } from '../../../contract/field';
import type { SheetRoster, Student } from '../../../contract/domain';
import { schoolToday } from '../../../contract/schedule';
import { auditInTx, type Actor } from '../data/audit';
import { db, precondition, recordRef } from '../data/db';
import { loadPickupCodes, pickupCodesRef, type PickupCodes } from '../data/pickupCodes';
import { notYourStudent } from '../data/students';

/** New codes for every adult who may collect the child (those made before stop passing). */
export async function issuePickupCodes(actor: Actor, studentId: string, now = new Date()): Promise<{ year: string; codes: { name: string; code: string }[] }> {
  const student = (await recordRef('students', studentId).get()).data();
  if (!student || student.ownerUid !== actor.uid) throw notYourStudent();
  const adults = adultsWhoMayCollect(student);
  if (!adults.length) throw precondition(`Add the adults who may collect ${student.firstName} first.`);
  const codes = adults.map((name) => ({ name, code: String(randomInt(0, 10 ** PICKUP_CODE_DIGITS)).padStart(PICKUP_CODE_DIGITS, '0') }));
  const adultsChecked = await Promise.all(codes.map(async ({ name, code }) => {
    const salt = newSalt();
    return { name, salt, check: await pickupCheckValue(code, salt) };
  }));
  const year = schoolYearOf(schoolToday(now));
  const record: PickupCodes = { studentId, ownerUid: actor.uid, year, issuedAt: now.toISOString(), adults: adultsChecked };
  await db().runTransaction(async (tx) => {
    tx.set(pickupCodesRef(studentId), record);
    const names = adults.join(', ');
    auditInTx(tx, actor, { kind: 'pickup-codes-issued', record: { type: 'student', id: studentId }, studentId, studentName: `${student.firstName} ${student.lastName}`, fields: ['pickupCodes'], summary: `Pickup codes for ${year} made for ${names}` }, now);
  });
  return { year, codes };
}

/** Each child's codes of this school year, with only the adults the family still lists. */
async function currentCodes(students: Student[], now: Date): Promise<Map<string, PickupCodes>> {
  const codes = await loadPickupCodes(students.map((s) => s.id), schoolYearOf(schoolToday(now)));
  return new Map(
    students.flatMap((s): [string, PickupCodes][] => {
      const c = codes.get(s.id);
      if (!c) return [];
      const listed = new Set(adultsWhoMayCollect(s));
      return [[s.id, { ...c, adults: c.adults.filter((a) => listed.has(a.name)) }]];
    }),
  );
}

/** This school year's codes of a family's children: who has one (never the codes). */
export async function pickupCodesStatus(students: Student[], now = new Date()): Promise<Record<string, PickupCodesStatus>> {
  const codes = await currentCodes(students, now);
  return Object.fromEntries([...codes].map(([id, c]) => [id, { year: c.year, issuedAt: c.issuedAt, adults: c.adults.map((a) => a.name) }]));
}

/** The roster with each child's pickup check values: this year's, of the adults the family still lists. */
export async function withPickupChecks(roster: SheetRoster, now = new Date()): Promise<SheetRoster> {
  const codes = await currentCodes(roster.entries.map((e) => e.student), now);
  return { ...roster, entries: roster.entries.map((e) => ({ ...e, pickups: codes.get(e.student.id)?.adults ?? [] })) };
}
