// A family's account credit: entries only ever created (`credits`), and the balance on the family's
// account document (`accounts/{uid}.credit`), which every checkout reads and writes only if unchanged
// since (data/accounts.ts): two uses at once never spend the same credit twice.
import { FieldValue, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import type { CreditEntry } from '../../../contract/credit';
import type { Cents } from '../../../contract/domain';
import { accountRef } from './accounts';
import { COLLECTIONS, db, recordRef, records } from './db';

/** The balance on an account document as read. */
export const creditOf = (account: DocumentSnapshot): Cents => (account.get('credit') as Cents | undefined) ?? 0;

/**
 * Writes an entry that adds to the balance (a use given back, a refund as credit): no read needed, as
 * it never takes the balance below nothing. The entry's id makes it once only (a retry writes it again,
 * the same). The caller writes it once: in the transaction that changes what it comes from.
 */
export function addCreditInTx(tx: Transaction, entry: CreditEntry): void {
  tx.set(recordRef('credits', entry.id), entry);
  tx.set(accountRef(entry.ownerUid), { credit: FieldValue.increment(entry.amount) }, { merge: true });
}

/** Writes an entry whose balance the caller writes itself (with the account read: a use, a credit taken back). */
export function writeCreditEntry(tx: Transaction, entry: CreditEntry): void {
  tx.create(recordRef('credits', entry.id), entry);
}

/** A family's entries, newest first. */
export async function creditEntriesOf(uid: string): Promise<CreditEntry[]> {
  const snap = await records('credits').where('ownerUid', '==', uid).get();
  return snap.docs.map((d) => d.data()).sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id));
}

/** Every entry, newest first (finance's ledger). */
export async function allCreditEntries(): Promise<CreditEntry[]> {
  const snap = await records('credits').orderBy('at', 'desc').get();
  return snap.docs.map((d) => d.data());
}

/** The account credit every family holds now, added up (the dashboard's). */
export async function creditOwed(): Promise<Cents> {
  const snap = await db().collection(COLLECTIONS.accounts).where('credit', '>', 0).get();
  return snap.docs.reduce((sum, d) => sum + ((d.get('credit') as number | undefined) ?? 0), 0);
}
