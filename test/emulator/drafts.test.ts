import { beforeAll, describe, expect, it } from 'vitest';
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
});
