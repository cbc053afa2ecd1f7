// The family's own account: who holds it (name and phone, accounts/{uid}.holder), and its
// in-progress enrollment, one document per account (enrollmentDrafts/{uid}). A draft holds
// a child's health profile: it expires DRAFT_DAYS after its last save (Firestore's TTL policy on
// expiresAt deletes it in production, firestore.indexes.json; loading ignores an expired one at once).
import { Timestamp } from 'firebase-admin/firestore';
import { callables } from '../../../contract/callables';
import { loadHolder, saveHolder } from '../data/accounts';
import { COLLECTIONS, db } from '../data/db';
import { callable } from '../lib/callable';

export const myAccount = callable(callables.myAccount, async (_p, ctx) => ({ holder: await loadHolder(ctx.uid) }));

export const saveAccount = callable(callables.saveAccount, async (holder, ctx) => ({ holder: await saveHolder(ctx.uid, holder) }));

const draftOf = (uid: string) => db().collection(COLLECTIONS.enrollmentDrafts).doc(uid);
export const DRAFT_DAYS = 60;
const DAY_MS = 86_400_000;

export const loadDraft = callable(callables.loadDraft, async (_p, ctx) => {
  const snap = await draftOf(ctx.uid).get();
  if (!snap.exists) return null;
  const updatedAt = snap.get('updatedAt') as string;
  // Drafts saved before they carried expiresAt expire DRAFT_DAYS after their last save too.
  const expiresAt = (snap.get('expiresAt') as Timestamp | undefined)?.toMillis() ?? Date.parse(updatedAt) + DRAFT_DAYS * DAY_MS;
  if (!(expiresAt > Date.now())) {
    await snap.ref.delete();
    return null;
  }
  return { json: snap.get('json') as string, updatedAt };
});

export const saveDraft = callable(callables.saveDraft, async ({ json }, ctx) => {
  const now = Date.now();
  const updatedAt = new Date(now).toISOString();
  await draftOf(ctx.uid).set({ json, updatedAt, expiresAt: Timestamp.fromMillis(now + DRAFT_DAYS * DAY_MS) });
  return { updatedAt };
});

export const deleteDraft = callable(callables.deleteDraft, async (_p, ctx) => {
  await draftOf(ctx.uid).delete();
  return { deleted: true };
});
