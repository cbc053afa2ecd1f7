import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../scripts/demo/seedDemo';
import { adminAuth, adminDb } from '../../scripts/demo/adminApp';
import { callFunction, createUnverifiedUser, createUser, resetEmulators, signIn } from '../support/emulators';

describe('roles callable (real ID tokens)', () => {
  beforeAll(async () => {
    await resetEmulators();
    await seedDemo();
  });

  it('rejects anonymous callers with unauthenticated (HTTP 401)', async () => {
    const r = await callFunction('roles');
    expect(r.status).toBe(401);
    expect(r.error?.status).toBe('UNAUTHENTICATED');
  });

  it('gives a new family no roles', async () => {
    const user = await createUser('new.family@example.com');
    const r = await callFunction<string[]>('roles', null, user.idToken);
    expect(r.status).toBe(200);
    expect(r.result).toEqual([]);
  });

  it('gives the demo admin the admin role and the demo family none', async () => {
    const admin = await signIn('admin@example.com', 'admin-demo-1');
    const family = await signIn('family@example.com', 'family-demo-1');
    expect((await callFunction<string[]>('roles', null, admin.idToken)).result).toEqual(['admin']);
    expect((await callFunction<string[]>('roles', null, family.idToken)).result).toEqual([]);
  });

  it('rejects a payload with invalid-argument naming the problem', async () => {
    const family = await signIn('family@example.com', 'family-demo-1');
    const r = await callFunction('roles', { sneaky: true }, family.idToken);
    expect(r.status).toBe(400);
    expect(r.error?.status).toBe('INVALID_ARGUMENT');
    expect(r.error?.message).toMatch(/payload/);
  });

  it('staff calls need a verified email and a token that was not revoked (issue 19)', async () => {
    // Someone who registered a staff address without proving it holds the role: still refused.
    const claimer = await createUnverifiedUser('claimed.staff@example.com');
    await adminDb().doc(`roles/${claimer.uid}`).set({ roles: ['admin'] });
    const refused = await callFunction('adminSemesters', null, claimer.idToken);
    expect([refused.status, refused.error?.message]).toEqual([403, 'Staff accounts need a verified email address.']);

    // A staff member signed out everywhere (tokens revoked) loses access at once, not in an hour.
    const staff = await createUser('leaving.staff@example.com');
    await adminDb().doc(`roles/${staff.uid}`).set({ roles: ['admin'] });
    expect((await callFunction('adminSemesters', null, staff.idToken)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100)); // revocation counts whole seconds after the token's issue time
    await adminAuth().revokeRefreshTokens(staff.uid);
    const revoked = await callFunction('adminSemesters', null, staff.idToken);
    expect([revoked.status, revoked.error?.message]).toEqual([401, 'Your session has ended. Please sign in again.']);
    // Signing in again works.
    expect((await callFunction('adminSemesters', null, (await signIn('leaving.staff@example.com', 'secret-pass-1')).idToken)).status).toBe(200);
  });
});
