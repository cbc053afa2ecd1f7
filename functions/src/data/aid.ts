// Financial aid's documents: a family's applications (one per school year, `uid-year`, its award on
// it) and the funds. What checkouts take of an award is counted on the award (`award.used`) by
// increments written in the transaction that takes or gives back: a hold ending gives back without
// reading it, a checkout reads it (what is left) in its own transaction.
import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import { fundBalance, schoolYearOf, type AidApplication } from '../../../contract/aid';
import type { Cents, Enrollment, Semester } from '../../../contract/domain';
import { aidTakenBy, applicationId, cartAidOf } from '../domain/aid';
import type { CartAid } from '../domain/cart';
import { db, present, recordRef, records, uniq } from './db';

/** The documents of the family's applications for the school years of these terms. */
export const applicationRefsFor = (uid: string, semesters: Pick<Semester, 'startDate'>[]) => uniq(semesters.map((s) => applicationId(uid, schoolYearOf(s.startDate)))).map((id) => recordRef('aidApplications', id));

/**
 * The award a checkout of these terms may use (the first that covers one of them), with what the
 * family's enrollments took of it (`replaced`: the holds the checkout replaces, which give theirs
 * back). `read`: the applications as read (in the transaction, for a checkout).
 */
export function cartAidFrom(read: AidApplication[], semesterIds: string[], today: string, family: Enrollment[], replaced: Set<string>): CartAid | undefined {
  const app = read.find((a) => semesterIds.includes(a.semesterId) && a.status === 'awarded');
  return app ? cartAidOf(app, today, family, replaced) : undefined;
}

/** The family's applications for the school years of these terms, read now (outside any transaction). */
export async function familyApplicationsFor(uid: string, semesters: Pick<Semester, 'startDate'>[]): Promise<AidApplication[]> {
  const refs = applicationRefsFor(uid, semesters);
  return refs.length ? (present(await db().getAll(...refs)) as AidApplication[]) : [];
}

/** The same for a price preview: read now, outside any transaction. */
export async function loadCartAid(uid: string, semesters: Pick<Semester, 'id' | 'startDate'>[], today: string, family: Enrollment[], replaced: Enrollment[]): Promise<CartAid | undefined> {
  return cartAidFrom(await familyApplicationsFor(uid, semesters), semesters.map((s) => s.id), today, family, new Set(replaced.map((e) => e.id)));
}

/** Counts on each award what these amounts take (less than nothing: give back). */
export function countAidInTx(tx: Transaction, taken: Map<string, Cents>): void {
  for (const [id, amount] of taken) if (amount) tx.update(recordRef('aidApplications', id), { 'award.used': FieldValue.increment(amount) });
}

/** Gives back what these enrollments took of their awards (their holds ended unpaid). */
export const giveAidBackInTx = (tx: Transaction, ended: Pick<Enrollment, 'aid' | 'discounts'>[]) => countAidInTx(tx, new Map([...aidTakenBy(ended)].map(([id, a]) => [id, -a])));

/** What every aid fund holds now, added up (the dashboard's). */
export async function aidFundsHeld(): Promise<Cents> {
  return (await records('aidFunds').get()).docs.reduce((sum, d) => sum + fundBalance(d.data()), 0);
}

export async function familyApplications(uid: string): Promise<AidApplication[]> {
  const snap = await records('aidApplications').where('ownerUid', '==', uid).get();
  return snap.docs.map((d) => d.data()).sort((a, b) => b.submittedAt.localeCompare(a.submittedAt));
}
