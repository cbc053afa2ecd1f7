import { beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../functions/src/data/db';
import { clientRead, clientWrite } from '../support/emulators';
import { seededEmulators, signInDemo } from '../support/fixtures';

// firestore.rules deny every client read and write: all data goes through the functions. Checked for
// every collection the functions use (and the roster subcollection), as anonymous, family and admin.
const PATHS = Object.values(COLLECTIONS).map((name) => (name === COLLECTIONS.roster ? 'classes/fire-and-shelter/roster/demo-student-10' : `${name}/some-id`));

describe('Firestore rules', () => {
  const tokens: (string | undefined)[] = [undefined];
  beforeAll(async () => {
    await seededEmulators();
    tokens.push((await signInDemo('family')).idToken, (await signInDemo('admin')).idToken);
  });

  it.each(PATHS)('denies reading and writing %s to anonymous, family and admin clients', async (path) => {
    for (const token of tokens) {
      expect(await clientRead(path, token)).toBe(403);
      expect(await clientRead(path.split('/').slice(0, -1).join('/'), token)).toBe(403); // listing the collection
      expect(await clientWrite(path, token)).toBe(403);
    }
  });

  it('denies reading real documents, even the caller’s own student and role', async () => {
    for (const token of tokens) {
      for (const path of ['students/demo-ava', 'roles/demo-admin', 'semesters/open-term', 'classes/forest-explorers']) expect(await clientRead(path, token)).toBe(403);
    }
  });
});
