// The admin's Staff page on the server — roles by email, invitations, removal at once, and
// the portal never left without an admin. Real ID tokens; the roles are read on every call.
import { beforeAll, describe, expect, it } from 'vitest';
import { adminDb } from '../../scripts/demo/adminApp';
import { callFunction, createUser, signIn, useResetLink, type TestUser } from '../support/emulators';
import { callAs, useSeededDemo } from '../support/fixtures';

const mailTo = async (address: string) =>
  (await adminDb().collection('mail').where('to', 'array-contains', address).get()).docs.map((d) => d.data() as { kind: string; message: { subject: string; text: string; html: string } });

describe('staff roles managed by the admin', () => {
  const demo = useSeededDemo();
  let helper: TestUser;
  beforeAll(async () => {
    helper = await createUser('helper@example.com');
  });

  it('lists the staff: the demo admin and instructor, with their roles', async () => {
    const r = await callAs(demo.admin, 'adminStaff');
    expect(r.status).toBe(200);
    expect(r.result!.staff.map((m) => [m.email, m.roles])).toEqual([['admin@example.com', ['admin']], ['instructor@example.com', ['instructor']]]);
  });

  it('invites a new address: an account, an email with a set-password link, and the role works once signed in', async () => {
    const r = await callAs(demo.admin, 'adminSaveStaff', { email: ' New.Finance@Example.com ', roles: ['finance'] });
    expect(r.status, JSON.stringify(r.error)).toBe(200);
    expect(r.result).toMatchObject({ invited: true, member: { email: 'new.finance@example.com', roles: ['finance'], invited: true, changedBy: 'admin@example.com' } });
    const [mail, ...more] = await mailTo('new.finance@example.com');
    expect(more).toEqual([]);
    expect(mail.kind).toBe('staff-invitation');
    expect(mail.message.subject).toMatch(/^Your staff account/);
    expect(mail.message.text).toContain('admin@example.com has given you a staff account on the registration portal (Finance).');
    const link = /Choose your password: (\S+)/.exec(mail.message.text)![1];
    expect(mail.message.html).toContain(link.replace(/&/g, '&amp;'));

    await useResetLink(link, 'finance-pass-1');
    const finance = await signIn('new.finance@example.com', 'finance-pass-1');
    expect((await callAs(finance, 'adminDashboard', { semesterId: 'open-term' })).status).toBe(200);
    expect((await callAs(finance, 'adminEnrollments', { semesterId: 'open-term' })).status).toBe(200);
    const health = await callAs(finance, 'adminRosters', { classIds: ['fire-and-shelter'] });
    expect([health.status, health.error?.message]).toEqual([403, 'Your staff role does not include this. Ask an admin if you need it.']);
    expect((await callAs(finance, 'adminStaff')).status).toBe(403);
    const listed = (await callAs(demo.admin, 'adminStaff')).result!.staff.find((m) => m.email === 'new.finance@example.com')!;
    expect(listed).toMatchObject({ invited: false, roles: ['finance'] });
  });

  it('gives an existing account a role without an invitation; removing it ends access on the next call', async () => {
    const given = await callAs(demo.admin, 'adminSaveStaff', { email: 'helper@example.com', roles: ['office'] });
    expect(given.result).toMatchObject({ invited: false, member: { uid: helper.uid, roles: ['office'] } });
    expect(await mailTo('helper@example.com')).toEqual([]);
    // The same ID token as before the role: the roles are read on every call.
    expect((await callAs(helper, 'adminRosters', { classIds: ['fire-and-shelter'] })).status).toBe(200);
    expect((await callAs(helper, 'adminStaff')).status).toBe(403);

    const removed = await callAs(demo.admin, 'adminSaveStaff', { email: 'helper@example.com', roles: [] });
    expect(removed.result!.member.roles).toEqual([]);
    const refused = await callAs(helper, 'adminRosters', { classIds: ['fire-and-shelter'] });
    expect([refused.status, refused.error?.message]).toEqual([403, 'This page is for school staff only.']);
    expect((await callAs(demo.admin, 'adminStaff')).result!.staff.map((m) => m.email)).not.toContain('helper@example.com');
    // Still a family account: its own calls work.
    expect((await callAs(helper, 'myStudents')).status).toBe(200);
  });

  it('never leaves the portal without an admin; with another admin, the first may step down', async () => {
    const alone = await callAs(demo.admin, 'adminSaveStaff', { email: 'admin@example.com', roles: ['office'] });
    expect([alone.status, alone.error?.message]).toEqual([400, 'The portal needs at least one admin: make someone else an admin first.']);
    expect((await adminDb().doc('roles/demo-admin').get()).get('roles')).toEqual(['admin']);

    expect((await callAs(demo.admin, 'adminSaveStaff', { email: 'helper@example.com', roles: ['admin', 'instructor'] })).status).toBe(200);
    const down = await callAs(demo.admin, 'adminSaveStaff', { email: 'admin@example.com', roles: ['office'] });
    expect(down.status, JSON.stringify(down.error)).toBe(200);
    expect((await callAs(demo.admin, 'adminStaff')).status).toBe(403);
    expect((await callAs(demo.admin, 'adminRosters', { classIds: ['fire-and-shelter'] })).status).toBe(200);
    // The new admin puts things back as they were.
    expect((await callAs(helper, 'adminSaveStaff', { email: 'admin@example.com', roles: ['admin'] })).status).toBe(200);
    expect((await callAs(helper, 'adminSaveStaff', { email: 'helper@example.com', roles: [] })).status).toBe(200);
  });

  it('refuses to remove an address that has no account, and a role that does not exist', async () => {
    const nobody = await callAs(demo.admin, 'adminSaveStaff', { email: 'nobody@example.com', roles: [] });
    expect([nobody.status, nobody.error?.message]).toEqual([404, 'A staff account for nobody@example.com does not exist.']);
    const odd = await callFunction('adminSaveStaff', { email: 'helper@example.com', roles: ['owner'] }, demo.admin.idToken);
    expect(odd.status).toBe(400);
    expect(odd.error?.message).toMatch(/^roles\.0: /);
    expect((await adminDb().doc(`roles/${helper.uid}`).get()).get('roles')).toEqual([]);
  });
});
