// A family's account document: changed by each of its checkouts and new students, and written only
// if unchanged since it was read, so that the account's limits (unpaid checkouts, students, holds)
// hold even when its calls arrive at the same moment: the second finds the document changed and is
// checked again with the first one counted.
import { getAuth, type UserRecord } from 'firebase-admin/auth';
import { FieldValue, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import type { AccountHolder } from '../../../contract/domain';
import { COLLECTIONS, db } from './db';

export const accountRef = (uid: string) => db().collection(COLLECTIONS.accounts).doc(uid);

/**
 * The account, then what `after` reads of the family's records, in that order: a record counted by a
 * limit is made together with a change to the account, so one made after the account was read makes
 * `touchAccount` fail the attempt, and one made before is in what `after` reads. Read at once, the
 * records could be read before another save ended and the account after it, and both saves pass.
 */
export async function accountThen<T>(uid: string, after: () => Promise<T>): Promise<[DocumentSnapshot, T]> {
  const account = await accountRef(uid).get();
  return [account, await after()];
}

/**
 * Writes `fields` on the account in the transaction, failing it if the account changed since `read`.
 * Every write counts in `changes`: Firestore keeps a document's update time when a write leaves it as
 * it was, so two saves writing the same fields (the same millisecond's time) would both find the
 * account unchanged.
 */
export function touchAccount(tx: Transaction, uid: string, read: DocumentSnapshot, fields: Record<string, unknown>): void {
  if (read.exists) tx.update(accountRef(uid), { ...fields, changes: FieldValue.increment(1) }, { lastUpdateTime: read.updateTime! });
  else tx.create(accountRef(uid), { ...fields, changes: 1 });
}

/** The account holder's name and phone, or null until the family gives them. */
export async function loadHolder(uid: string): Promise<AccountHolder | null> {
  const holder = (await accountRef(uid).get()).get('holder') as AccountHolder | undefined;
  return holder ?? null;
}

/** Saves the account holder (merged into the account: its limits' fields stay as they are). */
export async function saveHolder(uid: string, holder: AccountHolder): Promise<AccountHolder> {
  await accountRef(uid).set({ holder: { name: holder.name, phone: holder.phone } }, { merge: true });
  return holder;
}

/** The account that signs in with this address (lower case), or null when none does. */
export async function accountByEmail(address: string): Promise<UserRecord | null> {
  return getAuth()
    .getUserByEmail(address)
    .catch((error: unknown) => {
      if ((error as { code?: string }).code === 'auth/user-not-found') return null;
      throw error;
    });
}
