import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../scripts/demo/seedDemo';
import { callFunction, createUser, resetEmulators, signIn } from '../support/emulators';

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
});
