// The family's own account: who holds it (name and phone, accounts/{uid}.holder), and its
// in-progress enrollment (data/drafts.ts).
import { callables } from '../../../contract/callables';
import { loadHolder, saveHolder } from '../data/accounts';
import { deleteDraftOf, loadDraftOf, saveDraftOf } from '../data/drafts';
import { actorOf, callable } from '../lib/callable';
import { familyData } from '../usecases/familyData';
import { deleteAbandonedDrafts } from '../usecases/drafts';

export const myAccount = callable(callables.myAccount, async (_p, ctx) => ({ holder: await loadHolder(ctx.uid) }));

export const saveAccount = callable(callables.saveAccount, async (holder, ctx) => ({ holder: await saveHolder(ctx.uid, holder) }));

export const myData = callable(callables.myData, async (_p, ctx) => familyData(actorOf(ctx), new Date()));

export const loadDraft = callable(callables.loadDraft, async (_p, ctx) => loadDraftOf(ctx.uid));

export const saveDraft = callable(callables.saveDraft, async ({ json, flow }, ctx) => saveDraftOf(ctx.uid, json, flow));

export const deleteDraft = callable(callables.deleteDraft, async (_p, ctx) => {
  await deleteDraftOf(ctx.uid);
  return { deleted: true };
});

export const adminDeleteDrafts = callable(callables.adminDeleteDrafts, ({ olderThanDays, send }, ctx) => deleteAbandonedDrafts(actorOf(ctx), olderThanDays, send, new Date()));
