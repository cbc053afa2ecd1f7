import { beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, adminDb } from '../../scripts/demo/adminApp';
import { callFunction, createUnverifiedUser, createUser, signIn } from '../support/emulators';
import { callAs, seededEmulators, signInDemo } from '../support/fixtures';

describe('roles callable (real ID tokens)', () => {
  beforeAll(async () => {
    await seededEmulators();
  });

  it('rejects anonymous callers with unauthenticated (HTTP 401)', async () => {
    const r = await callAs(null, 'roles');
    expect(r.status).toBe(401);
    expect(r.error?.status).toBe('UNAUTHENTICATED');
  });

  it('gives a new family no roles', async () => {
    const user = await createUser('new.family@example.com');
    const r = await callAs(user, 'roles');
    expect(r.status).toBe(200);
    expect(r.result).toEqual([]);
  });

  it('gives the demo admin the admin role and the demo family none', async () => {
    const admin = await signInDemo('admin');
    const family = await signInDemo('family');
    expect((await callAs(admin, 'roles')).result).toEqual(['admin']);
    expect((await callAs(family, 'roles')).result).toEqual([]);
  });

  it('rejects a payload with invalid-argument naming the problem', async () => {
    const family = await signInDemo('family');
    const r = await callFunction('roles', { sneaky: true }, family.idToken);
    expect(r.status).toBe(400);
    expect(r.error?.status).toBe('INVALID_ARGUMENT');
    expect(r.error?.message).toMatch(/payload/);
  });

  it('staff calls need a verified email and a token that was not revoked', async () => {
    // Someone who registered a staff address without proving it holds the role: still refused.
    const claimer = await createUnverifiedUser('claimed.staff@example.com');
    await adminDb().doc(`roles/${claimer.uid}`).set({ roles: ['admin'] });
    const refused = await callAs(claimer, 'adminSemesters');
    expect([refused.status, refused.error?.message]).toEqual([403, 'Staff accounts need a verified email address.']);

    // A staff member signed out everywhere (tokens revoked) loses access at once, not in an hour.
    const staff = await createUser('leaving.staff@example.com');
    await adminDb().doc(`roles/${staff.uid}`).set({ roles: ['admin'] });
    expect((await callAs(staff, 'adminSemesters')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1100)); // revocation counts whole seconds after the token's issue time
    await adminAuth().revokeRefreshTokens(staff.uid);
    const revoked = await callAs(staff, 'adminSemesters');
    expect([revoked.status, revoked.error?.message]).toEqual([401, 'Your session has ended. Please sign in again.']);
    // Signing in again works.
    expect((await callAs((await signIn('leaving.staff@example.com', 'secret-pass-1')), 'adminSemesters')).status).toBe(200);
  });
});
