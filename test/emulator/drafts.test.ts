import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { Timestamp } from 'firebase-admin/firestore';
import { adminDb } from '../../scripts/demo/adminApp';
import { callFunction, createUser, resetEmulators, type TestUser } from '../support/emulators';
import { callAs } from '../support/fixtures';

describe('enrollment drafts (one per account)', () => {
  let a: TestUser;
  let b: TestUser;
  beforeAll(async () => {
    await resetEmulators();
    a = await createUser('draft.a@example.com');
    b = await createUser('draft.b@example.com');
  });

  it('saves, loads only the own draft, and deletes it', async () => {
    expect((await callAs(a, 'loadDraft')).result).toBeNull();
    const saved = await callAs(a, 'saveDraft', { json: '{"step":"student"}', flow: 'flow-draft-a' });
    expect(saved.status).toBe(200);
    expect((await callAs(a, 'loadDraft')).result?.json).toBe('{"step":"student"}');
    expect((await callAs(b, 'loadDraft')).result).toBeNull();
    await callAs(a, 'deleteDraft');
    expect((await callAs(a, 'loadDraft')).result).toBeNull();
  });

  it('needs a signed-in family and a bounded payload', async () => {
    expect((await callAs(null, 'saveDraft', { json: '{}', flow: 'flow-draft-a' })).status).toBe(401);
    const huge = await callAs(a, 'saveDraft', { json: 'x'.repeat(100_001), flow: 'flow-draft-a' });
    expect(huge.status).toBe(400);
    expect(huge.error?.message).toBe('json: is too large');
    expect((await callFunction('saveDraft', { json: 5 }, a.idToken)).status).toBe(400);
    const noFlow = await callFunction('saveDraft', { json: '{}' }, a.idToken);
    expect(noFlow.status).toBe(400);
    expect((await callAs(a, 'saveDraft', { json: '{}', flow: 'x/../y' })).error?.message).toBe('flow: must be a flow id');
  });

  it('a draft (a child’s health profile) expires 60 days after its last save: the TTL field is set, and an expired one is never loaded', async () => {
    await callAs(a, 'saveDraft', { json: '{"step":"health"}', flow: 'flow-draft-a' });
    const ref = adminDb().doc(`enrollmentDrafts/${a.uid}`);
    const expiresAt = ((await ref.get()).get('expiresAt') as Timestamp).toMillis();
    expect(Math.abs(expiresAt - (Date.now() + 60 * 86_400_000))).toBeLessThan(60_000);
    const ttl = (JSON.parse(readFileSync('firestore.indexes.json', 'utf8')) as { fieldOverrides: object[] }).fieldOverrides;
    expect(ttl).toContainEqual({ collectionGroup: 'enrollmentDrafts', fieldPath: 'expiresAt', ttl: true, indexes: [] });

    await ref.update({ expiresAt: Timestamp.fromMillis(Date.now() - 1000) });
    expect((await callAs(a, 'loadDraft')).result).toBeNull();
    expect((await ref.get()).exists).toBe(false);
    // A draft saved before drafts carried expiresAt: 61 days after its save it is gone as well.
    await ref.set({ json: '{"step":"health"}', updatedAt: new Date(Date.now() - 61 * 86_400_000).toISOString() });
    expect((await callAs(a, 'loadDraft')).result).toBeNull();
    await ref.set({ json: '{"step":"health"}', updatedAt: new Date(Date.now() - 59 * 86_400_000).toISOString() });
    expect((await callAs(a, 'loadDraft')).result?.json).toBe('{"step":"health"}');
  });

  it('the office deletes enrollments left unfinished: counted first, then deleted, only those not touched for the days asked; audited; nobody else may', async () => {
    const office = await createUser('draft.office@example.com');
    await adminDb().doc(`roles/${office.uid}`).set({ roles: ['office'] });
    const finance = await createUser('draft.finance@example.com');
    await adminDb().doc(`roles/${finance.uid}`).set({ roles: ['finance'] });
    await callAs(a, 'saveDraft', { json: '{"step":"health"}', flow: 'flow-draft-old' });
    await adminDb().doc(`enrollmentDrafts/${a.uid}`).update({ updatedAt: new Date(Date.now() - 20 * 86_400_000).toISOString() });
    await callAs(b, 'saveDraft', { json: '{"step":"health"}', flow: 'flow-draft-new' });
    // Drafts hold children's health: the office's (and admin's) to delete, not finance's nor a family's.
    for (const who of [finance, a]) expect((await callAs(who, 'adminDeleteDrafts', { olderThanDays: 14, send: true })).status).toBe(403);
    for (const days of [0, 61, 1.5]) expect((await callAs(office, 'adminDeleteDrafts', { olderThanDays: days, send: false })).status, String(days)).toBe(400);

    expect((await callAs(office, 'adminDeleteDrafts', { olderThanDays: 14, send: false })).result).toEqual({ found: 1, deleted: 0 });
    expect((await adminDb().doc(`enrollmentDrafts/${a.uid}`).get()).exists).toBe(true);
    expect((await callAs(office, 'adminDeleteDrafts', { olderThanDays: 21, send: false })).result).toEqual({ found: 0, deleted: 0 });
    expect((await callAs(office, 'adminDeleteDrafts', { olderThanDays: 14, send: true })).result).toEqual({ found: 1, deleted: 1 });
    expect((await callAs(a, 'loadDraft')).result).toBeNull();
    expect((await callAs(b, 'loadDraft')).result?.json).toBe('{"step":"health"}');
    const audit = (await adminDb().collection('audit').where('kind', '==', 'drafts-deleted').get()).docs.map((d) => [d.get('by.email'), d.get('summary')]);
    expect(audit).toEqual([['draft.office@example.com', 'Deleted 1 enrollment left unfinished (not saved for 14 days)']]);
  });
});
