// A family's in-progress enrollment, one document per account (enrollmentDrafts/{uid}). A draft holds
// a child's health profile: it expires DRAFT_DAYS after its last save (Firestore's TTL policy on
// expiresAt deletes it in production, firestore.indexes.json; loading ignores an expired one at once).
//
// Each draft names the flow it belongs to (an id the browser makes when an enrollment starts). A
// checkout that enrolls the family ends the draft's flow: its contents go, and a save of that flow
// still on its way (sent as the page left for Stripe, answered after the payment was confirmed) is
// not kept, or the next visit would offer the classes just paid for.
import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { DRAFT_DAYS } from '../../../contract/constants';
import { COLLECTIONS, db } from './db';
import { DAY_MS } from '../../../contract/schedule';

/** Flows ended recently, remembered so that a late save of one is refused after the next flow has begun. */
const ENDED_KEPT = 5;

interface DraftDoc {
  json?: string;
  updatedAt?: string;
  flow?: string;
  /** The flow named by `flow` was ended by a checkout. */
  ended?: boolean;
  endedFlows?: string[];
  expiresAt?: Timestamp;
}

const draftRef = (uid: string) => db().collection(COLLECTIONS.enrollmentDrafts).doc(uid);
const expiresFrom = (now: number) => Timestamp.fromMillis(now + DRAFT_DAYS * DAY_MS);
const endedFlowsOf = (doc: DraftDoc | undefined): string[] => [...(doc?.endedFlows ?? []), ...(doc?.ended && doc.flow ? [doc.flow] : [])].slice(-ENDED_KEPT);

export async function loadDraftOf(uid: string): Promise<{ json: string; updatedAt: string } | null> {
  const snap = await draftRef(uid).get();
  const doc = snap.data() as DraftDoc | undefined;
  if (!doc?.json || !doc.updatedAt) return null;
  // Drafts saved before they carried expiresAt expire DRAFT_DAYS after their last save too.
  const expiresAt = doc.expiresAt?.toMillis() ?? Date.parse(doc.updatedAt) + DRAFT_DAYS * DAY_MS;
  if (!(expiresAt > Date.now())) {
    await snap.ref.delete();
    return null;
  }
  return { json: doc.json, updatedAt: doc.updatedAt };
}

/** Saves the draft of `flow`, unless a checkout already ended that flow (then nothing changes). */
export async function saveDraftOf(uid: string, json: string, flow: string): Promise<{ updatedAt: string; saved: boolean }> {
  return db().runTransaction(async (tx) => {
    const doc = (await tx.get(draftRef(uid))).data() as DraftDoc | undefined;
    const ended = endedFlowsOf(doc);
    if (ended.includes(flow)) return { updatedAt: doc?.updatedAt ?? new Date().toISOString(), saved: false };
    const now = Date.now();
    const updatedAt = new Date(now).toISOString();
    tx.set(draftRef(uid), { json, flow, updatedAt, expiresAt: expiresFrom(now), endedFlows: ended } satisfies DraftDoc);
    return { updatedAt, saved: true };
  });
}

/** Start over (also sent after a checkout): the draft goes; the flows ended by a checkout stay ended. */
export async function deleteDraftOf(uid: string): Promise<void> {
  await db().runTransaction(async (tx) => {
    const ended = endedFlowsOf((await tx.get(draftRef(uid))).data() as DraftDoc | undefined);
    if (ended.length) tx.set(draftRef(uid), { endedFlows: ended, expiresAt: expiresFrom(Date.now()) } satisfies DraftDoc);
    else tx.delete(draftRef(uid));
  });
}

/** The family enrolled: the draft's contents go and its flow is ended (see above). */
export function endDraftInTx(tx: Transaction, uid: string): void {
  tx.set(
    draftRef(uid),
    { json: FieldValue.delete(), updatedAt: FieldValue.delete(), ended: true, expiresAt: expiresFrom(Date.now()) },
    { merge: true },
  );
}

/**
 * The office deletes enrollments left unfinished: those not saved since `before` (an ISO moment). Each
 * goes only if nobody saved it meanwhile (the delete is conditional on the version read); `send:
 * false` only counts them.
 */
export async function deleteDraftsBefore(before: string, send: boolean): Promise<{ found: number; deleted: number }> {
  const found = (await db().collection(COLLECTIONS.enrollmentDrafts).where('updatedAt', '<', before).get()).docs;
  if (!send) return { found: found.length, deleted: 0 };
  let deleted = 0;
  const writer = db().bulkWriter();
  // A draft saved since it was read fails its precondition: it is no longer abandoned, and stays.
  writer.onWriteError(() => false);
  for (const d of found) void writer.delete(d.ref, { lastUpdateTime: d.updateTime }).then(() => deleted++, () => undefined);
  await writer.close();
  return { found: found.length, deleted };
}
