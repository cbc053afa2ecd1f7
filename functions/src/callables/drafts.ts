// The family's in-progress enrollment, one document per account (enrollmentDrafts/{uid}).
import { callables } from '../../../contract/callables';
import { COLLECTIONS, db } from '../data/db';
import { callable } from '../lib/callable';

const draftOf = (uid: string) => db().collection(COLLECTIONS.enrollmentDrafts).doc(uid);

export const loadDraft = callable(callables.loadDraft, async (_p, ctx) => {
  const snap = await draftOf(ctx.uid!).get();
  return snap.exists ? { json: snap.get('json') as string, updatedAt: snap.get('updatedAt') as string } : null;
});

export const saveDraft = callable(callables.saveDraft, async ({ json }, ctx) => {
  const updatedAt = new Date().toISOString();
  await draftOf(ctx.uid!).set({ json, updatedAt });
  return { updatedAt };
});

export const deleteDraft = callable(callables.deleteDraft, async (_p, ctx) => {
  await draftOf(ctx.uid!).delete();
  return { deleted: true };
});
