// Pickup codes: a family makes a code for each adult who may collect its child, for the school year;
// the codes are shown to the family once and kept only as check values. An instructor's roster
// carries the check values of the adults still listed, so that a phone checks a code without signal.
import { randomInt } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { adultsWhoMayCollect, codeWordTag, newSalt, PICKUP_CODE_DIGITS, phoneTag, pickupCheckValue, schoolYearOf, type PickupCodesStatus } from '../../../contract/field';
import type { SheetRoster, Student } from '../../../contract/domain';
import { DAY_MS, schoolToday } from '../../../contract/schedule';
import { auditInTx, type Actor } from '../data/audit';
import { db, recordRef } from '../data/db';
import { loadPickupCodes, pickupCodesRef, type PickupCodes } from '../data/pickupCodes';
import { loadOfflineCopiesOf } from '../data/field';
import { notYourStudent } from '../data/students';
import { codeHolders, codesMadeToday } from '../domain/field';
import { orRefused } from '../lib/refused';
import { pickupCodeMail } from '../mail/field';
import { queueMail } from '../mail/outbox';
import { portalOrigin } from '../payments/stripe';

/**
 * How long an emailed code stays in the outbox (TTL on mail.expiresAt): long enough to be sent (the
 * extension sends within seconds, and retries within the hour), then it goes: a code is a credential.
 */
export const CODE_MAIL_DAYS = 1;
/**
 * New codes for every adult who may collect the child (those made before stop passing); each adult
 * with an email (a guardian) is sent their own code.
 */
export async function issuePickupCodes(actor: Actor, studentId: string, now = new Date()): Promise<{ year: string; codes: { name: string; code: string }[]; emailed: string[] }> {
  const student = (await recordRef('students', studentId).get()).data();
  if (!student || student.ownerUid !== actor.uid) throw notYourStudent();
  const adults = orRefused(codeHolders(student));
  const codes = adults.map((name) => ({ name, code: String(randomInt(0, 10 ** PICKUP_CODE_DIGITS)).padStart(PICKUP_CODE_DIGITS, '0') }));
  const adultsChecked = await Promise.all(codes.map(async ({ name, code }) => {
    const salt = newSalt();
    return { name, salt, check: await pickupCheckValue(code, salt) };
  }));
  const year = schoolYearOf(schoolToday(now));
  const today = schoolToday(now);
  const emailOf = new Map(student.guardians.filter((g) => g.email).map((g) => [g.name.trim(), g.email]));
  const emailed = codes.filter((c) => emailOf.has(c.name));
  const portal = portalOrigin(null);
  await db().runTransaction(async (tx) => {
    const before = (await tx.get(pickupCodesRef(studentId))).data() as PickupCodes | undefined;
    const made = orRefused(codesMadeToday(before, today));
    const record: PickupCodes = { studentId, ownerUid: actor.uid, year, issuedAt: now.toISOString(), adults: adultsChecked, madeOn: today, madeToday: made.count };
    tx.set(pickupCodesRef(studentId), record);
    for (const c of emailed) {
      const message = pickupCodeMail({ adult: c.name, firstName: student.firstName, year, code: c.code }, portal);
      // The code is a credential in clear: its email is deleted from the outbox a day on.
      queueMail(tx, { kind: 'pickup-code', to: [emailOf.get(c.name)!], message, expiresAt: Timestamp.fromMillis(now.getTime() + CODE_MAIL_DAYS * DAY_MS) });
    }
    const sent = emailed.length ? `; emailed to ${emailed.map((c) => c.name).join(', ')}` : '';
    auditInTx(tx, actor, { kind: 'pickup-codes-issued', record: { type: 'student', id: studentId }, studentId, studentName: `${student.firstName} ${student.lastName}`, fields: ['pickupCodes'], summary: `Pickup codes for ${year} made for ${adults.join(', ')}${sent}` }, now);
  });
  return { year, codes, emailed: emailed.map((c) => c.name) };
}

/** Each child's codes of this school year, with only the adults the family still lists. */
export async function currentCodes(students: Student[], now: Date): Promise<Map<string, PickupCodes>> {
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

/**
 * This school year's codes of a family's children: who has one (never the codes), and until when a
 * phone that took the child's class offline before they were made may still accept an older one.
 */
export async function pickupCodesStatus(students: Student[], now = new Date()): Promise<Record<string, PickupCodesStatus>> {
  const codes = await currentCodes(students, now);
  const copies = codes.size ? await loadOfflineCopiesOf([...codes.keys()]) : [];
  const today = schoolToday(now);
  return Object.fromEntries(
    [...codes].map(([id, c]) => {
      const stale = copies.filter((x) => x.studentIds.includes(id) && x.savedAt < c.issuedAt && x.until >= today).map((x) => x.until);
      const oldCodesUntil = stale.sort().at(-1);
      return [id, { year: c.year, issuedAt: c.issuedAt, adults: c.adults.map((a) => a.name), ...(oldCodesUntil && { oldCodesUntil }) }];
    }),
  );
}

/**
 * The roster as an instructor's phone gets it: each child's pickup code tags (this year's, of the
 * adults the family still lists) and when those codes were made, and the family's code word as a tag:
 * the word itself stays with the office.
 */
export async function forThePhone(roster: SheetRoster, now = new Date()): Promise<SheetRoster> {
  const codes = await currentCodes(roster.entries.map((e) => e.student), now);
  const entries = await Promise.all(
    roster.entries.map(async (e) => {
      const c = codes.get(e.student.id);
      const word = e.student.pickupCodeWord.trim();
      return {
        ...e,
        student: { ...e.student, pickupCodeWord: '' },
        pickups: c?.adults.map(phoneTag) ?? [],
        ...(c && { codesIssuedAt: c.issuedAt }),
        ...(word && { codeWord: await codeWordTag(word) }),
      };
    }),
  );
  return { ...roster, entries };
}
