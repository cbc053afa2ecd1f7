import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { Timestamp } from 'firebase-admin/firestore';
import { adminDb } from '../../scripts/demo/adminApp';
import { callFunction, createUser, resetEmulators, type TestUser } from '../support/emulators';

describe('enrollment drafts (one per account)', () => {
  let a: TestUser;
  let b: TestUser;
  beforeAll(async () => {
    await resetEmulators();
    a = await createUser('draft.a@example.com');
    b = await createUser('draft.b@example.com');
  });

  it('saves, loads only the own draft, and deletes it', async () => {
    expect((await callFunction('loadDraft', null, a.idToken)).result).toBeNull();
    const saved = await callFunction<{ updatedAt: string }>('saveDraft', { json: '{"step":"student"}' }, a.idToken);
    expect(saved.status).toBe(200);
    expect((await callFunction<{ json: string }>('loadDraft', null, a.idToken)).result?.json).toBe('{"step":"student"}');
    expect((await callFunction('loadDraft', null, b.idToken)).result).toBeNull();
    await callFunction('deleteDraft', null, a.idToken);
    expect((await callFunction('loadDraft', null, a.idToken)).result).toBeNull();
  });

  it('needs a signed-in family and a bounded payload', async () => {
    expect((await callFunction('saveDraft', { json: '{}' })).status).toBe(401);
    const huge = await callFunction('saveDraft', { json: 'x'.repeat(100_001) }, a.idToken);
    expect(huge.status).toBe(400);
    expect(huge.error?.message).toBe('json: is too large');
    expect((await callFunction('saveDraft', { json: 5 }, a.idToken)).status).toBe(400);
  });

  it('a draft (a child’s health profile) expires 60 days after its last save: the TTL field is set, and an expired one is never loaded', async () => {
    await callFunction('saveDraft', { json: '{"step":"health"}' }, a.idToken);
    const ref = adminDb().doc(`enrollmentDrafts/${a.uid}`);
    const expiresAt = ((await ref.get()).get('expiresAt') as Timestamp).toMillis();
    expect(Math.abs(expiresAt - (Date.now() + 60 * 86_400_000))).toBeLessThan(60_000);
    const ttl = (JSON.parse(readFileSync('firestore.indexes.json', 'utf8')) as { fieldOverrides: object[] }).fieldOverrides;
    expect(ttl).toContainEqual({ collectionGroup: 'enrollmentDrafts', fieldPath: 'expiresAt', ttl: true, indexes: [] });

    await ref.update({ expiresAt: Timestamp.fromMillis(Date.now() - 1000) });
    expect((await callFunction('loadDraft', null, a.idToken)).result).toBeNull();
    expect((await ref.get()).exists).toBe(false);
    // A draft saved before drafts carried expiresAt: 61 days after its save it is gone as well.
    await ref.set({ json: '{"step":"health"}', updatedAt: new Date(Date.now() - 61 * 86_400_000).toISOString() });
    expect((await callFunction('loadDraft', null, a.idToken)).result).toBeNull();
    await ref.set({ json: '{"step":"health"}', updatedAt: new Date(Date.now() - 59 * 86_400_000).toISOString() });
    expect((await callFunction<{ json: string }>('loadDraft', null, a.idToken)).result?.json).toBe('{"step":"health"}');
  });
});
