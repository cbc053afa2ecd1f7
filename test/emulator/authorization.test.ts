import { beforeAll, describe, expect, it } from 'vitest';
import { callables, type CallableName } from '../../contract/callables';
import { adminDb } from '../../scripts/demo/adminApp';
import { callFunction, createUser, type TestUser } from '../support/emulators';
import { callAs, seededEmulators, signInDemo } from '../support/fixtures';
import { AVAS, SAMPLES, seedWaitlistSamples } from '../support/samples';

// Issue 8: every callable × {anonymous, family A, family B acting on A's data, admin}, generated from
// the contract. A is the demo family (owner of demo-ava); B is another family; the samples name A's data.
type Who = 'anonymous' | 'familyB' | 'admin' | 'familyA';
const ALL = Object.values(callables);
/** Family callables that name one of A's records: anyone else gets not-found and learns nothing. */
const OWNED: CallableName[] = ['saveStudent', 'enroll', 'myEnrollment', 'releaseHold', 'payBalance', 'joinWaitlist', 'leaveWaitlist', 'declineOffer', 'claimOffer'];
/** What A's data looks like in a response; nobody but A (and the office) may see it. */
const A_DATA = /demo-ava|Rivera|family@example\.com|"step":2/;

function expected(name: CallableName, who: Who): number {
  const access = callables[name].access;
  if (access === 'public') return 200;
  if (who === 'anonymous') return 401;
  if (access === 'admin') return who === 'admin' ? 200 : 403;
  if (who === 'familyA') return 200;
  return OWNED.includes(name) ? 404 : 200;
}

describe('authorization matrix of every callable (issue 8)', () => {
  const tokens: Partial<Record<Who, string>> = {};
  let familyB: TestUser;
  beforeAll(async () => {
    await seededEmulators();
    const a = await signInDemo('family');
    familyB = await createUser('other-family@example.com');
    tokens.familyA = a.idToken;
    tokens.familyB = familyB.idToken;
    tokens.admin = (await signInDemo('admin')).idToken;
    // A owes on her enrollment, so her payBalance opens a page (B's and the office's must not).
    await adminDb().doc(`enrollments/${AVAS.id}`).update({ payments: [], balance: AVAS.total });
    // A has a saved draft, so B's and the admin's loadDraft would show it if drafts leaked.
    expect((await callAs(a, 'saveDraft', SAMPLES.saveDraft)).status).toBe(200);
    await seedWaitlistSamples();
  });

  it('has a sample payload for every callable of the contract', () => {
    expect(ALL.map((c) => c.name).filter((name) => !(name in SAMPLES))).toEqual([]);
  });

  // A acts last: her calls may write (enroll, save); the office's writes come before hers.
  const ORDER: Who[] = ['anonymous', 'familyB', 'admin', 'familyA'];
  it.each(ALL.map((c) => c.name))('%s', async (name) => {
    for (const who of ORDER) {
      const before = await adminDb().collection('enrollments').count().get();
      const r = await callFunction(name, SAMPLES[name], tokens[who]);
      expect(r.status, `${name} as ${who}: ${JSON.stringify(r.error)}`).toBe(expected(name, who));
      if (r.status !== 200) {
        expect(r.error?.message, `${name} as ${who}`).toMatch(/\w/);
        expect((await adminDb().collection('enrollments').count().get()).data().count).toBe(before.data().count);
      }
      // Nobody but A and the office sees A's students, enrollments, drafts or email.
      if (who !== 'familyA' && who !== 'admin') expect(JSON.stringify(r), `${name} as ${who}`).not.toMatch(A_DATA);
      if (who === 'admin' && callables[name].access !== 'admin') expect(JSON.stringify(r), `${name} as admin (family call)`).not.toMatch(A_DATA);
    }
  });

  it('leaves A’s student untouched by B and the office calling saveStudent', async () => {
    const ava = (await adminDb().doc('students/demo-ava').get()).data()!;
    expect(ava.ownerUid).not.toBe(familyB.uid);
    expect((await adminDb().collection('students').where('ownerUid', '==', familyB.uid).count().get()).data().count).toBe(0);
  });
});
