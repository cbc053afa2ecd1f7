import { beforeAll, describe, expect, it } from 'vitest';
import { APP_CHECK_HEADER, APP_CHECKED } from '../../contract/appCheck';
import { APP_CHECK_REFUSED } from '../../functions/src/lib/callable';
import { callables, type CallableName } from '../../contract/callables';
import { ACCESS, STAFF_ROLES, type StaffRole } from '../../contract/roles';
import { adminDb } from '../../scripts/demo/adminApp';
import { callFunction, createUser, type TestUser } from '../support/emulators';
import { callAs, seededEmulators, signInDemo } from '../support/fixtures';
import { AVAS, SAMPLES, seedAddOnSample, seedAidSample, seedCancelClassSample, seedChangeSample, seedDeleteSamples, seedRoundSamples, seedWaitlistSamples } from '../support/samples';

// Every callable × {anonymous, family A, family B acting on A's data, each staff role},
// generated from the contract. A is the demo family (owner of demo-ava); B is another family; the samples
// name A's data. Each staff role is a separate account holding only that role; `instructor` teaches the
// sample class (fire-and-shelter), `otherInstructor` another class.
type Who = 'anonymous' | 'familyB' | StaffRole | 'otherInstructor' | 'familyA';
const ALL = Object.values(callables);
/** Family callables that name one of A's records: anyone else gets not-found and learns nothing. */
const OWNED: CallableName[] = ['saveStudent', 'deleteStudent', 'issuePickupCodes', 'enroll', 'enrollFamily', 'priceCart', 'addAddOns', 'myEnrollment', 'releaseHold', 'payBalance', 'payInstalment', 'joinWaitlist', 'leaveWaitlist', 'declineOffer', 'claimOffer', 'saveRoundEntry', 'cancellationOutcome', 'cancelOwnClasses', 'requestCancellation', 'transferOutcome', 'moveOwnClass', 'requestTransfer', 'payFromCredit', 'applyForAid'];
/** Family callables on the caller's own records as a whole: anyone else acts on theirs, where nothing is owed. */
const OWN_WHOLE: CallableName[] = ['payFamilyBalance'];
/**
 * What A's data looks like in a response; nobody but A (and the office) may see it. A's address as a
 * whole address: B's own (other-family@example.com), which B's own file holds, ends with it.
 */
const A_DATA = /demo-ava|Rivera|(?<![\w.+-])family@example\.com|"step":2/;
/** Children's health, pickup and contact fields, and a family's email: finance never sees them, in any answer. */
const CARE_FIELDS = /"(health|allergies|medications|medicalNotes|doctorName|doctorPhone|insurance\w*|guardians|emergencyContacts|authorizedPickups|pickupCodeWord|mayLeaveAlone|pickups)"|"familyEmail":"/;
const roleOf = (who: Who): StaffRole | null => (who === 'otherInstructor' ? 'instructor' : (STAFF_ROLES as readonly string[]).includes(who) ? (who as StaffRole) : null);
/** Callables about one class: only that class's instructors (and the office) pass. Another instructor's field records are held for the office (their answer says so, with nothing of the class). */
const CLASS_SCOPED: CallableName[] = ['taughtRoster', 'classFieldLog'];

/** The status expected; 'allowed' for a staff role the callable allows, after the admin's call has acted on the sample. */
function expected(name: CallableName, who: Who): number | 'allowed' {
  const access = callables[name].access;
  if (access === 'public') return 200;
  if (who === 'anonymous') return 401;
  if (access !== 'user') {
    const role = roleOf(who);
    if (!role || !(access as readonly StaffRole[]).includes(role)) return 403;
    if (who === 'otherInstructor' && CLASS_SCOPED.includes(name)) return 403;
    return who === 'admin' || who === 'instructor' ? 200 : 'allowed';
  }
  if (who === 'familyA') return 200;
  if (OWN_WHOLE.includes(name)) return 400;
  return OWNED.includes(name) ? 404 : 200;
}

describe('authorization matrix of every callable', () => {
  const tokens: Partial<Record<Who, string>> = {};
  let familyB: TestUser;
  beforeAll(async () => {
    await seededEmulators();
    const a = await signInDemo('family');
    familyB = await createUser('other-family@example.com');
    tokens.familyA = a.idToken;
    tokens.familyB = familyB.idToken;
    tokens.admin = (await signInDemo('admin')).idToken;
    for (const who of ['office', 'finance', 'instructor', 'otherInstructor'] as const) {
      const user = await createUser(`${who.toLowerCase()}.staff@example.com`);
      await adminDb().doc(`roles/${user.uid}`).set({ roles: [roleOf(who)] });
      tokens[who] = user.idToken;
      if (who === 'instructor') await adminDb().doc('classes/fire-and-shelter').update({ instructorUids: [user.uid] });
      if (who === 'otherInstructor') await adminDb().doc('classes/wild-art').update({ instructorUids: [user.uid] });
    }
    // A owes on her enrollment, so her payBalance opens a page (B's and the office's must not)…
    // …and a monthly payment of hers failed, so her payInstalment opens a page too.
    const failed = { dates: ['2026-01-05', '2026-02-05'], paid: 0, card: { brand: 'visa', last4: '4242' }, failed: { since: '2026-01-05', tries: 3, reason: 'the card was declined', amount: AVAS.total }, officeTold: '2026-01-12T09:00:00.000Z' };
    await adminDb().doc(`enrollments/${AVAS.id}`).update({ payments: [], balance: AVAS.total, instalments: failed });
    // A has account credit, so her payFromCredit pays from it (B's and the office's must not).
    await adminDb().doc('accounts/demo-family').set({ credit: 2500 }, { merge: true });
    await adminDb().doc('credits/matrix-credit').set({ id: 'matrix-credit', ownerUid: 'demo-family', amount: 2500, kind: 'given', words: 'For the matrix', at: new Date().toISOString(), by: 'office@example.com' });
    // A has a saved draft, so B's and the admin's loadDraft would show it if drafts leaked.
    expect((await callAs(a, 'saveDraft', SAMPLES.saveDraft)).status).toBe(200);
    await seedWaitlistSamples();
    await seedAddOnSample();
    await seedChangeSample();
    await seedDeleteSamples();
    await seedRoundSamples();
    await seedAidSample();
    await seedCancelClassSample();
  });

  it('has a sample payload for every callable of the contract', () => {
    expect(ALL.map((c) => c.name).filter((name) => !(name in SAMPLES))).toEqual([]);
  });

  it('lets the admin do everything a staff role may (the Staff page is the admin\'s alone)', () => {
    const staffCallables = ALL.filter((c) => c.access !== 'public' && c.access !== 'user');
    expect(staffCallables.filter((c) => !(c.access as readonly StaffRole[]).includes('admin')).map((c) => c.name)).toEqual([]);
    expect(staffCallables.filter((c) => c.access === ACCESS.staff).map((c) => c.name).sort()).toEqual(['adminAudit', 'adminSaveStaff', 'adminStaff']);
  });

  // A acts last: her calls may write (enroll, save); the staff's writes come before hers, the admin's first.
  const ORDER: Who[] = ['anonymous', 'familyB', 'otherInstructor', 'instructor', 'admin', 'finance', 'office', 'familyA'];
  it.each(ALL.map((c) => c.name))('%s', async (name) => {
    const access = callables[name].access;
    for (const who of ORDER) {
      const before = await adminDb().collection('enrollments').count().get();
      const r = await callFunction(name, SAMPLES[name], tokens[who]);
      const expect_ = expected(name, who);
      // A role the call allows passes the role check; the sample may have been used up by the admin's call.
      if (expect_ === 'allowed') expect([200, 400, 404, 409], `${name} as ${who}: ${JSON.stringify(r.error)}`).toContain(r.status);
      else expect(r.status, `${name} as ${who}: ${JSON.stringify(r.error)}`).toBe(expect_);
      if (r.status === 400 && expect_ === 'allowed') expect(r.error?.status, `${name} as ${who}`).not.toBe('INVALID_ARGUMENT');
      if (r.status !== 200) {
        expect(r.error?.message, `${name} as ${who}`).toMatch(/\w/);
        expect((await adminDb().collection('enrollments').count().get()).data().count).toBe(before.data().count);
      }
      // Nobody but A and the office sees A's students, enrollments, drafts or email.
      // Nobody but A and the staff whose work needs it (the office, finance for money, the class's
      // instructor for its roster) sees A's data.
      const needs = who === 'instructor' && CLASS_SCOPED.includes(name);
      if (who === 'anonymous' || who === 'familyB' || who === 'otherInstructor' || (who === 'instructor' && !needs)) expect(JSON.stringify(r), `${name} as ${who}`).not.toMatch(A_DATA);
      if (roleOf(who) && (access === 'user' || access === 'public')) expect(JSON.stringify(r), `${name} as ${who} (family call)`).not.toMatch(A_DATA);
      if (who === 'finance') expect(JSON.stringify(r), `${name} as finance`).not.toMatch(CARE_FIELDS);
      // The instructor's view carries no money.
      if (access === ACCESS.teach && r.status === 200) expect(JSON.stringify(r), `${name} as ${who}`).not.toMatch(/"(price|total|balance|payments|amount)"/);
    }
  });

  // A script calling as the family itself, with her own ID token, but not from the portal's page.
  it.each(APP_CHECKED)('%s answers only a call that carries an App Check token', async (name) => {
    const counts = async () => Promise.all(['enrollments', 'waitlist', 'roundEntries'].map(async (c) => (await adminDb().collection(c).count().get()).data().count));
    const before = await counts();
    for (const token of ['', 'not-a-token', 'e30.e30.']) {
      const r = await callFunction(name, SAMPLES[name], tokens.familyA, { [APP_CHECK_HEADER]: token });
      expect(r.status, `${name} with App Check token "${token}"`).toBe(401);
      expect(r.error?.message).toBe(APP_CHECK_REFUSED);
    }
    expect(await counts()).toEqual(before);
    // With the page's token the call gets past App Check (to the family's own records, or the sample used up).
    expect((await callFunction(name, SAMPLES[name], tokens.familyA)).error?.message ?? '').not.toBe(APP_CHECK_REFUSED);
  });

  it('leaves A’s student untouched by B and the office calling saveStudent', async () => {
    const ava = (await adminDb().doc('students/demo-ava').get()).data()!;
    expect(ava.ownerUid).not.toBe(familyB.uid);
    expect((await adminDb().collection('students').where('ownerUid', '==', familyB.uid).count().get()).data().count).toBe(0);
  });
});
