import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../scripts/demo/seedDemo';
import { clientRead, clientWrite, resetEmulators, signIn } from '../support/emulators';

// firestore.rules deny every client read and write: all data goes through the functions.
describe('Firestore rules', () => {
  let familyToken = '';
  let adminToken = '';
  beforeAll(async () => {
    await resetEmulators();
    await seedDemo();
    familyToken = (await signIn('family@example.com', 'family-demo-1')).idToken;
    adminToken = (await signIn('admin@example.com', 'admin-demo-1')).idToken;
  });

  for (const path of ['semesters/open-term', 'classes/forest-explorers', 'students/demo-ava', 'roles/demo-admin', 'enrollments/x']) {
    it(`denies reading ${path} to anonymous, family and admin clients`, async () => {
      expect(await clientRead(path)).toBe(403);
      expect(await clientRead(path, familyToken)).toBe(403);
      expect(await clientRead(path, adminToken)).toBe(403);
    });
  }

  it('denies every client write, even to the own role document', async () => {
    expect(await clientWrite('roles/demo-family', familyToken)).toBe(403);
    expect(await clientWrite('classes/forest-explorers', adminToken)).toBe(403);
    expect(await clientWrite('semesters/new')).toBe(403);
  });
});
