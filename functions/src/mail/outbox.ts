// The one writer of the `mail` collection, which the Trigger Email extension sends: every email the
// portal sends is written here, in the transaction or batch of the event it tells of (so an email
// goes out exactly when its event is saved). A lint rule keeps every other file off the collection.
import type { DocumentReference, Transaction, WriteBatch } from 'firebase-admin/firestore';
import { COLLECTIONS, db } from '../data/db';
import type { MailMessage } from './layout';

/** An email to write: its kind, who gets it, the message, and what it is about (an enrollment's id…). */
export interface OutgoingMail {
  kind: string;
  to: string[];
  message: MailMessage;
}

/**
 * The email's document: named by its kind and `key` (the event: a payment's id, a reminder's day) so
 * that the same event writes the same document and is sent once; a new one without a key.
 */
export const outboxRef = (kind: string, key?: string): DocumentReference =>
  key ? db().collection(COLLECTIONS.mail).doc(`${kind}_${key}`) : db().collection(COLLECTIONS.mail).doc();

/** Writes the email in the event's transaction or batch; an email to nobody is not written. */
export function queueMail<M extends OutgoingMail>(writer: Transaction | WriteBatch, mail: M, key?: string): void {
  if (!mail.to.length) return;
  // Both writers take (ref, data); TypeScript cannot call the union of their overloads.
  (writer as WriteBatch).set(outboxRef(mail.kind, key), mail);
}

/** The emails written to this address, with when each was written, newest first (the office's page of a family). */
export async function mailWithDates(address: string): Promise<{ subject: string; at: string }[]> {
  const snap = await db().collection(COLLECTIONS.mail).where('to', 'array-contains', address).get();
  return snap.docs.map((d) => ({ subject: (d.get('message.subject') as string | undefined) ?? (d.get('kind') as string), at: d.createTime.toDate().toISOString() })).sort((a, b) => b.at.localeCompare(a.at));
}

/** The emails written to any of these addresses (at most 30: Firestore's limit for one query), for a family's own copy of its data. */
export async function mailTo(addresses: string[]): Promise<OutgoingMail[]> {
  if (!addresses.length) return [];
  const snap = await db().collection(COLLECTIONS.mail).where('to', 'array-contains-any', addresses.slice(0, 30)).get();
  return snap.docs.map((d) => d.data() as OutgoingMail);
}

const ALREADY_EXISTS = 6;

/**
 * Which of these events' emails were already written, in one read of their documents' names only: a
 * job that looks again at days it has already handled (reminders catch up missed runs) skips them
 * instead of asking Firestore to create each again and being refused.
 */
export async function mailWritten(events: { kind: string; key: string }[]): Promise<(event: { kind: string; key: string }) => boolean> {
  const snaps = events.length ? await db().getAll(...events.map((e) => outboxRef(e.kind, e.key)), { fieldMask: [] }) : [];
  const written = new Set(snaps.filter((d) => d.exists).map((d) => d.id));
  return (event) => written.has(outboxRef(event.kind, event.key).id);
}

/** Writes the email only if its event's email was never written (a job run twice sends it once): true when written now. */
export async function createMailOnce<M extends OutgoingMail>(mail: M, key: string): Promise<boolean> {
  try {
    await outboxRef(mail.kind, key).create(mail);
    return true;
  } catch (error) {
    if ((error as { code?: number }).code === ALREADY_EXISTS) return false;
    throw error;
  }
}
